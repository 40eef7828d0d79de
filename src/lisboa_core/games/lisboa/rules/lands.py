"""Facts of the board the store rules read (R10.1): the notation of a city display space,
the land spaces a store of each display tile may stand on, the row and column of each land
and what each rubble colour adds to a land price. Read once per catalogue (the rubble costs
once per holding), shared by the rules and by the lookahead hints that bound prices.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import State

__all__ = ["land_place", "rubble_costs", "space_name", "store_candidates"]

Candidates = tuple[tuple[str, tuple[tuple[str, Move], ...]], ...]

_CANDIDATES: Final[Memo[tuple[str, int], Candidates]] = Memo(
    "lisboa.rules.lands._CANDIDATES", CATALOGUES
)
_PLACES: Final[Memo[str, dict[str, tuple[int, int]]]] = Memo(
    "lisboa.rules.lands._PLACES", CATALOGUES
)
_RUBBLE_COSTS: Final[Memo[tuple[object, ...], dict[str, int]]] = Memo(
    "lisboa.rules.lands._RUBBLE_COSTS", 10_000
)  # by ops.holdings


def space_name(colour: str, size: str) -> str:
    """The notation of a city display space: its colour for a large one, else
    ``SIZE-COLOUR`` (``small-blue``)."""
    return colour if size == "large" else f"{size}-{colour}"


def land_place(state: State, land_id: str) -> tuple[int, int]:
    """The land's row and column, as indexes into ``state.row_rubble`` and
    ``state.column_rubble`` (R10.1.2.4, R10.1.3)."""
    places = _PLACES.get(state.catalogue)
    if places is None:
        rules = ops.rules_of(state)
        rows = [r for r, _n in ops.board_of(rules).row_rubble]
        columns = [c for c, _n in ops.board_of(rules).column_rubble]
        places = {
            land.id: (rows.index(land.row), columns.index(land.column)) for land in rules.lands
        }
        _PLACES.put(state.catalogue, places)
    return places[land_id]


def rubble_costs(state: State, seat: int) -> dict[str, int]:
    """R10.1.3: what each rubble colour adds to a land price for this seat (at least 0)."""
    key = ops.holdings(state, seat)
    costs = _RUBBLE_COSTS.get(key)
    if costs is None:
        costs = {}
        for colour, _n, cost in ops.board_of(ops.rules_of(state)).rubble:
            mod = ops.modifier(state, seat, "land-rubble", colour=colour)
            costs[colour] = 0 if mod is None else max(0, cost + mod)
        _RUBBLE_COSTS.put(key, costs)
    return costs


def store_candidates(state: State) -> Candidates:
    """Per city display space (index order): its notation and the land spaces a store of
    that tile may stand on (size and street match; row E is covered with 2 players,
    R2.3.2), each with its move (R10.1.1, R10.1.2.1)."""
    key = (state.catalogue, state.player_count)
    found = _CANDIDATES.get(key)
    if found is None:
        rules = ops.rules_of(state)
        covered = ops.board_of(rules).two_player_row if state.player_count == 2 else None
        found = tuple(
            (
                (space := space_name(colour, size)),
                tuple(
                    (land.id, Move("store", (space, land.id)))
                    for land in rules.lands
                    if land.size == size
                    and colour in land.streets
                    and not (covered and land.row == covered)
                ),
            )
            for colour, size in ops.board_of(rules).city_spaces
        )
        _CANDIDATES.put(key, found)
    return found
