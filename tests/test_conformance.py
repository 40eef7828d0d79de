"""Every installed game passes the one conformance suite (lisboa_core.games.conformance),
and so does a game registered from outside the package: the toy Nim of
tests/test_game_registry_surfaces.py gets every check by registering, and the frameworks'
own tests (PettingZoo's api_test and seed_test, OpenSpiel's random_sim_test, the same
results on Ray) by supplying the adapters' action space and observation."""

from __future__ import annotations

from typing import Any

import pytest

from lisboa_core.errors import LisboaError
from lisboa_core.games import games
from lisboa_core.games.conformance import (
    CHECKS,
    ConformanceError,
    adapter_checks,
    check_game,
    check_hints,
    check_illegal_moves,
    check_openspiel,
    check_pettingzoo,
    check_random_play,
    check_ray,
    check_saves,
)
from test_game_registry_surfaces import NIM

_SLOW = {"check_random_play", "check_saves", "check_views", "check_simulations",
         "check_tampering"}
_SLOW_FOR = {("lisboa", "check_hints")}  # Lisboa's bare search: about 6 s

CASES = [
    pytest.param(name, check, id=f"{name}-{check.__name__}",
                 marks=[pytest.mark.slow] if check.__name__ in _SLOW
                 or (name, check.__name__) in _SLOW_FOR else [])
    for name in games()
    for check in CHECKS
]

# The frameworks' checks of every adapted game installed here (PettingZoo's and OpenSpiel's
# take 3-15 s on a shipped game, under a second on the toy).
ADAPTER_CASES = [
    pytest.param(name, check, id=f"{name}-{check.__name__}",
                 marks=[] if name == NIM.name else [pytest.mark.slow])
    for name in games()
    for check in adapter_checks(name)
]


def test_the_toy_game_from_outside_the_package_is_installed() -> None:
    assert NIM.name in games() and {"lisboa", "puerto-rico"} <= set(games())


@pytest.mark.parametrize(("name", "check"), CASES)
def test_every_game_passes_every_check(name: str, check: Any) -> None:
    check(name, seed=3, games=1)


@pytest.mark.parametrize(("name", "check"), ADAPTER_CASES)
def test_every_adapted_game_passes_the_frameworks_own_tests(name: str, check: Any) -> None:
    check(name, seed=3, games=1)


@pytest.mark.slow
@pytest.mark.parametrize("name", games())
def test_every_game_gives_the_same_results_on_ray(name: str, local_ray: None) -> None:
    check_ray(name, seed=3, games=2)


def test_the_toy_game_gets_the_frameworks_tests_by_supplying_the_adapters_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo's tests need the rl extra")
    pytest.importorskip("pyspiel", reason="OpenSpiel's tests need the openspiel extra")
    assert adapter_checks(NIM.name) == (check_pettingzoo, check_openspiel)
    assert len(ADAPTER_CASES) >= 6  # Lisboa, Puerto Rico and the toy, two frameworks each
    # Without an action space the adapters cannot serve it: every other check still runs.
    monkeypatch.delattr(type(NIM), "action_space")
    assert adapter_checks(NIM.name) == ()


def test_check_game_runs_the_suite_then_the_frameworks_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Which checks run, in which order, and what it says when Ray is asked for and
    missing (the checks themselves replaced by recorders: they are tested above)."""
    import lisboa_core.games.conformance as conformance

    ran: list[str] = []

    def recorder(name: str) -> Any:
        def check(game: str, seed: int, games: int) -> None:
            ran.append(name)
        check.__name__ = name
        return check

    names = [c.__name__ for c in CHECKS]
    monkeypatch.setattr(conformance, "CHECKS", tuple(recorder(n) for n in names))
    monkeypatch.setattr(conformance, "adapter_checks",
                        lambda name: (recorder("check_pettingzoo"),))
    monkeypatch.setattr(conformance, "check_ray", recorder("check_ray"))
    assert check_game(NIM.name, adapters=False) == names == ran
    ran.clear()
    monkeypatch.setattr(conformance, "_installed", lambda *modules: True)
    assert check_game(NIM.name, ray=True) == [*names, "check_pettingzoo", "check_ray"] == ran
    monkeypatch.setattr(conformance, "_installed", lambda *modules: "ray" not in modules)
    with pytest.raises(LisboaError, match=r"check_game\(ray=True\) needs Ray"):
        check_game(NIM.name, ray=True)


def test_an_observation_of_the_wrong_size_fails_pettingzoos_api_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo's tests need the rl extra")
    monkeypatch.setattr(type(NIM), "observation_size", lambda self, state: 4)
    with pytest.raises(ConformanceError, match=r"pettingzoo api_test: toy-nim \(2 players"):
        check_pettingzoo(NIM.name, seed=3)


def test_an_observation_of_the_wrong_size_fails_openspiels_random_sim_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel's tests need the openspiel extra")
    real = type(NIM).encode
    monkeypatch.setattr(type(NIM), "encode", lambda self, view: real(self, view)[:2])
    with pytest.raises(ConformanceError, match=r"openspiel random_sim_test python_toy_nim"):
        check_openspiel(NIM.name, seed=3)


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


def test_a_hint_that_drops_a_legal_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint may only shorten the search: one that makes a legal move disappear (here
    the last take, whenever the shortcuts are on) is caught at the first decision."""
    import lisboa_core.games.conformance as conformance
    from lisboa_core.core.stack import SWITCHES

    real = conformance.legal_moves

    def hinted(state: Any) -> Any:
        moves = real(state)
        return moves[:-1] if SWITCHES.shortcuts and len(moves) > 1 else moves

    monkeypatch.setattr(conformance, "legal_moves", hinted)
    with pytest.raises(ConformanceError, match=r"hints: toy-nim \(2 players, seed 3\) at "
                       r"decision 0: the hints offer \[\] beyond the bare search and drop "
                       r"\['take 3'\]"):
        check_hints(NIM.name, seed=3)
