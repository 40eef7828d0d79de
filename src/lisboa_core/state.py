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

    ``leftmost_slot`` is not a rules variant: slots of a row are interchangeable (R4.1), so
    it only removes decisions, for bots and learning agents.
    """

    gold_only_when_stuck: bool = False
    """A11 alternative: Get 1 gold only when no action can be completed."""
    draft: bool = False
    """R2.7.6: starting hands are drafted (keep 2, 1, 1, passing left)."""
    leftmost_slot: bool = False
    """Place tucked cards and ships in the leftmost empty slot (no ``slot N`` decision)."""


@attrs.frozen(slots=True)
class Frame:
    """One pending step: a decision for ``seat`` or an automatic step of the rules.

    ``kind`` names the handler; ``data`` is plain, hashable data the handler reads (ids,
    numbers, tuples and compiled effect nodes, never functions).
    """

    kind: str
    """The handler's name (``turn``, ``sell``, ``store``...): what is being decided."""
    seat: int
    """The seat that decides (any seat, also out of turn); -1 for an automatic step."""
    data: tuple[Any, ...] = ()
    """What the handler needs to continue (plain, hashable values)."""


@attrs.frozen(slots=False)  # a __dict__ copies in one step (see _replace.py)
class PlayerState:
    """Everything one seat owns. Per-good tuples follow :data:`GOODS`, per-colour tuples
    :data:`RUBBLE`; cards, tiles and plans are catalogue ids."""

    hand: tuple[str, ...]
    """Political card ids in hand (hidden from the other seats, R3.11)."""
    top: tuple[str | None, ...]
    """3 top portfolio slots: noble card or ship ids."""
    bottom: tuple[str | None, ...]
    """3 bottom slots: treasury card ids."""
    cargo: tuple[tuple[str, ...], ...]
    """Goods on the ship in each top slot."""
    sailed: tuple[int, ...]
    """Per top slot: how many of its goods are crates (at sea)."""
    goods: tuple[int, int, int, int]
    """Goods in the warehouse, per type in :data:`GOODS` order."""
    reis: int
    """Cash."""
    wigs: int
    """Wigs (victory points) scored so far."""
    influence: int
    """Position of the influence marker, 0 to the track's top (R5)."""
    clergy: tuple[str, ...]
    """Clergy tile ids held (at most 4, R8.5)."""
    favors: tuple[str, ...]
    """Nobles whose royal favor is held."""
    plans: tuple[str, ...]
    """Incomplete plan ids."""
    completed: tuple[str, ...]
    """Completed plan ids."""
    decrees: tuple[str, ...]
    """Decree ids taken (scored at the end, R16.3.5)."""
    rubble: tuple[int, int, int]
    """Cubes per colour (RUBBLE order), at most 5 each."""
    markers: int
    """Rubble-set markers on the Marquis portrait, not yet spent."""
    houses: tuple[int, int, int]
    """Houses taken from the left, middle and right groups."""
    officials: int
    """Officials in the player's storage."""

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
    current: int
    """Seat whose turn it is."""
    start_player: int
    """Seat of the start player (R2.6)."""
    period: int
    """1 or 2 (R15)."""
    pending: tuple[Frame, ...]
    """Decision stack; the last frame is on top."""
    rng: Rng
    """The random generator's state: every later shuffle or draw comes from it."""
    options: Options
    """The rule variants of this game."""
    catalogue: str
    """Digest of the rules catalogue the state was made with."""
    offices: tuple[tuple[int, ...], ...]
    """Per noble: seats of officials in the office."""
    plazas: tuple[tuple[int, ...], ...]
    """Per noble: seats of the officials displaced to the plaza (R8.1.3)."""
    favor_supply: tuple[int, int, int]
    """Royal favor tiles at each portrait."""
    covered: tuple[str, ...]
    """State actions covered by a good this turn."""
    treasury: int
    """Index of the treasury marker's space."""
    prices: tuple[int, int, int, int]
    """Price of each good, in :data:`GOODS` order (R1.6.3)."""
    piles: tuple[tuple[str, ...], ...]
    """Political display piles, top card first."""
    later_decks: tuple[tuple[str, ...], tuple[str, ...]]
    """Purple (hands), brown (display)."""
    shipyard: tuple[str, ...]
    """Top ship first."""
    later_ships: tuple[str, ...]
    """Ships that reach the shipyard in period 2 (R15.3)."""
    decree_deck: tuple[str, ...]
    """Face-down decrees, next first."""
    decree_display: tuple[str, ...]
    """Face-up decrees that can be taken."""
    clergy_bag: tuple[str, ...]
    """Order is hidden information (drawn from the front)."""
    church: tuple[str | None, ...]
    """The clergy spaces; space i lies clockwise before gap i."""
    cardinal: int
    """Gap index."""
    church_scoring: int | None
    """Seat that laid the cardinal down, if he lies down."""
    city_display: tuple[str | None, ...]
    """Per board city space."""
    city_stacks: tuple[tuple[str, ...], tuple[str, ...]]
    """Large, small."""
    stores: tuple[tuple[str, int, str], ...]
    """(land id, seat, street colour it faces)."""
    row_rubble: tuple[tuple[str, ...], ...]
    """Cube colours per row A-E."""
    column_rubble: tuple[tuple[str, ...], ...]
    """Per column 1-5."""
    site_rubble: tuple[tuple[str, ...], ...]
    """Per site, in catalogue order."""
    rubble_pile: tuple[str, ...]
    """Cubes in the rubble pile (card rewards take from it, R12.1)."""
    opened: tuple[tuple[str, str, str], ...]
    """(site id, building id, architect)."""
    scoring_tiles: tuple[str, ...]
    """Scoring tile id on each scoring space."""
    plan_stacks: tuple[tuple[str, ...], tuple[str, ...]]
    """Blue, green; top first."""
    building_stacks: tuple[tuple[str, ...], tuple[str, ...]]
    """Blue, green; available first."""
    turn: int = 0
    """Turns completed."""
    final_turns: int | None = None
    """Turns left once the game end is triggered (R16.2)."""
    log: tuple[str, ...] = ()
    """Recent events, for front ends."""
    removed: tuple[str, ...] = ()
    """Cards, tiles and plans that left the game (R0.6)."""
    rubble_out: int = 0
    """Rubble cubes out of the game (box at setup, full rows, discards)."""

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.pending[-1].seat if self.pending else None

    @property
    def player_count(self) -> int:
        """Number of seats."""
        return len(self.players)
