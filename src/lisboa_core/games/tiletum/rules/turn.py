"""A turn (TL6): duties, taking a die, the area's bonus tile, the die's resources, the die
action with its AP (joker: the kind chosen, TL7.6), more duties, and tidying the contract
display at the end of the turn (TL12.5)."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.tiletum.model import RESOURCES
from lisboa_core.games.tiletum.rules.draws import draws
from lisboa_core.games.tiletum.rules.duties import apply_duty, duty_moves
from lisboa_core.games.tiletum.rules.ops import (
    ACTIONS,
    add_resources,
    can_gain,
    move,
    rules_of,
    set_player,
)
from lisboa_core.games.tiletum.stack import register
from lisboa_core.games.tiletum.state import Frame, State

__all__ = ["area_of", "die_ap", "tidy_contracts"]

_END = Move("end")


def die_ap(value: int) -> int:
    """TL6.6: a die's AP are 7 minus its value."""
    return 7 - value


def area_of(state: State, value: int) -> int:
    """TL4.3: the index of the area the wheel section of ``value`` faces."""
    return (value - 1 + state.wheel) % 6


def _die_type_tile(state: State, seat: int) -> str:
    rules = rules_of(state)
    tiles = rules.extra["tile"]
    for t in state.players[seat].warehouse:
        if t in tiles and any(v == "die-type" for v, _ in tiles[t].effects):
            return t
    return ""


def _turn_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    rules = rules_of(state)
    takes = [move("take", f"AR{a + 1}", die) for a, dice in enumerate(state.area_dice)
             for die in dict.fromkeys(dice)]
    if _die_type_tile(state, frame.seat):  # TL22.1.8
        takes += [Move("take", (m.args[0], m.args[1], r)) for m in list(takes)
                  for r in RESOURCES if r != rules.extra["die"][str(m.args[1])[:2]]]
    return (*takes, *duty_moves(state, frame.seat))


def _turn(state: State, frame: Frame, move: Move | None) -> State:
    """TL6.1-TL6.5: a duty (the turn goes on), or the die taken: onto the board, the area's
    tile offered, the resources gained, the action started."""
    assert move is not None
    seat = frame.seat
    if move.kind != "take":
        return apply_duty(push(state, frame), seat, move)
    rules = rules_of(state)
    area = int(str(move.args[0])[2:]) - 1
    die = str(move.args[1])
    dice = list(state.area_dice[area])
    dice.remove(die)
    state = state.replaced({"area_dice": (*state.area_dice[:area], tuple(dice),
                                          *state.area_dice[area + 1 :])})
    p = state.players[seat]
    state = set_player(state, seat, replace(p, dice=(*p.dice, die)))
    value = int(die[2:])
    resource = rules.extra["die"][die[:2]]
    if len(move.args) > 2:
        tile = _die_type_tile(state, seat)
        p = state.players[seat]
        w = p.warehouse.index(tile)
        state = set_player(state, seat, replace(p, warehouse=(*p.warehouse[:w],
                                                              *p.warehouse[w + 1 :])))
        resource = str(move.args[2])
    state = add_resources(state, seat, **{resource: value})
    action = state.area_actions[area]  # TL2.1.3; TL27.1: its action tile's
    ap = die_ap(value)
    state = push(state, Frame("turn-end", seat))
    if action == "joker":
        state = push(state, Frame("joker", seat, (ap,)))
    else:
        bonus = state.players[seat].bonus_ap[ACTIONS.index(action)]
        state = push(state, Frame("action", seat, (action, ap + bonus, 0, 1)))
    if can_gain(state, seat, state.area_bonus[area]):
        state = push(state, Frame("area-bonus", seat, (area,)))
    return state


def _area_bonus_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (Move("bonus", ("yes",)), Move("bonus", ("no",)))


def _area_bonus(state: State, frame: Frame, move: Move | None) -> State:
    """TL6.4: the area's bonus tile into the warehouse, if the player wants it."""
    assert move is not None
    if move.args[0] != "yes":
        return state
    area = int(frame.data[0])
    p = state.players[frame.seat]
    state = set_player(state, frame.seat,
                       replace(p, warehouse=(*p.warehouse, state.area_bonus[area])))
    bonus = state.area_bonus
    return state.replaced({"area_bonus": (*bonus[:area], "", *bonus[area + 1 :])})


def _joker_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return tuple(Move("action", (k,)) for k in ACTIONS)


def _joker(state: State, frame: Frame, move: Move | None) -> State:
    """TL7.6: the joker's die action is of the kind chosen, with its building bonus."""
    assert move is not None
    kind = str(move.args[0])
    bonus = state.players[frame.seat].bonus_ap[ACTIONS.index(kind)]
    return push(state, Frame("action", frame.seat, (kind, int(frame.data[0]) + bonus, 0, 1)))


def _end_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (*duty_moves(state, frame.seat), _END)


def _end(state: State, frame: Frame, move: Move | None) -> State:
    """TL6.1 (f)-(g): duties, then the turn is declared ended and the display tidied."""
    assert move is not None
    if move.kind != "end":
        return apply_duty(push(state, frame), frame.seat, move)
    return tidy_contracts(state)


def tidy_contracts(state: State) -> State:
    """TL12.5: the display's tiles slide right keeping their order; the empty slots on the
    left are refilled from the deck (each a draw), the rightmost first."""
    tiles = [t for t in state.contract_display if t]
    empty = len(state.contract_display) - len(tiles)
    state = state.replaced({"contract_display": ("",) * empty + tuple(tiles)})
    slots = [("contract_display", i) for i in range(empty - 1, -1, -1)]
    return draws(state, "contract_deck", slots)


register("turn", _turn, _turn_moves)
register("area-bonus", _area_bonus, _area_bonus_moves)
register("joker", _joker, _joker_moves)
register("turn-end", _end, _end_moves)
