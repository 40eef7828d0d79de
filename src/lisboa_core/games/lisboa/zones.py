"""Where each piece may lie: every zone of a state, what kind of component it holds, and
piece conservation across all of them (checked when a state is loaded).

The type checks (:mod:`lisboa_core.games.lisboa.state_check`) say that an id names a component of
the
right kind; this module says that the component may be *there*, and nowhere else at the
same time. Every rule comes from the catalogue, never from a card id:

* a display pile holds the cards of its type (the board's ``political-display``) from the
  deck of the period (R2.7.3, R15.3 step 5); the later decks hold their own deck, whole while they
  wait (R15.3), so no card of theirs is anywhere else before the period-2 setup;
* a city display space holds a tile of its size, and the city stacks hold large then small
  tiles (R2.4.4); a plan stack holds the regular plans of its architect (R2.4.2);
* a top portfolio slot holds a noble card or a ship, a bottom one a treasury card (R4.1);
  the shipyard holds ships of the current period, the ships waiting those of period 2;
* a decree removed for 2 players (R2.6.2) is in the deck or out of the game, and only such
  a decree leaves the game; a plan leaves it only as a starting plan nobody was dealt;
* every political card, ship, clergy tile, plan, decree, public building and scoring tile
  is in exactly one place (a decision holding it counts: ``Handler.holds``), every city tile
  in at most one, and the tiles used number the stores built; each royal favor is at its
  noble's portrait or with one seat, one per noble per player (R2.1.1); no site is opened
  twice and no colour has more rubble cubes than the game has.

:func:`check_zones` raises :class:`~lisboa_core.persistence.codec.Invalid` naming the first piece
out
of place by its path (``piles[0][3]: XX05 is a purple manuel card; this pile holds red
manuel cards``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, Final

from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.zones import Domains, Place, Zones, check_places
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import NOBLES, RUBBLE, State
from lisboa_core.persistence.codec import Invalid

__all__ = [
    "ARCHITECTS",
    "CITY_STACK_SIZES",
    "DISPLAY_DECKS",
    "LATER_DECKS",
    "STARTING_DECK",
    "ZONES",
    "check_zones",
    "describe",
]

STARTING_DECK: Final = "blue"
"""The deck dealt into the starting hands (R2.7.2), or drafted (R2.7.6)."""

DISPLAY_DECKS: Final = ("red", "brown")
"""The deck of the political display piles in period 1 and in period 2 (R2.7.3, R15.3)."""

LATER_DECKS: Final = ("purple", "brown")
"""The decks that wait apart until the period-2 setup, in ``State.later_decks`` order."""

ARCHITECTS: Final = ("blue", "green")
"""The architects, in ``State.plan_stacks`` and ``State.building_stacks`` order."""

CITY_STACK_SIZES: Final = ("large", "small")
"""The tile size of each of ``State.city_stacks``."""

_NOUNS: Final[dict[type, str]] = {
    m.ClergyTile: "a clergy tile",
    m.PublicBuilding: "a public building",
    m.ScoringTile: "a scoring tile",
    m.RoyalFavor: "a royal favor tile",
    m.LandSpace: "a land space",
    m.Site: "a building site",
    m.Noble: "a noble",
    m.Board: "the main board",
    m.PlayerBoard: "the player board",
}

# The kinds whose every piece is in exactly one place (a city tile is in at most one: the
# tile of a store built is no longer on the table).
_CONSERVED: Final = (
    m.PoliticalCard, m.Ship, m.ClergyTile, m.Plan, m.Decree, m.PublicBuilding, m.ScoringTile,
)


def describe(component: m.Component) -> str:
    """What a component is, for a message: ``a red manuel card``, ``a purple ship of period
    2``, ``a green-architect plan``, ``a small city tile``, ``a public building``."""
    if isinstance(component, m.PoliticalCard):
        return f"a {component.deck} {component.type} card"
    if isinstance(component, m.Ship):
        return f"a {component.color} ship of period {component.period}"
    if isinstance(component, m.Plan):
        if component.starting:
            return "a starting plan"
        return f"a {component.architect}-architect plan"
    if isinstance(component, m.CityTile):
        return f"a {component.size} city tile"
    if isinstance(component, m.Decree):
        return "a decree removed in 2-player games" if component.two_player_removal else "a decree"
    return _NOUNS.get(type(component), "a component")


Accepts = Callable[[m.Component], bool]


def _political(deck: str, card_type: str | None = None) -> Accepts:
    """A political card of ``deck`` (and of ``card_type`` if given)."""
    return lambda c: (isinstance(c, m.PoliticalCard) and c.deck == deck
                      and card_type in (None, c.type))


def _city_tile(size: str) -> Accepts:
    return lambda c: isinstance(c, m.CityTile) and c.size == size


def _regular_plan(architect: str) -> Accepts:
    return lambda c: isinstance(c, m.Plan) and c.architect == architect and not c.starting


def _nothing(_component: m.Component) -> bool:
    return False


def _of(cls: type) -> Accepts:
    return lambda c: isinstance(c, cls)


class _Zone:
    """One place that holds pieces: its path, its items and what it may hold. A ``single``
    zone is one item whose path is the zone's own (a city display space)."""

    __slots__ = ("accepts", "holds", "items", "path", "single")

    def __init__(self, path: str, items: tuple[Any, ...], accepts: Accepts, holds: str,
                 single: bool = False) -> None:
        self.path = path
        self.items = items
        self.accepts = accepts
        self.holds = holds  # what it may hold, for the message ("red manuel cards")
        self.single = single


class _Context:
    """What the zone rules of one state depend on: the period, whether the later decks
    still wait, the player count."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.waiting = state.period == 1 or any(f.kind == "period-setup" for f in state.pending)
        self.later = LATER_DECKS if self.waiting else ()
        self.two = len(state.players) == 2

    def in_play(self, component: m.Component) -> bool:
        """A political card whose deck is in play (the later decks wait apart)."""
        return isinstance(component, m.PoliticalCard) and component.deck not in self.later

    def in_play_text(self, cards: str) -> str:
        if not self.later:
            return cards
        later = " or ".join(self.later)
        return f"{cards} of the decks in play (no {later} card before the period-2 setup)"

    def open_decree(self, component: m.Component) -> bool:
        """A decree that may be face up (R2.6.2: never a 2-player removal one with 2)."""
        return isinstance(component, m.Decree) and not (self.two and component.two_player_removal)

    def ship_of(self, period: int) -> Accepts:
        return lambda c: isinstance(c, m.Ship) and c.period == period

    def removable(self, component: m.Component) -> bool:
        """What may have left the game (R0.6)."""
        if isinstance(component, m.PoliticalCard):
            return self.in_play(component)
        if isinstance(component, m.Plan):
            return component.starting  # R2.2.5: the starting plans nobody was dealt
        if isinstance(component, m.Decree):
            return self.two and component.two_player_removal
        return isinstance(component, m.Ship | m.ClergyTile)

    def held(self, component: m.Component) -> bool:
        """What a pending decision may hold: a card in play, a ship from the shipyard, a
        clergy tile."""
        if isinstance(component, m.Ship):
            return component.period == self.state.period
        return self.in_play(component) or isinstance(component, m.ClergyTile)


def _zones(state: State, rules: Rules) -> Iterator[_Zone]:
    """Every zone of ``state`` that holds pieces, with what it may hold."""
    z = _Context(state)
    board = rules.board
    clergy, plan, building = _of(m.ClergyTile), _of(m.Plan), _of(m.PublicBuilding)
    cards = z.in_play_text("political cards")
    for seat, p in enumerate(state.players):
        where = f"players[{seat}]"
        yield _Zone(f"{where}.hand", p.hand, z.in_play, cards)
        yield _Zone(
            f"{where}.top", p.top,
            lambda c: (isinstance(c, m.PoliticalCard) and not c.is_treasury and z.in_play(c))
            or (isinstance(c, m.Ship) and c.period <= state.period),
            z.in_play_text("noble cards") + " and ships",
        )
        yield _Zone(
            f"{where}.bottom", p.bottom,
            lambda c: isinstance(c, m.PoliticalCard) and c.is_treasury and z.in_play(c),
            z.in_play_text("treasury cards"),
        )
        yield _Zone(f"{where}.clergy", p.clergy, clergy, "clergy tiles")
        yield _Zone(f"{where}.plans", p.plans, plan, "plans")
        yield _Zone(f"{where}.completed", p.completed, plan, "plans")
        yield _Zone(f"{where}.decrees", p.decrees, z.open_decree, _open_decrees(z.two))
    deck = DISPLAY_DECKS[state.period - 1]
    for i, (pile, card_type) in enumerate(zip(state.piles, board.political_display,
                                              strict=True)):
        yield _Zone(f"piles[{i}]", pile, _political(deck, card_type), f"{deck} {card_type} cards")
    for i, (later, later_deck) in enumerate(zip(state.later_decks, LATER_DECKS, strict=True)):
        if z.waiting:
            yield _Zone(f"later_decks[{i}]", later, _political(later_deck), f"{later_deck} cards")
        else:  # R15.3 step 4 and 5: dealt out at the period-2 setup
            yield _Zone(f"later_decks[{i}]", later, _nothing, "nothing after the period-2 setup")
    yield _Zone("shipyard", state.shipyard, z.ship_of(state.period),
                f"ships of period {state.period}")
    yield _Zone("later_ships", state.later_ships, z.ship_of(2) if state.period == 1 else _nothing,
                "ships of period 2" if state.period == 1 else "nothing in period 2")
    yield _Zone("decree_deck", state.decree_deck, _of(m.Decree), "decrees")
    yield _Zone("decree_display", state.decree_display, z.open_decree, _open_decrees(z.two))
    yield _Zone("clergy_bag", state.clergy_bag, clergy, "clergy tiles")
    yield _Zone("church", state.church, clergy, "clergy tiles")
    for i, (tile, (_colour, size)) in enumerate(zip(state.city_display, board.city_spaces,
                                                    strict=True)):
        yield _Zone(f"city_display[{i}]", (tile,), _city_tile(size), f"a {size} city tile",
                    single=True)
    for i, (stack, size) in enumerate(zip(state.city_stacks, CITY_STACK_SIZES, strict=True)):
        yield _Zone(f"city_stacks[{i}]", stack, _city_tile(size), f"{size} city tiles")
    for i, (_site, built, _architect) in enumerate(state.opened):
        yield _Zone(f"opened[{i}][1]", (built,), building, "a public building", single=True)
    for i, stack in enumerate(state.building_stacks):
        yield _Zone(f"building_stacks[{i}]", stack, building, "public buildings")
    yield _Zone("scoring_tiles", state.scoring_tiles, _of(m.ScoringTile), "scoring tiles")
    for i, (stack, architect) in enumerate(zip(state.plan_stacks, ARCHITECTS, strict=True)):
        yield _Zone(f"plan_stacks[{i}]", stack, _regular_plan(architect),
                    f"{architect}-architect plans (no starting plan)")
    for i, frame in enumerate(state.pending):
        holds = STACK.handler(frame.kind).holds
        if holds is not None:
            yield _Zone(f"pending[{i}]", tuple(holds(frame)), z.held,
                        z.in_play_text("political cards") + ", ships of the shipyard and "
                        "clergy tiles")
    yield _Zone(
        "removed", state.removed, z.removable,
        z.in_play_text("political cards")
        + ", ships, clergy tiles, starting plans"
        + (" and decrees removed in 2-player games" if z.two else ""),
    )


def _open_decrees(two: bool) -> str:
    return "decrees (none removed in 2-player games)" if two else "decrees"


_COPIES: Memo[str, dict[str, tuple[int, int]]] = Memo("lisboa.zones._COPIES", CATALOGUES)


def _copies(rules: Rules, _players: int) -> dict[str, tuple[int, int]]:
    """Every conserved piece in exactly one place; a city tile in at most one (the tile of
    a store built is no longer on the table)."""
    found = _COPIES.get(rules.digest)
    if found is None:
        found = _COPIES.put(rules.digest, {
            c.id: (1, 1) if isinstance(c, _CONSERVED) else (0, 1)
            for c in rules.components if isinstance(c, (*_CONSERVED, m.CityTile))})
    return found


def _by_piece(by_id: dict[str, m.Component], accepts: Accepts) -> Callable[[Any], bool]:
    """A predicate on components as one on piece ids."""
    return lambda piece: accepts(by_id[piece])


def _places(state: State, rules: Rules) -> Iterator[Place]:
    by_id = rules.by_id
    for zone in _zones(state, rules):
        yield Place(zone.path, zone.items, _by_piece(by_id, zone.accepts), zone.holds,
                    zone.single)


def _no_domains(_rules: Rules, _players: int) -> Domains:
    return Domains()  # the values are state_check's


def _describe(rules: Rules, piece: str) -> str:
    return describe(rules.by_id[piece])


def _home(rules: Rules, piece: str) -> str:
    return "building_stacks" if isinstance(rules.by_id[piece], m.PublicBuilding) else "removed"


ZONES: Final = Zones(
    domains=_no_domains,
    places=_places,
    copies=_copies,
    describe=_describe,
    home=_home,
    nowhere="a piece that left the game in 'removed'",
)
"""Where Lisboa's pieces may lie: the places of the module docstring, for the shared
checker (:func:`lisboa_core.core.zones.check_places`). Its values are checked by
:mod:`lisboa_core.games.lisboa.state_check` over the same walker."""


def check_zones(state: State, rules: Rules) -> None:
    """Raise :class:`~lisboa_core.persistence.codec.Invalid` at the first piece of ``state`` that is
    where it may not be, or in two places, or nowhere (see the module docstring), then at
    the first count out of line (city tiles, royal favors, sites, rubble cubes).

    :param state: a state whose values are already checked against the catalogue (every id
        names a component of the kind its field holds).
    :param rules: the catalogue of the state.
    """
    check_places(ZONES, state, rules)
    _check_counts(state, rules)


def _check_counts(state: State, rules: Rules) -> None:
    """The pieces counted rather than named (city tiles, royal favors, sites, cubes) and
    the decree display's spaces."""
    spaces = rules.board.decree_display
    if len(state.decree_display) > spaces:
        raise Invalid(f"{len(state.decree_display)} decrees face up; the display has {spaces} "
                      "spaces", "decree_display")
    tiles = sum(t is not None for t in state.city_display) + sum(map(len, state.city_stacks))
    if tiles + len(state.stores) != len(rules.city_tiles):
        raise Invalid(
            f"{tiles} city tiles on the table and {len(state.stores)} stores built, but the "
            f"game has {len(rules.city_tiles)} tiles (each store used one)", "city_stacks",
        )
    players = len(state.players)
    for i, noble in enumerate(NOBLES):
        with_seats = sum(noble in p.favors for p in state.players)
        if state.favor_supply[i] + with_seats != players:
            raise Invalid(
                f"{state.favor_supply[i]} royal favors at the portrait and {with_seats} with the "
                f"seats, but a {players}-player game has {players} of each noble (R2.1.1)",
                f"favor_supply[{i}]",
            )
    sites: dict[str, int] = {}
    for i, (site, _built, _architect) in enumerate(state.opened):
        if site in sites:
            raise Invalid(f"site {site} is already opened at opened[{sites[site]}]",
                          f"opened[{i}][0]")
        sites[site] = i
    limits = {colour: n for colour, n, _cost in rules.board.rubble}
    places = (
        [("rubble_pile", state.rubble_pile)]
        + [(f"row_rubble[{i}]", r) for i, r in enumerate(state.row_rubble)]
        + [(f"column_rubble[{i}]", c) for i, c in enumerate(state.column_rubble)]
        + [(f"site_rubble[{i}]", s) for i, s in enumerate(state.site_rubble)]
        + [(f"players[{seat}].rubble", tuple(c for c, n in zip(RUBBLE, p.rubble, strict=True)
                                             for _ in range(n)))
           for seat, p in enumerate(state.players)]
    )
    cubes = Counter(c for _path, held in places for c in held)
    if all(n <= limits.get(colour, 0) for colour, n in cubes.items()):
        return
    counted: Counter[str] = Counter()  # find the cube one too many
    for path, held in places:
        for j, colour in enumerate(held):
            counted[colour] += 1
            if counted[colour] > limits.get(colour, 0):
                where = (f"{path}[{RUBBLE.index(colour)}]" if path.startswith("players")
                         else f"{path}[{j}]")
                raise Invalid(f"more {colour} cubes than the game has "
                              f"({limits.get(colour, 0)})", where)
