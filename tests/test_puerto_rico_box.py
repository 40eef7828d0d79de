"""Puerto Rico's conventions and box (PR0.1, PR1.1) and the readings chosen where the
sources disagree (PR19), each checked against the catalogue and the engine; expected
values are the rules reference's (docs/games/puerto-rico/rules.md)."""

from __future__ import annotations

import pytest

import lisboa_core
from lisboa_core.core.replace import replace
from lisboa_core.games import game
from puerto_rico_scenarios import fresh, play, rules, seat


def test_pr0_1_1_three_to_five_players_and_no_other_count() -> None:
    """PR0.1.1: N is 3, 4 or 5; the 2- and 6-player variants are not covered."""
    assert game("puerto-rico").players == (3, 4, 5)
    for players in (2, 6):
        with pytest.raises(lisboa_core.LisboaError):
            lisboa_core.new_game(players=players, seed=1, game="puerto-rico")


def test_pr0_1_3_the_supply_holds_colonists_goods_chips_and_tiles() -> None:
    """PR0.1.3: the supply holds the colonists, five goods supplies (one per kind), the VP
    chips, the quarry stack and the plantation stacks; the bank holds the doubloons."""
    state = fresh(4)
    assert state.colonist_supply > 0 and state.vp_supply > 0
    assert len(state.goods_supply) == 5  # one per kind (PR0.1.9)
    assert state.quarries > 0 and state.plantation_stack


def test_pr0_1_4_and_pr1_1_1_a_player_board_has_12_island_and_12_city_spaces() -> None:
    """PR0.1.4, PR1.1.1: 12 island spaces, 12 city spaces, San Juan and a wind rose
    (doubloons, goods and VP chips are kept per seat)."""
    state = fresh(3)
    mat = rules(state).mat
    assert (mat.island, mat.city) == (12, 12)
    p = state.players[0]
    assert p.san_juan >= 0 and p.doubloons >= 0 and p.vp == 0 and len(p.goods) == 5


def test_pr0_1_5_an_island_tile_is_a_plantation_or_a_quarry() -> None:
    """PR0.1.5 (and PR1.1.7: 8 quarries and 50 plantations, 58 island tiles)."""
    tiles = rules(fresh(3)).tiles
    assert {t.kind for t in tiles} == {"plantation", "quarry"}
    count = {kind: sum(t.count for t in tiles if t.kind == kind) for kind in ("plantation", "quarry")}
    assert count == {"plantation": 50, "quarry": 8}


def test_pr0_1_8_where_a_tile_lies_never_matters() -> None:
    """PR0.1.8: the island and the city are unordered collections, so no move names a
    space: a settler's choices are the tiles themselves, one move per kind of tile."""
    state = play(fresh(3), "role settler")
    settles = [m for m in lisboa_core.legal_moves(state) if m.kind != "pass"]
    assert settles and all(not any(str(a).isdigit() for a in m.args) for m in settles)
    assert len({str(m) for m in settles}) == len(settles)


def test_pr0_1_9_the_five_goods() -> None:
    """PR0.1.9: corn, indigo, sugar, tobacco and coffee."""
    assert sorted(g.word for g in rules(fresh(3)).goods) == [
        "coffee", "corn", "indigo", "sugar", "tobacco"]


def test_pr1_1_2_one_governor_card_marks_who_starts_the_round() -> None:
    """PR1.1.2: one governor, a seat of the game; that seat chooses the round's first role."""
    state = fresh(5, governor=3)
    assert state.governor == 3 and state.to_act == 3


def test_pr1_1_4_the_board_holds_the_buildings_in_four_columns() -> None:
    """PR1.1.4: four columns; every building stands in one of them."""
    r = rules(fresh(3))
    assert r.board.columns == 4
    assert {b.column for b in r.buildings} == {1, 2, 3, 4}


def test_pr1_1_6_and_pr19_1_7_the_bank_never_runs_out() -> None:
    """PR1.1.6: the box holds 86 doubloons; PR19.1.7: no rule covers running out, so the
    bank is unlimited: with every doubloon of the box already held, a role's doubloons are
    still paid."""
    state = fresh(3, governor=0)
    for index in range(3):
        state = seat(state, index, doubloons=30)  # 90 held, more than the box's 86
    assert sum(p.doubloons for p in state.players) > 86
    doubloons = list(state.role_doubloons)
    doubloons[state.roles.index("Settler")] = 2
    state = replace(state, role_doubloons=tuple(doubloons))
    state = play(state, "role settler")
    assert state.players[0].doubloons == 32


def test_pr19_1_17_the_production_buildings_by_their_usual_names() -> None:
    """PR19.1.17: the seed names the production buildings inconsistently; the catalogue
    uses the usual names, small and large, one per good but corn (PR12.1)."""
    produced = {b.name: b.produces for b in rules(fresh(3)).buildings if b.produces}
    assert set(produced) == {"Small indigo plant", "Small sugar mill", "Indigo plant",
                             "Sugar mill", "Tobacco storage", "Coffee roaster"}
