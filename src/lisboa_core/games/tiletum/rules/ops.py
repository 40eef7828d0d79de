"""Small operations every Tiletum rules module uses: the catalogue of a state, a seat's
record, VP with their floor, resources, the king track, the warehouse and the buildings."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.catalogues import Catalogues
from lisboa_core.core.moves import Move
from lisboa_core.core.replace import replace
from lisboa_core.games.tiletum.catalogue import rules_by_digest
from lisboa_core.games.tiletum.model import RESOURCES, Rules
from lisboa_core.games.tiletum.player import PlayerState
from lisboa_core.games.tiletum.state import State

__all__ = [
    "ACTIONS",
    "add_resources",
    "add_vp",
    "advance_king",
    "ahead_order",
    "can_gain",
    "completed",
    "king_space",
    "move",
    "owned_coats",
    "rules_of",
    "set_player",
    "with_item",
]

ACTIONS: Final = ("architect", "merchant", "person", "contract", "king")
"""The five action kinds (TL7.2), in the order of ``bonus_ap``."""

_RULES: Final[Catalogues[Rules]] = Catalogues("tiletum.rules_of", rules_by_digest)
_MOVES: Final[dict[tuple[str, tuple[str | int, ...]], Move]] = {}


def move(kind: str, *args: str | int) -> Move:
    """The move ``kind args``, built once per process: moves are immutable values and a
    game offers the same few hundred again and again, so the generators share them."""
    key = (kind, args)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Move(kind, args)
    return found


def rules_of(state: State) -> Rules:
    """The catalogue a state was made with."""
    return _RULES.of(state.catalogue)


def set_player(state: State, seat: int, new: PlayerState) -> State:
    """A state with the record at ``seat`` replaced."""
    players = state.players
    return state.with_players((*players[:seat], new, *players[seat + 1 :]))


def with_item(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the item at ``index`` set to ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def add_vp(state: State, seat: int, vp: int) -> State:
    """``vp`` more (or fewer) VP for ``seat``, never below 0 (TL0.8)."""
    p = state.players[seat]
    return set_player(state, seat, replace(p, vp=max(0, p.vp + vp)))


def add_resources(state: State, seat: int, **amounts: int) -> State:
    """Resources added (or paid, negative) by name; ``vp`` adds VP."""
    vp = amounts.pop("vp", 0)
    p = state.players[seat]
    res = tuple(r + amounts.get(name, 0) for r, name in zip(p.resources, RESOURCES, strict=True))
    if vp:
        return set_player(state, seat, replace(p, resources=res, vp=max(0, p.vp + vp)))
    return set_player(state, seat, replace(p, resources=res))


def king_space(state: State, seat: int) -> int:
    """The king-track space of ``seat``'s marker."""
    for index, stack in enumerate(state.king):
        if seat in stack:
            return index
    raise ValueError(f"seat {seat} has no king marker")


def advance_king(state: State, seat: int, steps: int) -> State:
    """TL13.2-TL13.3: the marker ``steps`` spaces right (never past the last space), on top
    of any markers there."""
    here = king_space(state, seat)
    to = min(len(state.king) - 1, here + steps)
    if to == here:
        return state
    king = [tuple(s for s in stack if s != seat) for stack in state.king]
    king[to] = (*king[to], seat)
    return replace(state, king=tuple(king))


def ahead_order(state: State) -> list[int]:
    """Seats from furthest ahead on the king track: right to left, on one space bottom
    first (TL0.12, TL17.3)."""
    return [seat for stack in reversed(state.king) for seat in stack]


def owned_coats(rules: Rules, p: PlayerState) -> set[str]:
    """The coat types a player owns, warehouse and board (TL15.4)."""
    tiles = rules.extra["tile"]
    return {tiles[t].holds for t in (*p.warehouse, *p.coats)
            if t and t in tiles and tiles[t].kind == "coat"}


def can_gain(state: State, seat: int, tile: str) -> bool:
    """Whether ``seat`` may take ``tile`` into the warehouse: a free space (TL15.1), no coat
    of that type yet (TL15.4), an empty contract space for a contract (TL15.5)."""
    rules = rules_of(state)
    p = state.players[seat]
    if not tile or len(p.warehouse) >= rules.warehouse:
        return False
    kind = rules.kind_of(tile)
    if kind == "coat":
        return rules.extra["tile"][tile].holds not in owned_coats(rules, p)
    if kind == "contract":
        return len(p.contracts) < len(rules.contract_spaces)
    return True


def completed(rules: Rules, p: PlayerState, building: int) -> bool:
    """TL16.1: every room holds a person and the coat space holds a coat."""
    return bool(p.coats[building]) and all(p.rooms[building])
