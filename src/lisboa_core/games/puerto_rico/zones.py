"""Where Puerto Rico's pieces lie, declared once (:class:`~lisboa_core.core.zones.Zones`):
the save and view checker and the conservation invariants are derived from it.

* the role cards in play are the setup's, each once (PR2.2.6), with one doubloon count and
  one taker per card; the cargo ships are the setup's, each once, smallest first (PR2.1.11),
  with one good kind and one load per ship;
* per-good, per-island-tile and per-building vectors follow the catalogue (``rules.goods``,
  ``rules.tiles``, ``rules.buildings``); a city entry is -1 (not owned) or its colonists;
* conserved: colonists (supply, ship, San Juan, tiles, buildings; PR2.2.3), goods of each
  kind (supply, players, ships, trading house; PR1.1.8), plantations of each kind (islands,
  face up, hidden stack, discards) and quarries, building copies (board and cities), VP
  (chips and the supply, PR2.2.4).

Example::

    from lisboa_core import new_game
    from lisboa_core.core.zones import check_declared
    from lisboa_core.games.puerto_rico.catalogue import load_rules
    from lisboa_core.games.puerto_rico.zones import ZONES

    check_declared(ZONES, new_game(players=3, seed=2, game="puerto-rico"), load_rules())
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Final

from lisboa_core.core.specs import Many, Spec
from lisboa_core.core.zones import Domains, Place, Total, Zones
from lisboa_core.games.puerto_rico.model import Rules
from lisboa_core.games.puerto_rico.state import State

__all__ = ["ZONES"]


def _domains(rules: Rules, players: int) -> Domains:
    setup = rules.setup_for(players)
    plantations = frozenset(t.id for t in rules.tiles if t.kind == "plantation")
    return Domains(
        ids={
            "role": frozenset(setup.roles),
            "phase": frozenset(("", *setup.roles)),
            "ship": frozenset(setup.ships),
            "plantation": plantations,
            "end_reason": frozenset(rules.board.end),
        },
        sizes={
            "goods": len(rules.goods),
            "tiles": len(rules.tiles),
            "buildings": len(rules.buildings),
            "roles": len(setup.roles),
            "ships": len(setup.ships),
        },
        ranges={
            "good": (0, len(rules.goods) - 1),
            "good_or_none": (-1, len(rules.goods) - 1),
            "taker": (-1, players - 1),
            "city": (-1, max(b.circles for b in rules.buildings)),
            "round": (1, None),
        },
    )


_PLAYER_FIELDS: Final[dict[str, Spec]] = {
    "doubloons": "nat",
    "vp": "nat",
    "goods": Many("nat", "goods"),
    "island": Many("nat", "tiles"),
    "staffed": Many("nat", "tiles"),
    "city": Many("city", "buildings"),
    "san_juan": "nat",
}

_FIELDS: Final[dict[str, Spec]] = {
    "governor": "seat",
    "round": "round",
    "phase": "phase",
    "roles": Many("role", "roles"),
    "role_doubloons": Many("nat", "roles"),
    "role_takers": Many("taker", "roles"),
    "colonist_supply": "nat",
    "colonist_ship": "nat",
    "vp_supply": "int",
    "goods_supply": Many("nat", "goods"),
    "ships": Many("ship", "ships"),
    "ship_goods": Many("good_or_none", "ships"),
    "ship_loads": Many("nat", "ships"),
    "trading_house": Many("good"),
    "face_up": Many("plantation"),
    "plantation_stack": Many("plantation"),
    "plantation_discards": Many("plantation"),
    "quarries": "nat",
    "building_supply": Many("nat", "buildings"),
    "end_reasons": Many("end_reason"),
}


def _places(state: State, rules: Rules) -> Iterator[Place]:
    yield Place("roles", state.roles, "role", "the role cards of the player count")
    yield Place("ships", state.ships, "ship", "the cargo ships of the player count")
    yield Place("end_reasons", state.end_reasons, "end_reason", "game-end conditions")


def _copies(rules: Rules, players: int) -> Mapping[str, tuple[int, int]]:
    setup = rules.setup_for(players)
    return ({piece: (1, 1) for piece in (*setup.roles, *setup.ships)}
            | {reason: (0, 1) for reason in rules.board.end})


def _more(name: str, index: int | None = None) -> Callable[[State, int], State]:
    """A balance adding to the count ``name`` (or to its item ``index``)."""

    def balance(state: State, missing: int) -> State:
        value = getattr(state, name)
        if index is None:
            return state.replaced({name: value + missing})
        return state.replaced({name: (*value[:index], value[index] + missing,
                                      *value[index + 1 :])})

    return balance


def _stack(tile: str) -> Callable[[State, int], State]:
    """A balance adding plantations of ``tile`` to the hidden stack (or taking its last)."""

    def balance(state: State, missing: int) -> State:
        stack = list(state.plantation_stack)
        for _ in range(-missing):
            if tile in stack:
                del stack[len(stack) - 1 - stack[::-1].index(tile)]
        return state.replaced({"plantation_stack": (*stack, *(tile,) * max(0, missing))})

    return balance


def _totals(state: State, rules: Rules) -> Iterator[Total]:
    setup = rules.setup_for(len(state.players))
    players = state.players
    yield Total("colonists", (
        ("colonist_supply", state.colonist_supply), ("colonist_ship", state.colonist_ship),
        *((f"players[{s}].san_juan", p.colonists) for s, p in enumerate(players))),
        setup.colonists + setup.colonist_ship, _more("colonist_supply"))
    for g, good in enumerate(rules.goods):
        yield Total(f"{good.word} goods", (
            (f"goods_supply[{g}]", state.goods_supply[g]),
            *((f"players[{s}].goods[{g}]", p.goods[g]) for s, p in enumerate(players)),
            ("trading_house", state.trading_house.count(g)),
            ("ship_loads", sum(n for k, n in zip(state.ship_goods, state.ship_loads,
                                                  strict=True) if k == g))),
            good.count, _more("goods_supply", g))
    for t, tile in enumerate(rules.tiles):
        on_islands = tuple((f"players[{s}].island[{t}]", p.island[t])
                           for s, p in enumerate(players))
        if tile.kind == "quarry":
            yield Total("quarries", (("quarries", state.quarries), *on_islands), tile.count,
                        _more("quarries"))
            continue
        yield Total(f"{tile.id} tiles", (
            *on_islands,
            ("face_up", state.face_up.count(tile.id)),
            ("plantation_stack", state.plantation_stack.count(tile.id)),
            ("plantation_discards", state.plantation_discards.count(tile.id))), tile.count,
            _stack(tile.id))
    for b, building in enumerate(rules.buildings):
        yield Total(f"{building.id} copies", (
            (f"building_supply[{b}]", state.building_supply[b]),
            *((f"players[{s}].city[{b}]", 1 if p.city[b] >= 0 else 0)
              for s, p in enumerate(players))), building.copies, _more("building_supply", b))
    yield Total("VP", (("vp_supply", state.vp_supply),
                       *((f"players[{s}].vp", p.vp) for s, p in enumerate(players))), setup.vp,
                _more("vp_supply"))


def _describe(rules: Rules, piece: str) -> str:
    found = rules.get(piece)
    return f"{type(found).__name__} {found.name}" if found is not None else "no component"


def _home(rules: Rules, piece: str) -> str:
    return "roles" if piece in rules.roles_by_id else "ships"


ZONES: Final = Zones(
    domains=_domains,
    fields=_FIELDS,
    player_fields=_PLAYER_FIELDS,
    places=_places,
    copies=_copies,
    totals=_totals,
    frame_seats=(-1,),
    describe=_describe,
    home=_home,
)
"""Puerto Rico's zone declaration."""


def zones() -> Zones:
    """Puerto Rico's zone declaration (for :meth:`Game.zones
    <lisboa_core.games.Game.zones>`)."""
    return ZONES

