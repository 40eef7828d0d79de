"""The decision stack: frame handlers, applying a move, automatic steps and lookahead.

Every pending step of the rules is a :class:`~lisboa_core.games.lisboa.state.Frame` on
``state.pending``. A handler per frame kind says which moves the frame offers (``None``
for an automatic step) and how a move (or the automatic step) changes the state. Applying a
move pops the top frame, runs its handler, then runs automatic frames until a decision is
on top (or the game is over).

R3.6 (a started action always completes) is kept by lookahead: a handler marked
``lookahead`` only offers moves after which the rest of the action can still be finished,
found by a depth-first search over the following frames up to a ``checkpoint`` frame.

A handler's ``moves`` lists every move the rules allow at its frame; the search over them
is the oracle. Handlers may shorten it with five hints, each justified by a rule where it
is given: ``prune`` (moves a bound proves cannot be completed, dropped before anything
else), ``search`` (the moves worth trying), ``judge`` (a move known legal or illegal
without playing it on), ``alike`` (moves that are legal together or not at all) and
``verdict`` (known finishable or not without playing on). With ``SWITCHES.shortcuts`` off
the hints are ignored and every move is played out; tests/test_lookahead.py checks that
they never change what is offered.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from random import Random
from typing import Final

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import with_field
from lisboa_core.core.specs import Spec
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa.state import Frame, State

__all__ = [
    "ACTION_FLOOR",
    "BOTTOM",
    "SWITCHES",
    "Handler",
    "Switches",
    "advance",
    "any_move_finishes",
    "apply_move",
    "completes",
    "done_first",
    "each_finishes",
    "first_datum",
    "handler",
    "hint",
    "kinds",
    "offered",
    "pop",
    "push",
    "register",
    "sample_move",
    "tail_within",
]

MovesFn = Callable[[State, Frame], tuple[Move, ...]]
ApplyFn = Callable[[State, Frame, Move | None], State]
SearchFn = Callable[[State, Frame, tuple[Move, ...]], tuple[Move, ...]]
VerdictFn = Callable[[State, Frame, tuple[Move, ...]], bool | None]
JudgeFn = Callable[[State, Frame, tuple[Move, ...]], list[bool | None]]
PruneFn = Callable[[State, Frame, tuple[Move, ...]], tuple[Move, ...]]
AlikeFn = Callable[[State, Frame, Move], Hashable]
HoldsFn = Callable[[Frame], Iterable[str]]
CheckFn = Callable[[State, Frame], str | None]


class Handler:
    """How one kind of frame behaves (a plain class: compiled, its fields are read as
    fast as a local variable on every lookahead step; never changed once registered,
    :meth:`replaced` makes a changed copy)."""

    __slots__ = (
        "alike",
        "apply",
        "check",
        "checkpoint",
        "data",
        "holds",
        "judge",
        "kind",
        "lookahead",
        "moves",
        "prune",
        "search",
        "stuck",
        "under",
        "verdict",
    )

    def __init__(
        self,
        kind: str,
        apply: ApplyFn,
        moves: MovesFn | None = None,
        lookahead: bool = False,
        checkpoint: bool = False,
        search: SearchFn | None = None,
        verdict: VerdictFn | None = None,
        judge: JudgeFn | None = None,
        alike: AlikeFn | None = None,
        data: Spec | None = None,
        holds: HoldsFn | None = None,
        check: CheckFn | None = None,
        under: frozenset[str] | None = None,
        stuck: str | None = None,
        prune: PruneFn | None = None,
    ) -> None:
        self.kind = kind
        self.apply = apply
        self.moves = moves  # None: an automatic step
        self.lookahead = lookahead  # filter moves by completability (R3.6)
        self.checkpoint = checkpoint  # reaching this frame: the started action completed
        # The moves the lookahead must try to find a way through (default: all of them).
        # A handler may leave out a move when another one it keeps always does at least as
        # well for finishing the action; the moves offered are still checked one by one.
        self.search = search
        # With these moves offered, whether the action can certainly be finished from here
        # (True), certainly not (False), or the lookahead must play it out to know (None).
        self.verdict = verdict
        # Per move offered: certainly legal (True) or illegal (False) without playing it
        # on, or None: the lookahead must play it out. Each answer is for its move alone
        # (a judge may be given any subset of the moves: random_move judges a few at a time).
        self.judge = judge
        # A key per move: moves with the same key are legal together or not at all, so the
        # lookahead plays out only the first of them. None as a key: no such promise.
        self.alike = alike
        # The shape of the frame's data (checked when a state is loaded from outside).
        self.data = data
        # The pieces (card, ship, tile ids) the frame holds on their way somewhere: they are
        # in no other place while it waits, so piece conservation counts them here.
        self.holds = holds
        # Whether the frame's data fits the rest of the state: a reason when it does not.
        # Checked when a state is loaded from outside.
        self.check = check
        # The kinds of frame this one can lie directly on (BOTTOM: it can be the lowest),
        # for the frames the turn's structure places (R3); None: wherever an effect puts it.
        self.under = under
        # What it means when this decision offers no move, with the rule: explain_illegal
        # reports it when every way through an action dies here.
        self.stuck = stuck
        # The moves offered less those a bound proves can never be completed (a store the
        # seat could not pay even with every gain on the way), in their order: the rules'
        # own list stays whole, so with the shortcuts off the search decides them too.
        self.prune = prune

    def replaced(
        self,
        *,
        search: SearchFn | None = None,
        verdict: VerdictFn | None = None,
        judge: JudgeFn | None = None,
        alike: AlikeFn | None = None,
        prune: PruneFn | None = None,
    ) -> Handler:
        """A copy with the given hints set (the others kept)."""
        return Handler(
            self.kind, self.apply, self.moves, self.lookahead, self.checkpoint,
            search or self.search, verdict or self.verdict, judge or self.judge,
            alike or self.alike, self.data, self.holds, self.check, self.under, self.stuck,
            prune or self.prune,
        )

    def __repr__(self) -> str:
        return f"<Handler {self.kind}>"


_HANDLERS: Final[dict[str, Handler]] = {}

BOTTOM: Final = "(bottom)"
"""In a handler's ``under``: the frame can be the lowest on the stack."""


def register(
    kind: str,
    apply: ApplyFn,
    moves: MovesFn | None = None,
    *,
    lookahead: bool = True,
    checkpoint: bool = False,
    search: SearchFn | None = None,
    verdict: VerdictFn | None = None,
    judge: JudgeFn | None = None,
    alike: AlikeFn | None = None,
    data: Spec | None = None,
    holds: HoldsFn | None = None,
    check: CheckFn | None = None,
    under: frozenset[str] | None = None,
    stuck: str | None = None,
) -> None:
    """Register the handler of a frame kind (each engine module registers its own).

    Decisions look ahead by default (R3.6): a choice inside an action (which card to
    discard, which goods pay for a ship) can make the rest of the action impossible.
    """
    _HANDLERS[kind] = Handler(
        kind, apply, moves, lookahead and moves is not None, checkpoint, search, verdict, judge,
        alike, data, holds, check, under, stuck,
    )


def hint(
    kind: str,
    *,
    search: SearchFn | None = None,
    verdict: VerdictFn | None = None,
    judge: JudgeFn | None = None,
    alike: AlikeFn | None = None,
    prune: PruneFn | None = None,
) -> None:
    """Attach lookahead hints to a registered frame kind. A rules module registers its
    frames; the hints, each justified by a rule, live in a module of their own beside it
    and attach themselves here (a kind with no hint is played out by the full search).
    A ``prune`` needs a decision that looks ahead: only the lookahead may drop a move."""
    if prune is not None and not _HANDLERS[kind].lookahead:
        raise ValueError(f"a prune hint on '{kind}', a decision without lookahead")
    _HANDLERS[kind] = _HANDLERS[kind].replaced(
        search=search, verdict=verdict, judge=judge, alike=alike, prune=prune
    )


def handler(kind: str) -> Handler:
    """The handler of a frame kind."""
    return _HANDLERS[kind]


def first_datum(frame: Frame) -> tuple[str]:
    """``holds`` of a frame whose first datum is the piece it moves (a card being placed)."""
    return (frame.data[0],)


def kinds() -> frozenset[str]:
    """Every registered frame kind."""
    return frozenset(_HANDLERS)


def push(state: State, *frames: Frame) -> State:
    """Push frames; the last one given ends on top (so it runs first)."""
    return with_field(state, "pending", state.pending + frames)


def pop(state: State) -> State:
    """Remove the top frame."""
    return with_field(state, "pending", state.pending[:-1])


def advance(state: State) -> State:
    """Run automatic frames until a decision is on top or nothing is pending."""
    while state.pending:
        frame = state.pending[-1]
        h = _HANDLERS[frame.kind]
        if h.moves is not None:
            return state
        state = h.apply(pop(state), frame, None)
    return state


def _raw_moves(state: State) -> tuple[Move, ...]:
    frame = state.pending[-1]
    h = _HANDLERS[frame.kind]
    assert h.moves is not None
    return h.moves(state, frame)


def _step(state: State, move: Move) -> State:
    frame = state.pending[-1]
    return advance(_HANDLERS[frame.kind].apply(pop(state), frame, move))


def tail_within(state: State, kinds: frozenset[str]) -> bool:
    """Whether every frame under the top one, down to the next checkpoint, is of ``kinds``:
    a ``verdict`` uses it to know nothing else is still to be paid or done."""
    for frame in reversed(state.pending[:-1]):
        if _HANDLERS[frame.kind].checkpoint:
            return True
        if frame.kind not in kinds:
            return False
    return True


def done_first(state: State, frame: Frame, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Lookahead shortcut of a repeated choice that ends the action when it stops: once
    ``done`` is offered it finishes the action, so nothing else needs searching (the
    moves offered are still checked one by one)."""
    return (Move("done"),) if Move("done") in moves else moves


# What follows the Sell or Trade of a turn: the upkeep, then the card taken (a checkpoint).
_TURN_TAIL: Final = frozenset({"end-turn"})

ACTION_FLOOR: Final = frozenset({"take-card", "turn-ended"})
"""The frames a turn's action lies on: the card taken at its end (R3.7), and the
``turn-ended`` announcement above it when a card listens to ``turn-end``."""


def any_move_finishes(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Lookahead verdict of the last choice of a turn's action (a sale, a trade, whose
    moves are each possible, R6, R7.2): any move offered finishes the action."""
    return True if moves and tail_within(state, _TURN_TAIL) else None


# Sell and Trade come last in a turn (R3.2): after them only the upkeep and the card taken.
def each_finishes(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Judge of the last choice of a turn's action (see :func:`any_move_finishes`): every
    move offered is legal when only the upkeep follows."""
    answer = True if tail_within(state, _TURN_TAIL) else None
    return [answer] * len(moves)


def completes(state: State, move: Move) -> bool:
    """Whether the action under way can still be finished after ``move`` (R3.6)."""
    return _completable(_step(state, move), 0)


def _completable(state: State, depth: int) -> bool:
    """Can the action under way be finished from here (some sequence of choices)?

    The search runs to the next checkpoint frame (a decision that starts something new:
    taking a card at the end of an action, a turn, a setup or period-end choice), so a
    choice deep inside an action is checked against everything the action still needs.
    """
    if not state.pending:
        return True
    frame = state.pending[-1]
    h = _HANDLERS[frame.kind]
    if h.checkpoint:
        return True
    if depth > 60:  # actions are finite; this only guards against a handler bug
        return True
    assert h.moves is not None
    moves = h.moves(state, frame)
    if SWITCHES.shortcuts and state.catalogue not in FULL_SEARCH:
        if h.prune is not None:
            moves = h.prune(state, frame, moves)
        if h.verdict is not None:
            known = h.verdict(state, frame, moves)
            if known is not None:
                return known
        if h.search is not None:
            moves = h.search(state, frame, moves)
    if not moves:
        return False
    popped = pop(state)  # shared by the moves: states are never changed in place
    apply = h.apply
    return any(_completable(advance(apply(popped, frame, m)), depth + 1) for m in moves)


class Switches:
    """Engine switches tests turn (a native object, read on every lookahead step)."""

    def __init__(self) -> None:
        self.shortcuts = True
        """Whether the lookahead uses the handlers' hints (a test turns them off to check
        they never change a legal move)."""


SWITCHES: Final = Switches()

FULL_SEARCH: Final[set[str]] = set()
"""The catalogues (by digest) whose games never use the shortcuts: a card in them says
something the hints do not reason about (``Rules.full_search``)."""


def _shortcuts(state: State) -> bool:
    return SWITCHES.shortcuts and state.catalogue not in FULL_SEARCH


# The last state offered and its surviving children: a caller almost always asks for the
# legal moves and then applies one of them, and the lookahead already built every child.
# One per thread, so threads playing different games never see each other's offer.
_Offer = tuple[State, tuple[Move, ...], dict[Move, State]]
_last = threading.local()


def _offer(state: State) -> _Offer:
    last: _Offer | None = getattr(_last, "offer", None)
    if last is not None and last[0] is state:
        return last
    frame = state.pending[-1]
    h = _HANDLERS[frame.kind]
    assert h.moves is not None
    moves = h.moves(state, frame)
    children: dict[Move, State] = {}
    if h.lookahead:
        shortcuts = _shortcuts(state)
        if shortcuts and h.prune is not None:
            moves = h.prune(state, frame, moves)
        judge = h.judge if shortcuts else None
        alike = h.alike if shortcuts else None
        known: dict[Hashable, bool] = {}
        judged = [None] * len(moves) if judge is None else judge(state, frame, moves)
        popped: State | None = None  # shared by the moves: states never change in place
        legal = []
        for move, ok in zip(moves, judged, strict=True):
            # A move judged, or like one already played out, gets its state built only if
            # it is applied.
            key = None if alike is None or ok is not None else alike(state, frame, move)
            if ok is None and key is not None:
                ok = known.get(key)
            if ok is None:
                popped = pop(state) if popped is None else popped
                child = advance(h.apply(popped, frame, move))
                ok = _completable(child, 0)
                if ok:
                    children[move] = child
                if key is not None:
                    known[key] = ok
            if ok:
                legal.append(move)
        moves = tuple(legal)
    offer = (state, moves, children)
    _last.offer = offer
    return offer


def offered(state: State) -> tuple[Move, ...]:
    """The legal moves of the top frame (R3.6 lookahead applied where marked)."""
    return _offer(state)[1]


def sample_move(state: State, rng: Random) -> Move:
    """A legal move of ``state`` drawn uniformly at random, found without proving every
    move legal: the moves are shuffled and the first one proven legal (by the same judges
    and lookahead as :func:`offered`) is returned. The first legal move of a uniformly
    random order is uniform over the legal moves.

    The proof is kept, so applying the move next skips listing the legal moves.
    """
    last: _Offer | None = getattr(_last, "offer", None)
    if last is not None and last[0] is state:
        return rng.choice(last[1])
    frame = state.pending[-1]
    h = _HANDLERS[frame.kind]
    assert h.moves is not None
    moves = h.moves(state, frame)
    if not h.lookahead:
        move = moves[rng.randrange(len(moves))]
        _last.proven = (state, move, None)
        return move
    shortcuts = _shortcuts(state)
    if shortcuts and h.prune is not None:
        moves = h.prune(state, frame, moves)
    count = len(moves)
    judge = h.judge if shortcuts else None
    popped = pop(state)
    # The moves are drawn one at a time in a uniformly random order (a Fisher-Yates shuffle
    # carried only as far as needed) and judged as drawn: a judge answers for each move on
    # its own, so most draws need only the first move or two judged.
    order = list(range(count))
    for k in range(count):
        j = k + rng.randrange(count - k)
        order[k], order[j] = order[j], order[k]
        move = moves[order[k]]
        ok = None if judge is None else judge(state, frame, (move,))[0]
        child = None
        if ok is None:
            child = advance(h.apply(popped, frame, move))
            ok = _completable(child, 0)
        if ok:
            _last.proven = (state, move, child)
            return move
    raise AssertionError(f"no legal move in a '{frame.kind}' decision")  # R3.6 forbids it



def apply_move(state: State, move: Move) -> State:
    """Apply a legal move and run the automatic steps that follow."""
    if not state.pending:
        raise IllegalMoveError("the game is over")
    proven: tuple[State, Move, State | None] | None = getattr(_last, "proven", None)
    if proven is not None and proven[0] is state and proven[1] == move:
        return proven[2] if proven[2] is not None else _step(state, move)
    _, moves, children = _offer(state)
    if move not in moves:
        raise IllegalMoveError(explain(state, move) or f"{move} is not legal now")
    child = children.get(move)
    return child if child is not None else _step(state, move)


def _why_stuck(state: State, budget: int = 500) -> str | None:
    """Why no way through the action under way exists from ``state``: the most common
    dead end of the full search (the rule a ``dead`` frame names, or a decision left with
    no move), found by the same handlers that decide legality, no hints used."""
    reasons: Counter[str] = Counter()
    stack = [(state, 0)]
    while stack and budget > 0:
        current, depth = stack.pop()
        budget -= 1
        if not current.pending:
            continue
        frame = current.pending[-1]
        if frame.kind == "dead":
            reasons[str(frame.data[0]) if frame.data else "a dead end"] += 1
            continue
        h = _HANDLERS[frame.kind]
        if h.checkpoint or depth > 60 or h.moves is None:
            continue
        moves = h.moves(current, frame)
        if not moves:
            reasons[h.stuck or f"seat {frame.seat} would have no possible '{frame.kind}' move"] += 1
            continue
        popped = pop(current)
        stack.extend((advance(h.apply(popped, frame, m)), depth + 1) for m in moves)
    return reasons.most_common(1)[0][0] if reasons else None


def explain(state: State, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state`` (``None`` if it is legal)."""
    if not state.pending:
        return "the game is over"
    frame = state.pending[-1]
    if move in offered(state):
        return None
    raw = _raw_moves(state)
    if move in raw:
        cause = _why_stuck(_step(state, move))
        return (
            f"{move}: the action could not be completed afterwards "
            "(R3.6: a started action must always complete)"
            + (f"; {cause}" if cause else "")
        )
    kinds = sorted({m.kind for m in raw})
    if move.kind not in kinds:
        return (
            f"{move}: seat {frame.seat} must now decide '{frame.kind}'; "
            f"possible moves start with: {', '.join(kinds)}"
        )
    same = [m for m in raw if m.kind == move.kind]
    shown = ", ".join(str(m) for m in same[:8]) + (", ..." if len(same) > 8 else "")
    return f"{move}: not one of the {len(same)} '{move.kind}' moves possible now ({shown})"
