"""The craftsman phase (PR7) and the factory (PR13.9)."""

from __future__ import annotations

import pytest

from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import blank, fresh, good, goods_supply, moves, play, seat, top


def _four() -> State:
    return blank(fresh(4, governor=0))


def _pr18_3(state: State, index: int) -> State:
    """PR18.3.2's reconstructed board."""
    return seat(state, index,
                island={"corn": (3, 2), "tobacco": (2, 2), "sugar": (4, 3)},
                city={"TobaccoStorage": 1, "SugarMill": 3})


def test_pr18_3_production_yields() -> None:
    """PR18.3.1-PR18.3.2: corn 2, tobacco min(2, 1) = 1, sugar min(3, 3) = 3 (PR7.2.1-PR7.2.2)."""
    state = _pr18_3(_four(), 1)
    state = play(state, "role craftsman")
    assert (good(state, 1, "corn"), good(state, 1, "tobacco"), good(state, 1, "sugar")) == (2, 1, 3)
    assert good(state, 1, "indigo") == 0 and good(state, 1, "coffee") == 0


def test_pr7_2_2_small_and_large_buildings_add_up_and_pr7_2_3_nothing_unmatched() -> None:
    """PR7.2.2: the circles of a small and a large indigo plant add up; PR7.2.3: a building
    without plantations (or the reverse) makes nothing; PR0.1.7 unoccupied plantations
    make nothing (PR11.1.2; PR7.1.1 every player produces; PR19.1.2 automatically)."""
    state = seat(_four(), 1, island={"indigo": (4, 4), "coffee": (2, 0)},
                 city={"SmallIndigoPlant": 1, "IndigoPlant": 2, "CoffeeRoaster": 2,
                       "SugarMill": 3})
    state = play(state, "role craftsman")
    assert good(state, 1, "indigo") == 3
    assert good(state, 1, "coffee") == 0 and good(state, 1, "sugar") == 0


def test_pr7_2_4_short_supply_serves_the_craftsman_first() -> None:
    """PR7.2.4: with too few goods the players earlier in the phase (the craftsman first)
    get what is left; later players get nothing of the kind (PR1.2.1)."""
    state = goods_supply(_four(), corn=3)
    for s in range(4):
        state = seat(state, s, island={"corn": (2, 2)})
    state = play(state, "role craftsman")
    assert [good(state, s, "corn") for s in range(4)] == [2, 1, 0, 0]
    assert state.goods_supply[0] == 0


def test_pr7_3_craftsman_takes_one_more_of_a_kind_he_produced() -> None:
    """PR7.3.1: last, the craftsman may take 1 more good of a kind he produced."""
    state = _pr18_3(_four(), 0)
    state = play(state, "role craftsman")
    assert top(state) == "craftsman-extra" and state.to_act == 0
    assert moves(state) == {"extra corn", "extra tobacco", "extra sugar", "pass"}
    state = play(state, "extra tobacco")
    assert good(state, 0, "tobacco") == 2


def test_pr7_3_2_no_extra_for_an_exhausted_kind_or_without_production() -> None:
    """PR7.3.2: a kind the supply has no more of cannot be taken; nothing produced, no
    extra good."""
    state = goods_supply(_pr18_3(_four(), 0), tobacco=1)
    state = play(state, "role craftsman")
    assert "extra tobacco" not in moves(state) and "extra sugar" in moves(state)
    state = seat(_four(), 1, island={"corn": (1, 1)})
    state = play(state, "role craftsman")
    assert top(state) == "choose-role"  # seat 0 produced nothing: no decision
    assert good(state, 0, "corn") == 0 and good(state, 1, "corn") == 1


def test_pr18_5_factory_pays_for_kinds_received() -> None:
    """PR18.5.1-PR18.5.2: corn supply empty, sugar supply 2: 0 corn, 2 sugar, 1 tobacco:
    2 kinds, 1 doubloon (PR13.9.2)."""
    state = goods_supply(_four(), corn=0, sugar=2)
    state = seat(state, 1, island={"corn": (3, 3), "sugar": (2, 2), "tobacco": (1, 1)},
                 city={"Manufactory": 1, "SugarMill": 2, "TobaccoStorage": 1}, doubloons=0)
    state = play(state, "role craftsman")
    assert (good(state, 1, "corn"), good(state, 1, "sugar"), good(state, 1, "tobacco")) == (0, 2, 1)
    assert state.players[1].doubloons == 1


def test_pr13_9_1_factory_table() -> None:
    """PR13.9.1: 1 kind nothing, 3 kinds 2, all 5 kinds 5; an unoccupied factory nothing."""
    every = {"corn": (1, 1), "indigo": (1, 1), "sugar": (1, 1), "tobacco": (1, 1),
             "coffee": (1, 1)}
    city = {"SmallIndigoPlant": 1, "SmallSugarMill": 1, "TobaccoStorage": 1, "CoffeeRoaster": 1}
    cases = [
        ({"corn": (1, 1)}, {}, 0),
        ({"corn": (1, 1), "indigo": (1, 1), "sugar": (1, 1)}, city, 2),
        (every, city, 5),
    ]
    for island, more, paid in cases:
        state = seat(_four(), 1, island=island, city={"Manufactory": 1, **more})
        state = play(state, "role craftsman")
        assert state.players[1].doubloons == paid, island
    state = seat(_four(), 1, island=every, city={"Manufactory": 0, **city})
    state = play(state, "role craftsman")
    assert state.players[1].doubloons == 0


@pytest.mark.parametrize(("building", "word", "circles"), [
    ("SmallIndigoPlant", "indigo", 1), ("SmallSugarMill", "sugar", 1),
    ("IndigoPlant", "indigo", 3), ("SugarMill", "sugar", 3),
    ("TobaccoStorage", "tobacco", 3), ("CoffeeRoaster", "coffee", 2)])
def test_pr12_1_each_production_building_makes_up_to_its_circles(building: str, word: str,
                                                                 circles: int) -> None:
    """PR12.1.1 PR12.1.2 PR12.1.3 PR12.1.4 PR12.1.5 PR12.1.6 PR12.1.7: 4 occupied plantations and a fully occupied building: the yield is
    the building's circles."""
    state = seat(_four(), 1, island={word: (4, 4)}, city={building: circles})
    state = play(state, "role craftsman")
    assert good(state, 1, word) == circles


def test_pr7_3_3_the_extra_good_does_not_count_for_the_factory() -> None:
    """PR7.3.3/PR7.2.5: one kind produced plus the extra good: still 1 kind, nothing from
    the factory; PR7.1.2/PR7.1.3 production itself is automatic (no decision)."""
    state = seat(_four(), 0, island={"corn": (2, 2)}, city={"Manufactory": 1})
    state = play(state, "role craftsman")
    assert top(state) == "craftsman-extra"
    state = play(state, "extra corn")
    assert good(state, 0, "corn") == 3 and state.players[0].doubloons == 0
