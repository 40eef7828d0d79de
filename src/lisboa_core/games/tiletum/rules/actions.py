"""The five actions bought with AP (TL7-TL13): architect, merchant, person, contract and king,
one frame per action instance (kind, AP left, whether the first exchange was made, whether it
is the turn's die action), with the duties mixed in (TL14.1)."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.tiletum.model import RESOURCES
from lisboa_core.games.tiletum.rules.draws import draws, returned
from lisboa_core.games.tiletum.rules.duties import DUTIES, after_building, apply_duty, duty_moves
from lisboa_core.games.tiletum.rules.effects import (
    apply_effects,
    pillar_sites,
    place_pillar,
    place_post,
    post_spaces,
)
from lisboa_core.games.tiletum.rules.ops import (
    add_resources,
    advance_king,
    can_gain,
    king_space,
    move,
    rules_of,
    set_player,
)
from lisboa_core.games.tiletum.stack import register
from lisboa_core.games.tiletum.state import Frame, State

__all__ = ["action_options", "person_places"]

_DONE = Move("done")
_EXCHANGES = tuple(tuple(Move("exchange", (give, take)) for take in RESOURCES if take != give)
                   for give in RESOURCES)  # TL12.3, by the resource given


def person_places(state: State, seat: int, tile: str) -> list[tuple[str, int]]:
    """(building, floor) rooms where ``seat`` may put person ``tile`` (TL11.3-TL11.4): an
    empty room of a building holding nobody else, and not a person found in another one."""
    rules = rules_of(state)
    person = rules.extra["person"][tile].person
    p = state.players[seat]
    homes = {i for i, rooms in enumerate(p.rooms)
             for t in rooms if t and rules.extra["person"][t].person == person}
    out = []
    for i, b in enumerate(rules.buildings):
        rooms = p.rooms[i]
        others = {rules.extra["person"][t].person for t in rooms if t}
        if (homes and i not in homes) or others - {person}:
            continue
        out += [(b.id, floor + 1) for floor in range(b.rooms) if not rooms[floor]]
    return out


def action_options(state: State, seat: int, kind: str, ap: int) -> list[Move]:
    """The options of an action of ``kind`` affordable with ``ap`` AP (TL8-TL13)."""
    if ap <= 0:
        return []
    rules = rules_of(state)
    p = state.players[seat]
    moves: list[Move] = []
    if kind in ("architect", "merchant"):
        here = p.architect if kind == "architect" else p.merchant
        moves += [move("move", s) for s in rules.adjacent(here)]
        town = rules.extra["town"].get(here)
        if town is not None:
            if kind == "architect":
                moves += [move("pillar", s) for s in pillar_sites(state, seat, here)]
            else:
                moves += [move("post", s) for s in post_spaces(state, seat, here)]
            t = rules.towns.index(town)
            if can_gain(state, seat, state.map_bonus[t]):
                moves.append(move("bonus", here))
    elif kind == "person":
        moves += [move("hire", t) for t in state.person_display
                  if t and can_gain(state, seat, t)]
        if state.person_deck or any(state.person_display):
            moves.append(move("refresh"))
        for tile in dict.fromkeys(p.warehouse):
            if tile in rules.extra["person"]:
                moves += [move("place", tile, b, floor)
                          for b, floor in person_places(state, seat, tile) if floor <= ap]
    elif kind == "contract":
        moves += [move("contract", f"CS{i + 1}") for i, t in enumerate(state.contract_display)
                  if t and rules.contract_costs[i] <= ap and can_gain(state, seat, t)]
        moves += [m for g, given in enumerate(_EXCHANGES) if p.resources[g] > 0 for m in given]
    elif kind == "king" and king_space(state, seat) < len(state.king) - 1:
        moves.append(move("advance"))
    return moves


def _moves(state: State, frame: Frame) -> tuple[Move, ...]:
    kind, ap = frame.data[0], frame.data[1]
    return (*action_options(state, frame.seat, kind, ap),
            *duty_moves(state, frame.seat), _DONE)


def _apply(state: State, frame: Frame, move: Move | None) -> State:
    """Buy one option (its AP price), or perform a duty, or end the instance (TL7.3)."""
    assert move is not None
    kind, ap, exchanged, die = frame.data
    seat = frame.seat
    if move.kind == "done":
        return state
    rules = rules_of(state)
    if move.kind in DUTIES:
        return apply_duty(push(state, frame), seat, move)
    cost = 1
    word = move.kind
    if word == "place":
        cost = int(move.args[2])
    elif word == "contract":
        cost = rules.contract_costs[int(str(move.args[0])[2:]) - 1]
    state = push(state, Frame("action", seat, (kind, ap - cost,
                                               1 if word == "exchange" else exchanged, die)))
    p = state.players[seat]
    arg = str(move.args[0]) if move.args else ""
    if word == "move":  # TL8.1, TL9.1
        return set_player(state, seat, replace(p, **{kind: arg}))
    if word == "pillar":  # TL8.2
        return place_pillar(state, seat, arg)
    if word == "post":  # TL9.2
        return place_post(state, seat, arg)
    if word == "bonus":  # TL8.3, TL9.3
        t = next(i for i, town in enumerate(rules.towns) if town.id == arg)
        state = set_player(state, seat, replace(p, warehouse=(*p.warehouse, state.map_bonus[t])))
        return state.replaced({"map_bonus": (*state.map_bonus[:t], "", *state.map_bonus[t + 1 :])})
    if word == "hire":  # TL11.1
        i = state.person_display.index(arg)
        state = set_player(state, seat, replace(p, warehouse=(*p.warehouse, arg)))
        display = (*state.person_display[:i], "", *state.person_display[i + 1 :])
        return draws(state.replaced({"person_display": display}), "person_deck",
                     [("person_display", i)])
    if word == "refresh":  # TL11.2
        return _refresh(state)
    if word == "place":  # TL11.3-TL11.6
        b = next(i for i, x in enumerate(rules.buildings) if x.id == move.args[1])
        floor = int(move.args[2]) - 1
        rooms = list(p.rooms[b])
        rooms[floor] = arg
        w = p.warehouse.index(arg)
        state = set_player(state, seat, replace(
            p, warehouse=(*p.warehouse[:w], *p.warehouse[w + 1 :]),
            rooms=(*p.rooms[:b], tuple(rooms), *p.rooms[b + 1 :])))
        state = after_building(state, seat, b)
        return apply_effects(state, seat, rules.extra["person"][arg].bonus)
    if word == "contract":  # TL12.1
        i = int(arg[2:]) - 1
        state = set_player(state, seat, replace(
            p, warehouse=(*p.warehouse, state.contract_display[i])))
        display = state.contract_display
        return state.replaced({"contract_display": (*display[:i], "", *display[i + 1 :])})
    if word == "exchange":  # TL12.3-TL12.4
        state = add_resources(state, seat, **{arg: -1})
        state = add_resources(state, seat, **{str(move.args[1]): 1})
        return state if exchanged else push(state, Frame("gain-any", seat, (1,)))
    return advance_king(state, seat, 1)  # TL13.2


def _refresh(state: State) -> State:
    """TL11.2: discard the display, refill it, then shuffle the discards into the deck (at
    once if the deck runs out while refilling): each refill a draw (a chance step), the
    shuffle only a merge (the deck is a multiset)."""
    discards = tuple(t for t in state.person_display if t)
    slots = [("person_display", i) for i in range(len(state.person_display))]
    state = state.replaced({"person_display": ("",) * len(slots)})
    first = len(state.person_deck)
    if first >= len(slots):
        return draws(returned(state, "person_deck", discards), "person_deck", slots)
    # pushed bottom first: the rest of the slots, the discards shuffled in, the deck's tiles
    state = draws(state, "person_deck", slots[first:], available=len(discards))
    state = returned(state, "person_deck", discards)
    return draws(state, "person_deck", slots[:first])


register("action", _apply, _moves)
