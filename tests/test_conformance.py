"""Every installed game passes the one conformance suite (lisboa_core.games.conformance),
and so does a game registered from outside the package: the toy Nim of
tests/test_game_registry_surfaces.py gets every check by registering, nothing more."""

from __future__ import annotations

from typing import Any

import pytest

from lisboa_core.games import games
from lisboa_core.games.conformance import (
    CHECKS,
    ConformanceError,
    check_illegal_moves,
    check_random_play,
    check_saves,
)
from test_game_registry_surfaces import NIM

_SLOW = {"check_random_play", "check_saves", "check_views", "check_simulations"}

CASES = [
    pytest.param(name, check, id=f"{name}-{check.__name__}",
                 marks=[pytest.mark.slow] if check.__name__ in _SLOW else [])
    for name in games()
    for check in CHECKS
]


def test_the_toy_game_from_outside_the_package_is_installed() -> None:
    assert NIM.name in games() and {"lisboa", "puerto-rico"} <= set(games())


@pytest.mark.parametrize(("name", "check"), CASES)
def test_every_game_passes_every_check(name: str, check: Any) -> None:
    check(name, seed=3, games=1)


def test_a_broken_invariant_is_named_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite can fail: a game whose invariants break at some state is caught, with the
    game, the player count, the seed and the decision in the message."""
    monkeypatch.setattr(type(NIM), "check_invariants",
                        lambda self, state: ["a heap went missing"] if state.pending else [])
    with pytest.raises(ConformanceError, match=r"invariants: toy-nim \(2 players, seed 3\) "
                       r"at decision 0: a heap went missing"):
        check_random_play(NIM.name, seed=3)


def test_a_save_that_does_not_read_back_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import lisboa_core.games.conformance as conformance

    monkeypatch.setattr(conformance, "from_json", lambda text: None)
    with pytest.raises(ConformanceError, match="the state did not round-trip"):
        check_saves(NIM.name, seed=3)


def test_an_illegal_move_that_applies_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import lisboa_core.games.conformance as conformance

    real = conformance.apply

    def forgiving(state: Any, move: Any) -> Any:  # an illegal move changes nothing, silently
        return real(state, move) if move in conformance.legal_moves(state) else state

    monkeypatch.setattr(conformance, "apply", forgiving)
    with pytest.raises(ConformanceError, match="was applied though not legal"):
        check_illegal_moves("puerto-rico", seed=3)
