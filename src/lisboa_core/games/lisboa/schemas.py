"""The schema of every kind of Lisboa component: the keys a card file may give for it, the
shape of each key's values and the typed class it builds."""

from __future__ import annotations

from typing import Any

from lisboa_core.dsl.patterns import Pattern, compile_pattern
from lisboa_core.dsl.schemas import (
    BEHAVIOUR,
    KindSchema,
    Spec,
    clause_spec,
    field_spec,
    flag_spec,
    one,
    several,
)
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.vocabulary import TYPES

__all__ = ["KINDS"]


def _f(key: str, pattern: str, attr: str | None = None, **options: Any) -> Spec:
    return field_spec(key, pattern, attr, types=TYPES, **options)


def _pattern(text: str) -> Pattern:
    return compile_pattern(text, TYPES)


KINDS: dict[str, KindSchema] = {
    "political": KindSchema(
        m.PoliticalCard,
        "political",
        (
            _f("deck", "<v:deck>", build=one("v")),
            _f("type", "<v:card_type>", build=one("v")),
            _f("influence", "<v:nat>", required=False, build=one("v")),
            clause_spec("tucked"),
            clause_spec("reward"),
            clause_spec("penalty"),
            clause_spec("event"),
            Spec("permanent", "section", _pattern(""), "permanent", False),
        ),
    ),
    "ship": KindSchema(
        m.Ship,
        "ship",
        (
            _f("color", "<v:ship_color>", build=one("v")),
            _f("period", "<v:period>", build=one("v")),
            _f("hull", "<v:pos>", build=one("v")),
            _f("sale", "<v:nat>", build=one("v")),
            _f("influence", "<v:nat>", build=one("v")),
        ),
    ),
    "clergy": KindSchema(
        m.ClergyTile,
        "clergy",
        (
            _f("wigs", "<v:nat>", build=one("v")),
            BEHAVIOUR,
        ),
    ),
    "decree": KindSchema(
        m.Decree,
        "decree",
        (
            Spec("score", "score", None, "score", repeat=True),
            flag_spec("two-player-removal"),
        ),
    ),
    "building": KindSchema(
        m.PublicBuilding,
        "public_building",
        (
            _f("blue", "<a:street> <b:street>", build=several("a", "b")),
            _f("green", "<a:street> <b:street>", build=several("a", "b")),
        ),
    ),
    "plan": KindSchema(
        m.Plan,
        "plan",
        (
            _f("architect", "<v:architect>", build=one("v")),
            _f("officials", "<v:pos>", build=one("v")),
            flag_spec("starting"),
        ),
    ),
    "city": KindSchema(m.CityTile, "city_tile", (_f("size", "<v:size>", build=one("v")),)),
    "scoring": KindSchema(
        m.ScoringTile, "scoring_tile", (_f("wigs", "<v:pos>", build=one("v")),)
    ),
    "favor": KindSchema(m.RoyalFavor, "royal_favor", (_f("noble", "<v:noble>", build=one("v")),)),
    "land": KindSchema(
        m.LandSpace,
        "land",
        (
            _f("row", "<v:row>", build=one("v")),
            _f("column", "<v:column>", build=one("v")),
            _f("size", "<v:size>", build=one("v")),
            _f("streets", "<v:street...>", build=one("v")),
            clause_spec("reward"),
        ),
    ),
    "site": KindSchema(
        m.Site,
        "site",
        (
            _f("side", "<v:side>", build=one("v")),
            _f("row", "<v:row>", required=False, build=one("v")),
            _f("street", "<v:street>", required=False, build=one("v")),
            _f("rubble", "<v:pos>", build=one("v")),
            clause_spec("reward"),
        ),
    ),
    "noble": KindSchema(
        m.Noble,
        "noble",
        (
            _f("position", "<v:pos>", build=one("v")),
            _f("accepts", "<v:good...>", build=one("v")),
            _f("state-actions", "<a:state_action> <b:state_action>", build=several("a", "b")),
            _f("noble-action", "<v:noble_action>", build=one("v")),
            _f("office", "<v:pos>", build=one("v")),
        ),
    ),
    "board": KindSchema(
        m.Board,
        "board",
        (
            _f("street", "<c:street> <g:good>", "streets", repeat=True, build=several("c", "g")),
            _f("row-rubble", "<r:row> <n:pos>", repeat=True, build=several("r", "n")),
            _f("column-rubble", "<c:column> <n:pos>", repeat=True, build=several("c", "n")),
            _f("rubble-pile", "<v:nat>", build=one("v")),
            _f(
                "rubble",
                "<c:rubble> <n:pos> <cost:pos>",
                repeat=True,
                build=several("c", "n", "cost"),
            ),
            _f(
                "scoring-space",
                "<c:column> <s:pos>",
                "scoring_spaces",
                repeat=True,
                build=several("c", "s"),
            ),
            _f(
                "treasury",
                "<mod:int> <value:nat>",
                repeat=True,
                build=lambda b: m.TreasurySpace(b["mod"], b["value"]),
            ),
            _f("treasury-start", "<v:nat>", build=one("v")),
            _f("price-start", "<g:good> <p:pos>", repeat=True, build=several("g", "p")),
            _f("price-min", "<v:pos>", build=one("v")),
            _f("price-max", "<v:pos>", build=one("v")),
            _f("influence-max", "<v:pos>", build=one("v")),
            _f("influence-start", "<v:nat...>", build=one("v")),
            _f("influence-reis-icons", "<v:nat...>", build=one("v")),
            _f("church-gaps", "<v:pos>", build=one("v")),
            _f(
                "church-icon",
                "<g:nat> <i:icon>",
                "church_icons",
                repeat=True,
                build=several("g", "i"),
            ),
            _f("decree-display", "<v:pos>", build=one("v")),
            _f("clergy-track", "<v:pos>", build=one("v")),
            _f(
                "city-space",
                "<c:street> <s:size>",
                "city_spaces",
                repeat=True,
                build=several("c", "s"),
            ),
            _f("political-display", "<v:card_type...>", build=one("v")),
            _f(
                "store-majority",
                "<g:good> <a:nat> <b:nat> <c:nat>",
                repeat=True,
                build=several("g", "a", "b", "c"),
            ),
            _f(
                "officials-majority",
                "<p:players> <v:nat...>",
                repeat=True,
                build=lambda b: (b["p"], b["v"]),
            ),
            _f("start-reis", "<v:nat>", build=one("v")),
            _f("start-wigs", "<v:nat>", build=one("v")),
            _f("set-wigs", "<v:nat>", build=one("v")),
            _f("favor-wigs", "<v:nat>", build=one("v")),
            _f("reis-per-wig", "<v:pos>", build=one("v")),
            _f("period-end-sets", "<v:pos>", required=False, build=one("v")),
            _f("period-end-piles", "<v:pos>", required=False, build=one("v")),
            _f("game-end-sets", "<v:pos>", required=False, build=one("v")),
            _f("game-end-piles", "<v:pos>", required=False, build=one("v")),
            _f("two-player-row", "<v:row>", required=False, build=one("v")),
            _f("small-column", "<v:pos>", required=False, build=one("v")),
        ),
    ),
    "player-board": KindSchema(
        m.PlayerBoard,
        "player_board",
        (
            _f("portfolio-top", "<v:pos>", build=one("v")),
            _f("portfolio-bottom", "<v:pos>", build=one("v")),
            _f("portfolio-base", "<v:pos>", build=one("v")),
            _f("warehouse-base", "<v:pos>", build=one("v")),
            _f("clergy-spaces", "<v:pos>", build=one("v")),
            _f("rubble-per-colour", "<v:pos>", build=one("v")),
            _f("set-columns", "<v:pos>", build=one("v")),
            _f("officials", "<v:pos>", build=one("v")),
            _f("houses", "<g:group> <n:pos>", repeat=True, build=several("g", "n")),
            Spec(
                "ability", "section", _pattern("<g:group> <i:pos>"), "abilities", False, True,
                build=lambda b: m.HouseAbility(b["g"], b["i"], b["behaviour"]),
            ),
        ),
    ),
}
