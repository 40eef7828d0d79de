"""Duties (TL14): free actions of a player's own turn — the gold exchange, fulfilling a
contract, placing a coat of arms, contributing to a cathedral and using an assistant — and
what completing a building gives (TL16). The frames of the choices an effect opens are
registered here, with the duties offered in them too (TL14.1)."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.stack import push
from lisboa_core.games.tiletum.model import RESOURCES, CostTile
from lisboa_core.games.tiletum.rules.effects import CHOICES, apply_effects
from lisboa_core.games.tiletum.rules.ops import (
    ACTIONS,
    add_resources,
    add_vp,
    completed,
    move,
    rules_of,
    set_player,
    with_item,
)
from lisboa_core.games.tiletum.stack import register
from lisboa_core.games.tiletum.state import Frame, State

__all__ = ["after_building", "apply_duty", "duty_moves", "payment"]

DUTIES = frozenset({"trade", "fulfil", "coat", "contribute", "assist"})
"""The move kinds of duties."""

_GOLD, _FOOD, _STONE = (RESOURCES.index(r) for r in ("gold", "food", "stone"))
_TRADES = tuple(Move("trade", (r,)) for r in RESOURCES if r != "gold")  # TL14.2.1


def payment(state: State, tile: str, kind: str) -> dict[str, int] | None:
    """What fulfilling the contract on ``tile`` costs when its "of one type" part is paid in
    ``kind`` (TL23.1), or None when the seat cannot know yet (no such part and a kind given)."""
    rules = rules_of(state)
    contract = rules.extra["contract"][rules.extra["tile"][tile].holds]
    cost: dict[str, int] = {}
    for res, n in contract.pay:
        name = kind if res == "any" else res
        cost[name] = cost.get(name, 0) + n
    return cost


def _die_action(state: State, seat: int) -> int:
    """Where ``seat``'s die action (TL7.2) is in ``state.pending``: on top or suspended
    under granted actions and effects' choices (TL7.4); -1 when it is not open."""
    pending = state.pending
    for i in range(len(pending) - 1, -1, -1):
        f = pending[i]
        if f.kind == "action" and f.seat == seat and f.data[3]:
            return i
    return -1


def duty_moves(state: State, seat: int) -> list[Move]:
    """The duties ``seat`` may perform now (TL14.1); "+AP" assistants only while the turn's
    die action is open (TL14.6.2, TL22.1.7)."""
    rules = rules_of(state)
    p = state.players[seat]
    res = p.resources
    moves: list[Move] = list(_TRADES) if res[_GOLD] >= 2 else []
    if p.warehouse:
        have = dict(zip(RESOURCES, res, strict=True))
        tiles = rules.extra["tile"]
        seen: set[str] = set()
        for t in p.warehouse:
            if t in seen or t not in tiles:
                continue
            seen.add(t)
            kind = tiles[t].kind
            if kind == "contract" and len(p.contracts) < len(rules.contract_spaces):
                pay = rules.extra["contract"][tiles[t].holds].pay
                for r in (RESOURCES if any(x == "any" for x, _ in pay) else ("",)):
                    need: dict[str, int] = {}
                    for x, n in pay:  # as payment() adds it up
                        name = r if x == "any" else x
                        need[name] = need.get(name, 0) + n
                    if all(have[k] >= v for k, v in need.items()):
                        moves.append(move("fulfil", t, r) if r else move("fulfil", t))
            elif kind == "coat":
                moves += [move("coat", t, b.id) for i, b in enumerate(rules.buildings)
                          if not p.coats[i] and res[_FOOD] >= b.coat_food]
            elif kind == "assistant":
                verbs = {v for v, _ in tiles[t].effects}
                if "die-type" in verbs or ("plus-ap" in verbs and _die_action(state, seat) < 0):
                    continue
                moves.append(move("assist", t))
    pillars, contributed, left = state.pillars, p.contributed, state.cathedral_left
    for i, site in enumerate(rules.cathedrals):
        if seat not in pillars[i] or contributed[i] or left[i] <= 0:
            continue
        cost = rules.extra["cost"][state.costs[i]]
        if not cost.closed and res[_STONE] >= cost.stone:
            moves.append(move("contribute", site.id))
    return moves


def _remove(warehouse: tuple[str, ...], tile: str) -> tuple[str, ...]:
    i = warehouse.index(tile)
    return (*warehouse[:i], *warehouse[i + 1 :])


def apply_duty(state: State, seat: int, move: Move) -> State:
    """Perform a duty offered by :func:`duty_moves`, with the frame it interrupts already
    pushed back (a "+AP" assistant adds to the open die action wherever it waits)."""
    rules = rules_of(state)
    kind = move.kind
    if kind == "trade":  # TL14.2
        return add_resources(state, seat, gold=-2, **{str(move.args[0]): 1})
    if kind == "fulfil":  # TL14.3
        tile = str(move.args[0])
        cost = payment(state, tile, str(move.args[1]) if len(move.args) > 1 else "") or {}
        state = add_resources(state, seat, **{k: -v for k, v in cost.items()})
        p = state.players[seat]
        space = len(p.contracts)
        pillar = 1 if space < rules.start_pillars else 0
        state = set_player(state, seat, replace(
            p, warehouse=_remove(p.warehouse, tile), contracts=(*p.contracts, tile),
            pillars=p.pillars + pillar))
        contract = rules.extra["contract"][rules.extra["tile"][tile].holds]
        state = add_vp(state, seat, contract.vp + rules.contract_spaces[space])
        return apply_effects(state, seat, contract.extra)
    if kind == "coat":  # TL14.4
        tile, building = str(move.args[0]), str(move.args[1])
        index = next(i for i, b in enumerate(rules.buildings) if b.id == building)
        b = rules.buildings[index]
        state = add_resources(state, seat, food=-b.coat_food)
        p = state.players[seat]
        coats = (*p.coats[:index], tile, *p.coats[index + 1 :])
        state = set_player(state, seat, replace(p, warehouse=_remove(p.warehouse, tile),
                                                coats=coats))
        state = after_building(state, seat, index)
        return apply_effects(state, seat, (b.coat_bonus,))
    if kind == "contribute":  # TL14.5
        i = rules.extra["site_index"][str(move.args[0])]
        site = rules.cathedrals[i]
        # its own name: mypyc types ``cost`` above as the fulfil branch's dict
        price: CostTile = rules.extra["cost"][state.costs[i]]
        taken = site.tiles[site.pillars - state.cathedral_left[i]]
        state = add_resources(state, seat, stone=-price.stone, vp=price.vp + taken)
        p = state.players[seat]
        state = set_player(state, seat, replace(
            p, contributed=with_item(p.contributed, i, 1),
            cathedral_tiles=(*p.cathedral_tiles, taken)))
        return state.replaced({"cathedral_left": with_item(state.cathedral_left, i,
                                                           state.cathedral_left[i] - 1)})
    # assist (TL14.6)
    tile = str(move.args[0])
    p = state.players[seat]
    state = set_player(state, seat, replace(p, warehouse=_remove(p.warehouse, tile)))
    effects = rules.extra["tile"][tile].effects
    plus = sum(int(args[0]) for verb, args in effects if verb == "plus-ap")
    if plus:  # TL22.1.7: to the die action, never to a granted one (TL7.7)
        i = _die_action(state, seat)
        pending = state.pending
        f = pending[i]
        data = (f.data[0], f.data[1] + plus, *f.data[2:])
        state = state.with_pending((*pending[:i], Frame("action", seat, data), *pending[i + 1 :]))
    return apply_effects(state, seat, effects)


def after_building(state: State, seat: int, index: int) -> State:
    """After a person or a coat went into building ``index``: the roof trading post to the
    supply once its rooms are full (TL11.6); once completed, its bonus AP marker beside the
    action of its person (TL16.2), added at once to an open die action of that kind
    (TL16.4)."""
    rules = rules_of(state)
    p = state.players[seat]
    if p.roofs[index] and all(p.rooms[index]):
        p = replace(p, roofs=with_item(p.roofs, index, 0), posts=p.posts + 1)
        state = set_player(state, seat, p)
    rooms = rules.buildings[index].rooms
    if not rooms or not completed(rules, p, index):
        return state
    icon = rules.extra["person"][p.rooms[index][0]].icon
    a = ACTIONS.index(icon)
    state = set_player(state, seat, replace(p, bonus_ap=with_item(p.bonus_ap, a,
                                                                  p.bonus_ap[a] + rooms)))
    pending = list(state.pending)
    for i in range(len(pending) - 1, -1, -1):
        f = pending[i]
        if f.kind == "action" and f.seat == seat and f.data[3] and f.data[0] == icon:
            pending[i] = Frame("action", seat, (icon, f.data[1] + rooms, f.data[2], 1))
            return state.with_pending(tuple(pending))
    return state


def _choice_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    return (*CHOICES[frame.kind][1](state, frame), *duty_moves(state, frame.seat))


def _choice(state: State, frame: Frame, move: Move | None) -> State:
    """TL14.1: an effect's choice (a free step, a resource of any type...) or, at any moment
    of the turn, a duty, after which the same choice is offered again. Effects only happen
    in their player's own turn (TL0.6)."""
    assert move is not None
    if move.kind in DUTIES:
        return apply_duty(push(state, frame), frame.seat, move)
    return CHOICES[frame.kind][0](state, frame, move)


for _kind in CHOICES:
    register(_kind, _choice, _choice_moves)
