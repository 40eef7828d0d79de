"""Puerto Rico setup by player count (PR2), checked against docs/games/puerto-rico/rules.md."""

from __future__ import annotations

import pytest

import lisboa_core
from lisboa_core.games.puerto_rico.state import NOT_OWNED
from puerto_rico_scenarios import TILES, rules

# (players, doubloons PR2.2.1, supply and ship PR2.2.3, VP PR2.2.4, ships PR2.2.5,
#  prospectors PR2.2.6)
TABLE = [
    (3, 2, 55, 3, 75, (4, 5, 6), 0),
    (4, 3, 75, 4, 100, (5, 6, 7), 1),
    (5, 4, 95, 5, 122, (6, 7, 8), 2),
]


@pytest.mark.parametrize(("n", "doubloons", "supply", "ship", "vp", "caps", "prospectors"), TABLE)
def test_pr2_2_values_by_player_count(n: int, doubloons: int, supply: int, ship: int, vp: int,
                                      caps: tuple[int, ...], prospectors: int) -> None:
    """PR2.2.1 doubloons, PR2.2.3 colonists, PR2.2.4 VP supply, PR2.2.5 cargo ships,
    PR2.2.6 role cards (N + 3), PR2.2.7 face-up plantations (N + 1); PR2.1.5, PR2.1.12,
    PR2.1.13 only the pieces of N are used; PR19.1.14/PR1.1.9 122 VP with 5 players."""
    state = lisboa_core.new_game(players=n, seed=3, game="puerto-rico")
    r = rules(state)
    assert [p.doubloons for p in state.players] == [doubloons] * n
    assert (state.colonist_supply, state.colonist_ship) == (supply, ship)
    assert state.vp_supply == vp
    assert tuple(r.capacity[s] for s in state.ships) == caps
    assert state.ship_loads == (0, 0, 0) and state.ship_goods == (-1, -1, -1)  # PR2.1.9
    assert len(state.roles) == n + 3
    assert sum(1 for role in state.roles if r.roles_by_id[role].phase == "none") == prospectors
    assert {r.roles_by_id[role].phase for role in state.roles} >= {
        "settle", "colonists", "build", "produce", "trade", "ship"}
    assert state.role_doubloons == (0,) * (n + 3)  # PR2.1.11
    assert len(state.face_up) == n + 1


@pytest.mark.parametrize(("n", "indigo_seats"), [(3, 2), (4, 2), (5, 3)])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_pr2_2_2_starting_plantations_from_the_governor(n: int, indigo_seats: int,
                                                        seed: int) -> None:
    """PR2.2.2: seats counted clockwise from the governor: the first 2 (3 with 5 players)
    start with indigo, the rest with corn; exactly one plantation each, unoccupied."""
    state = lisboa_core.new_game(players=n, seed=seed, game="puerto-rico")
    g = state.governor
    for position in range(n):
        p = state.players[(g + position) % n]
        want = "indigo" if position < indigo_seats else "corn"
        assert p.island[TILES.index(want)] == 1 and sum(p.island) == 1
        assert sum(p.staffed) == 0


@pytest.mark.parametrize("n", [3, 4, 5])
def test_pr2_2_8_nobody_starts_with_goods_vp_buildings_or_colonists(n: int) -> None:
    """PR2.2.8; PR2.1.3 a board per seat, PR2.1.2 the bank holds the rest (unlimited,
    PR1.2.6); and PR2.1.7 eight quarries, PR1.1.8/PR2.1.10 the goods, PR2.1.1 all 49 buildings,
    PR2.1.6/PR1.1.7 the 50 plantations split between seats, face-up and the hidden stack."""
    state = lisboa_core.new_game(players=n, seed=2, game="puerto-rico")
    for p in state.players:
        assert p.vp == 0 and sum(p.goods) == 0 and p.colonists == 0
        assert all(c == NOT_OWNED for c in p.city)
    assert state.quarries == 8
    assert state.goods_supply == (10, 11, 11, 9, 9)
    assert sum(state.building_supply) == 49
    assert len(state.face_up) + len(state.plantation_stack) + n == 50
    assert state.plantation_discards == () and state.trading_house == ()


def test_pr2_1_4_the_governor_is_drawn_and_chooses_first() -> None:
    """PR2.1.4 the first governor is drawn (every seat occurs over seeds); PR3.2.1 he
    chooses the first role."""
    governors = set()
    for seed in range(40):
        state = lisboa_core.new_game(players=4, seed=seed, game="puerto-rico")
        assert state.to_act == state.governor
        assert state.pending[-1].kind == "choose-role"
        governors.add(state.governor)
    assert governors == {0, 1, 2, 3}


def test_pr2_1_8_face_up_plantations_come_from_a_seeded_shuffle() -> None:
    """PR2.1.8: the hidden stack is shuffled, so seeds differ; the same seed is the same."""
    a = lisboa_core.new_game(players=4, seed=10, game="puerto-rico")
    b = lisboa_core.new_game(players=4, seed=10, game="puerto-rico")
    assert a.plantation_stack == b.plantation_stack
    stacks = {lisboa_core.new_game(players=4, seed=s, game="puerto-rico").plantation_stack
              for s in range(5)}
    assert len(stacks) > 1
