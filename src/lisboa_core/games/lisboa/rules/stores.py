"""The Noble action Build a Store (R10.1).

Decisions: ``store``: ``store SPACE LAND`` (display space: ``yellow``, ``small-blue``...,
and land); ``store-house``: ``house GROUP``; ``store-rubble``: ``rubble row|column COLOUR``.

The store is placed with its house as soon as the land is chosen (R10.1.2 places the house
at step 6): nothing between depends on it, and the land is then taken for any follower.
The lookahead hints of these decisions are in :mod:`.store_hints`.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import tracked
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.core.specs import EMPTY, Fixed
from lisboa_core.core.stack import push
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.rules import ops, payment
from lisboa_core.games.lisboa.rules.effects import emit, run_effect, take_rubble
from lisboa_core.games.lisboa.rules.lands import (
    land_place,
    rubble_costs,
    space_name,
    store_candidates,
)
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import RUBBLE, Frame, State

# Model classes bound once (compiled code reads them faster than through ``m``).
_LandSpace: Final = m.LandSpace
_PublicBuilding: Final = m.PublicBuilding
_ScoringTile: Final = m.ScoringTile
_Site: Final = m.Site

__all__ = ["column_value", "land_price"]

_GROUPS: Final = ("left", "middle", "right")


def _store_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    """Every store the rules allow: a display tile's street and size on a free land
    (R10.1.1, R10.1.2.1), while a house is left (R10.1.6). Whether the seat can pay is the
    lookahead's to find (R10.1.3, R3.6); :mod:`.store_hints` prunes the hopeless ones."""
    houses = ops.player_board_of(ops.rules_of(state)).houses
    p = state.players[frame.seat]
    if all(taken >= total for taken, (_g, total) in zip(p.houses, houses, strict=True)):
        return ()  # R10.1.6: no house left
    return _listed(state)[0]


_Listed = tuple[tuple[Move, ...], tuple[str, ...]]


def _listed(state: State) -> _Listed:
    """The store moves the display and the free lands allow (see :func:`_store_moves`),
    and their lands, each once, in order."""
    display, stores = state.city_display, state.stores
    last = _LAST_STORES[0] if _LAST_STORES else None
    # The list depends only on the display and the stores built, tuples that successive
    # states share: the last answer is kept by their identity (the lookahead of a visit
    # lists the same stores again and again).
    if last is not None and last[0] is display and last[1] is stores and last[2] == (
        state.catalogue, state.player_count
    ):
        return last[3]
    taken_lands = {land for land, _s, _st in stores}
    moves = []
    lands: dict[str, None] = {}
    for (_space, candidates), tile in zip(store_candidates(state), display, strict=True):
        if tile is not None:
            for land_id, move in candidates:
                if land_id not in taken_lands:
                    moves.append(move)
                    lands[land_id] = None
    found = (tuple(moves), tuple(lands))
    _LAST_STORES[:] = [(display, stores, (state.catalogue, state.player_count), found)]
    return found


_LAST_STORES: Final[list[tuple[object, object, tuple[str, int], _Listed]]] = tracked([])


def _store(state: State, frame: Frame, move: Move | None) -> State:
    assert move is not None
    rules = ops.rules_of(state)
    seat = frame.seat
    space, land_id = str(move.args[0]), str(move.args[1])
    index = next(
        i for i, (c, s) in enumerate(ops.board_of(rules).city_spaces) if space_name(c, s) == space
    )
    colour = ops.board_of(rules).city_spaces[index][0]
    display = list(state.city_display)
    display[index] = None  # R10.1.2.1: the tile leaves the display until the refill
    state = replace(state, city_display=tuple(display))
    land = ops.typed(rules, land_id, _LandSpace)
    # The land is taken at once (so no follower can pick it); the house comes at step 6.
    state = replace(state, stores=(*state.stores, (land_id, seat, colour)))
    state = push(
        state,
        Frame("store-score", seat, (land_id, colour)),
        Frame("store-house", seat, (land_id, colour)),
        Frame("store-pay", seat, (land_id,)),
        Frame("store-rubble", seat, (land_id,)),
    )
    if land.reward is not None:
        state = run_effect(state, seat, land.reward)  # R10.1.2.3
    return state


def _house_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    houses = ops.player_board_of(ops.rules_of(state)).houses
    p = state.players[frame.seat]
    return tuple(
        Move("house", (g,))
        for g, taken, (_name, total) in zip(_GROUPS, p.houses, houses, strict=True)
        if taken < total
    )


def _house(state: State, frame: Frame, move: Move | None) -> State:
    """R13.1: the bottom-most house of the chosen group goes onto the store."""
    assert move is not None
    seat = frame.seat  # frame.data: (land id, colour) of the store under way
    g = _GROUPS.index(str(move.args[0]))
    p = state.players[seat]
    houses = tuple(n + 1 if i == g else n for i, n in enumerate(p.houses))
    return ops.update(state, seat, houses=houses)


def _rubble_spaces(state: State, land: m.LandSpace) -> tuple[int, int]:
    return land_place(state, land.id)


def _store_rubble_moves(state: State, frame: Frame) -> tuple[Move, ...]:
    land = ops.typed(ops.rules_of(state), frame.data[0], _LandSpace)
    row, column = _rubble_spaces(state, land)
    # RUBBLE lists colours from the most to the least expensive, so the first move leaves
    # the cheapest land price: lookahead finds an affordable path at once.
    moves = []
    for colour in RUBBLE:
        if colour in state.row_rubble[row]:
            moves.append(Move("rubble", ("row", colour)))
        if colour in state.column_rubble[column]:
            moves.append(Move("rubble", ("column", colour)))
    return tuple(moves) or (Move("rubble", ("none",)),)


def _store_rubble(state: State, frame: Frame, move: Move | None) -> State:
    """R10.1.2.4: one cube from the row or the column (mandatory if any)."""
    assert move is not None
    if move.args[0] == "none":
        return state
    land = ops.typed(ops.rules_of(state), frame.data[0], _LandSpace)
    row, column = _rubble_spaces(state, land)
    where, colour = str(move.args[0]), str(move.args[1])
    spaces = list(state.row_rubble if where == "row" else state.column_rubble)
    i = row if where == "row" else column
    cubes = list(spaces[i])
    cubes.remove(colour)
    spaces[i] = tuple(cubes)
    field = "row_rubble" if where == "row" else "column_rubble"
    state = replace(state, **{field: tuple(spaces)})
    return take_rubble(state, frame.seat, (colour,))


def land_price(state: State, seat: int, land_id: str) -> int:
    """R10.1.3: treasury value + the cubes left in the land's row and column, with the
    rubble modifiers (each cube at least 0)."""
    row, column = land_place(state, land_id)
    costs = rubble_costs(state, seat)
    cubes = (*state.row_rubble[row], *state.column_rubble[column])
    return ops.treasury_value(state) + sum(costs[c] for c in cubes)


def _store_pay(state: State, frame: Frame, move: Move | None) -> State:
    return payment.pay(state, frame.seat, land_price(state, frame.seat, frame.data[0]))


def column_value(state: State, column: int) -> int:
    """The wigs of the scoring tile that scores a land column (R10.1.4)."""
    rules = ops.rules_of(state)
    space = dict(ops.board_of(rules).scoring_spaces)[column]
    return ops.typed(rules, state.scoring_tiles[space - 1], _ScoringTile).wigs


def _relevant_buildings(state: State, land: m.LandSpace, street: str) -> int:
    rules = ops.rules_of(state)
    count = 0
    for site_id, building_id, architect in state.opened:
        site = ops.typed(rules, site_id, _Site)
        colours = ops.typed(rules, building_id, _PublicBuilding).colors(architect)
        north = site.side == "north" and site.street == street
        row = site.side != "north" and site.row == land.row and street in colours
        count += north or row
    return count


def _store_score(state: State, frame: Frame, move: Move | None) -> State:
    """R10.1.4: column value x relevant open buildings; then the store triggers."""
    land_id, colour = frame.data
    land = ops.typed(ops.rules_of(state), land_id, _LandSpace)
    wigs = column_value(state, land.column) * _relevant_buildings(state, land, colour)
    state = ops.add_wigs(state, frame.seat, wigs)
    return emit(state, frame.seat, "build-store")


STACK.register(
    "store", _store, _store_moves, data=EMPTY,
    stuck="R10.1.1: no free land of a display tile's street and size (R10.1.6: or no house "
    "left)", lookahead=True,
)
STACK.register(
    "store-house", _house, _house_moves, data=Fixed(("land", "street")),
    under=frozenset({"store-score"}), lookahead=True,
)
STACK.register(
    "store-rubble", _store_rubble, _store_rubble_moves, data=Fixed(("land",)),
    under=frozenset({"store-pay"}), lookahead=True,
)
STACK.register("store-pay", _store_pay, data=Fixed(("land",)), under=frozenset({"store-house"}))
STACK.register("store-score", _store_score, data=Fixed(("land", "street")))
