"""The mayor phase (PR5): the privilege colonist, sharing out the colonist ship, placing
every colonist as decisions, and the refill of the ship."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.puerto_rico.model import Role, Rules
from lisboa_core.games.puerto_rico.player import PlayerState
from lisboa_core.games.puerto_rico.rules.ops import (
    end_when,
    order_from,
    rules_of,
    set_player,
    with_item,
)
from lisboa_core.games.puerto_rico.stack import STACK
from lisboa_core.games.puerto_rico.state import Frame, State

__all__ = ["empty_building_circles", "shares", "start"]

_YES = Move("yes")
_NO = Move("no")


def start(state: State, seat: int, role: Role) -> State:
    """PR5: the privilege (PR5.1.1, optional), the ship shared out (PR5.2), every player
    places from the mayor on (PR5.3.3), the refill last (PR5.4)."""
    seats = order_from(seat, state.player_count)
    frames = [Frame("mayor-refill", -1),
              *(Frame("place-turn", s) for s in reversed(seats)),
              Frame("mayor-share", seat)]
    if role.privilege == "extra-colonist" and state.colonist_supply > 0:
        frames.append(Frame("mayor-privilege", seat, (role.amount,)))
    return push(state, *frames)


def _privilege_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (_YES, _NO)


def _privilege(state: State, frame: Frame, move: Move | None) -> State:
    """PR5.1.1: colonists from the supply (never the ship) to the mayor's San Juan."""
    assert move is not None
    if move.kind == "no":
        return state
    taken = min(frame.data[0], state.colonist_supply)
    p = state.players[frame.seat]
    state = set_player(state, frame.seat, replace(p, san_juan=p.san_juan + taken))
    return replace(state, colonist_supply=state.colonist_supply - taken)


def shares(colonists: int, players: int) -> list[int]:
    """PR5.2.2: the colonists of the ship per position from the mayor (position 0): one at a
    time round the table, so ``colonists // players`` each and one more for the first
    ``colonists % players``."""
    return [colonists // players + (1 if i < colonists % players else 0) for i in range(players)]


def _share(state: State, frame: Frame, move: Move | None) -> State:
    """PR5.2.1: every colonist of the ship is handed out, from the mayor on."""
    n = state.player_count
    for seat, share in zip(order_from(frame.seat, n), shares(state.colonist_ship, n),
                           strict=True):
        p = state.players[seat]
        state = set_player(state, seat, replace(p, san_juan=p.san_juan + share))
    return replace(state, colonist_ship=0)


def _rooms(rules: Rules, p: PlayerState) -> list[int]:
    """Empty circles per placement target: the island tile kinds, then the buildings."""
    rooms = [count - staffed for count, staffed in zip(p.island, p.staffed, strict=True)]
    circles = rules.b_circles
    rooms += [circles[i] - c if c >= 0 else 0 for i, c in enumerate(p.city)]
    return rooms


def _lifted(p: PlayerState) -> PlayerState:
    """Every colonist of the board in San Juan (PR5.3.1: placed anew)."""
    return replace(p, san_juan=p.colonists, staffed=(0,) * len(p.staffed),
                   city=tuple(0 if c > 0 else c for c in p.city))


def _place_turn(state: State, frame: Frame, move: Move | None) -> State:
    """PR5.3: the player places all his colonists anew. With at least as many colonists as
    circles every circle is filled (PR5.3.4) and the rest wait in San Juan (PR5.3.2): no
    choice. Otherwise he chooses, one colonist at a time, which circles to fill."""
    rules = rules_of(state)
    seat = frame.seat
    p = _lifted(state.players[seat])
    total = sum(_rooms(rules, p))
    if p.san_juan == 0:
        return state  # no colonist to place (a short ship at the end, PR5.4.3)
    if p.san_juan >= total:
        circles = rules.b_circles
        p = replace(p, staffed=p.island, san_juan=p.san_juan - total,
                    city=tuple(circles[i] if c >= 0 else c for i, c in enumerate(p.city)))
        return set_player(state, seat, p)
    return push(set_player(state, seat, p), Frame("place", seat, (0,)))


def _target_word(rules: Rules, target: int) -> str:
    tiles = len(rules.tiles)
    return rules.tiles[target].word if target < tiles else rules.buildings[target - tiles].id


def _place_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    """Targets in a fixed order (island tile kinds, then buildings), each not before the
    last one filled, so every arrangement is reached by one sequence of moves; a target is
    offered only if the circles from it on can still take every colonist left, so every
    placement can be completed (PR5.3.4)."""
    rules = rules_of(state)
    p = state.players[frame.seat]
    rooms = _rooms(rules, p)
    left = p.san_juan
    moves = []
    after = sum(rooms[frame.data[0]:])
    for target in range(frame.data[0], len(rooms)):
        if rooms[target] > 0 and after >= left:
            moves.append(Move("place", (_target_word(rules, target),)))
        after -= rooms[target]
    return tuple(moves)


def _place(state: State, frame: Frame, move: Move | None) -> State:
    """One colonist from San Juan onto a circle of the chosen tile or building."""
    assert move is not None
    rules = rules_of(state)
    word = str(move.args[0])
    seat = frame.seat
    p = state.players[seat]
    tiles = len(rules.tiles)
    target = next((i for i, t in enumerate(rules.tiles) if t.word == word), -1)
    if target >= 0:
        p = replace(p, staffed=with_item(p.staffed, target, p.staffed[target] + 1))
    else:
        building = rules.building_index[word]
        target = tiles + building
        p = replace(p, city=with_item(p.city, building, p.city[building] + 1))
    p = replace(p, san_juan=p.san_juan - 1)
    state = set_player(state, seat, p)
    return push(state, Frame("place", seat, (target,))) if p.san_juan > 0 else state


def empty_building_circles(rules: Rules, state: State) -> int:
    """Empty circles on every player's buildings (PR5.4.1: island tiles do not count)."""
    circles = rules.b_circles
    return sum(circles[i] - c for p in state.players for i, c in enumerate(p.city) if c >= 0)


def _refill(state: State, frame: Frame, move: Move | None) -> State:
    """PR5.4: the ship gets one colonist per empty building circle, at least the table's
    minimum (N); a supply short of that puts all it has on the ship and the game-end
    condition is met (PR5.4.3, PR15.1.1)."""
    rules = rules_of(state)
    need = max(rules.setup_for(state.player_count).refill_minimum,
               empty_building_circles(rules, state))
    if state.colonist_supply >= need:
        return replace(state, colonist_ship=state.colonist_ship + need,
                       colonist_supply=state.colonist_supply - need)
    state = replace(state, colonist_ship=state.colonist_ship + state.colonist_supply,
                    colonist_supply=0)
    return end_when(state, "colonists-short")


STACK.register("mayor-privilege", _privilege, _privilege_moves,
               checkpoint=True)
STACK.register("mayor-share", _share)
STACK.register("place-turn", _place_turn)
STACK.register("place", _place, _place_moves, checkpoint=True)
STACK.register("mayor-refill", _refill)
