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
from collections.abc import Iterator

import attrs
import pytest

from lisboa_core import apply, is_over, legal_moves, new_game
from lisboa_core._replace import replace
from lisboa_core.engine import core
from lisboa_core.moves import Move
from lisboa_core.state import Frame, State


def _full_search(state: State) -> bool:
    core.SEARCH_SHORTCUTS = False
    try:
        return core._completable(state, 0)
    finally:
        core.SEARCH_SHORTCUTS = True


def _offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    fresh = replace(state)  # a new object: no cached answer for it
    core.SEARCH_SHORTCUTS = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SEARCH_SHORTCUTS = True


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
    saved = dict(core._HANDLERS)
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

        core._HANDLERS[kind] = attrs.evolve(handler, verdict=check)
    for kind, handler in saved.items():
        if handler.judge is None:
            continue

        def check_judge(state: State, frame: Frame, moves: tuple[Move, ...],
                        judge: core.JudgeFn = handler.judge) -> list[bool | None]:
            answers = judge(state, frame, moves)
            for move, answer in zip(moves, answers, strict=True):
                if answer is not None:
                    core.SEARCH_SHORTCUTS = False
                    try:
                        assert core.completes(state, move) == answer, (frame, move)
                    finally:
                        core.SEARCH_SHORTCUTS = True
                    given.append((f"{frame.kind} {move.kind}", answer))
            return answers

        core._HANDLERS[kind] = attrs.evolve(core._HANDLERS[kind], judge=check_judge)
    try:
        yield given
    finally:
        core._HANDLERS.update(saved)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_verdict_agrees_with_the_full_search(
    players: int, checked_verdicts: list[tuple[str, bool]]
) -> None:
    for _state in _games(players, range(100, 106)):
        pass
    kinds = {kind for kind, _answer in checked_verdicts}
    assert {"sell sell", "store", "building-officials", "slot", "make-room", "turn tuck",
            "turn visit", "turn sponsor", "follow follow", "trade", "visit-option",
            "sell-or-trade", "store store", "building build", "pay cover"} <= kinds
    assert {answer for _kind, answer in checked_verdicts} == {True, False}


@pytest.mark.parametrize("players", [2, 4])
def test_alike_moves_are_legal_together(players: int) -> None:
    groups = 0
    for state in _games(players, range(300, 304)):
        frame = state.pending[-1]
        alike = core.handler(frame.kind).alike
        if alike is None:
            continue
        found: dict[object, list[bool]] = {}
        for move in core._raw_moves(state):
            key = alike(state, frame, move)
            if key is not None:
                found.setdefault(key, []).append(_full_search(core._step(state, move)))
        assert all(len(set(answers)) == 1 for answers in found.values()), found
        groups += sum(len(answers) > 1 for answers in found.values())
    assert groups > 50  # groups of two or more alike moves compared


def test_taking_a_card_needs_no_lookahead() -> None:
    # The take-card decision is offered without lookahead (R3.7 ends the action): every
    # card it offers can indeed be taken and the game goes on.
    taken = 0
    for state in _games(4, range(200, 203)):
        if state.pending[-1].kind == "take-card":
            assert all(core.completes(state, m) for m in legal_moves(state))
            taken += 1
    assert taken > 50


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("block", range(3))
def test_shortcuts_offer_exactly_the_moves_of_the_full_search(players: int, block: int) -> None:
    compared = 0
    for state in _games(players, range(500 + 4 * block, 504 + 4 * block)):
        assert _offered(state, True) == _offered(state, False)
        compared += 1
    assert compared > 500
