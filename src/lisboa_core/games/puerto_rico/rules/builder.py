"""The builder phase (PR6): prices with the builder's and the quarries' discounts, what may
be built, the university's colonist and the full city."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role, Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import (
    city_spaces,
    end_when,
    occupied_sum,
    order_from,
    privilege,
    rules_of,
    set_player,
    take_colonist,
    with_item,
)
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["buildable", "price", "start"]

_PASS = Move("pass")
_YES = Move("yes")
_NO = Move("no")


def start(state: State, seat: int, role: Role) -> State:
    """PR6.1.1: from the builder, each player in turn may build one building."""
    seats = order_from(seat, state.player_count)
    return push(state, *(Frame("build-turn", s, (int(s == seat),)) for s in reversed(seats)))


def price(rules: Rules, p: PlayerState, building: int, discount: int) -> int:
    """PR6.2.3: the printed cost less the builder's discount and less the occupied quarries'
    discount, at most the building's column of them (PR6.2.2), never below 0."""
    quarries = 0
    per_quarry = 0
    for tile, staffed in enumerate(p.staffed):
        if rules.tile_discount[tile] and staffed:
            quarries += staffed
            per_quarry = rules.tile_discount[tile]
    off = discount + min(quarries, rules.b_column[building]) * per_quarry
    return max(0, rules.b_cost[building] - off)


def buildable(state: State, seat: int, discount: int) -> list[int]:
    """The buildings ``seat`` may build now: not owned (PR6.3.1), a copy left (PR6.3.2),
    city space for it (PR6.3.4), and doubloons for its price (PR6.2.4)."""
    rules = rules_of(state)
    p = state.players[seat]
    free = rules.mat.city - city_spaces(rules, p.city)
    found = []
    for i, copies in enumerate(state.building_supply):
        if copies > 0 and p.city[i] < 0 and rules.b_spaces[i] <= free and price(
                rules, p, i, discount) <= p.doubloons:
            found.append(i)
    return found


def _discount(state: State, frame: Frame) -> int:
    return privilege(rules_of(state), state.phase, "discount") if frame.data[0] else 0


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    if not buildable(state, frame.seat, _discount(state, frame)):
        return state  # PR0.3.1: nothing he can build
    return push(state, Frame("build", frame.seat, frame.data))


def _build_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    found = buildable(state, frame.seat, _discount(state, frame))
    return (*(Move("build", (rules.buildings[i].id,)) for i in found), _PASS)


def _build(state: State, frame: Frame, move: Move | None) -> State:
    """PR6.1.1: pay the price, take the copy; a city filled to its last space meets the
    game-end condition (PR6.4.1); an occupied university may staff it (PR13.10)."""
    assert move is not None
    if move.kind == "pass":
        return state  # PR6.1.3: no privilege without a building
    rules = rules_of(state)
    seat = frame.seat
    building = rules.building_index[str(move.args[0])]
    p = state.players[seat]
    paid = price(rules, p, building, _discount(state, frame))
    p = replace(p, doubloons=p.doubloons - paid, city=with_item(p.city, building, 0))
    state = set_player(state, seat, p)
    state = replace(state, building_supply=with_item(
        state.building_supply, building, state.building_supply[building] - 1))
    if city_spaces(rules, p.city) >= rules.mat.city:
        state = end_when(state, "city-full")
    if occupied_sum(rules.b_staff_building, p.city) > 0 and (
            state.colonist_supply > 0 or state.colonist_ship > 0):
        return push(state, Frame("university", seat, (building,)))
    return state


def _university_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (_YES, _NO)


def _university(state: State, frame: Frame, move: Move | None) -> State:
    """PR13.10: one colonist (supply, else ship) on the building just built."""
    assert move is not None
    if move.kind == "no":
        return state
    state, found = take_colonist(state)
    if not found:
        return state
    building = frame.data[0]
    p = state.players[frame.seat]
    return set_player(state, frame.seat,
                      replace(p, city=with_item(p.city, building, p.city[building] + 1)))


STACK.register("build-turn", _turn)
STACK.register("build", _build, _build_moves, checkpoint=True)
STACK.register("university", _university, _university_moves, checkpoint=True)
