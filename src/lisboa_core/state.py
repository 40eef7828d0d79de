"""The immutable game state: plain data only (ints, strings, tuples, frozen attrs classes).

A state never changes; the engine builds new ones. Everything needed to continue the game
is inside, including the pending decisions (:class:`Frame`) and the random generator's
integers, so a state compares, hashes, copies and serialises exactly, even mid-decision.
"""

from __future__ import annotations

from typing import Any

import attrs

from .rng import Rng

__all__ = ["GOODS", "NOBLES", "RUBBLE", "Frame", "Options", "PlayerState", "State"]

GOODS: tuple[str, ...] = ("gold", "books", "cloth", "tools")
"""Good types, in the order used by every per-good tuple of the state."""

RUBBLE: tuple[str, ...] = ("brown", "red", "blue")
"""Rubble colours, in the order used by every per-colour tuple of the state."""

NOBLES: tuple[str, ...] = ("manuel", "marquis", "king")
"""The nobles, left to right; offices and plazas are indexed in this order."""

NEUTRAL = -1
"""The seat number of the neutral officials of a 2-player game."""


@attrs.frozen(slots=True)
class Options:
    """Rule variants, each a documented AMBIGUITY reading of rules.md.

    ``gold_only_when_stuck``: A11 alternative — Get 1 gold only when no action is possible.
    ``draft``: R2.7.6 — starting hands are drafted (keep 2, 1, 1, passing left).
    ``leftmost_slot``: a card or ship always goes into the leftmost empty slot of its row,
    instead of a ``slot N`` decision (R4.1: slots of a row are interchangeable, so this
    only removes decisions, for bots and learning agents).
    """

    gold_only_when_stuck: bool = False
    draft: bool = False
    leftmost_slot: bool = False


@attrs.frozen(slots=True)
class Frame:
    """One pending step: a decision for ``seat`` or an automatic step of the rules.

    ``kind`` names the handler; ``data`` is plain, hashable data the handler reads (ids,
    numbers, tuples and compiled effect nodes, never functions).
    """

    kind: str
    seat: int
    data: tuple[Any, ...] = ()


@attrs.frozen(slots=False)  # a __dict__ copies in one step (see _replace.py)
class PlayerState:
    """Everything one seat owns. Per-good tuples follow :data:`GOODS`."""

    hand: tuple[str, ...]
    top: tuple[str | None, ...]  # 3 top portfolio slots: noble card or ship ids
    bottom: tuple[str | None, ...]  # 3 bottom slots: treasury card ids
    cargo: tuple[tuple[str, ...], ...]  # goods on the ship in each top slot
    sailed: tuple[int, ...]  # per top slot: how many of its goods are crates (at sea)
    goods: tuple[int, int, int, int]
    reis: int
    wigs: int
    influence: int
    clergy: tuple[str, ...]
    favors: tuple[str, ...]  # nobles whose royal favor is held
    plans: tuple[str, ...]  # incomplete plan ids
    completed: tuple[str, ...]  # completed plan ids
    decrees: tuple[str, ...]
    rubble: tuple[int, int, int]  # cubes per colour (RUBBLE order), at most 5 each
    markers: int  # rubble-set markers on the Marquis portrait, not yet spent
    houses: tuple[int, int, int]  # houses taken from the left, middle and right groups
    officials: int  # officials in the player's storage

    @property
    def sets(self) -> int:
        """Completed rubble sets (R12.5)."""
        return min(self.rubble)

    @property
    def portfolio_size(self) -> int:
        """Cards in the portfolio, both rows."""
        return sum(c is not None for c in self.top) + sum(c is not None for c in self.bottom)


@attrs.frozen(slots=False)  # a __dict__ copies in one step (see _replace.py)
class State:
    """A whole game position. Build one with :func:`lisboa_core.new_game`."""

    players: tuple[PlayerState, ...]
    current: int  # seat whose turn it is
    start_player: int
    period: int
    pending: tuple[Frame, ...]  # decision stack; the last frame is on top
    rng: Rng
    options: Options
    catalogue: str  # digest of the rules catalogue the state was made with
    # court side
    offices: tuple[tuple[int, ...], ...]  # per noble: seats of officials in the office
    plazas: tuple[tuple[int, ...], ...]
    favor_supply: tuple[int, int, int]  # royal favor tiles at each portrait
    covered: tuple[str, ...]  # state actions covered by a good this turn
    treasury: int  # index of the treasury marker's space
    prices: tuple[int, int, int, int]
    piles: tuple[tuple[str, ...], ...]  # political display piles, top card first
    later_decks: tuple[tuple[str, ...], tuple[str, ...]]  # purple (hands), brown (display)
    shipyard: tuple[str, ...]  # top ship first
    later_ships: tuple[str, ...]
    decree_deck: tuple[str, ...]
    decree_display: tuple[str, ...]
    clergy_bag: tuple[str, ...]  # order is hidden information (drawn from the front)
    church: tuple[str | None, ...]  # the clergy spaces; space i lies clockwise before gap i
    cardinal: int  # gap index
    church_scoring: int | None  # seat that laid the cardinal down, if he lies down
    # downtown
    city_display: tuple[str | None, ...]  # per board city space
    city_stacks: tuple[tuple[str, ...], tuple[str, ...]]  # large, small
    stores: tuple[tuple[str, int, str], ...]  # (land id, seat, street colour it faces)
    row_rubble: tuple[tuple[str, ...], ...]  # cube colours per row A-E
    column_rubble: tuple[tuple[str, ...], ...]  # per column 1-5
    site_rubble: tuple[tuple[str, ...], ...]  # per site, in catalogue order
    rubble_pile: tuple[str, ...]
    opened: tuple[tuple[str, str, str], ...]  # (site id, building id, architect)
    scoring_tiles: tuple[str, ...]  # scoring tile id on each scoring space
    plan_stacks: tuple[tuple[str, ...], tuple[str, ...]]  # blue, green; top first
    building_stacks: tuple[tuple[str, ...], tuple[str, ...]]  # blue, green; available first
    # game flow
    turn: int = 0  # turns completed
    final_turns: int | None = None  # turns left once the game end is triggered (R16.2)
    log: tuple[str, ...] = ()  # recent events, for front ends
    removed: tuple[str, ...] = ()  # cards, tiles and plans that left the game (R0.6)
    rubble_out: int = 0  # rubble cubes out of the game (box at setup, full rows, discards)

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.pending[-1].seat if self.pending else None

    @property
    def player_count(self) -> int:
        """Number of seats."""
        return len(self.players)
