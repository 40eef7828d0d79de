"""The R3.6 lookahead's shortcuts never change what is legal.

A handler may tell the lookahead to search only some of its moves (``search``) when the
others can never do better for finishing the action (a visit's free State action that
cannot make its Noble action possible, more sales once ``done`` ends the action, one of
several interchangeable slots), and may give a ``verdict`` when it knows without playing
on whether the action can be finished (a sale offered, a store's price against the seat's
funds, the officials of an opening), ``judge`` a move legal or illegal without playing it
on (Get 1 gold, a tuck that keeps a sale possible), or call moves ``alike`` (visits with
cards of one noble). All are checked against the full search: every verdict and judgement
given in random games, every group of alike moves, and the moves offered at every decision.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core import apply, is_over, legal_moves, load_rules, new_game
from lisboa_core.core import stack as core
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame, State

CARDS = Path(__file__).resolve().parent.parent / "cards" / "lisboa"


def _full_search(state: State) -> bool:
    core.SWITCHES.shortcuts = False
    try:
        return STACK.completable(state, 0)
    finally:
        core.SWITCHES.shortcuts = True


def _offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    fresh = replace(state)  # a new object: no cached answer for it
    core.SWITCHES.shortcuts = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SWITCHES.shortcuts = True


def _games(players: int, seeds: range) -> Iterator[State]:
    for seed in seeds:
        state = new_game(players, seed)
        chooser = random.Random(seed)
        while not is_over(state):
            yield state
            state = apply(state, chooser.choice(legal_moves(state)))


@pytest.fixture
def checked_verdicts() -> Iterator[list[tuple[str, bool]]]:
    """Every verdict given while the test runs is compared with the full search."""
    given: list[tuple[str, bool]] = []
    saved = dict(STACK.handlers)
    for kind, handler in saved.items():
        if handler.verdict is None:
            continue

        def check(state: State, frame: Frame, moves: tuple[Move, ...],
                  verdict: core.VerdictFn = handler.verdict) -> bool | None:
            answer = verdict(state, frame, moves)
            if answer is not None:
                assert answer == _full_search(state), (frame, moves)
                given.append((frame.kind, answer))
            return answer

        STACK.handlers[kind] = handler.replaced(verdict=check)
    for kind, handler in saved.items():
        if handler.judge is None:
            continue

        def check_judge(state: State, frame: Frame, moves: tuple[Move, ...],
                        judge: core.JudgeFn = handler.judge) -> list[bool | None]:
            answers = judge(state, frame, moves)
            for move, answer in zip(moves, answers, strict=True):
                if answer is not None:
                    core.SWITCHES.shortcuts = False
                    try:
                        assert STACK.completes(state, move) == answer, (frame, move)
                    finally:
                        core.SWITCHES.shortcuts = True
                    given.append((f"{frame.kind} {move.kind}", answer))
            return answers

        STACK.handlers[kind] = STACK.handlers[kind].replaced(judge=check_judge)
    try:
        yield given
    finally:
        STACK.handlers.update(saved)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_verdict_agrees_with_the_full_search(
    players: int, checked_verdicts: list[tuple[str, bool]]
) -> None:
    for _state in _games(players, range(100, 106)):
        pass
    kinds = {kind for kind, _answer in checked_verdicts}
    assert {"sell sell", "store", "building-officials", "slot", "make-room", "turn tuck",
            "turn visit", "turn sponsor", "follow follow", "trade", "visit-option",
            "sell-or-trade", "store store", "building build", "pay cover",
            "store-rubble rubble", "recruit-officials recruit",
            "visit-option state-action"} <= kinds
    assert {answer for _kind, answer in checked_verdicts} == {True, False}


@pytest.fixture
def checked_prunes() -> Iterator[list[str]]:
    """Every move a ``prune`` hint drops while the test runs is played out by the full
    search, which must find no way to finish the action after it."""
    dropped: list[str] = []
    saved = dict(STACK.handlers)
    for kind, handler in saved.items():
        if handler.prune is None:
            continue

        def check(state: State, frame: Frame, moves: tuple[Move, ...],
                  prune: core.PruneFn = handler.prune) -> tuple[Move, ...]:
            kept = prune(state, frame, moves)
            assert kept == tuple(m for m in moves if m in kept), (frame, moves, kept)
            for move in moves:
                if move not in kept:
                    core.SWITCHES.shortcuts = False
                    try:
                        assert not STACK.completes(state, move), (frame, move)
                    finally:
                        core.SWITCHES.shortcuts = True
                    dropped.append(frame.kind)
            return kept

        STACK.handlers[kind] = handler.replaced(prune=check)
    try:
        yield dropped
    finally:
        STACK.handlers.update(saved)


def test_only_a_decision_that_looks_ahead_takes_a_prune() -> None:
    # Taking a card offers its moves without lookahead (R3.7): a prune there would drop
    # moves the full search never sees.
    with pytest.raises(ValueError, match="take-card"):
        STACK.hint("take-card", prune=lambda state, frame, moves: moves)
    assert STACK.handler("take-card").prune is None


def test_every_pruned_move_is_illegal(checked_prunes: list[str]) -> None:
    # A store or an opening left out by a bound (R10.1.3, R10.3.2.4: it could never be
    # paid) must fail in the full search too. Openings are pruned rarely (a plan whose
    # officials cost more than the seat could ever raise); these two games have some.
    for players, seed in ((3, 13), (2, 15)):
        for _state in _games(players, range(seed, seed + 1)):
            pass
    assert {"store", "building"} <= set(checked_prunes)
    assert len(checked_prunes) > 500


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_alike_moves_are_legal_together(players: int) -> None:
    groups = 0
    for state in _games(players, range(300, 304)):
        frame = state.pending[-1]
        alike = STACK.handler(frame.kind).alike
        if alike is None:
            continue
        found: dict[object, list[bool]] = {}
        for move in STACK.raw_moves(state):
            key = alike(state, frame, move)
            if key is not None:
                found.setdefault(key, []).append(_full_search(STACK.step(state, move)))
        assert all(len(set(answers)) == 1 for answers in found.values()), found
        groups += sum(len(answers) > 1 for answers in found.values())
    assert groups > 50  # groups of two or more alike moves compared


def test_taking_a_card_needs_no_lookahead() -> None:
    # The take-card decision is offered without lookahead (R3.7 ends the action): every
    # card it offers can indeed be taken and the game goes on.
    taken = 0
    for state in _games(4, range(200, 203)):
        if state.pending[-1].kind == "take-card":
            assert all(STACK.completes(state, m) for m in legal_moves(state))
            taken += 1
    assert taken > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("block", range(3))
def test_shortcuts_offer_exactly_the_moves_of_the_full_search(players: int, block: int) -> None:
    # The full search plays every move the rules allow (a store the seat cannot pay is
    # refused only at its payment), so it is slow: tests/test_legality.py runs the same
    # comparison over many more games, greedy ones too.
    compared = 0
    for state in _games(players, range(500 + 4 * block, 502 + 4 * block)):
        assert _offered(state, True) == _offered(state, False)
        compared += 1
    assert compared > 250


def test_existence_checks_agree_with_the_move_lists() -> None:
    # can_trade and can_perform(build-ship) stop at the first possibility (R4.10, R8.3)
    # instead of listing every trade or ship payment; both must answer as the lists do.
    from lisboa_core.games.lisboa.rules import state_actions, trade

    compared = 0
    for state in _games(4, range(40, 43)):
        for seat in range(state.player_count):
            assert trade.can_trade(state, seat) == bool(trade.trade_moves(state, seat))
            goods = state.players[seat].goods
            assert state_actions.can_perform(state, seat, "build-ship") == bool(
                state_actions._ship_moves(state, seat, goods)
            )
            compared += 1
    assert compared > 1000


def _stronger_clergy(tmp_path: Path) -> Path:
    """The shipped cards with clergy tiles that help far more than today's (a user's
    edit): the lookahead's pruning bounds must come from the card files, not from Python."""
    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    clergy = folder / "clergy.lsb"
    text = clergy.read_text(encoding="utf-8")
    for old, new in [
        ("modify payment -1", "modify payment -4"),  # C31
        ("on take-rubble: gain 1 reis per cube", "on take-rubble: gain 4 reis per cube"),  # C30
        ("modify hire-cost -2", "modify hire-cost -5"),
        ("modify officials-needed -1", "modify officials-needed -3"),
        ("on taken: gain 7 influence", "on taken: gain 9 influence, gain 6 reis"),
    ]:
        assert old in text, old
        text = text.replace(old, new)
    clergy.write_text(text, encoding="utf-8")
    return folder


@pytest.mark.slow
def test_shortcuts_hold_with_edited_clergy_tiles(tmp_path: Path) -> None:
    rules = load_rules(_stronger_clergy(tmp_path))
    compared = 0
    for seed in range(700, 703):
        state = new_game(4, seed, rules=rules)
        chooser = random.Random(seed)
        while not is_over(state):
            assert _offered(state, True) == _offered(state, False)
            compared += 1
            state = apply(state, chooser.choice(legal_moves(state)))
    assert compared > 500


def test_clergy_luck_is_read_from_the_tiles_in_the_church(tmp_path: Path) -> None:
    # The store and opening bounds allow for the best clergy tile a seat could take on the
    # way (R8.5.3): what the edited tiles in the church give, not today's values.
    from lisboa_core.games.lisboa.hints import bounds

    state = new_game(4, 1, rules=load_rules(_stronger_clergy(tmp_path)))
    church = replace(state, church=("C31", "C30", "C32", "C22", "C23", None))
    luck = bounds._tile_luck(church)
    assert (luck.payment, luck.officials, luck.hire) == (4, 3, 5)  # C31, C22, C23
    assert luck.taken == (6, 9, 1)  # C32: 6 reis and one gain of 9 influence when taken
    assert luck.rubble == (4, 0, 0)  # C30: 4 reis for each cube taken after it
    assert (luck.bonus, luck.cheaper_rubble) == (0, False)
    plain = replace(state, church=("C01", None, None, None, None, None))  # a wig per tuck
    assert bounds._tile_luck(plain) == (0, (0, 0, 0), (0, 0, 0), 0, 0, 0, False)
    bonus = replace(state, church=("C27", None, None, None, None, None))  # influence-gain +2
    assert bounds._tile_luck(bonus).bonus == 2


def test_opening_bounds_follow_the_site_rewards_and_tiles(tmp_path: Path) -> None:
    # A site's reward may place officials (fewer to hire, R10.3.2.4) or, in an edited
    # catalogue, move the treasury (hiring and land prices change, R0.2); a clergy tile
    # that moves the treasury leaves no bound at all. The pruning must see all of it.
    from lisboa_core.games.lisboa.hints import bounds

    state = new_game(4, 1)
    # "place up to 2 officials", no cube from the pile, "gain 3 reis"
    assert bounds._site_rewards(state) == (False, 2, 0, 3)
    folder = _stronger_clergy(tmp_path)
    board = folder / "board.lsb"
    text = board.read_text(encoding="utf-8")
    assert "  reward: gain 3 reis\n" in text
    board.write_text(text.replace("  reward: gain 3 reis\n", "  reward: treasury down 2\n", 1))
    clergy = folder / "clergy.lsb"
    clergy.write_text(clergy.read_text(encoding="utf-8").replace(
        "on tuck political: gain 1 wig", "on tuck political: treasury down 1"))
    edited = new_game(4, 1, rules=load_rules(folder))
    assert bounds._site_rewards(edited) == (True, 2, 0, 3)
    church = replace(edited, church=("C01", None, None, None, None, None))
    assert bounds._tile_luck(church) == bounds._NO_BOUND
