"""The PettingZoo environment against PettingZoo's render_test, its render modes, and
actions outside the action space (issue 23, item 4), on every registered game. api_test
and seed_test run on every adapted game in the conformance suite (test_conformance)."""

from __future__ import annotations

import functools

import pytest

np = pytest.importorskip("numpy", reason="the PettingZoo environment needs the rl extra")
pytest.importorskip("pettingzoo", reason="the PettingZoo environment needs the rl extra")
from lisboa_core import IllegalMoveError
from lisboa_core.envs import adapted_games
from lisboa_core.envs.pettingzoo import env
from lisboa_core.render import render_text

GAMES = adapted_games()  # a game without an action space has no environment


def _players(name: str) -> int:
    """Three seats where the game allows them, else its first count (a toy's two)."""
    from lisboa_core.games import game

    counts = game(name).players
    return 3 if 3 in counts else counts[0]


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game: str) -> None:
    from pettingzoo.test import render_test

    render_test(functools.partial(env, players=_players(game), game=game))


@pytest.mark.parametrize("game", GAMES)
def test_human_mode_prints_the_text_of_the_position(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The issue: text to standard output is the human mode of a board game without a
    # window; render() then returns None, as Gymnasium's render API says.
    table = env(players=_players(game), render_mode="human", game=game)
    table.reset(seed=2)
    assert table.render() is None
    assert capsys.readouterr().out == render_text(table.game) + "\n"


@pytest.mark.parametrize("game", GAMES)
def test_ansi_mode_returns_the_text_and_no_mode_renders_nothing(
    game: str, capsys: pytest.CaptureFixture[str],
) -> None:
    table = env(players=_players(game), render_mode="ansi", game=game)
    table.reset(seed=2)
    assert table.render() == render_text(table.game)
    quiet = env(players=_players(game), game=game)
    quiet.reset(seed=2)
    assert quiet.render() is None
    assert capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="render_mode"):
        env(players=_players(game), render_mode="rgb_array", game=game)


def _bad_actions(n: int) -> list[object]:
    return [n, n + 7, -1, -n, 2**70, 1.0, 2.5, "3", True, np.float32(2.0), np.array([1])]


@pytest.mark.parametrize("index", range(11))
def test_an_action_outside_the_action_space_is_refused(index: int) -> None:
    game = env(players=2)
    game.reset(seed=1)
    n = game.action_space(game.agent_selection).n
    action = _bad_actions(n)[index]
    before, agent = game.game, game.agent_selection
    with pytest.raises(ValueError, match=rf"0 to {n - 1}") as raised:
        game.step(action)  # type: ignore[arg-type]
    assert not isinstance(raised.value, IllegalMoveError)
    assert repr(action) in str(raised.value)
    assert game.game is before and game.agent_selection == agent


@pytest.mark.parametrize(("game", "players"), [("lisboa", 2), ("puerto-rico", 3)])
def test_minus_one_is_not_read_as_the_last_action(game: str, players: int) -> None:
    # Python indexing would read -1 as the last move of the action space.
    table = env(players=players, game=game)
    table.reset(seed=1)
    before = table.game
    with pytest.raises(ValueError, match=r"action -1 is outside Discrete"):
        table.step(-1)
    assert table.game is before


def test_integer_actions_of_numpy_are_accepted() -> None:
    game = env(players=2)
    game.reset(seed=1)
    legal = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])
    before = game.game
    game.step(np.int64(legal))  # type: ignore[arg-type]
    assert game.game is not before
    legal = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])
    game.step(np.array(legal))  # type: ignore[arg-type]  # a 0-d array, as learners give
