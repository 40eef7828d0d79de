"""End of the game (PR15) and final scoring (PR14, PR16)."""

from __future__ import annotations

import random

import lisboa_core
from lisboa_core.core.replace import replace
from lisboa_core.games.puerto_rico.scoring import building_bonus, score
from lisboa_core.games.puerto_rico.state import State
from puerto_rico_scenarios import blank, fresh, player, rules, seat


def _bonus(state: State, building: str, **kwargs: object) -> int:
    r = rules(state)
    p = player(state, **kwargs)  # type: ignore[arg-type]
    return building_bonus(r, p, r[building])  # type: ignore[arg-type]


def test_pr18_12_guild_hall() -> None:
    """PR18.12.1/PR14.1.1: small sugar mill, sugar mill, small indigo plant, coffee roaster:
    1 + 2 + 1 + 2 = 6, occupied or not."""
    state = fresh(4)
    assert _bonus(state, "GuildHall", city={"GuildHall": 1, "SmallSugarMill": 0, "SugarMill": 0,
                                            "SmallIndigoPlant": 1, "CoffeeRoaster": 0}) == 6


def test_pr18_13_residence_steps() -> None:
    """PR18.13.1/PR14.2.1: 4 VP up to 9 filled island spaces, 5 for 10, 6 for 11, 7 for 12,
    occupied or not (PR19.1.12)."""
    state = fresh(4)
    for filled, extra in ((0, 4), (9, 4), (10, 5), (11, 6), (12, 7)):
        island = {"corn": (filled // 2, 0), "indigo": (filled - filled // 2, 1)}
        assert _bonus(state, "Residence", island=island, city={"Residence": 1}) == extra


def test_pr18_14_fortress() -> None:
    """PR18.14.1/PR14.3.1: 20 colonists on tiles, buildings and San Juan: 6."""
    state = fresh(4)
    assert _bonus(state, "Fortress", island={"corn": (5, 5), "quarry": (3, 3)},
                  city={"Fortress": 1, "SugarMill": 3}, san_juan=8) == 6


def test_pr18_15_customs_house() -> None:
    """PR18.15.1/PR14.4.1: VP chips worth 23: 5."""
    assert _bonus(fresh(4), "CustomsHouse", vp=23, city={"CustomsHouse": 1}) == 5


def test_pr18_16_city_hall() -> None:
    """PR18.16.1/PR14.5.1: 7 violet buildings, the city hall included, production
    buildings not counted."""
    city = {"Hacienda": 0, "ConstructionHut": 0, "Office": 0, "LargeWarehouse": 0, "Harbor": 0,
            "Residence": 0, "CityHall": 1, "SugarMill": 3, "SmallIndigoPlant": 1}
    assert _bonus(fresh(4), "CityHall", city=city) == 7


def test_pr18_17_unoccupied_large_building_scores_printed_vp_only() -> None:
    """PR18.17.1/PR14.0.1/PR16.1.2: 4 printed VP, no extra."""
    state = blank(fresh(4))
    state = seat(state, 0, vp=23, city={"CustomsHouse": 0})
    sheet = score(state)
    assert sheet.seats[0].total == 23 + 4
    assert sheet.seats[0].category("large-buildings").vp == 0


def test_pr16_1_1_total_is_chips_printed_vp_and_large_building_extras() -> None:
    """PR16.1.1 chips + printed VP + extras; PR16.1.3 doubloons and goods score nothing;
    PR11.1.3 unoccupied buildings score printed VP; PR6.2.6 printed VP (1, 2, 3, 4)."""
    state = blank(fresh(4))
    state = seat(state, 0, vp=10, doubloons=30, goods={"coffee": 5},
                 city={"SmallMarket": 0, "Office": 1, "Harbor": 0, "CustomsHouse": 1})
    sheet = score(state)
    # 10 chips + (1 + 2 + 3 + 4) printed + floor(10 / 4) = 2
    assert sheet.seats[0].total == 10 + 10 + 2


def test_pr16_2_2_tie_break_by_doubloons_plus_goods() -> None:
    """PR3.1.2/PR16.2.1 most VP wins; PR16.2.2 among tied, the most doubloons plus goods."""
    state = blank(fresh(4))
    state = seat(state, 0, vp=20, doubloons=3, goods={"corn": 2})
    state = seat(state, 1, vp=20, doubloons=4)
    state = seat(state, 2, vp=19, doubloons=50)
    assert score(state).winners == (0,)
    state = seat(state, 1, vp=20, doubloons=6)
    assert score(state).winners == (1,)


def test_pr16_2_3_a_full_tie_is_shared() -> None:
    """PR16.2.3/PR19.1.9: still tied after the tie-break: shared victory."""
    state = blank(fresh(4))
    state = seat(state, 0, vp=20, doubloons=3, goods={"corn": 2})
    state = seat(state, 2, vp=20, doubloons=5)
    assert score(state).winners == (0, 2)


def _play_round_out(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not lisboa_core.is_over(state):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    return state


def test_pr15_2_1_the_game_ends_at_the_end_of_the_round_of_the_condition() -> None:
    """PR15.2.1/PR3.3.5: once a condition is met the round is played out and the game
    ends; no further round starts. PR15.2.2: the last doubloons go on the roles."""
    state = replace(blank(fresh(4, governor=0)), colonist_supply=2)
    state = lisboa_core.apply(state, lisboa_core.parse_move(state, "role mayor"))
    state = lisboa_core.apply(state, lisboa_core.parse_move(state, "no"))
    assert state.end_reasons == ("colonists-short",) and not lisboa_core.is_over(state)
    end = _play_round_out(state, 1)
    assert end.round == 1
    assert score(end).final
    assert sorted(end.role_doubloons) == [0, 0, 0, 0, 1, 1, 1]


def test_pr15_1_random_games_end_by_one_of_the_three_conditions() -> None:
    """PR15.1.1-PR15.1.3: every finished game met at least one condition."""
    for n, seed in ((3, 1), (4, 2), (5, 3)):
        end = _play_round_out(lisboa_core.new_game(players=n, seed=seed, game="puerto-rico"),
                              seed)
        assert end.end_reasons
        assert set(end.end_reasons) <= {"colonists-short", "city-full", "vp-out"}
        assert score(end).final and score(end).winners
