"""The effect vocabulary: every phrase, hook, event and scoring subject the card language knows.

This module is the single source of truth for what card text can say. The validator reads
phrases against these entries, the English descriptions come from their templates, the
interpreter dispatches on their names and the DSL reference is generated from them, so a new
effect kind added here appears everywhere at once.
"""

from __future__ import annotations

import attrs

from lisboa_core.dsl.patterns import Pattern, compile_pattern

__all__ = [
    "CONDITIONS",
    "EFFECT_KINDS",
    "EVENTS",
    "HINTLESS_EVENTS",
    "HOOKS",
    "PERMISSIONS",
    "SCORE_FORMS",
    "SUBJECTS",
    "USER_EFFECT_KINDS",
    "USER_EVENTS",
    "USER_SUBJECTS",
    "Condition",
    "EffectKind",
    "Event",
    "Hook",
    "ScoreForm",
    "Subject",
    "effect_kinds",
    "events",
    "subjects",
]


@attrs.frozen(slots=True)
class EffectKind:
    """An elementary effect: the phrase it is written as and what it does.

    ``needs`` names a context the effect only makes sense in: ``produce`` (inside
    ``on produce``), ``take-rubble`` (inside ``on take-rubble``) or ``quantity`` (a trigger
    whose event has a quantity, for ``per UNIT``).
    """

    name: str
    pattern: Pattern
    template: str
    needs: frozenset[str] = frozenset()

    @property
    def verb(self) -> str:
        """The first word of the phrase."""
        return self.pattern.literal_words[0]


def _effect(name: str, pattern: str, template: str, needs: tuple[str, ...] = ()) -> EffectKind:
    return EffectKind(name, compile_pattern(pattern), template, frozenset(needs))


EFFECT_KINDS: tuple[EffectKind, ...] = (
    _effect(
        "gain_per",
        "gain <amount:pos> <what:resource> per <unit:unit>",
        "gain {amount} {what} per {unit}",
        ("quantity",),
    ),
    _effect("gain", "gain <amount:pos> <what:resource>", "gain {amount} {what}"),
    _effect(
        "gain_influence_total",
        "gain influence",
        "gain influence equal to your top-row influence total",
    ),
    _effect(
        "gain_produced",
        "gain <amount:pos> produced good|goods",
        "take {amount} more good(s) of one type you just produced",
        ("produce",),
    ),
    _effect(
        "gain_each_produced",
        "gain <amount:pos> each produced good|goods",
        "take {amount} more good(s) of each type you just produced",
        ("produce",),
    ),
    _effect(
        "pay_if_able",
        "pay <amount:pos> real|reis if you can",
        "pay {amount} reis if you can (if you cannot, nothing is paid)",
    ),
    _effect(
        "pay",
        "pay <amount:pos> real|reis",
        "pay {amount} reis (a cost: what needs it cannot be done without it)",
    ),
    _effect(
        "return_official",
        "return official",
        "return one of your officials from an office or plaza to your board",
    ),
    _effect(
        "place_officials",
        "place up to <count:pos> officials|official",
        "place up to {count} of your officials into noble offices, one per office "
        "until every office has one",
    ),
    _effect("take_favor", "take favor", "take a royal favor of a noble you lack"),
    _effect(
        "take_favors",
        "take up to <count:pos> favors|favor",
        "take up to {count} royal favors of nobles you lack",
    ),
    _effect("take_decree", "take decree", "take a decree from the display"),
    _effect(
        "spend_set_marker",
        "spend set-marker",
        "remove one of your rubble-set markers from the Marquis portrait",
    ),
    _effect("take_plan", "take plan", "take the top plan of either architect's stack"),
    _effect(
        "take_pile_rubble",
        "take rubble from pile",
        "take a rubble cube of your choice from the rubble pile",
    ),
    _effect(
        "discard_taken_rubble",
        "discard <count:pos> taken rubble",
        "discard {count} of the rubble cubes just taken",
        ("take-rubble",),
    ),
    _effect(
        "move_cardinal", "move cardinal <steps:pos>", "move the cardinal {steps} gap(s) clockwise"
    ),
    _effect("take_clergy", "take clergy", "take one of the two clergy tiles beside the cardinal"),
    _effect("perform", "perform <action:action>", "perform the {action} action"),
    _effect(
        "subsidy",
        "subsidy",
        "take reis equal to the treasury value, then move the treasury marker down 1",
    ),
    _effect(
        "move_treasury",
        "treasury <direction:direction> <steps:pos>",
        "move the treasury marker {direction} {steps}",
    ),
)

USER_EFFECT_KINDS: dict[str, EffectKind] = {}
"""Effect kinds registered from user code (:func:`lisboa_core.extend.register_effect`)."""


def effect_kinds() -> tuple[EffectKind, ...]:
    """The shipped effect kinds, then the user's, in registration order."""
    return (*EFFECT_KINDS, *USER_EFFECT_KINDS.values())


@attrs.frozen(slots=True)
class Hook:
    """A number the rules compute that passive effects may change (``modify HOOK ...``)."""

    name: str
    pattern: Pattern  # the values after the hook name
    template: str
    scoring: bool = False  # consulted by final scoring rather than during play


def _hook(name: str, pattern: str, template: str, *, scoring: bool = False) -> Hook:
    return Hook(name, compile_pattern(pattern), template, scoring)


HOOKS: tuple[Hook, ...] = (
    _hook(
        "visit-cost",
        "<amount:minus> [noble <noble:noble>]",
        "your visits and follows{noble_part} cost {amount_abs} influence less",
    ),
    _hook("follow-cost", "<amount:minus_or_free>", "following a visit costs you no influence"),
    _hook(
        "sponsor-fee", "<amount:minus_or_free>", "you may sponsor an event without paying the fee"
    ),
    _hook(
        "ship-goods", "<amount:minus_or_free>", "building or upgrading a ship costs {amount_goods}"
    ),
    _hook(
        "cardinal-steps",
        "<amount:plus>",
        "you may move the cardinal up to {amount_abs} extra gap(s)",
    ),
    _hook(
        "officials-needed",
        "<amount:minus>",
        "opening a public building needs {amount_abs} official(s) fewer",
    ),
    _hook("hire-cost", "<amount:minus>", "each official you hire costs {amount_abs} reis less"),
    _hook("payment", "<amount:minus>", "every payment of reis you make is {amount_abs} smaller"),
    _hook(
        "ship-influence", "<amount:plus>", "each of your ships counts {amount_abs} more influence"
    ),
    _hook(
        "influence-gain", "<amount:plus>", "each time you gain influence, gain {amount_abs} more"
    ),
    _hook(
        "land-rubble",
        "<amount:minus_or_free> <colour:rubble>",
        "in land prices, each {colour} rubble cube costs {amount_rubble}",
    ),
    _hook(
        "set-wigs",
        "<amount:plus>",
        "each rubble set scores {amount_abs} more wig(s) at the end of period 1 and at the end",
        scoring=True,
    ),
    _hook(
        "ship-score",
        "<amount:plus>",
        "each ship in your portfolio scores {amount_abs} more at final scoring",
        scoring=True,
    ),
    _hook(
        "plan-officials",
        "<amount:plus> per completed-plan",
        "at final scoring, each completed plan counts {amount_abs} more official(s)",
        scoring=True,
    ),
    _hook(
        "completed-plans",
        "<amount:plus> architect <architect:architect>",
        "at final scoring this counts as {amount_abs} completed {architect} plan(s)",
        scoring=True,
    ),
)

PERMISSIONS: dict[str, str] = {
    "reis-for-influence": "you may pay any part of a visit or follow cost in reis, 1 real "
    "per influence",
}


@attrs.frozen(slots=True)
class Event:
    """Something the rules announce that triggers (``on EVENT ...: effects``) listen to."""

    name: str
    pattern: Pattern  # the values after the event name
    template: str
    unit: str | None = None  # the unit of the event's quantity, for ``per UNIT``
    provides: frozenset[str] = frozenset()


def _event(
    name: str, pattern: str, template: str, unit: str | None = None, provides: tuple[str, ...] = ()
) -> Event:
    return Event(name, compile_pattern(pattern), template, unit, frozenset(provides))


EVENTS: tuple[Event, ...] = (
    _event("taken", "", "when you take this"),
    _event("tuck", "<what:tuck_kind>", "each time you tuck a {what} card into your portfolio"),
    _event("court", "<what:court_kind>", "each time you play a {what} card into the royal court"),
    _event("sell", "<what:sell_kind>", "for each {what_sold} you sell"),
    _event("sail", "", "each time one of your ships sets sail", unit="crate"),
    _event("produce", "", "after you produce", provides=("produce",)),
    _event("open-building", "", "each time you open a public building"),
    _event("build-store", "", "each time you build a store"),
    _event("take-decree", "", "for each decree you take"),
    _event("take-rubble", "", "each time you take rubble", unit="cube", provides=("take-rubble",)),
    _event("turn-start", "", "at the start of each of your turns"),
    _event("turn-end", "", "at the end of each of your turns (after you take a card)"),
    _event("build-ship", "", "each time you build or upgrade a ship"),
    _event("visit", "[<what:noble>]", "each time you visit {what_noble}"),
    _event("sponsor", "", "each time you sponsor an event"),
)

HINTLESS_EVENTS = frozenset({"turn-start", "turn-end", "build-ship", "visit", "sponsor"})
"""Events the engine's lookahead shortcuts do not reason about: a catalogue with a trigger
on one of them (or on an event registered from user code) is judged by the full search."""

USER_EVENTS: dict[str, Event] = {}
"""Events registered from user code (:func:`lisboa_core.extend.register_event`)."""


def events() -> tuple[Event, ...]:
    """The shipped events, then the user's, in registration order."""
    return (*EVENTS, *USER_EVENTS.values())


@attrs.frozen(slots=True)
class Subject:
    """Something a decree can count, with the filters it accepts."""

    name: str
    words: tuple[str, ...]  # the word(s) that name it, singular and plural
    filters: Pattern  # what may follow the word
    template: str


def _subject(name: str, words: str, filters: str, template: str) -> Subject:
    return Subject(name, tuple(words.split("|")), compile_pattern(filters), template)


_STORE_FILTERS = "[facing <street:street>] [in row <row:row>] [in column <column:column>]"

SUBJECTS: tuple[Subject, ...] = (
    _subject("stores", "store|stores", _STORE_FILTERS, "{your}stores"),
    _subject("any-stores", "any-store|any-stores", _STORE_FILTERS, "stores of any player"),
    _subject(
        "buildings",
        "building|buildings",
        "[at <side:side>] [architect <architect:architect>]",
        "{the}open public buildings",
    ),
    _subject("rubble", "rubble", "[<colour:rubble>]", "{your}rubble cubes"),
    _subject("goods", "goods|good", "", "goods in {whose} warehouse"),
    _subject("gold", "gold", "", "gold in {whose} warehouse"),
    _subject("books", "books", "", "books in {whose} warehouse"),
    _subject("cloth", "cloth", "", "cloth in {whose} warehouse"),
    _subject("tools", "tools", "", "tools in {whose} warehouse"),
    _subject(
        "completed-plans",
        "completed-plan|completed-plans",
        "[architect <architect:architect>]",
        "{your}completed plans",
    ),
    _subject(
        "plan-officials",
        "plan-officials|plan-official",
        "",
        "officials shown on {whose} completed plans",
    ),
    _subject("decrees", "decree|decrees", "", "{your}decrees"),
    _subject("influence", "influence", "", "{your}influence"),
    _subject(
        "influence-power", "influence-power", "", "the influence shown on {whose} top-row cards"
    ),
    _subject("portfolio-cards", "portfolio-card|portfolio-cards", "", "cards in {whose} portfolio"),
    _subject("reis", "reis", "", "{your}reis after the influence cash-out"),
    _subject("ships", "ship|ships", "", "{your}ships"),
    _subject("clergy", "clergy|clergy-tile|clergy-tiles", "", "{your}clergy tiles"),
    _subject("favors", "favor|favors", "", "{your}royal favors"),
    _subject("sets", "set|sets", "", "{your}rubble sets"),
)

USER_SUBJECTS: dict[str, Subject] = {}
"""Scoring subjects registered from user code (:func:`lisboa_core.extend.register_subject`)."""


def subjects() -> tuple[Subject, ...]:
    """The shipped scoring subjects, then the user's, in registration order."""
    return (*SUBJECTS, *USER_SUBJECTS.values())


@attrs.frozen(slots=True)
class ScoreForm:
    """One way a decree scores: ``per``, ``most`` or ``every type``."""

    name: str
    pattern: Pattern
    template: str


SCORE_FORMS: tuple[ScoreForm, ...] = (
    ScoreForm(
        "per",
        compile_pattern("<wigs:nonzero> per [<every:pos>]"),
        "{wigs} wig(s) for {every_part}{quantity}",
    ),
    ScoreForm(
        "most",
        compile_pattern("<wigs:nonzero> if most"),
        "{wigs} wig(s) if no other player has more {quantity} (at least 1 needed)",
    ),
    ScoreForm(
        "fewest",
        compile_pattern("<wigs:nonzero> if fewest"),
        "{wigs} wig(s) if no other player has fewer {quantity}",
    ),
    ScoreForm(
        "at-least",
        compile_pattern("<wigs:nonzero> if at least <count:pos>"),
        "{wigs} wig(s) if you have at least {count} {quantity}",
    ),
    ScoreForm(
        "every-type",
        compile_pattern("<wigs:pos> if every type of store|stores|good|goods"),
        "{wigs} wig(s) for at least one {what} of every type",
    ),
)


@attrs.frozen(slots=True)
class Condition:
    """A test on a counted quantity that an ``if ... (effects)`` effect makes first."""

    name: str
    pattern: Pattern  # the words between ``if`` and the quantity
    template: str


CONDITIONS: tuple[Condition, ...] = (
    Condition("at-least", compile_pattern("at least <count:nat>"),
              "if you have at least {count} {quantity}"),
    Condition("at-most", compile_pattern("at most <count:nat>"),
              "if you have at most {count} {quantity}"),
    Condition("most", compile_pattern("most"), "if no other player has more {quantity}"),
    Condition("fewest", compile_pattern("fewest"), "if no other player has fewer {quantity}"),
)
