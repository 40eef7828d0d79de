"""Tiletum's catalogue: plain, immutable records read from ``cards/tiletum/*.lsb``
(:mod:`lisboa_core.games.tiletum.catalogue`), with the lookup tables the rules use."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "RESOURCES",
    "Building",
    "Cathedral",
    "Contract",
    "CostTile",
    "Effect",
    "Fair",
    "PersonTile",
    "PostSpace",
    "Rules",
    "Setup",
    "Tile",
    "Town",
]

RESOURCES: tuple[str, ...] = ("gold", "food", "wool", "stone", "iron")
"""The five resources (TL0.1), in the order of every per-resource tuple."""

Effect = tuple[str, tuple[str | int, ...]]
"""One effect phrase: its verb and its arguments (``("gain", ("gold", 1))``)."""


@dataclass(frozen=True)
class PostSpace:
    """A trading-post space (TL10.3): its town, the fewest players it is used with, its
    build bonus (TL25.1)."""

    id: str
    town: str
    players: int
    bonus: tuple[str | int, ...]


@dataclass(frozen=True)
class Town:
    """A town (TL0.4): its trading-post spaces, its map bonus-tile space (the fewest players
    it is used with, 0: none) and its cathedral site ('' none)."""

    id: str
    name: str
    posts: tuple[str, ...]
    bonus_space: int
    cathedral: str


@dataclass(frozen=True)
class Cathedral:
    """A cathedral site (TL10.7, TL14.5): its town, pillar spaces, cathedral tiles' VP
    (top first)."""

    id: str
    town: str
    pillars: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class CostTile:
    """A cathedral cost tile (TL2.1.8): stone to pay and VP, or closed."""

    id: str
    stone: int
    vp: int
    closed: bool


@dataclass(frozen=True)
class Fair:
    """A fair tile (TL24): what it counts and its VP."""

    id: str
    counts: tuple[str, ...]
    vp: int


@dataclass(frozen=True)
class Contract:
    """A contract design (TL23): the payment (``(type, n)`` pairs, type ``any`` = of one
    type), VP and extra effects."""

    id: str
    pay: tuple[tuple[str, int], ...]
    vp: int
    extra: tuple[Effect, ...]


@dataclass(frozen=True)
class PersonTile:
    """A person tile (TL21): its person, the person's action icon, its bonus."""

    id: str
    person: str
    icon: str
    players: int
    bonus: tuple[Effect, ...]


@dataclass(frozen=True)
class Tile:
    """A contract-deck or bonus tile (TL15.3): kind ``contract``, ``coat`` or ``assistant``,
    what it holds (a contract or coat id) or the assistant's effects."""

    id: str
    kind: str
    holds: str
    players: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Building:
    """A building of the player board (TL1.12, TL16): rooms, the food cost and bonus of its
    coat space."""

    id: str
    rooms: int
    coat_food: int
    coat_bonus: Effect


@dataclass(frozen=True)
class Setup:
    """What depends on the player count (TL2.3)."""

    players: int
    dice_per_colour: int
    dice_rolled: int
    gold: tuple[int, ...]
    start: tuple[int, ...]
    vp: int
    posts: int
    pillars: int


@dataclass(frozen=True)
class Rules:
    """The whole Tiletum catalogue and its lookup tables; ``digest`` names it."""

    digest: str
    towns: tuple[Town, ...]
    roads: tuple[str, ...]
    edges: tuple[tuple[str, str], ...]
    posts: tuple[PostSpace, ...]
    dice: tuple[tuple[str, str], ...]
    areas: tuple[str, ...]
    action_tiles: tuple[str, ...]
    king_values: tuple[int, ...]
    king_start: int
    king_last_vp: int
    corruption: tuple[int, ...]
    corruption_on_track: int
    cathedrals: tuple[Cathedral, ...]
    costs: tuple[CostTile, ...]
    fair_vp: tuple[int, ...]
    first_fair_town: str
    fairs: tuple[Fair, ...]
    town_tiles: tuple[tuple[str, str], ...]
    contract_costs: tuple[int, ...]
    person_slots: int
    person_cost: int
    warehouse: int
    contract_spaces: tuple[int, ...]
    start_pillars: int
    buildings: tuple[Building, ...]
    completed_vp: tuple[int, ...]
    resources_per_vp: int
    setups: tuple[Setup, ...]
    persons: tuple[PersonTile, ...]
    contracts: tuple[Contract, ...]
    coats: tuple[str, ...]
    contract_tiles: tuple[Tile, ...]
    bonus_tiles: tuple[Tile, ...]
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        adj: dict[str, list[str]] = {s: [] for s in self.spaces}
        for a, b in self.edges:
            adj[a].append(b)
            adj[b].append(a)
        e = self.extra
        e["adjacent"] = {s: tuple(sorted(v)) for s, v in adj.items()}
        e["town"] = {t.id: t for t in self.towns}
        e["post"] = {p.id: p for p in self.posts}
        e["post_index"] = {p.id: i for i, p in enumerate(self.posts)}
        e["cathedral"] = {c.id: c for c in self.cathedrals}
        e["site_index"] = {c.id: i for i, c in enumerate(self.cathedrals)}
        e["site_of_town"] = {c.town: i for i, c in enumerate(self.cathedrals)}
        e["cost"] = {c.id: c for c in self.costs}
        e["fair"] = {f.id: f for f in self.fairs}
        e["contract"] = {c.id: c for c in self.contracts}
        e["person"] = {p.id: p for p in self.persons}
        e["tile"] = {t.id: t for t in (*self.contract_tiles, *self.bonus_tiles)}
        e["bonus_towns"] = tuple(t.id for t in self.towns if t.bonus_space)
        e["die"] = dict(self.dice)

    @property
    def spaces(self) -> tuple[str, ...]:
        """Every map space: the towns, then the road spaces."""
        return (*(t.id for t in self.towns), *self.roads)

    def position(self, space: str) -> tuple[int, int] | None:
        """Where the board picture draws a map space (its ``at`` in the cards), or None."""
        found: dict[str, tuple[int, ...]] = self.extra.get("at", {})
        xy = found.get(space)
        return (xy[0], xy[1]) if xy is not None and len(xy) == 2 else None

    def setup_for(self, players: int) -> Setup:
        """The setup table of a player count (KeyError if none)."""
        for s in self.setups:
            if s.players == players:
                return s
        raise KeyError(f"no Tiletum setup for {players} players")

    def adjacent(self, space: str) -> tuple[str, ...]:
        """The spaces one move from ``space`` (TL10.2)."""
        found: tuple[str, ...] = self.extra["adjacent"][space]
        return found

    def kind_of(self, tile: str) -> str:
        """``person``, ``contract``, ``coat`` or ``assistant`` for any warehouse tile id."""
        if tile in self.extra["person"]:
            return "person"
        return str(self.extra["tile"][tile].kind)

    def __len__(self) -> int:
        return (len(self.towns) + len(self.persons) + len(self.contract_tiles)
                + len(self.bonus_tiles))
