"""The validated, typed component catalogue: what the engine reads.

The card files are parsed into a syntax tree (:mod:`lisboa_core.dsl.ast`), checked, and
compiled into these immutable classes. Behaviour stays data: an effect is a tree of
:class:`Do` / :class:`Seq` / :class:`Choose` / :class:`May` nodes naming effect *kinds* from
:mod:`lisboa_core.dsl.vocabulary`; the interpreter never knows a card by its id.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from lisboa_core.dsl.ast import NOWHERE, Loc

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


def _loc() -> Loc:
    return attrs.field(default=NOWHERE, eq=False, repr=False)


# --- effects ---------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Do:
    """One elementary effect: a kind from the vocabulary and its bound arguments."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()
    loc: Loc = _loc()

    def arg(self, name: str, default: Any = None) -> Any:
        """The argument bound to slot ``name`` (or ``default``)."""
        for key, value in self.args:
            if key == name:
                return value
        return default


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Seq:
    """Effects done in order."""

    steps: tuple[Effect, ...]
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Choose:
    """Choose exactly one option (``up_to is None``) or up to ``up_to`` different options."""

    options: tuple[Seq, ...]
    up_to: int | None = None
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class May:
    """An optional sequence: do all of it or none."""

    body: Seq
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class If:
    """Effects done only when a test on a counted quantity holds (``if at least 3 stores
    (...)``): ``test`` is a condition of the vocabulary (``at-least``, ``at-most``,
    ``most``, ``fewest``), ``count`` its number where it has one."""

    test: str
    count: int
    quantity: Quantity
    body: Seq
    loc: Loc = _loc()


Effect: TypeAlias = Do | Seq | Choose | May | If


def elementary(effect: Effect | None) -> list[Do]:
    """Every elementary effect in a tree, options and optional parts included."""
    if effect is None:
        return []
    if isinstance(effect, Do):
        return [effect]
    if isinstance(effect, Seq):
        return [d for step in effect.steps for d in elementary(step)]
    if isinstance(effect, Choose):
        return [d for option in effect.options for d in elementary(option)]
    return elementary(effect.body)


@attrs.frozen(slots=True)
class Modifier:
    """A passive change at a hook point; ``amount`` ``None`` means the quantity becomes 0."""

    hook: str
    amount: int | None
    qualifiers: tuple[tuple[str, Any], ...] = ()
    loc: Loc = _loc()

    def qualifier(self, name: str, default: Any = None) -> Any:
        """A qualifier's value (e.g. ``noble`` for a visit-cost modifier)."""
        return dict(self.qualifiers).get(name, default)


@attrs.frozen(slots=True)
class Permission:
    """A passive permission such as paying influence costs with reis."""

    ability: str
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Trigger:
    """Effects run when an event happens to the holder (``qualifier`` narrows the event)."""

    event: str
    qualifier: str | None
    effect: Seq
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Behaviour:
    """Everything a held tile, tucked card or revealed house ability does while it is active."""

    modifiers: tuple[Modifier, ...] = ()
    permissions: tuple[Permission, ...] = ()
    triggers: tuple[Trigger, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.modifiers or self.permissions or self.triggers)


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Quantity:
    """Something counted for a decree: a subject and its filters."""

    subject: str
    filters: tuple[tuple[str, Any], ...] = ()


@attrs.frozen(slots=True)
class Score:
    """A decree's end-game condition: ``per`` (each ``every`` units), ``most``, ``fewest``,
    ``at-least`` (``count`` or more units) or ``every-type``. ``wigs`` may be negative
    (a penalty)."""

    form: str
    wigs: int
    quantity: Quantity
    every: int = 1
    loc: Loc = _loc()
    count: int = 0


# --- components ------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Provenance:
    """Where a component's values come from: ``rules`` or ``reconstructed`` (and which keys)."""

    source: str
    reconstructed: tuple[str, ...] = ()

    @property
    def is_reconstructed(self) -> bool:
        """True if any value of the component was reconstructed."""
        return self.source == "reconstructed"


@attrs.frozen(slots=True, kw_only=True)
class _Base:
    id: str
    name: str
    provenance: Provenance
    loc: Loc = _loc()


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
