"""Every clergy tile C01-C37 of the shipped catalogue has exactly the effect of components.md A.4.

The expected structures below are written by hand from components.md A.4 (the recommended
reading where A.4 lists an ambiguity) and rules.md R17.2, translated into the card language's
vocabulary (docs/card-language.md): a trigger is ``on EVENT QUALIFIER: effects``, a passive
change is ``modify HOOK AMOUNT QUALIFIERS`` and a permission is ``allow ABILITY``. They are
compared with the compiled tiles on event / qualifier / effect kind and arguments and on hook /
amount / qualifiers; locations take no part in equality (model.py).

Only the wig value on the back of each tile is unknown (components.md A.2, H.1), so every tile
must name exactly ``wigs`` as reconstructed.
"""

from __future__ import annotations

from typing import Any

import pytest

from lisboa_core import load_rules
from lisboa_core.games.lisboa.model import (
    Behaviour,
    Choose,
    ClergyTile,
    Do,
    Effect,
    May,
    Modifier,
    Permission,
    Seq,
    Trigger,
)

# --- helpers to write the expected structures ------------------------------------------------

# The card language accepts singular and plural for the same resource (card-language.md:
# "gain N wigs / gain N wig", "gain N reis / gain N real"); the compiled Do keeps the word as
# written, so both sides are brought to the plural before comparing.
_SYNONYMS = {"wig": "wigs", "real": "reis"}


def _norm_args(args: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    return tuple((k, _SYNONYMS.get(v, v) if k == "what" else v) for k, v in args)


def _norm(effect: Effect) -> Effect:
    if isinstance(effect, Do):
        return Do(effect.kind, _norm_args(effect.args))
    if isinstance(effect, Seq):
        return Seq(tuple(_norm(s) for s in effect.steps))
    if isinstance(effect, Choose):
        return Choose(tuple(_norm(o) for o in effect.options), effect.up_to)  # type: ignore[misc]
    assert isinstance(effect, May)
    return May(_norm(effect.body))  # type: ignore[arg-type]


def _norm_behaviour(b: Behaviour) -> Behaviour:
    return Behaviour(
        b.modifiers,
        b.permissions,
        tuple(Trigger(t.event, t.qualifier, _norm(t.effect)) for t in b.triggers),  # type: ignore[arg-type]
    )


def gain(amount: int, what: str) -> Do:
    return Do("gain", (("amount", amount), ("what", what)))


def seq(*steps: Effect) -> Seq:
    return Seq(tuple(steps))


def on(event: str, qualifier: str | None, *steps: Effect) -> Trigger:
    return Trigger(event, qualifier, seq(*steps))


def behaviour(*parts: Modifier | Permission | Trigger) -> Behaviour:
    return Behaviour(
        tuple(p for p in parts if isinstance(p, Modifier)),
        tuple(p for p in parts if isinstance(p, Permission)),
        tuple(p for p in parts if isinstance(p, Trigger)),
    )


FREE = None  # `modify HOOK free`: the quantity becomes 0 (card-language.md, Passive items)

# --- the table: components.md A.4 ------------------------------------------------------------

EXPECTED: dict[str, Behaviour] = {
    # A.4 C01 / R17.2.1: each time you tuck a political card into your portfolio, gain 1 wig.
    "C01": behaviour(on("tuck", "political", gain(1, "wigs"))),
    # A.4 C02 / R17.2.1: each time you tuck a treasury card, gain 2 reis.
    "C02": behaviour(on("tuck", "treasury", gain(2, "reis"))),
    # A.4 C03 / R17.2.1: a Manuel card played to the royal court: gain 2 reis.
    "C03": behaviour(on("court", "manuel", gain(2, "reis"))),
    # A.4 C04 / R17.2.1: a Marquis card played to the royal court: gain 3 reis (3, not 2).
    "C04": behaviour(on("court", "marquis", gain(3, "reis"))),
    # A.4 C05 / R17.2.1: a King card played to the royal court: gain 2 reis.
    "C05": behaviour(on("court", "king", gain(2, "reis"))),
    # A.4 C06 / R17.2.1: the Sponsor-an-Event fee may be skipped (becomes 0).
    "C06": behaviour(Modifier("sponsor-fee", FREE)),
    # A.4 C07 / R17.2.2: every visit or follow costs 1 influence less (any noble).
    "C07": behaviour(Modifier("visit-cost", -1)),
    # A.4 C08 / R17.2.2: following a visit costs no influence at all.
    "C08": behaviour(Modifier("follow-cost", FREE)),
    # A.4 C09-C11 / R17.2.2: visiting or following that one noble costs 2 influence less.
    "C09": behaviour(Modifier("visit-cost", -2, (("noble", "manuel"),))),
    "C10": behaviour(Modifier("visit-cost", -2, (("noble", "marquis"),))),
    "C11": behaviour(Modifier("visit-cost", -2, (("noble", "king"),))),
    # A.4 C12-C15 / R17.2.3: +2 reis for each gold / book / tool / cloth you sell.
    "C12": behaviour(on("sell", "gold", gain(2, "reis"))),
    "C13": behaviour(on("sell", "books", gain(2, "reis"))),
    "C14": behaviour(on("sell", "tools", gain(2, "reis"))),
    "C15": behaviour(on("sell", "cloth", gain(2, "reis"))),
    # A.4 C16 / R17.2.3: +1 real for every good sold, of any type.
    "C16": behaviour(on("sell", "any", gain(1, "reis"))),
    # A.4 C17 / R17.2.4, A35: +2 wigs when one of your ships sets sail (per sailing, not per
    # crate) and, recommended reading, +2 per ship in your portfolio at final scoring.
    "C17": behaviour(on("sail", None, gain(2, "wigs")), Modifier("ship-score", 2)),
    # A.4 C18 / R17.2.4: building or upgrading a ship costs no goods.
    "C18": behaviour(Modifier("ship-goods", FREE)),
    # A.4 C19 / R17.2.5: after you produce, 1 more good of ONE type you produced.
    "C19": behaviour(on("produce", None, Do("gain_produced", (("amount", 1),)))),
    # A.4 C20 / R17.2.5: you may move the cardinal up to 2 extra gaps.
    "C20": behaviour(Modifier("cardinal-steps", 2)),
    # A.4 C21 / R17.2.6: each time you open a public building, gain 2 wigs.
    "C21": behaviour(on("open-building", None, gain(2, "wigs"))),
    # A.4 C22 / R17.2.6: opening a public building needs 1 official fewer.
    "C22": behaviour(Modifier("officials-needed", -1)),
    # A.4 C23 / R17.2.6: each hired official costs 2 reis less.
    "C23": behaviour(Modifier("hire-cost", -2)),
    # A.4 C24 / R17.2.6: each time you build a store, gain 1 wig.
    "C24": behaviour(on("build-store", None, gain(1, "wigs"))),
    # A.4 C25 / R17.2.6: each decree card you take, gain 1 wig.
    "C25": behaviour(on("take-decree", None, gain(1, "wigs"))),
    # A.4 C26 / R17.2.7: pay reis instead of influence, 1 real per influence.
    "C26": behaviour(Permission("reis-for-influence")),
    # A.4 C27 / R17.2.7: each time you gain influence, gain 2 more. A.4 files it as a trigger on
    # "influence gained"; the vocabulary has no such event and expresses "every influence gain
    # is N larger" as the hook `influence-gain` (card-language.md, Hook table).
    "C27": behaviour(Modifier("influence-gain", 2)),
    # A.4 C28 / R17.2.4: each of your ships counts 2 more influence.
    "C28": behaviour(Modifier("ship-influence", 2)),
    # A.4 C29 / R17.2.8: when you take rubble you MAY discard one cube just taken and gain 2
    # wigs (both or neither; at most one cube per taking).
    "C29": behaviour(on("take-rubble", None,
                        May(seq(Do("discard_taken_rubble", (("count", 1),)), gain(2, "wigs"))))),
    # A.4 C30 / R17.2.8: 1 real for every rubble cube you take.
    "C30": behaviour(on("take-rubble", None,
                        Do("gain_per", (("amount", 1), ("unit", "cube"), ("what", "reis"))))),
    # A.4 C31 / R17.2.7: every payment of reis is 1 real smaller.
    "C31": behaviour(Modifier("payment", -1)),
    # A.4 C32 / R17.2.9: immediate, when taken: gain 7 influence.
    "C32": behaviour(on("taken", None, gain(7, "influence"))),
    # A.4 C33 / R17.2.9: immediate, when taken: take up to 2 royal favors of nobles you lack.
    "C33": behaviour(on("taken", None, Do("take_favors", (("count", 2),)))),
    # A.4 C34 / R17.2.10: each rubble set scores 1 more wig (end of period 1 and final).
    "C34": behaviour(Modifier("set-wigs", 1)),
    # A.4 C35 / R17.2.11, A36: recommended reading, +1 official per completed plan at the end.
    "C35": behaviour(Modifier("plan-officials", 1)),
    # A.4 C36 / R17.2.11: counts as one completed blue-architect plan at final scoring.
    "C36": behaviour(Modifier("completed-plans", 1, (("architect", "blue"),))),
    # A.4 C37 / R17.2.11: counts as one completed green-architect plan at final scoring.
    "C37": behaviour(Modifier("completed-plans", 1, (("architect", "green"),))),
}

IDS = [f"C{i:02d}" for i in range(1, 38)]


@pytest.fixture(scope="module")
def rules():  # type: ignore[no-untyped-def]
    return load_rules()


def test_table_covers_all_37_tiles() -> None:
    # A.1 / R1.2.8: 37 clergy tiles, C01-C37 in the order of A.4.
    assert sorted(EXPECTED) == IDS


def test_catalogue_has_exactly_c01_to_c37(rules) -> None:  # type: ignore[no-untyped-def]
    # A.1 / R1.2.8: exactly 37 clergy tiles, ids C01-C37.
    assert [t.id for t in rules.clergy] == IDS


@pytest.mark.parametrize("tile_id", IDS)
def test_clergy_effect_matches_components_a4(rules, tile_id: str) -> None:  # type: ignore[no-untyped-def]
    tile = rules[tile_id]
    assert isinstance(tile, ClergyTile)
    assert _norm_behaviour(tile.behaviour) == EXPECTED[tile_id]


@pytest.mark.parametrize("tile_id", IDS)
def test_clergy_wigs_reconstructed(rules, tile_id: str) -> None:  # type: ignore[no-untyped-def]
    tile = rules[tile_id]
    # A.2: the back of every tile shows a number of wigs (discarded for wigs at a church
    # scoring, R14) -> at least 1.
    assert tile.wigs >= 1
    # H.1: the wig value is UNKNOWN for every tile; every effect is given by A.4, so `wigs` is
    # the one reconstructed key.
    assert tile.provenance.source == "reconstructed"
    assert tile.provenance.reconstructed == ("wigs",)
