"""Positions generated toward Lisboa's lookahead hints (issue 35), and the check that every
hint answer on them is the bare search's.

Random play rarely leaves a seat one real short of a price, the treasury one step below a
dearer value, or a ship just affordable: the Hypothesis strategies here build such
positions through the scenario builders (lisboa_core.testing), near the preconditions of
each hint, and :func:`agrees` compares them with the bare search (every hint off: the
rules' own move lists, each move played out, R3.6). Used by tests/test_hint_properties.py
(bounded, in ``make test``) and benchmarks/hint_positions.py (the long run).
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import strategies as st

import lisboa_core.games.lisboa.hints  # noqa: F401  (registers the rules' frames and their hints)
from lisboa_core import legal_moves, load_rules
from lisboa_core.core import stack as core
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.hints import bounds
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

CARDS = Path(__file__).resolve().parent.parent / "cards" / "lisboa"

# Boards pairing each Noble action with other State actions (a user's catalogue may):
# with the shipped one, every pair of Noble action and State action is on some board.
_MANUEL = "state-actions recruit-officials acquire-plan"
_MARQUIS = "state-actions build-ship produce-goods"
_KING = "state-actions meet-cardinal royal-favor"
BOARD_EDITS: dict[str, list[tuple[str, str]]] = {
    "shipped": [],
    # Manuel: favor, plan; Marquis: recruit, plan; King: recruit, plan
    "a": [(_MANUEL, "state-actions royal-favor acquire-plan"),
          (_MARQUIS, "state-actions recruit-officials acquire-plan"),
          (_KING, "state-actions recruit-officials acquire-plan")],
    # Manuel: ship, produce; Marquis: favor, cardinal; King: produce, favor
    "b": [(_MARQUIS, "state-actions royal-favor meet-cardinal"),
          (_MANUEL, "state-actions build-ship produce-goods"),
          (_KING, "state-actions produce-goods royal-favor")],
}


@functools.cache
def board(name: str) -> Rules:
    """The rules with board ``name`` of :data:`BOARD_EDITS` (loaded once)."""
    if not BOARD_EDITS[name]:
        return load_rules()
    folder = Path(tempfile.mkdtemp(prefix=f"lisboa-board-{name}-")) / "cards"
    atexit.register(shutil.rmtree, folder.parent, True)  # the copy goes with the process
    shutil.copytree(CARDS, folder)
    path = folder / "board.lsb"
    text = path.read_text(encoding="utf-8")
    for old, new in BOARD_EDITS[name]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return load_rules(folder)


@functools.cache
def _start(name: str, seed: int) -> State:
    return t.first_turn(2, seed, rules=board(name))


# Clergy tiles that count in a price (R17.2): C30 a real per cube, C31 a real off every
# payment, C27 two more steps per influence gain, C32 seven influence when taken, C22 an
# official fewer, C23 cheaper hiring.
_TILES = ("C30", "C31", "C27", "C22", "C23")
_CHURCH = (None, "C32", "C31", "C30", "C27", "C22", "C23")


@st.composite
def _common(draw: st.DrawFn, boards: tuple[str, ...] = ("shipped",)) -> tuple[State, int]:
    """A seat at its first turn on one of ``boards``, its tiles drawn from those that pay
    or discount, the church emptied but for one such tile beside the cardinal's next gap
    (so a reward or a meeting takes it, R8.5.3), the treasury marker anywhere (R0.2)."""
    state = _start(draw(st.sampled_from(boards)), draw(st.integers(1, 4)))
    seat = state.to_act
    assert seat is not None
    state = t.with_player(state, seat, clergy=())
    for tile in draw(st.lists(st.sampled_from(_TILES), max_size=2, unique=True)):
        state = t.give_clergy(state, seat, tile)
    church: list[str | None] = [None] * len(state.church)
    tile = draw(st.sampled_from(_CHURCH))
    if tile is not None and tile not in state.players[seat].clergy:
        church[(state.cardinal + 1) % len(church)] = tile
        state = t.with_state(state, clergy_bag=tuple(x for x in state.clergy_bag if x != tile))
    track = ops.board_of(ops.rules_of(state)).treasury
    state = t.with_state(state, church=tuple(church),
                         treasury=draw(st.integers(0, len(track) - 1)))
    return state, seat


def _purse(draw: st.DrawFn, state: State, price: int) -> dict[str, int]:
    """Cash and influence whose worth (R5.6) is within a few reis of ``price``."""
    influence = draw(st.sampled_from((0, 1, 2, 3, 7, 10)))
    worth = draw(st.integers(price - 6, price + 1))
    return {"reis": max(0, worth - ops.reis_value(state, influence)), "influence": influence}


def _cheapest_land(state: State, seat: int) -> int:
    facts, prices = bounds._land_facts(state), bounds._prices(state, seat)
    return min(prices.cheapest(f) for f in facts.values())


@st.composite
def store_positions(draw: st.DrawFn) -> State:
    """A seat starting Build a Store (R10.1) with cash and influence near the cheapest
    land price (R10.1.3): the store's prune (the land bound), verdict and judge decide."""
    state, seat = draw(_common())
    state = t.start_noble_action(state, seat, "build-store")
    return t.with_player(state, seat, **_purse(draw, state, _cheapest_land(state, seat)))


@st.composite
def opening_positions(draw: st.DrawFn) -> State:
    """A seat starting Open a Public Building (R10.3) with one or two plans, some of its
    officials out, and cash near what hiring the rest costs (R10.3.2.4)."""
    state, seat = draw(_common())
    rules = ops.rules_of(state)
    plans = [p for stack in state.plan_stacks for p in stack]
    chosen = draw(st.lists(st.sampled_from(plans), min_size=1, max_size=2, unique=True))
    for noble in draw(st.lists(st.sampled_from(("manuel", "marquis", "king")), max_size=2)):
        if state.players[seat].officials:
            state = t.place_official(state, seat, noble, plaza=draw(st.booleans()))
    state = t.start_noble_action(t.give_plans(state, seat, *chosen), seat, "open-building")
    most = max(ops.component(rules, p).officials for p in chosen)  # type: ignore[union-attr]
    out = bounds._officials_out_count(state, seat)
    hire = max(0, most - out - draw(st.integers(0, 2))) * ops.treasury_value(state)
    return t.with_player(state, seat, **_purse(draw, state, hire))


@st.composite
def visit_positions(draw: st.DrawFn) -> State:
    """A seat at the free State action of a visit (R9.1 step 4), on a board where the
    Noble's State actions may be any pair: its purse near the cheapest land price (or the
    hire of a plan's officials), goods for a ship or not (R8.3.2), the decree display
    emptied or not (R10.2.4), plans in hand or not (R10.3.1), the treasury one step
    below a dearer value or anywhere (R8.3.5)."""
    state, seat = draw(_common(boards=tuple(BOARD_EDITS)))
    rules = ops.rules_of(state)
    noble = draw(st.sampled_from(("manuel", "marquis", "king")))
    card = next(c.id for c in rules.political if c.type == noble)
    goods = draw(st.sampled_from(((0, 0, 0, 0), (1, 1, 1, 1), (1, 1, 0, 0), (2, 1, 1, 0))))
    state = t.with_player(t.give(state, seat, card), seat, hand=(card,), influence=10, wigs=5,
                          goods=goods)
    if draw(st.booleans()):
        state = t.with_state(state, decree_display=())
    if noble == "king" and draw(st.booleans()):
        state = t.give_plans(state, seat, *(s[0] for s in state.plan_stacks if s))
    state = STACK.step(state, Move("visit", (card,)))  # the cost paid (R9.5), no lookahead
    if not state.pending or state.pending[-1].kind != "visit-option":
        return state
    price = _cheapest_land(state, seat) if noble == "manuel" else 3 * ops.treasury_value(state)
    return t.with_player(state, seat, **_purse(draw, state, price))


def positions() -> st.SearchStrategy[State]:
    """Any of the generated positions."""
    return st.one_of(store_positions(), opening_positions(), visit_positions())


@contextmanager
def checked_hints() -> Iterator[Counter[str]]:
    """While inside, every verdict, judgement and prune a hint gives is checked against
    the bare search (an AssertionError at the first disagreement); the counter tallies
    the answers checked, by frame kind and answer."""
    checked: Counter[str] = Counter()
    saved = dict(STACK.handlers)

    def bare(question: object) -> bool:
        core.SWITCHES.shortcuts = False
        try:
            return bool(question())  # type: ignore[operator]
        finally:
            core.SWITCHES.shortcuts = True

    for kind, handler in saved.items():
        changes: dict[str, object] = {}
        if handler.verdict is not None:
            def verdict(state: State, frame: Frame, moves: tuple[Move, ...],
                        given: core.VerdictFn = handler.verdict) -> bool | None:
                answer = given(state, frame, moves)
                if answer is not None:
                    assert bare(lambda: STACK.completable(state, 0)) == answer, (frame, moves)
                    checked[f"verdict {frame.kind} {answer}"] += 1
                return answer
            changes["verdict"] = verdict
        if handler.judge is not None:
            def judge(state: State, frame: Frame, moves: tuple[Move, ...],
                      given: core.JudgeFn = handler.judge) -> list[bool | None]:
                answers = given(state, frame, moves)
                for move, answer in zip(moves, answers, strict=True):
                    if answer is not None:
                        assert bare(lambda m=move: STACK.completes(state, m)) == answer, (
                            frame, move)
                        checked[f"judge {frame.kind} {move.kind} {answer}"] += 1
                return answers
            changes["judge"] = judge
        if handler.prune is not None:
            def prune(state: State, frame: Frame, moves: tuple[Move, ...],
                      given: core.PruneFn = handler.prune) -> tuple[Move, ...]:
                kept = given(state, frame, moves)
                for move in moves:
                    if move not in kept:
                        assert not bare(lambda m=move: STACK.completes(state, m)), (frame, move)
                        checked[f"prune {frame.kind}"] += 1
                return kept
            changes["prune"] = prune
        if changes:
            STACK.handlers[kind] = handler.replaced(**changes)  # type: ignore[arg-type]
    try:
        yield checked
    finally:
        STACK.handlers.update(saved)


def offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    """The legal moves of ``state`` with the hints on or off (a fresh copy: no answer
    cached for it)."""
    fresh = replace(state)
    core.SWITCHES.shortcuts = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SWITCHES.shortcuts = True


def agrees(state: State, checked: Counter[str]) -> None:
    """The moves offered with the hints on are those of the bare search, and whether the
    action can be finished from here too; every hint answer on the way is checked (call
    inside :func:`checked_hints`)."""
    if not state.pending:
        return
    hinted = offered(state, True)
    assert hinted == offered(state, False), state.pending[-1]
    core.SWITCHES.shortcuts = False
    try:
        bare = STACK.completable(replace(state), 0)
    finally:
        core.SWITCHES.shortcuts = True
    assert STACK.completable(replace(state), 0) == bare
    checked["positions"] += 1
