"""The schema of every kind of component: the keys a card file may give for it, the shape of
each key's values and the typed class it builds. :class:`~.compiler.Compiler` reads a
component against its kind's schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from lisboa_core.dsl.patterns import Pattern, compile_pattern
from lisboa_core.games.lisboa import model as m

__all__ = ["KINDS", "KindSchema", "Spec"]


@attrs.frozen(slots=True)
class Spec:
    key: str
    form: str  # field | flag | clause | section | behaviour
    pattern: Pattern | None = None
    attr: str | None = None
    required: bool = True
    repeat: bool = False
    build: Callable[[dict[str, Any]], Any] | None = None


def _f(
    key: str,
    pattern: str,
    attr: str | None = None,
    *,
    required: bool = True,
    repeat: bool = False,
    build: Callable[[dict[str, Any]], Any] | None = None,
) -> Spec:
    return Spec(
        key,
        "field",
        compile_pattern(pattern),
        attr or key.replace("-", "_"),
        required,
        repeat,
        build,
    )


def _flag(key: str, attr: str | None = None) -> Spec:
    return Spec(key, "flag", None, attr or key.replace("-", "_"), False)


def _clause(key: str, *, required: bool = False) -> Spec:
    return Spec(key, "clause", None, key, required)


def _one(name: str) -> Callable[[dict[str, Any]], Any]:
    return lambda b: b[name]


def _tuple(*names: str) -> Callable[[dict[str, Any]], Any]:
    return lambda b: tuple(b.get(n) for n in names)


_BEHAVIOUR = Spec("", "behaviour")


@attrs.frozen(slots=True)
class KindSchema:
    cls: type
    json_kind: str
    specs: tuple[Spec, ...]


KINDS: dict[str, KindSchema] = {
    "political": KindSchema(
        m.PoliticalCard,
        "political",
        (
            _f("deck", "<v:deck>", build=_one("v")),
            _f("type", "<v:card_type>", build=_one("v")),
            _f("influence", "<v:nat>", required=False, build=_one("v")),
            _clause("tucked"),
            _clause("reward"),
            _clause("penalty"),
            _clause("event"),
            Spec("permanent", "section", compile_pattern(""), "permanent", False),
        ),
    ),
    "ship": KindSchema(
        m.Ship,
        "ship",
        (
            _f("color", "<v:ship_color>", build=_one("v")),
            _f("period", "<v:period>", build=_one("v")),
            _f("hull", "<v:pos>", build=_one("v")),
            _f("sale", "<v:nat>", build=_one("v")),
            _f("influence", "<v:nat>", build=_one("v")),
        ),
    ),
    "clergy": KindSchema(
        m.ClergyTile,
        "clergy",
        (
            _f("wigs", "<v:nat>", build=_one("v")),
            _BEHAVIOUR,
        ),
    ),
    "decree": KindSchema(
        m.Decree,
        "decree",
        (
            Spec("score", "score", None, "score", repeat=True),
            _flag("two-player-removal"),
        ),
    ),
    "building": KindSchema(
        m.PublicBuilding,
        "public_building",
        (
            _f("blue", "<a:street> <b:street>", build=_tuple("a", "b")),
            _f("green", "<a:street> <b:street>", build=_tuple("a", "b")),
        ),
    ),
    "plan": KindSchema(
        m.Plan,
        "plan",
        (
            _f("architect", "<v:architect>", build=_one("v")),
            _f("officials", "<v:pos>", build=_one("v")),
            _flag("starting"),
        ),
    ),
    "city": KindSchema(m.CityTile, "city_tile", (_f("size", "<v:size>", build=_one("v")),)),
    "scoring": KindSchema(
        m.ScoringTile, "scoring_tile", (_f("wigs", "<v:pos>", build=_one("v")),)
    ),
    "favor": KindSchema(m.RoyalFavor, "royal_favor", (_f("noble", "<v:noble>", build=_one("v")),)),
    "land": KindSchema(
        m.LandSpace,
        "land",
        (
            _f("row", "<v:row>", build=_one("v")),
            _f("column", "<v:column>", build=_one("v")),
            _f("size", "<v:size>", build=_one("v")),
            _f("streets", "<v:street...>", build=_one("v")),
            _clause("reward"),
        ),
    ),
    "site": KindSchema(
        m.Site,
        "site",
        (
            _f("side", "<v:side>", build=_one("v")),
            _f("row", "<v:row>", required=False, build=_one("v")),
            _f("street", "<v:street>", required=False, build=_one("v")),
            _f("rubble", "<v:pos>", build=_one("v")),
            _clause("reward"),
        ),
    ),
    "noble": KindSchema(
        m.Noble,
        "noble",
        (
            _f("position", "<v:pos>", build=_one("v")),
            _f("accepts", "<v:good...>", build=_one("v")),
            _f("state-actions", "<a:state_action> <b:state_action>", build=_tuple("a", "b")),
            _f("noble-action", "<v:noble_action>", build=_one("v")),
            _f("office", "<v:pos>", build=_one("v")),
        ),
    ),
    "board": KindSchema(
        m.Board,
        "board",
        (
            _f("street", "<c:street> <g:good>", "streets", repeat=True, build=_tuple("c", "g")),
            _f("row-rubble", "<r:row> <n:pos>", repeat=True, build=_tuple("r", "n")),
            _f("column-rubble", "<c:column> <n:pos>", repeat=True, build=_tuple("c", "n")),
            _f("rubble-pile", "<v:nat>", build=_one("v")),
            _f(
                "rubble",
                "<c:rubble> <n:pos> <cost:pos>",
                repeat=True,
                build=_tuple("c", "n", "cost"),
            ),
            _f(
                "scoring-space",
                "<c:column> <s:pos>",
                "scoring_spaces",
                repeat=True,
                build=_tuple("c", "s"),
            ),
            _f(
                "treasury",
                "<mod:int> <value:nat>",
                repeat=True,
                build=lambda b: m.TreasurySpace(b["mod"], b["value"]),
            ),
            _f("treasury-start", "<v:nat>", build=_one("v")),
            _f("price-start", "<g:good> <p:pos>", repeat=True, build=_tuple("g", "p")),
            _f("price-min", "<v:pos>", build=_one("v")),
            _f("price-max", "<v:pos>", build=_one("v")),
            _f("influence-max", "<v:pos>", build=_one("v")),
            _f("influence-start", "<v:nat...>", build=_one("v")),
            _f("influence-reis-icons", "<v:nat...>", build=_one("v")),
            _f("church-gaps", "<v:pos>", build=_one("v")),
            _f(
                "church-icon",
                "<g:nat> <i:icon>",
                "church_icons",
                repeat=True,
                build=_tuple("g", "i"),
            ),
            _f("decree-display", "<v:pos>", build=_one("v")),
            _f("clergy-track", "<v:pos>", build=_one("v")),
            _f(
                "city-space",
                "<c:street> <s:size>",
                "city_spaces",
                repeat=True,
                build=_tuple("c", "s"),
            ),
            _f("political-display", "<v:card_type...>", build=_one("v")),
            _f(
                "store-majority",
                "<g:good> <a:nat> <b:nat> <c:nat>",
                repeat=True,
                build=_tuple("g", "a", "b", "c"),
            ),
            _f(
                "officials-majority",
                "<p:players> <v:nat...>",
                repeat=True,
                build=lambda b: (b["p"], b["v"]),
            ),
            _f("start-reis", "<v:nat>", build=_one("v")),
            _f("start-wigs", "<v:nat>", build=_one("v")),
            _f("set-wigs", "<v:nat>", build=_one("v")),
            _f("favor-wigs", "<v:nat>", build=_one("v")),
            _f("reis-per-wig", "<v:pos>", build=_one("v")),
        ),
    ),
    "player-board": KindSchema(
        m.PlayerBoard,
        "player_board",
        (
            _f("portfolio-top", "<v:pos>", build=_one("v")),
            _f("portfolio-bottom", "<v:pos>", build=_one("v")),
            _f("portfolio-base", "<v:pos>", build=_one("v")),
            _f("warehouse-base", "<v:pos>", build=_one("v")),
            _f("clergy-spaces", "<v:pos>", build=_one("v")),
            _f("rubble-per-colour", "<v:pos>", build=_one("v")),
            _f("set-columns", "<v:pos>", build=_one("v")),
            _f("officials", "<v:pos>", build=_one("v")),
            _f("houses", "<g:group> <n:pos>", repeat=True, build=_tuple("g", "n")),
            Spec(
                "ability", "section", compile_pattern("<g:group> <i:pos>"), "abilities", False, True
            ),
        ),
    ),
}
