"""The validated, typed component catalogue: what the engine reads.

The card files are parsed into a syntax tree (:mod:`lisboa_core.dsl.ast`), checked, and
compiled into these immutable classes. Behaviour stays data: an effect is a tree of
:class:`Do` / :class:`Seq` / :class:`Choose` / :class:`May` nodes naming effect *kinds* from
:mod:`lisboa_core.dsl.vocabulary`; the interpreter never knows a card by its id.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from lisboa_core.dsl.nodes import (
    Behaviour,
    Choose,
    ComponentBase,
    Do,
    Effect,
    If,
    May,
    Modifier,
    Permission,
    Provenance,
    Quantity,
    Score,
    Seq,
    Trigger,
    elementary,
)

_Base = ComponentBase

__all__ = [
    "Behaviour",
    "Board",
    "Choose",
    "CityTile",
    "ClergyTile",
    "Component",
    "Decree",
    "Do",
    "Effect",
    "HouseAbility",
    "If",
    "LandSpace",
    "May",
    "Modifier",
    "Noble",
    "Permission",
    "Plan",
    "PlayerBoard",
    "PoliticalCard",
    "Provenance",
    "PublicBuilding",
    "Quantity",
    "RoyalFavor",
    "Score",
    "ScoringTile",
    "Seq",
    "Ship",
    "Site",
    "TreasurySpace",
    "Trigger",
    "elementary",
]


@attrs.frozen(slots=True, kw_only=True)
class PoliticalCard(_Base):
    """A noble or treasury card of one of the four decks."""

    deck: str
    type: str  # manuel | marquis | king | treasury
    influence: int = 0
    tucked: Seq | None = None  # a treasury card's top: what tucking it gives (R4.6)
    reward: Seq | None = None
    penalty: Seq | None = None
    event: Seq | None = None
    permanent: Behaviour = Behaviour()

    @property
    def is_treasury(self) -> bool:
        """True for treasury cards, False for noble cards."""
        return self.type == "treasury"


@attrs.frozen(slots=True, kw_only=True)
class Ship(_Base):
    """A ship card."""

    color: str
    period: int
    hull: int
    sale: int
    influence: int


@attrs.frozen(slots=True, kw_only=True)
class ClergyTile(_Base):
    """A clergy tile: wigs on its back and its behaviour while held."""

    wigs: int
    behaviour: Behaviour


@attrs.frozen(slots=True, kw_only=True)
class Decree(_Base):
    """A decree card and its end-game condition."""

    score: Score
    two_player_removal: bool = False
    more: tuple[Score, ...] = ()
    """A compound decree's further ``score`` lines (each scored and added)."""

    @property
    def scores(self) -> tuple[Score, ...]:
        """Every score line of the decree, in file order."""
        return (self.score, *self.more)


@attrs.frozen(slots=True, kw_only=True)
class PublicBuilding(_Base):
    """A double-sided public building: the two store colours on each architect's side."""

    blue: tuple[str, str]
    green: tuple[str, str]

    def colors(self, architect: str) -> tuple[str, str]:
        """The two store colours of the side of ``architect``."""
        return self.blue if architect == "blue" else self.green


@attrs.frozen(slots=True, kw_only=True)
class Plan(_Base):
    """A plan tile."""

    architect: str
    officials: int
    starting: bool = False


@attrs.frozen(slots=True, kw_only=True)
class CityTile(_Base):
    """A generic city tile; its store type comes from the display space."""

    size: str


@attrs.frozen(slots=True, kw_only=True)
class ScoringTile(_Base):
    """A scoring tile (wigs per relevant public building for stores of its column)."""

    wigs: int


@attrs.frozen(slots=True, kw_only=True)
class RoyalFavor(_Base):
    """A royal favor tile of one noble."""

    noble: str


@attrs.frozen(slots=True, kw_only=True)
class LandSpace(_Base):
    """A land space of downtown."""

    row: str
    column: int
    size: str
    streets: tuple[str, ...]
    reward: Seq | None = None


@attrs.frozen(slots=True, kw_only=True)
class Site(_Base):
    """A public-building construction site (west/east of a row, north of a street)."""

    side: str
    rubble: int
    row: str | None = None
    street: str | None = None
    reward: Seq | None = None


@attrs.frozen(slots=True, kw_only=True)
class Noble(_Base):
    """One of the three nobles: office, accepted goods and actions."""

    position: int
    accepts: tuple[str, ...]
    state_actions: tuple[str, ...]
    noble_action: str
    office: int

    @property
    def key(self) -> str:
        """The word that names this noble in card text (``manuel``)."""
        return self.id.lower()


@attrs.frozen(slots=True)
class TreasurySpace:
    """A treasury track space: influence modifier (left) and treasury value (right)."""

    modifier: int
    value: int


@attrs.frozen(slots=True, kw_only=True)
class Board(_Base):
    """The main board: geometry, tracks and scoring tables."""

    streets: tuple[tuple[str, str], ...]  # (street colour, good), west to east
    row_rubble: tuple[tuple[str, int], ...]
    column_rubble: tuple[tuple[int, int], ...]
    rubble_pile: int
    rubble: tuple[tuple[str, int, int], ...]  # (colour, cubes, land cost)
    scoring_spaces: tuple[tuple[int, int], ...]  # (column, scoring space)
    treasury: tuple[TreasurySpace, ...]  # bottom to top
    treasury_start: int
    price_start: tuple[tuple[str, int], ...]
    price_min: int
    price_max: int
    influence_max: int
    influence_start: tuple[int, ...]
    influence_reis_icons: tuple[int, ...]
    church_gaps: int
    church_icons: tuple[tuple[int, str], ...]
    decree_display: int
    clergy_track: int
    city_spaces: tuple[tuple[str, str], ...]  # (colour, size)
    political_display: tuple[str, ...]
    store_majority: tuple[tuple[str, int, int, int], ...]
    officials_majority: tuple[tuple[int, tuple[int, ...]], ...]
    start_reis: int
    start_wigs: int
    set_wigs: int
    favor_wigs: int
    reis_per_wig: int
    # Rulebook thresholds a card file may change for a balance study (issue 22.2); the
    # shipped board leaves them at these values unwritten, so its digest stays.
    period_end_sets: int = 2  # R15.1: a seat with this many rubble sets ends period 1
    period_end_piles: int = 3  # R15.1: ...as do this many empty display piles
    game_end_sets: int = 4  # R16.1: a seat with this many sets triggers the end
    game_end_piles: int = 3  # R16.1: ...as do this many empty piles in period 2
    two_player_row: str = "E"  # R2.3.2, R2.5.2-R2.5.3: covered with 2 players
    small_column: int = 5  # F1: the column of the small land spaces

    @property
    def treasury_start_index(self) -> int:
        """Index of the start space: the lowest space whose value is ``treasury_start``."""
        return next(i for i, s in enumerate(self.treasury) if s.value == self.treasury_start)


@attrs.frozen(slots=True)
class HouseAbility:
    """The ability revealed when house ``index`` (1 = bottom-most) of a group is taken."""

    group: str
    index: int
    behaviour: Behaviour


@attrs.frozen(slots=True, kw_only=True)
class PlayerBoard(_Base):
    """The player board: capacities, house groups and their abilities."""

    portfolio_top: int
    portfolio_bottom: int
    portfolio_base: int
    warehouse_base: int
    clergy_spaces: int
    rubble_per_colour: int
    set_columns: int
    officials: int
    houses: tuple[tuple[str, int], ...]
    abilities: tuple[HouseAbility, ...]


Component: TypeAlias = (
    PoliticalCard
    | Ship
    | ClergyTile
    | Decree
    | PublicBuilding
    | Plan
    | CityTile
    | ScoringTile
    | RoyalFavor
    | LandSpace
    | Site
    | Noble
    | Board
    | PlayerBoard
)
