"""Where Tiletum's pieces lie, declared once (:class:`~lisboa_core.core.zones.Zones`): the
save and view checker and the conservation invariants are derived from it.

* every tile id is of the player count (TL2.1: the tiles marked for more players stay in
  the box); a slot holds a tile of its kind or ``''``;
* person tiles (display, deck, warehouses, rooms, a shuffle on its way back into the deck)
  and the tiles of the contract deck (display, deck, warehouses, fulfilled contracts, coat
  spaces) never leave the game: each is in exactly one place; a bonus tile is in at most
  one (an assistant used, a king bonus discarded leave the game, TL14.6, TL17.1); cost
  tiles each once, fair tiles and fair towns at most once;
* the turn order holds each seat once; the dice of each colour (bag, action areas, the
  seats') number the setup's (TL2.1.6);
* per-building, per-town, per-site, per-area and per-space vectors follow the catalogue.

Example::

    from lisboa_core import new_game
    from lisboa_core.core.zones import check_declared
    from lisboa_core.games.tiletum.catalogue import load_rules
    from lisboa_core.games.tiletum.zones import ZONES

    check_declared(ZONES, new_game(players=2, seed=2, game="tiletum"), load_rules())
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Final

from lisboa_core.core.chance import CHANCE
from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.specs import Fixed, Many, Spec
from lisboa_core.core.zones import Domains, Place, Total, Zones, held
from lisboa_core.games.tiletum.model import RESOURCES, Rules
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State

__all__ = ["ZONES"]

_AREAS: Final = 6
"""The action areas of the wheel (TL0.4)."""
_FAIRS: Final = 4
"""The fairs of a game, one per round (TL18.1)."""
_DIE_FACES: Final = 6
_BONUS_AP: Final = 5
"""The actions bonus AP are kept for: architect, merchant, person, contract, king (TL16)."""

_DOMAINS: Memo[tuple[str, int], Domains] = Memo("tiletum.zones._DOMAINS", CATALOGUES)


def _domains(rules: Rules, players: int) -> Domains:
    found = _DOMAINS.get((rules.digest, players))
    if found is not None:
        return found
    rules.setup_for(players)  # KeyError: no game of that many players

    def ids(tiles: tuple[object, ...]) -> frozenset[str]:
        return frozenset(t.id for t in tiles if t.players <= players)  # type: ignore[attr-defined]

    persons, contracts, bonus = ids(rules.persons), ids(rules.contract_tiles), ids(
        rules.bonus_tiles)
    kinds = {t.id: t.kind for t in (*rules.contract_tiles, *rules.bonus_tiles)}
    tiles = contracts | bonus
    coats = frozenset(t for t in tiles if kinds[t] == "coat")
    fulfilled = frozenset(t for t in tiles if kinds[t] == "contract")
    colours = tuple(colour for colour, _resource in rules.dice)
    spaces = frozenset((*(t.id for t in rules.towns), *rules.roads))
    return _DOMAINS.put((rules.digest, players), Domains(
        ids={
            "person": persons,
            "person_slot": persons | {""},
            "contract": contracts,
            "contract_slot": contracts | {""},
            "fulfilled": fulfilled,
            "bonus": bonus,
            "bonus_slot": bonus | {""},
            "coat_slot": coats | {""},
            "room": persons | {""},
            "warehouse": persons | contracts | bonus,
            "tile": persons | contracts | bonus,
            "space": spaces,
            "town": frozenset(t.id for t in rules.towns),
            "colour": frozenset(colours),
            "die": frozenset(f"{c}{v}" for c in colours for v in range(1, _DIE_FACES + 1)),
            "action": frozenset((*rules.areas, *rules.action_tiles)),
            "cost": frozenset(c.id for c in rules.costs),
            "fair": frozenset(f.id for f in rules.fairs),
        },
        sizes={
            "resources": len(RESOURCES),
            "buildings": len(rules.buildings),
            "towns": len(rules.towns),
            "posts": len(rules.posts),
            "sites": len(rules.cathedrals),
            "areas": _AREAS,
            "king": len(rules.king_values),
            "contract_display": len(rules.contract_costs),
            "person_display": rules.person_slots,
            "track": rules.corruption_on_track,
            "fairs": _FAIRS,
            "bonus_ap": _BONUS_AP,
        },
        ranges={
            "flag": (0, 1),
            "round": (1, 4),
            "cycle": (0, 3),
            "wheel": (0, _AREAS - 1),
            "post_seat": (-1, players - 1),
            "token": (-1, max(rules.corruption)),
            "aside": (0, max(rules.corruption)),
            "revealed": (0, rules.corruption_on_track),
        },
    ))


def _player_fields(rules: Rules) -> Mapping[str, Spec]:
    return {
        "vp": "nat",
        "resources": Many("nat", "resources"),
        "merchant": "space",
        "architect": "space",
        "posts": "nat",
        "pillars": "nat",
        "roofs": Many("flag", "buildings"),
        "rooms": Fixed(tuple(Fixed(("room",) * b.rooms) for b in rules.buildings)),
        "coats": Many("coat_slot", "buildings"),
        "warehouse": Many("warehouse"),
        "contracts": Many("fulfilled"),
        "dice": Many("die"),
        "cathedral_tiles": Many("nat"),
        "contributed": Many("flag", "sites"),
        "bonus_ap": Many("nat", "bonus_ap"),
    }


_FIELDS: Final[dict[str, Spec]] = {
    "round": "round",
    "cycle": "cycle",
    "order": Many("seat", "seats"),
    "king": Many(Many("seat"), "king"),
    "wheel": "wheel",
    "bag": Many("colour"),
    "area_dice": Many(Many("die"), "areas"),
    "area_bonus": Many("bonus_slot", "areas"),
    "area_actions": Many("action", "areas"),
    "king_bonus": "bonus_slot",
    "map_bonus": Many("bonus_slot", "towns"),
    "posts": Many("post_seat", "posts"),
    "pillars": Many(Many("seat"), "sites"),
    "costs": Many("cost", "sites"),
    "cathedral_left": Many("nat", "sites"),
    "contract_display": Many("contract_slot", "contract_display"),
    "contract_deck": Many("contract"),
    "person_display": Many("person_slot", "person_display"),
    "person_deck": Many("person"),
    "bonus_deck": Many("bonus"),
    "corruption": Many("token", "track"),
    "revealed": "revealed",
    "corruption_aside": Many("aside"),
    "fair_towns": Many("town", "fairs"),
    "fair_tiles": Many("fair", "fairs"),
}


def _places(state: State, rules: Rules) -> Iterator[Place]:
    yield Place("person_display", state.person_display, "person", "person tiles")
    yield Place("person_deck", state.person_deck, "person", "person tiles")
    yield Place("contract_display", state.contract_display, "contract", "contract tiles")
    yield Place("contract_deck", state.contract_deck, "contract", "contract tiles")
    for i, tile in enumerate(state.area_bonus):
        yield Place(f"area_bonus[{i}]", (tile,), "bonus", "a bonus tile", single=True)
    yield Place("king_bonus", (state.king_bonus,), "bonus", "a bonus tile", single=True)
    for i, tile in enumerate(state.map_bonus):
        yield Place(f"map_bonus[{i}]", (tile,), "bonus", "a bonus tile", single=True)
    yield Place("bonus_deck", state.bonus_deck, "bonus", "bonus tiles")
    for seat, p in enumerate(state.players):
        where = f"players[{seat}]"
        yield Place(f"{where}.warehouse", p.warehouse, "warehouse", "tiles")
        yield Place(f"{where}.contracts", p.contracts, "fulfilled", "contract tiles")
        for i, tile in enumerate(p.coats):
            yield Place(f"{where}.coats[{i}]", (tile,), "coat_slot", "a coat of arms tile",
                        single=True)
        for b, rooms in enumerate(p.rooms):
            yield Place(f"{where}.rooms[{b}]", rooms, "person", "person tiles")
    yield from held(state, STACK, "person", "person tiles")
    yield Place("costs", state.costs, "cost", "cost tiles")
    yield Place("fair_tiles", state.fair_tiles, "fair", "fair tiles")
    yield Place("fair_towns", state.fair_towns, "town", "towns")


def _copies(rules: Rules, players: int) -> Mapping[str, tuple[int, int]]:
    domains = _domains(rules, players)
    found: dict[str, tuple[int, int]] = {}
    for kind in ("fair", "town", "bonus"):
        found.update((piece, (0, 1)) for piece in domains.ids[kind])
    for kind in ("person", "contract", "cost"):
        found.update((piece, (1, 1)) for piece in domains.ids[kind])
    return found


def _totals(state: State, rules: Rules) -> Iterator[Total]:
    per_colour = rules.setup_for(len(state.players)).dice_per_colour
    for colour, _resource in rules.dice:
        yield Total(f"{colour} dice", (
            ("bag", state.bag.count(colour)),
            *((f"area_dice[{i}]", sum(d[:2] == colour for d in dice))
              for i, dice in enumerate(state.area_dice)),
            *((f"players[{s}].dice", sum(d[:2] == colour for d in p.dice))
              for s, p in enumerate(state.players))), per_colour, _bag(colour))


def _bag(colour: str) -> Callable[[State, int], State]:
    """A balance putting dice of ``colour`` into the bag (or taking them out)."""

    def balance(state: State, missing: int) -> State:
        bag = list(state.bag)
        for _ in range(-missing):
            if colour in bag:
                bag.remove(colour)
        return state.replaced({"bag": tuple(sorted((*bag, *(colour,) * max(0, missing))))})

    return balance


def _describe(rules: Rules, piece: str) -> str:
    tile = rules.extra["tile"].get(piece)
    if tile is not None:
        return f"a {tile.kind} tile"
    if piece in rules.extra["person"]:
        return "a person tile"
    return "another piece"


def _home(rules: Rules, piece: str) -> str:
    if piece in rules.extra["person"]:
        return "person_deck"
    return "contract_deck" if piece in rules.extra["tile"] else "costs"


ZONES: Final = Zones(
    domains=_domains,
    fields=_FIELDS,
    player_fields=_player_fields,
    places=_places,
    copies=_copies,
    totals=_totals,
    orders=("order",),
    frame_seats=(-1, CHANCE),
    describe=_describe,
    home=_home,
)
"""Tiletum's zone declaration."""
