"""Puerto Rico through the library's shared surfaces (issue 22): the same top-level API,
saves, views, records, bots, simulations and pictures that serve Lisboa serve it, with no
Puerto Rico code outside its game package."""

from __future__ import annotations

import random

import pytest

import lisboa_core as lc
from lisboa_core import (
    GameRecord,
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    from_json,
    play_game,
    record_game,
    replay,
    to_json,
)
from lisboa_core.games import game, game_of, games
from lisboa_core.games.puerto_rico.scoring import CATEGORIES
from lisboa_core.render import render_text
from lisboa_core.studies.simulation import simulate
from lisboa_core.svg import board
from lisboa_core.views import View, determinize, observe

GAME = "puerto-rico"


def test_it_is_installed_and_chosen_by_name() -> None:
    assert GAME in games()
    state = lc.new_game(players=4, seed=1, game=GAME)
    assert game_of(state) is game(GAME)
    assert game(GAME).players == (3, 4, 5)  # PR0: 3 to 5 players


@pytest.mark.parametrize("players", [2, 6])
def test_a_player_count_outside_3_to_5_is_refused(players: int) -> None:
    with pytest.raises(lc.LisboaError):
        lc.new_game(players=players, seed=1, game=GAME)


def test_the_top_level_api_scores_any_state() -> None:
    state = lc.new_game(players=3, seed=2, game=GAME)
    sheet = lc.score(state)
    assert not sheet.final and [s.total for s in sheet.seats] == [0, 0, 0]
    assert tuple(c.name for c in sheet.seats[0].categories) == CATEGORIES
    assert lc.winners(state) == sheet.winners


def test_a_save_round_trips_at_every_decision_of_a_game() -> None:
    state = lc.new_game(players=3, seed=4, game=GAME)
    rng = random.Random(4)
    for _ in range(120):
        assert from_json(to_json(state)) == state
        state = lc.apply(state, rng.choice(lc.legal_moves(state)))


def test_views_hide_and_determinize_back() -> None:
    state = lc.new_game(players=4, seed=6, game=GAME)
    view = observe(state, 2)
    assert isinstance(view, View) and view.seat == 2
    sampled = determinize(view, seed=3)
    assert observe(sampled, 2) == view
    assert lc.legal_moves(sampled) == lc.legal_moves(state)  # the public decision


def test_bots_play_whole_games_to_a_final_sheet() -> None:
    final, moves = play_game([RandomBot(seed=1), GreedyBot(seed=2), RandomBot(seed=3)],
                             seed=7, game=GAME)
    assert lc.is_over(final) and moves
    sheet = lc.score(final)
    assert sheet.final and sheet.winners
    best = max(s.total for s in sheet.seats)
    assert all(sheet.seats[w].total == best for w in sheet.winners)  # PR16.2.1


def test_the_search_bot_answers_a_legal_move() -> None:
    state = lc.new_game(players=3, seed=8, game=GAME)
    seat = state.to_act
    assert seat is not None
    move = ISMCTSBot(seed=1, iterations=20).choose(observe(state, seat), lc.legal_moves(state))
    assert move in lc.legal_moves(state)


def test_a_record_saves_loads_and_replays() -> None:
    rng = random.Random(9)
    record = record_game(lambda s: lc.random_move(s, rng), players=3, seed=9, game=GAME)
    assert GameRecord.from_json(record.to_json()) == record
    result = replay(record)
    assert result.ok and lc.is_over(result.final)


def test_a_simulation_reports_every_category() -> None:
    results = simulate(3, 2, 5, bots=["random", "greedy", "random"], rotate=False, game=GAME)
    assert len(results) == 2
    for result in results:
        assert len(result.categories[0]) == len(CATEGORIES)
        assert result.totals == tuple(sum(c) for c in result.categories)


def test_text_and_svg_pictures() -> None:
    state = lc.new_game(players=5, seed=10, game=GAME)
    assert "Puerto Rico" in render_text(state)
    assert board(state).startswith("<svg")
