"""The immutable game state: plain data only (ints, strings, tuples, immutable classes).

A state never changes; the engine builds new ones. Everything needed to continue the game
is inside, including the pending decisions (:class:`Frame`) and the random generator's
integers, so a state compares, hashes, copies and serialises exactly, even mid-decision.
"""

from __future__ import annotations

import inspect
from types import FunctionType
from typing import Any, ClassVar, NoReturn

import attrs

from lisboa_core.core.rng import Rng
from lisboa_core.games.lisboa.player import PlayerState, dump_fields

__all__ = ["GOODS", "NOBLES", "RUBBLE", "Frame", "Options", "PlayerState", "State"]

GOODS: tuple[str, ...] = ("gold", "books", "cloth", "tools")
"""Good types, in the order used by every per-good tuple of the state."""

RUBBLE: tuple[str, ...] = ("brown", "red", "blue")
"""Rubble colours, in the order used by every per-colour tuple of the state."""

NOBLES: tuple[str, ...] = ("manuel", "marquis", "king")
"""The nobles, left to right; offices and plazas are indexed in this order."""

_set = object.__setattr__

NEUTRAL = -1
"""The seat number of the neutral officials of a 2-player game."""


@attrs.frozen(slots=True)
class Options:
    """Rule variants, each a documented AMBIGUITY reading of rules.md.

    ``leftmost_slot`` is not a rules variant: slots of a row are interchangeable (R4.1), so
    it only removes decisions, for bots and learning agents.

    Example::

        from lisboa_core import Options, new_game

        state = new_game(players=3, seed=2, options=Options(leftmost_slot=True))
        assert state.options.leftmost_slot and not state.options.draft
    """

    gold_only_when_stuck: bool = False
    """A11 alternative: Get 1 gold only when no action can be completed."""
    draft: bool = False
    """R2.7.6: starting hands are drafted (keep 2, 1, 1, passing left)."""
    leftmost_slot: bool = False
    """Place tucked cards and ships in the leftmost empty slot (no ``slot N`` decision)."""


class Frame:
    """One pending step: a decision for ``seat`` or an automatic step of the rules.

    ``kind`` names the handler; ``data`` is plain, hashable data the handler reads (ids,
    numbers, tuples and compiled effect nodes, never functions).
    """

    __slots__ = ("data", "kind", "seat")

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "seat", "data")
    """The field names, in constructor order."""

    kind: str
    """The handler's name (``turn``, ``sell``, ``store``...): what is being decided."""
    seat: int
    """The seat that decides (any seat, also out of turn); -1 for an automatic step."""
    data: tuple[Any, ...]
    """What the handler needs to continue (plain, hashable values)."""

    def __init__(
        self,
        kind: str,
        seat: int,
        data: tuple[Any, ...] = (),
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.data = data

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in :attr:`FIELDS` order."""
        return (self.kind, self.seat, self.data)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Frame:
            return NotImplemented
        assert isinstance(other, Frame)
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"Frame is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Frame is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Frame, self.values())

    def replaced(self, changes: dict[str, Any]) -> Frame:
        """A copy with the fields named in ``changes`` set to new values (names unchecked:
        the engine passes field names it knows)."""
        return Frame(
            changes.get("kind", self.kind),
            changes.get("seat", self.seat),
            changes.get("data", self.data),
        )

    def __repr__(self) -> str:
        return f"Frame({self.kind!r}, {self.seat}, {self.data!r})"


class State:
    """A whole game position. Build one with :func:`lisboa_core.new_game`.

    Example::

        from lisboa_core import new_game

        state = new_game(players=2, seed=1)
        print(state)                      # <State 2p period 1 turn 0 to_act ... digest ...>
        assert state.player_count == 2 and state.to_act in (0, 1)
        assert state.players[0].reis == 10  # R2.2.2
    """

    FIELDS: ClassVar[tuple[str, ...]] = (
        "players",
        "current",
        "start_player",
        "period",
        "pending",
        "rng",
        "options",
        "catalogue",
        "offices",
        "plazas",
        "favor_supply",
        "covered",
        "treasury",
        "prices",
        "piles",
        "later_decks",
        "shipyard",
        "later_ships",
        "decree_deck",
        "decree_display",
        "clergy_bag",
        "church",
        "cardinal",
        "church_scoring",
        "city_display",
        "city_stacks",
        "stores",
        "row_rubble",
        "column_rubble",
        "site_rubble",
        "rubble_pile",
        "opened",
        "scoring_tiles",
        "plan_stacks",
        "building_stacks",
        "turn",
        "final_turns",
        "log",
        "removed",
        "rubble_out",
    )
    """The field names, in constructor order."""

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
    favor_supply: tuple[int, ...]
    """Royal favor tiles at each portrait."""
    covered: tuple[str, ...]
    """State actions covered by a good this turn."""
    treasury: int
    """Index of the treasury marker's space."""
    prices: tuple[int, ...]
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
    opened: tuple[tuple[str, ...], ...]
    """(site id, building id, architect)."""
    scoring_tiles: tuple[str, ...]
    """Scoring tile id on each scoring space."""
    plan_stacks: tuple[tuple[str, ...], tuple[str, ...]]
    """Blue, green; top first."""
    building_stacks: tuple[tuple[str, ...], tuple[str, ...]]
    """Blue, green; available first."""
    turn: int
    """Turns completed."""
    final_turns: int | None
    """Turns left once the game end is triggered (R16.2)."""
    log: tuple[str, ...]
    """Always empty: kept so saved states keep their layout. Front ends read
    :func:`lisboa_core.games.lisboa.events.apply_with_events` instead."""
    removed: tuple[str, ...]
    """Cards, tiles and plans that left the game (R0.6)."""
    rubble_out: int
    """Rubble cubes out of the game (box at setup, full rows, discards)."""

    def __init__(
        self,
        players: tuple[PlayerState, ...],
        current: int,
        start_player: int,
        period: int,
        pending: tuple[Frame, ...],
        rng: Rng,
        options: Options,
        catalogue: str,
        offices: tuple[tuple[int, ...], ...],
        plazas: tuple[tuple[int, ...], ...],
        favor_supply: tuple[int, ...],
        covered: tuple[str, ...],
        treasury: int,
        prices: tuple[int, ...],
        piles: tuple[tuple[str, ...], ...],
        later_decks: tuple[tuple[str, ...], tuple[str, ...]],
        shipyard: tuple[str, ...],
        later_ships: tuple[str, ...],
        decree_deck: tuple[str, ...],
        decree_display: tuple[str, ...],
        clergy_bag: tuple[str, ...],
        church: tuple[str | None, ...],
        cardinal: int,
        church_scoring: int | None,
        city_display: tuple[str | None, ...],
        city_stacks: tuple[tuple[str, ...], tuple[str, ...]],
        stores: tuple[tuple[str, int, str], ...],
        row_rubble: tuple[tuple[str, ...], ...],
        column_rubble: tuple[tuple[str, ...], ...],
        site_rubble: tuple[tuple[str, ...], ...],
        rubble_pile: tuple[str, ...],
        opened: tuple[tuple[str, ...], ...],
        scoring_tiles: tuple[str, ...],
        plan_stacks: tuple[tuple[str, ...], tuple[str, ...]],
        building_stacks: tuple[tuple[str, ...], tuple[str, ...]],
        turn: int = 0,
        final_turns: int | None = None,
        log: tuple[str, ...] = (),
        removed: tuple[str, ...] = (),
        rubble_out: int = 0,
    ) -> None:
        self.players = players
        self.current = current
        self.start_player = start_player
        self.period = period
        self.pending = pending
        self.rng = rng
        self.options = options
        self.catalogue = catalogue
        self.offices = offices
        self.plazas = plazas
        self.favor_supply = favor_supply
        self.covered = covered
        self.treasury = treasury
        self.prices = prices
        self.piles = piles
        self.later_decks = later_decks
        self.shipyard = shipyard
        self.later_ships = later_ships
        self.decree_deck = decree_deck
        self.decree_display = decree_display
        self.clergy_bag = clergy_bag
        self.church = church
        self.cardinal = cardinal
        self.church_scoring = church_scoring
        self.city_display = city_display
        self.city_stacks = city_stacks
        self.stores = stores
        self.row_rubble = row_rubble
        self.column_rubble = column_rubble
        self.site_rubble = site_rubble
        self.rubble_pile = rubble_pile
        self.opened = opened
        self.scoring_tiles = scoring_tiles
        self.plan_stacks = plan_stacks
        self.building_stacks = building_stacks
        self.turn = turn
        self.final_turns = final_turns
        self.log = log
        self.removed = removed
        self.rubble_out = rubble_out

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in :attr:`FIELDS` order."""
        return (
            self.players,
            self.current,
            self.start_player,
            self.period,
            self.pending,
            self.rng,
            self.options,
            self.catalogue,
            self.offices,
            self.plazas,
            self.favor_supply,
            self.covered,
            self.treasury,
            self.prices,
            self.piles,
            self.later_decks,
            self.shipyard,
            self.later_ships,
            self.decree_deck,
            self.decree_display,
            self.clergy_bag,
            self.church,
            self.cardinal,
            self.church_scoring,
            self.city_display,
            self.city_stacks,
            self.stores,
            self.row_rubble,
            self.column_rubble,
            self.site_rubble,
            self.rubble_pile,
            self.opened,
            self.scoring_tiles,
            self.plan_stacks,
            self.building_stacks,
            self.turn,
            self.final_turns,
            self.log,
            self.removed,
            self.rubble_out,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not State:
            return NotImplemented
        assert isinstance(other, State)
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"State is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"State is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (State, self.values())

    def with_players(self, players: tuple[PlayerState, ...]) -> State:
        """A copy with ``players`` replaced (the engine's most frequent copy)."""
        return State(
            players,
            self.current,
            self.start_player,
            self.period,
            self.pending,
            self.rng,
            self.options,
            self.catalogue,
            self.offices,
            self.plazas,
            self.favor_supply,
            self.covered,
            self.treasury,
            self.prices,
            self.piles,
            self.later_decks,
            self.shipyard,
            self.later_ships,
            self.decree_deck,
            self.decree_display,
            self.clergy_bag,
            self.church,
            self.cardinal,
            self.church_scoring,
            self.city_display,
            self.city_stacks,
            self.stores,
            self.row_rubble,
            self.column_rubble,
            self.site_rubble,
            self.rubble_pile,
            self.opened,
            self.scoring_tiles,
            self.plan_stacks,
            self.building_stacks,
            self.turn,
            self.final_turns,
            self.log,
            self.removed,
            self.rubble_out,
        )

    def with_pending(self, pending: tuple[Frame, ...]) -> State:
        """A copy with ``pending`` replaced (the engine's most frequent copy)."""
        return State(
            self.players,
            self.current,
            self.start_player,
            self.period,
            pending,
            self.rng,
            self.options,
            self.catalogue,
            self.offices,
            self.plazas,
            self.favor_supply,
            self.covered,
            self.treasury,
            self.prices,
            self.piles,
            self.later_decks,
            self.shipyard,
            self.later_ships,
            self.decree_deck,
            self.decree_display,
            self.clergy_bag,
            self.church,
            self.cardinal,
            self.church_scoring,
            self.city_display,
            self.city_stacks,
            self.stores,
            self.row_rubble,
            self.column_rubble,
            self.site_rubble,
            self.rubble_pile,
            self.opened,
            self.scoring_tiles,
            self.plan_stacks,
            self.building_stacks,
            self.turn,
            self.final_turns,
            self.log,
            self.removed,
            self.rubble_out,
        )

    def replaced(self, changes: dict[str, Any]) -> State:
        """A copy with the fields named in ``changes`` set to new values (names unchecked:
        the engine passes field names it knows). Each change is read once: the engine
        copies states on every step."""
        players, current, start_player = self.players, self.current, self.start_player
        period, pending, rng = self.period, self.pending, self.rng
        options, catalogue, offices = self.options, self.catalogue, self.offices
        plazas, favor_supply, covered = self.plazas, self.favor_supply, self.covered
        treasury, prices, piles = self.treasury, self.prices, self.piles
        later_decks, shipyard, later_ships = self.later_decks, self.shipyard, self.later_ships
        decree_deck, decree_display = self.decree_deck, self.decree_display
        clergy_bag = self.clergy_bag
        church, cardinal, church_scoring = self.church, self.cardinal, self.church_scoring
        city_display, city_stacks, stores = self.city_display, self.city_stacks, self.stores
        row_rubble, column_rubble = self.row_rubble, self.column_rubble
        site_rubble = self.site_rubble
        rubble_pile, opened, scoring_tiles = self.rubble_pile, self.opened, self.scoring_tiles
        plan_stacks, building_stacks, turn = self.plan_stacks, self.building_stacks, self.turn
        final_turns, log, removed = self.final_turns, self.log, self.removed
        rubble_out = self.rubble_out
        for name, value in changes.items():
            if name == "players":
                players = value
            elif name == "current":
                current = value
            elif name == "start_player":
                start_player = value
            elif name == "period":
                period = value
            elif name == "pending":
                pending = value
            elif name == "rng":
                rng = value
            elif name == "options":
                options = value
            elif name == "catalogue":
                catalogue = value
            elif name == "offices":
                offices = value
            elif name == "plazas":
                plazas = value
            elif name == "favor_supply":
                favor_supply = value
            elif name == "covered":
                covered = value
            elif name == "treasury":
                treasury = value
            elif name == "prices":
                prices = value
            elif name == "piles":
                piles = value
            elif name == "later_decks":
                later_decks = value
            elif name == "shipyard":
                shipyard = value
            elif name == "later_ships":
                later_ships = value
            elif name == "decree_deck":
                decree_deck = value
            elif name == "decree_display":
                decree_display = value
            elif name == "clergy_bag":
                clergy_bag = value
            elif name == "church":
                church = value
            elif name == "cardinal":
                cardinal = value
            elif name == "church_scoring":
                church_scoring = value
            elif name == "city_display":
                city_display = value
            elif name == "city_stacks":
                city_stacks = value
            elif name == "stores":
                stores = value
            elif name == "row_rubble":
                row_rubble = value
            elif name == "column_rubble":
                column_rubble = value
            elif name == "site_rubble":
                site_rubble = value
            elif name == "rubble_pile":
                rubble_pile = value
            elif name == "opened":
                opened = value
            elif name == "scoring_tiles":
                scoring_tiles = value
            elif name == "plan_stacks":
                plan_stacks = value
            elif name == "building_stacks":
                building_stacks = value
            elif name == "turn":
                turn = value
            elif name == "final_turns":
                final_turns = value
            elif name == "log":
                log = value
            elif name == "removed":
                removed = value
            elif name == "rubble_out":
                rubble_out = value
        return State(
            players, current, start_player, period, pending, rng, options, catalogue,
            offices, plazas, favor_supply, covered, treasury, prices, piles, later_decks,
            shipyard, later_ships, decree_deck, decree_display, clergy_bag, church,
            cardinal, church_scoring, city_display, city_stacks, stores, row_rubble,
            column_rubble, site_rubble, rubble_pile, opened, scoring_tiles, plan_stacks,
            building_stacks, turn, final_turns, log, removed, rubble_out,
        )

    def __repr__(self) -> str:
        from lisboa_core.persistence.serialize import state_digest

        top = repr(self.pending[-1].kind) if self.pending else "over"
        return (
            f"<State {len(self.players)}p period {self.period} turn {self.turn}"
            f" to_act {self.to_act} {top} digest {state_digest(self)}>"
        )

    def dump(self) -> str:
        """Every field as ``name=value``, one per line (``repr`` is a one-line summary)."""
        return dump_fields(self)

    def _repr_svg_(self) -> str:
        """The board picture (:func:`lisboa_core.games.lisboa.svg.board`), for Jupyter."""
        from lisboa_core.games.lisboa.svg import board

        return board(self)

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.pending[-1].seat if self.pending else None

    @property
    def player_count(self) -> int:
        """Number of seats."""
        return len(self.players)



def compiled() -> bool:
    """Whether this module runs compiled by mypyc (its functions are then not Python
    functions)."""
    return not isinstance(compiled, FunctionType)


def _pure_init(cls: type) -> None:
    """Give ``cls`` (pure build) an ``__init__`` with the same signature that writes the
    fields past the class's own refusing ``__setattr__``: all at once into a fresh
    ``__dict__``, or slot by slot. Compiled, ``self.x = x`` in ``__init__`` sets the native
    field directly, so the source ``__init__`` stays."""
    source = cls.__dict__["__init__"]
    params = list(inspect.signature(source).parameters.values())[1:]
    namespace: dict[str, Any] = {"_set": _set}
    head = []
    for param in params:
        if param.default is param.empty:
            head.append(param.name)
        else:
            namespace[f"_d_{param.name}"] = param.default
            head.append(f"{param.name}=_d_{param.name}")
    if "__slots__" in cls.__dict__:
        body = "\n".join(f"    _set(self, {p.name!r}, {p.name})" for p in params)
    else:
        items = ", ".join(f"{p.name!r}: {p.name}" for p in params)
        body = f"    _set(self, '__dict__', {{{items}}})"
    exec(f"def __init__(self, {', '.join(head)}):\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__name__}.__init__"
    init.__doc__ = source.__doc__
    setattr(cls, "__init__", init)  # noqa: B010


if not compiled():
    for _cls in (Frame, PlayerState, State):
        _pure_init(_cls)
