"""The mayor phase (PR5): privilege, sharing the ship, placing, refilling."""

from __future__ import annotations

from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.rules.mayor import shares
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import blank, fresh, moves, on, play, seat, staffed, top


def _four(ship: int = 6) -> State:
    state = blank(fresh(4, governor=0))
    return replace(state, colonist_ship=ship, colonist_supply=50)


def test_pr18_1_mayor_shares_six_colonists_among_four() -> None:
    """PR18.1.1-PR18.1.2: ship of 6 with the privilege: mayor 3, 2nd 2, 3rd 1, 4th 1; the supply lost
    1 before the refill (PR5.1.1, PR5.2.1-PR5.2.2). With no circles anywhere the colonists
    wait in San Juan (PR5.3.2)."""
    state = _four(6)
    state = play(state, "role mayor")
    assert top(state) == "mayor-privilege"
    state = play(state, "yes")
    assert [p.san_juan for p in state.players] == [3, 2, 1, 1]
    # refill (PR5.4.1): no building circles, so N = 4 from a supply of 50 - 1
    assert state.colonist_ship == 4 and state.colonist_supply == 50 - 1 - 4


def test_pr5_2_2_shares_formula() -> None:
    """PR5.2.2: floor(k / N) each, one more for the first k mod N from the mayor."""
    assert shares(6, 4) == [2, 2, 1, 1]
    assert shares(5, 5) == [1] * 5
    assert shares(3, 4) == [1, 1, 1, 0]
    assert shares(11, 3) == [4, 4, 3]


def test_pr5_1_1_privilege_is_optional_and_never_from_the_ship() -> None:
    """PR5.1.1/PR19.1.15: declining keeps the supply; with an empty supply no privilege is
    offered (it never comes from the ship)."""
    state = play(_four(4), "role mayor", "no")
    assert [p.san_juan for p in state.players] == [1, 1, 1, 1]
    empty = replace(_four(4), colonist_supply=0)
    after = play(empty, "role mayor")
    assert [p.san_juan for p in after.players] == [1, 1, 1, 1]


def test_pr5_3_4_enough_colonists_fill_every_circle_and_the_rest_wait() -> None:
    """PR5.3.1 all colonists placed anew; PR5.3.4 every circle filled when there are enough;
    PR5.3.2 the rest in San Juan."""
    state = _four(4)
    state = seat(state, 0, island={"corn": (2, 1), "indigo": (1, 0)},
                 city={"IndigoPlant": 1, "SmallMarket": 0}, san_juan=3)
    # colonists: 1 + 1 + 3 + 1 (ship) + 1 (privilege) = 7; circles 2 + 1 + 3 + 1 = 7
    state = play(state, "role mayor", "yes")
    p = state.players[0]
    assert staffed(state, 0, "corn") == 2 and staffed(state, 0, "indigo") == 1
    assert on(state, 0, "IndigoPlant") == 3 and on(state, 0, "SmallMarket") == 1
    assert p.san_juan == 0


def test_pr5_3_4_too_few_colonists_are_placed_by_choice_without_empty_san_juan() -> None:
    """PR5.3.4: with fewer colonists than circles the player chooses where, and none may
    stay in San Juan."""
    state = _four(4)
    state = seat(state, 0, island={"corn": (1, 0), "sugar": (1, 0)},
                 city={"SmallMarket": 0, "Harbor": 0})
    state = play(state, "role mayor", "no")  # 1 colonist for 4 circles
    assert top(state) == "place" and state.to_act == 0
    assert moves(state) == {"place corn", "place sugar", "place SmallMarket", "place Harbor"}
    state = play(state, "place Harbor")
    assert on(state, 0, "Harbor") == 1 and state.players[0].san_juan == 0
    assert state.to_act == 1 or top(state) == "choose-role"


def test_pr5_3_1_colonists_already_placed_may_move() -> None:
    """PR5.3.1: the player redistributes all his colonists, those on tiles included."""
    state = _four(4)
    state = seat(state, 0, island={"corn": (1, 1)}, city={"Harbor": 0, "Wharf": 0})
    state = play(state, "role mayor", "no")  # 2 colonists, 3 circles
    state = play(state, "place Harbor", "place Wharf")
    assert staffed(state, 0, "corn") == 0
    assert on(state, 0, "Harbor") == 1 and on(state, 0, "Wharf") == 1


def test_pr5_4_1_refill_counts_empty_building_circles_not_tiles() -> None:
    """PR5.4.1-PR5.4.2 (PR5.4.4: the refill is never forgotten): after placing, one colonist per empty building circle of all
    players, island circles not counted, at least N."""
    state = _four(4)
    state = seat(state, 1, island={"corn": (5, 0)}, city={"TobaccoStorage": 0, "SugarMill": 0,
                                                          "CoffeeRoaster": 0})
    state = play(state, "role mayor", "no")
    # seat 1 has 1 colonist for 5 + 8 circles: it chooses; put it on the tobacco storage.
    assert state.to_act == 1
    state = play(state, "place TobaccoStorage")
    # empty building circles: 2 + 3 + 2 = 7 > N
    assert state.colonist_ship == 7 and state.colonist_supply == 50 - 7


def test_pr5_4_3_short_supply_goes_on_the_ship_and_ends_the_game() -> None:
    """PR5.4.3/PR15.1.1: a supply short of the refill puts all it has on the ship and the
    end condition is met; the round is still played out (PR15.2.1); PR1.2.3 colonists are
    limited."""
    state = replace(_four(4), colonist_supply=3)
    state = play(state, "role mayor", "no")
    assert state.colonist_ship == 3 and state.colonist_supply == 0
    assert state.end_reasons == ("colonists-short",)
    assert top(state) == "choose-role" and state.to_act == 1


def test_pr5_4_3_a_supply_emptied_exactly_does_not_end_the_game() -> None:
    """PR5.4.3 (PR19.1.1): a refill that takes the last colonists in full is no end."""
    state = replace(_four(4), colonist_supply=5)
    state = play(state, "role mayor", "yes")  # supply 4 left: exactly the refill of N = 4
    assert state.colonist_supply == 0 and state.colonist_ship == 4
    assert state.end_reasons == ()


def test_pr5_3_3_placing_goes_from_the_mayor_clockwise() -> None:
    """PR5.3.3/PR3.2.3: seat 2 is mayor: seat 2 places first, then 3, 0, 1."""
    state = _four(4)
    for s in range(4):
        state = seat(state, s, city={"Harbor": 0, "Wharf": 0}, san_juan=0)
    state = replace(state, governor=2, pending=())
    from lisboa_core.games.puerto_rico.rules.roles import round_frames

    state = play(round_frames(state), "role mayor", "no")
    order = []
    while top(state) == "place":
        order.append(state.to_act)
        state = play(state, sorted(moves(state))[0])
    assert order == [2, 3, 0, 1]


def test_pr5_3_5_colonists_are_not_moved_outside_the_mayor_phase() -> None:
    """PR5.3.5-PR5.3.6: a building built later stays empty although its owner has colonists
    in San Juan; the colonists on his tiles stay."""
    state = _four(4)
    state = seat(state, 0, doubloons=5, san_juan=2, island={"corn": (1, 1)})
    state = play(state, "role builder", "build Office")
    assert on(state, 0, "Office") == 0 and state.players[0].san_juan == 2
    assert staffed(state, 0, "corn") == 1


def test_pr5_3_a_player_without_colonists_has_nothing_to_place() -> None:
    """PR5.3.1/PR5.2.2: a ship of 2 among 4 (a supply short at the end, PR5.4.3) leaves
    seats 2 and 3 without colonists: they place nothing, and nobody ever has fewer than 0
    colonists in San Juan (PR1.2.3)."""
    state = replace(_four(2), colonist_supply=0)
    state = seat(state, 3, island={"corn": (2, 0)})
    state = play(state, "role mayor")
    assert [p.san_juan for p in state.players] == [1, 1, 0, 0]
    assert top(state) == "choose-role" and state.to_act == 1
    assert staffed(state, 3, "corn") == 0
