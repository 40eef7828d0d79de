"""Setting up a game of Puerto Rico (PR2) from the catalogue's setup table for the player
count, every shuffle and draw from the seed."""

from __future__ import annotations

from typing import Any

from lisboa_core.core.rng import Rng
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.roles import round_frames
from lisboa_core.games.puerto_rico.state import NOT_OWNED, State

__all__ = ["new_state"]


def new_state(rules: Rules, players: int, seed: int, options: Any = None) -> State:
    """The position before the first role is chosen (PR2.1): the governor drawn at random
    (PR2.1.4), starting doubloons and plantations by seat from the governor (PR2.2.1-2),
    the other plantations shuffled into the hidden stack and N + 1 turned face up
    (PR2.1.8), the supplies, ships and roles of the player count (PR2.1.9-PR2.1.12).

    :raises KeyError: for a player count the catalogue has no setup table for.
    """
    setup = rules.setup_for(players)
    rng = Rng(seed)
    governor, rng = rng.below(players)
    start = list(setup.start)
    pool: list[str] = []
    for tile in rules.tiles:
        if tile.kind == "plantation":
            pool += [tile.id] * (tile.count - start.count(tile.id))
    stack, rng = rng.shuffle(pool)
    empty_island = (0,) * len(rules.tiles)
    seats = []
    for seat in range(players):
        island = list(empty_island)
        island[rules.tile_index[start[(seat - governor) % players]]] += 1
        seats.append(PlayerState(
            doubloons=setup.doubloons, vp=0, goods=(0,) * len(rules.goods),
            island=tuple(island), staffed=empty_island,
            city=(NOT_OWNED,) * len(rules.buildings), san_juan=0,
        ))
    ships = tuple(sorted(setup.ships, key=lambda s: (rules.capacity[s], s)))
    state = State(
        players=tuple(seats),
        governor=governor,
        round=1,
        phase="",
        pending=(),
        rng=rng,
        catalogue=rules.digest,
        roles=setup.roles,
        role_doubloons=(0,) * len(setup.roles),
        role_takers=(-1,) * len(setup.roles),
        colonist_supply=setup.colonists,
        colonist_ship=setup.colonist_ship,
        vp_supply=setup.vp,
        goods_supply=tuple(g.count for g in rules.goods),
        ships=ships,
        ship_goods=(-1,) * len(ships),
        ship_loads=(0,) * len(ships),
        trading_house=(),
        face_up=stack[: setup.face_up],
        plantation_stack=stack[setup.face_up :],
        plantation_discards=(),
        quarries=sum(t.count for t in rules.tiles if t.kind == "quarry"),
        building_supply=tuple(b.copies for b in rules.buildings),
        end_reasons=(),
    )
    return round_frames(state)
