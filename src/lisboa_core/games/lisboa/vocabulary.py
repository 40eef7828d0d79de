"""Lisboa's words in the card language: its value types, component kinds, effects, hooks,
permissions, events and scoring subjects.

The language's syntax and machinery are shared (:mod:`lisboa_core.dsl`); this module is
the part that belongs to Lisboa, gathered in :data:`VOCABULARY`. The validator reads card
text against these entries, the English descriptions come from their templates, the
interpreter dispatches on their names and the card-language reference is generated from
them, so a word added here appears everywhere at once.
"""

from __future__ import annotations

from lisboa_core.dsl.patterns import BASE_TYPES, Enum, Pattern, ValueType, compile_pattern, int_type
from lisboa_core.dsl.vocabulary import (
    EffectKind,
    Event,
    Hook,
    ScoreForm,
    Subject,
)

__all__ = [
    "COLUMNS",
    "EFFECT_KINDS",
    "EVENTS",
    "GOODS",
    "HINTLESS_EVENTS",
    "HOOKS",
    "NOBLES",
    "NOBLE_ACTIONS",
    "PERMISSIONS",
    "PLAYER_COUNTS",
    "ROWS",
    "SCORE_FORMS",
    "STATE_ACTIONS",
    "STREETS",
    "SUBJECTS",
    "TYPES",
]

GOODS = ("gold", "books", "cloth", "tools")
STREETS = ("yellow", "pink", "brown", "blue")
NOBLES = ("manuel", "marquis", "king")
STATE_ACTIONS = (
    "recruit-officials",
    "acquire-plan",
    "build-ship",
    "produce-goods",
    "meet-cardinal",
    "royal-favor",
)
NOBLE_ACTIONS = ("build-store", "take-decree", "open-building")
ROWS = ("A", "B", "C", "D", "E")
COLUMNS = (1, 2, 3, 4, 5)
PLAYER_COUNTS = (2, 3, 4)

TYPES: dict[str, ValueType] = {
    **BASE_TYPES,
    **{t.name: t for t in (
        int_type("column", "a column number 1-5", COLUMNS[0], COLUMNS[-1]),
        int_type("period", "a period (1 or 2)", 1, 2),
        int_type("players", "a player count 2-4", PLAYER_COUNTS[0], PLAYER_COUNTS[-1]),
        Enum("good", GOODS, "a good (gold, books, cloth, tools)"),
        Enum(
            "resource",
            ("wig", "wigs", "real", "reis", "influence", "gold", "books", "cloth", "tools"),
            "wigs, reis, influence or a good",
            noun="resource",
            aliases={"wig": "wigs", "real": "reis"},  # singular and plural mean the same
        ),
        Enum("street", STREETS, "a street colour (yellow, pink, brown, blue)"),
        Enum("rubble", ("brown", "red", "blue"), "a rubble colour (brown, red, blue)"),
        Enum("noble", NOBLES, "a noble (manuel, marquis, king)"),
        Enum("row", ROWS, "a row (A-E)", ref=True),
        Enum("side", ("west", "north", "east"), "a site side (west, north, east)"),
        Enum("architect", ("blue", "green"), "an architect (blue, green)"),
        Enum("deck", ("blue", "red", "purple", "brown"), "a deck (blue, red, purple, brown)"),
        Enum(
            "card_type",
            ("manuel", "marquis", "king", "treasury"),
            "a card type (manuel, marquis, king, treasury)",
            noun="card type",
        ),
        Enum("size", ("large", "small"), "a size (large, small)"),
        Enum("ship_color", ("blue", "red", "purple", "brown"), "a ship colour"),
        Enum("state_action", STATE_ACTIONS, "a state action"),
        Enum("noble_action", NOBLE_ACTIONS, "a noble action"),
        Enum("action", STATE_ACTIONS + NOBLE_ACTIONS, "a state or noble action"),
        Enum("unit", ("cube", "good", "crate"), "a unit (cube, good, crate)"),
        Enum("direction", ("up", "down"), "a direction (up, down)"),
        Enum("group", ("left", "middle", "right"), "a house group (left, middle, right)"),
        Enum("icon", ("envelope", "treasury"), "a church icon (envelope, treasury)"),
        Enum(
            "tuck_kind",
            ("political", "noble", "treasury"),
            "political, noble or treasury",
            noun="card kind",
        ),
        Enum(
            "court_kind",
            ("manuel", "marquis", "king", "treasury"),
            "manuel, marquis, king or treasury",
            noun="card kind",
        ),
        Enum("sell_kind", (*GOODS, "any"), "a good or 'any'", noun="good"),
        Enum("ability", ("reis-for-influence",), "an ability (reis-for-influence)"),
        Enum("display_space", STREETS, "a display colour"),
    )},
}
"""Every value type Lisboa's card files use: the shared ones and Lisboa's own."""


def _pattern(text: str) -> Pattern:
    """A pattern over Lisboa's value types."""
    return compile_pattern(text, TYPES)


def _effect(name: str, pattern: str, template: str, needs: tuple[str, ...] = ()) -> EffectKind:
    return EffectKind(name, _pattern(pattern), template, frozenset(needs))


def _hook(name: str, pattern: str, template: str, *, scoring: bool = False) -> Hook:
    return Hook(name, _pattern(pattern), template, scoring)


def _event(
    name: str, pattern: str, template: str, unit: str | None = None, provides: tuple[str, ...] = ()
) -> Event:
    return Event(name, _pattern(pattern), template, unit, frozenset(provides))


def _subject(name: str, words: str, filters: str, template: str) -> Subject:
    return Subject(name, tuple(words.split("|")), _pattern(filters), template)


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

SCORE_FORMS: tuple[ScoreForm, ...] = (
    ScoreForm(
        "per",
        _pattern("<wigs:nonzero> per [<every:pos>]"),
        "{wigs} wig(s) for {every_part}{quantity}",
    ),
    ScoreForm(
        "most",
        _pattern("<wigs:nonzero> if most"),
        "{wigs} wig(s) if no other player has more {quantity} (at least 1 needed)",
    ),
    ScoreForm(
        "fewest",
        _pattern("<wigs:nonzero> if fewest"),
        "{wigs} wig(s) if no other player has fewer {quantity}",
    ),
    ScoreForm(
        "at-least",
        _pattern("<wigs:nonzero> if at least <count:pos>"),
        "{wigs} wig(s) if you have at least {count} {quantity}",
    ),
    ScoreForm(
        "every-type",
        _pattern("<wigs:pos> if every type of store|stores|good|goods"),
        "{wigs} wig(s) for at least one {what} of every type",
    ),
)


