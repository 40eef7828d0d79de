"""The builder phase (PR6) and the university (PR13.10)."""

from __future__ import annotations

import pytest

from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.rules.builder import price
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import blank, fresh, moves, on, play, player, rules, seat, top


def _four() -> State:
    return blank(fresh(4, governor=0))


@pytest.mark.parametrize(("building", "other", "builder"), [
    ("ConstructionHut", 1, 0), ("Office", 3, 2), ("Harbor", 5, 4), ("CityHall", 7, 6)])
def test_pr18_2_three_occupied_quarries(building: str, other: int, builder: int) -> None:
    """PR18.2.1 (non-builder) and PR18.2.2 (builder): quarries count up to the column
    (PR6.2.2), the builder's 1 is not capped (PR6.2.5)."""
    state = _four()
    r = rules(state)
    p = player(state, island={"quarry": (3, 3)})
    i = r.building_index[building]
    assert price(r, p, i, 0) == other
    assert price(r, p, i, 1) == builder


def test_pr6_2_2_unoccupied_quarries_give_nothing_and_price_never_below_zero() -> None:
    """PR0.1.7 an unoccupied quarry gives no discount; PR6.2.3 the price is never below 0."""
    state = _four()
    r = rules(state)
    assert price(r, player(state, island={"quarry": (2, 0)}), r.building_index["Office"], 0) == 5
    assert price(r, player(state, island={"quarry": (4, 4)}),
                 r.building_index["SmallIndigoPlant"], 1) == 0


def test_pr6_1_builder_pays_one_less_others_full_price_and_one_each() -> None:
    """PR6.1.1 pay and take a copy; PR6.1.2 the builder's discount; PR6.1.4 one building
    each per phase; PR1.2.5 no copy left, no building."""
    state = _four()
    for s in range(4):
        state = seat(state, s, doubloons=5)
    copies = state.building_supply[rules(state).building_index["Office"]]
    state = play(state, "role builder")
    assert top(state) == "build" and state.to_act == 0
    state = play(state, "build Office")
    assert state.players[0].doubloons == 1 and on(state, 0, "Office") == 0  # PR6.3.6
    assert state.to_act == 1
    state = play(state, "build Office")
    assert state.players[1].doubloons == 0
    assert state.building_supply[rules(state).building_index["Office"]] == copies - 2
    # PR6.3.2: both copies gone, seat 2 cannot buy an office any more
    assert state.to_act == 2 and "build Office" not in moves(state)
    state = play(state, "pass", "pass")
    assert top(state) == "choose-role" and state.to_act == 1


def test_pr6_1_3_builder_who_passes_gets_nothing() -> None:
    """PR6.1.3: no building, no doubloon for the privilege."""
    state = seat(_four(), 0, doubloons=3)
    state = play(state, "role builder", "pass")
    assert state.players[0].doubloons == 3


def test_pr6_2_4_only_what_he_can_pay_for() -> None:
    """PR6.2.4: a building is offered only if the price is at most his doubloons."""
    state = seat(_four(), 0, doubloons=2)
    state = play(state, "role builder")  # the builder: up to cost 3
    offered = {m.split()[1] for m in moves(state) if m != "pass"}
    assert offered == {"SmallIndigoPlant", "SmallSugarMill", "SmallMarket", "Hacienda",
                       "ConstructionHut", "SmallWarehouse", "IndigoPlant"}


def test_pr6_3_1_at_most_one_of_each_building() -> None:
    """PR6.3.1/PR11.1.1: an owned building is not offered; its small/large sibling is."""
    state = seat(_four(), 0, doubloons=20, city={"SmallIndigoPlant": 0, "SmallMarket": 1})
    state = play(state, "role builder")
    assert "build SmallIndigoPlant" not in moves(state)
    assert "build SmallMarket" not in moves(state)
    assert "build IndigoPlant" in moves(state) and "build LargeMarket" in moves(state)


def test_pr6_3_4_large_building_needs_two_city_spaces() -> None:
    """PR6.3.3-PR6.3.4: 11 spaces used leave room for a small building, not a large one;
    PR6.3.5 two empty spaces anywhere would do."""
    city = {b: 0 for b in ("SmallIndigoPlant", "SmallSugarMill", "IndigoPlant", "SugarMill",
                           "TobaccoStorage", "CoffeeRoaster", "SmallMarket", "Hacienda",
                           "ConstructionHut", "SmallWarehouse", "Hospice")}
    state = seat(_four(), 0, doubloons=30, city=city)
    state = play(state, "role builder")
    offered = {m.split()[1] for m in moves(state) if m != "pass"}
    assert "Office" in offered
    assert not offered & {"GuildHall", "Residence", "Fortress", "CustomsHouse", "CityHall"}


def test_pr6_4_1_the_twelfth_city_space_meets_the_end_condition() -> None:
    """PR6.4.1/PR15.1.2: filling the 12th city space ends the game with the round; a large
    building counts 2 spaces (PR6.3.3)."""
    city = {b: 0 for b in ("SmallIndigoPlant", "SmallSugarMill", "IndigoPlant", "SugarMill",
                           "TobaccoStorage", "CoffeeRoaster", "SmallMarket", "Hacienda",
                           "ConstructionHut", "SmallWarehouse")}
    state = seat(_four(), 0, doubloons=30, city=city)
    state = play(state, "role builder", "build Residence")
    assert state.end_reasons == ("city-full",)
    assert state.pending  # the round goes on (PR15.2.1)


def test_pr13_10_university_puts_one_colonist_on_the_new_building() -> None:
    """PR13.10.1 one colonist from the supply on the building just built, optional;
    PR13.10.2 only 1 even for 3 circles; PR13.10.3 from the ship if the supply is empty."""
    state = seat(_four(), 0, doubloons=10, city={"University": 1})
    supply = state.colonist_supply
    state = play(state, "role builder", "build SugarMill")
    assert top(state) == "university" and moves(state) == {"yes", "no"}
    state = play(state, "yes")
    assert on(state, 0, "SugarMill") == 1 and state.colonist_supply == supply - 1
    state = seat(_four(), 0, doubloons=10, city={"University": 1})
    state = replace(state, colonist_supply=0, colonist_ship=4)
    state = play(state, "role builder", "build SugarMill", "yes")
    assert on(state, 0, "SugarMill") == 1 and state.colonist_ship == 3
    state = seat(_four(), 0, doubloons=10, city={"University": 1})
    state = play(state, "role builder", "build SugarMill", "no")
    assert on(state, 0, "SugarMill") == 0


def test_pr3_2_3_the_phase_starts_with_the_chooser_not_the_governor() -> None:
    """PR3.2.3/PR0.2.3: seat 1 takes the builder after the governor's phase: seat 1 builds
    first and alone gets the discount (PR6.1.2); PR6.2.1/PR11.1.4 the printed cost is paid by the
    others; PR6.2.7 a university does not change the price."""
    state = _four()
    for s in range(4):
        state = seat(state, s, doubloons=5, city={"University": 0})
    state = play(state, "role prospector1", "role builder")
    assert state.to_act == 1
    state = play(state, "build Office")
    assert state.players[1].doubloons == 1 and state.to_act == 2
    state = play(state, "build Office")
    assert state.players[2].doubloons == 0
