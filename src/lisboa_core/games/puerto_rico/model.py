"""Puerto Rico's component classes and its catalogue: what the engine reads.

The card files of ``cards/puerto-rico/`` are read into these immutable classes by
:mod:`lisboa_core.games.puerto_rico.catalogue`. Every number of the game is a field here, and
every building ability is data: an :class:`Ability` names an event, permission or modifier
*kind* the engine knows, with its numbers; a :class:`ScoreRule` is a large building's end
scoring as an expression. The engine never knows a component by its id.

:class:`Rules` also keeps per-index tables the engine reads on every move (the cost of
building ``i``, what each building adds to a sale), worked out once when it is built.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import attrs

from lisboa_core.dsl.ast import NOWHERE, Loc

__all__ = [
    "Ability",
    "Building",
    "CargoShip",
    "Component",
    "GameBoard",
    "Good",
    "IslandTile",
    "PlayerMat",
    "Provenance",
    "Role",
    "Rules",
    "ScoreRule",
    "Setup",
    "TradingHouse",
]

T = TypeVar("T")


def _loc() -> Loc:
    return attrs.field(default=NOWHERE, eq=False, repr=False)


@attrs.frozen(slots=True)
class Provenance:
    """Where a component's values come from: ``rules`` (looked up, ``sources`` cite the tags
    of components.md section 0) or ``reconstructed`` (``keys``: the values chosen to fit)."""

    source: str
    keys: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()

    @property
    def is_reconstructed(self) -> bool:
        """True if any value of the component was reconstructed."""
        return self.source == "reconstructed"


@attrs.frozen(slots=True, kw_only=True)
class Component:
    """What every component has: its id, its printed name and its provenance."""

    id: str
    name: str
    provenance: Provenance
    loc: Loc = _loc()

    @property
    def word(self) -> str:
        """The component in move notation (``settler``, ``ship5``): its id in lower case."""
        return self.id.lower()


@attrs.frozen(slots=True, kw_only=True)
class Good(Component):
    """A kind of goods (PR0.1.9): how many barrels exist, its trading-house price and
    whether producing it needs a production building besides the plantation (PR7.2)."""

    colour: str
    count: int
    price: int
    needs_building: bool


@attrs.frozen(slots=True, kw_only=True)
class IslandTile(Component):
    """A plantation (``good`` is what it yields) or a quarry (``good`` is ``None`` and
    ``discount`` is what each occupied one takes off a building's cost, PR6.2.2)."""

    kind: str  # plantation | quarry
    good: str | None
    count: int
    circles: int
    discount: int = 0
    good_word: str = ""

    @property
    def word(self) -> str:
        """The tile in move notation: its good's word (``corn``), or ``quarry``."""
        return self.good_word or self.id.lower()


@attrs.frozen(slots=True)
class Ability:
    """One ability of a building, as data (PR11-PR13).

    ``hook`` is ``on`` (``event`` happens: the owner gets ``effect`` with ``numbers``,
    counted in ``unit``; ``optional`` when written ``may (...)``), ``allow`` (``event``
    names a permission) or ``modify`` (``event`` names a number of the rules, changed by
    ``numbers[0]``)."""

    hook: str
    event: str
    effect: str = ""
    numbers: tuple[int, ...] = ()
    unit: str = ""
    optional: bool = False
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class ScoreRule:
    """A large building's end scoring as an expression (PR14):

    * ``per-building GROUP N``: N VP per building of the group the owner has;
    * ``steps QUANTITY t1 p1 t2 p2 ...``: the points of the highest threshold reached;
    * ``per-full QUANTITY D``: 1 VP per full D of the quantity.

    Quantities: ``island-tiles`` (filled island spaces), ``colonists`` (on the player
    board), ``vp-chips``."""

    kind: str
    subject: str
    numbers: tuple[int, ...]
    loc: Loc = _loc()


@attrs.frozen(slots=True, kw_only=True)
class Building(Component):
    """A building (PR11): cost, printed VP, board column (its quarry cap), circles, city
    spaces, copies in the box, the good it helps produce, its groups, abilities and end
    scoring."""

    cost: int
    vp: int
    column: int
    circles: int
    spaces: int
    copies: int
    produces: str | None
    groups: tuple[str, ...]
    abilities: tuple[Ability, ...] = ()
    scoring: tuple[ScoreRule, ...] = ()

    @property
    def large(self) -> bool:
        """Whether it takes more than one city space (a large building, PR11.1.8)."""
        return self.spaces > 1


@attrs.frozen(slots=True, kw_only=True)
class Role(Component):
    """A role card (PR0.2): the phase it starts and its privilege (a kind and a number)."""

    phase: str
    privilege: str
    amount: int = 0


@attrs.frozen(slots=True, kw_only=True)
class CargoShip(Component):
    """A cargo ship and how many goods it holds (PR1.2.7)."""

    capacity: int


@attrs.frozen(slots=True, kw_only=True)
class TradingHouse(Component):
    """The trading house: how many goods it holds (PR8.2.1)."""

    spaces: int


@attrs.frozen(slots=True, kw_only=True)
class GameBoard(Component):
    """The game board's numbers: its building columns, the doubloons put on each unchosen
    role (PR3.3.2), the game-end conditions (PR15.1) and the tie-break (PR16.2.2)."""

    columns: int
    role_bonus: int
    end: tuple[str, ...]
    tiebreak: tuple[str, ...]


@attrs.frozen(slots=True, kw_only=True)
class PlayerMat(Component):
    """The player board: island and city spaces (PR0.1.4) and the single goods every player
    keeps after a captain phase (PR9.6.2)."""

    island: int
    city: int
    keep_goods: int


@attrs.frozen(slots=True, kw_only=True)
class Setup(Component):
    """The setup of one player count (PR2.2)."""

    players: int
    doubloons: int
    colonists: int
    colonist_ship: int
    refill_minimum: int
    vp: int
    ships: tuple[str, ...]
    roles: tuple[str, ...]
    start: tuple[str, ...]
    face_up: int


def _sum_by(abilities: tuple[tuple[Ability, ...], ...], hook: str, event: str, effect: str,
            unit: str | None = None) -> tuple[int, ...]:
    return tuple(
        sum(a.numbers[0] for a in owned if a.hook == hook and a.event == event
            and a.effect == effect and (unit is None or a.unit == unit) and a.numbers)
        for owned in abilities
    )


@attrs.frozen(slots=True, eq=False)
class Rules:
    """A complete, validated Puerto Rico catalogue.

    Components are looked up by id (``rules[component_id]``); the typed tuples keep card-file
    order, which is the order of every per-good, per-tile and per-building tuple of the
    state. ``digest`` identifies the content (a state stores it). The ``b_*`` tables give,
    per building index, what the engine reads on every move.

    Example::

        from lisboa_core.games.puerto_rico.catalogue import load_rules

        rules = load_rules()
        assert len(rules.goods) == 5 and sum(b.copies for b in rules.buildings) == 49
        assert rules.setup_for(4).vp == 100
    """

    components: tuple[Component, ...]
    digest: str
    goods: tuple[Good, ...]
    tiles: tuple[IslandTile, ...]
    buildings: tuple[Building, ...]
    roles: tuple[Role, ...]
    ships: tuple[CargoShip, ...]
    trading_house: TradingHouse
    board: GameBoard
    mat: PlayerMat
    setups: tuple[Setup, ...]
    by_id: dict[str, Component] = attrs.field(init=False, repr=False)
    good_index: dict[str, int] = attrs.field(init=False, repr=False)
    tile_index: dict[str, int] = attrs.field(init=False, repr=False)
    building_index: dict[str, int] = attrs.field(init=False, repr=False)
    tile_good: tuple[int, ...] = attrs.field(init=False, repr=False)
    """Per island tile kind: the index of the good it yields, or -1 (a quarry)."""
    tile_discount: tuple[int, ...] = attrs.field(init=False, repr=False)
    capacity: dict[str, int] = attrs.field(init=False, repr=False)
    roles_by_id: dict[str, Role] = attrs.field(init=False, repr=False)
    b_cost: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_column: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_circles: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_spaces: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_good: tuple[int, ...] = attrs.field(init=False, repr=False)
    """Per building: the index of the good it helps produce, or -1."""
    b_sale_bonus: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_load_bonus: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_store_kinds: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_draw: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_staff_tile: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_staff_building: tuple[int, ...] = attrs.field(init=False, repr=False)
    b_kinds_table: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False)
    b_allows: tuple[frozenset[str], ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        put("by_id", {c.id: c for c in self.components})
        put("good_index", {g.id: i for i, g in enumerate(self.goods)})
        put("tile_index", {t.id: i for i, t in enumerate(self.tiles)})
        put("building_index", {b.id: i for i, b in enumerate(self.buildings)})
        put("tile_good", tuple(-1 if t.good is None else self.good_index[t.good]
                               for t in self.tiles))
        put("tile_discount", tuple(t.discount for t in self.tiles))
        put("capacity", {s.id: s.capacity for s in self.ships})
        put("roles_by_id", {r.id: r for r in self.roles})
        bs = self.buildings
        put("b_cost", tuple(b.cost for b in bs))
        put("b_column", tuple(b.column for b in bs))
        put("b_circles", tuple(b.circles for b in bs))
        put("b_spaces", tuple(b.spaces for b in bs))
        put("b_good", tuple(-1 if b.produces is None else self.good_index[b.produces]
                            for b in bs))
        owned = tuple(b.abilities for b in bs)
        put("b_sale_bonus", _sum_by(owned, "on", "sell", "gain", "doubloons"))
        put("b_load_bonus", _sum_by(owned, "on", "load", "gain", "vp"))
        put("b_store_kinds", _sum_by(owned, "modify", "store-kinds", ""))
        put("b_draw", _sum_by(owned, "on", "settle", "draw-plantation"))
        put("b_staff_tile", _sum_by(owned, "on", "take-tile", "staff-tile"))
        put("b_staff_building", _sum_by(owned, "on", "build", "staff-building"))
        put("b_kinds_table", tuple(
            next((a.numbers for a in abilities if a.hook == "on" and a.event == "produce"
                  and a.effect == "gain-by-kinds"), ())
            for abilities in owned
        ))
        put("b_allows", tuple(frozenset(a.event for a in abilities if a.hook == "allow")
                              for abilities in owned))

    def __getitem__(self, component_id: str) -> Component:
        return self.by_id[component_id]

    def __contains__(self, component_id: object) -> bool:
        return component_id in self.by_id

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def get(self, component_id: str) -> Component | None:
        """The component with this id, or ``None``."""
        return self.by_id.get(component_id)

    def typed(self, component_id: str, cls: type[T]) -> T:
        """The component with this id, checked to be of class ``cls``."""
        component = self.by_id[component_id]
        if not isinstance(component, cls):
            raise TypeError(f"{component_id} is a {type(component).__name__}, not {cls.__name__}")
        return component

    def setup_for(self, players: int) -> Setup:
        """The setup table of a player count.

        :raises KeyError: for a count no table covers.
        """
        for setup in self.setups:
            if setup.players == players:
                return setup
        raise KeyError(f"no setup for {players} players")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the setup tables cover."""
        return tuple(sorted(s.players for s in self.setups))
