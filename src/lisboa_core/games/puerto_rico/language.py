"""What Puerto Rico's card files may say: its component kinds, their keys and the words
their values come from, as a :class:`~lisboa_core.dsl.keys.KeyVocabulary`.

The reader (:mod:`lisboa_core.games.puerto_rico.catalogue`) takes every key's required flag,
default and lowest number from here and checks, after each component, that it read exactly
the keys described; the card-language reference's Puerto Rico part is generated from
:data:`VOCABULARY` (``docs/generate.py``). A key is added here and in the reader, or the
shipped cards stop loading.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.dsl.keys import Key, KeyVocabulary, KindKeys, WordList
from lisboa_core.games.puerto_rico import model as m

__all__ = [
    "END",
    "EVENTS",
    "MODIFIERS",
    "PERMISSIONS",
    "PHASES",
    "PRIVILEGES",
    "QUANTITIES",
    "SCORES",
    "TIEBREAK",
    "VOCABULARY",
]

PHASES: Final = ("settle", "colonists", "build", "produce", "trade", "ship", "none")
"""The phases a role card can start (PR4-PR10; ``none``: the card has no action)."""

PRIVILEGES: Final = {
    "take-quarry": ("settle", 0),
    "extra-colonist": ("colonists", 1),
    "discount": ("build", 1),
    "extra-good": ("produce", 1),
    "sale-bonus": ("trade", 1),
    "first-load-bonus": ("ship", 1),
    "doubloons": ("", 1),
}
"""Privilege kind: (the phase it acts in, '' for on taking the card; how many numbers)."""

EVENTS: Final = {
    ("sell", "gain"): "doubloons",
    ("load", "gain"): "vp",
    ("produce", "gain-by-kinds"): "doubloons",
    ("settle", "draw-plantation"): "",
    ("take-tile", "staff-tile"): "",
    ("build", "staff-building"): "",
}
"""``on EVENT: EFFECT`` pairs the engine knows, with the unit a gain is counted in."""

PERMISSIONS: Final = ("take-quarry", "sell-duplicate", "private-ship")
"""``allow`` permissions the engine knows."""

MODIFIERS: Final = ("store-kinds",)
"""``modify`` numbers the engine knows."""

SCORES: Final = ("per-building", "steps", "per-full")
"""The ways a building's ``score`` line counts."""

QUANTITIES: Final = ("island-tiles", "colonists", "vp-chips")
"""What ``score steps`` and ``score per-full`` count."""

END: Final = ("colonists-short", "city-full", "vp-out")
"""The game-end conditions a board may put in play (PR15.1)."""

TIEBREAK: Final = ("doubloons", "goods")
"""What a board may add up to break a tie for the most VP (PR16.2.2)."""

_PROVENANCE = Key(
    "provenance", "rules|reconstructed [KEY ...] source TAG ...",
    "where the values come from: looked up (`rules`) or chosen to fit (`reconstructed`, "
    "naming the keys or `all`), citing the source tags of components.md",
)


def _kind(kind: str, cls: type, meaning: str, *keys: Key) -> KindKeys:
    return KindKeys(kind, cls, meaning, (*keys, _PROVENANCE))


def _one_of(words: tuple[str, ...]) -> str:
    return "|".join(words)


_SCORE_FORMS = (
    "per-building GROUP N", "steps QUANTITY FROM VP [FROM VP ...]", "per-full QUANTITY N")
_EVENT_PHRASES = tuple(
    f"on {event}: {effect} N" + ("..." if effect == "gain-by-kinds" else "")
    + (f" {unit}" if unit else "") for (event, effect), unit in EVENTS.items())
_ABILITY = (
    "what the owner of an occupied building gets, may do or has changed (PR0.1.7); "
    "may repeat")

KINDS: Final = (
    _kind("good", m.Good, "a kind of good, in the order of every per-good table",
          Key("colour", "WORD", "the colour of its barrels, for pictures"),
          Key("count", "N", "the barrels in the supply"),
          Key("price", "N", "what the trading house pays for one (PR8.1.2)"),
          Key("needs-building", "yes|no",
              "whether production needs an occupied production building as well (PR7.2)")),
    _kind("plantation", m.IslandTile, "an island tile that yields a good",
          Key("good", "GOOD-ID", "the good it yields"),
          Key("count", "N", "the tiles in the box"),
          Key("circles", "1", "its colonist circles (always one, PR0.1.6)", low=1)),
    _kind("quarry", m.IslandTile, "an island tile that makes buildings cheaper",
          Key("count", "N", "the tiles in the box"),
          Key("circles", "1", "its colonist circles (always one, PR0.1.6)", low=1),
          Key("discount", "N", "what each occupied quarry takes off a building's cost, up to "
              "the building's column (PR6.2.2)")),
    _kind("building", m.Building, "a building of the city",
          Key("cost", "N", "the price before discounts"),
          Key("vp", "N", "its printed victory points"),
          Key("column", "N", "its board column, which caps the quarry discount (PR6.2.2)",
              low=1),
          Key("circles", "N", "its colonist circles", low=1),
          Key("spaces", "N", "the city spaces it takes (2 for a large building)", low=1),
          Key("copies", "N", "the tiles in the box", low=1),
          Key("produces", "GOOD-ID", "the good a production building helps make",
              required=False),
          Key("group", "WORD ...",
              "what it counts as for the large buildings' scoring (small-production, "
              "large-production, violet)"),
          Key("on", "EVENT: EFFECT N ... [UNIT]  or  on EVENT: may (EFFECT N)",
              _ABILITY, required=False, repeat=True),
          Key("allow", "PERMISSION", _ABILITY, required=False, repeat=True),
          Key("modify", "MODIFIER N", _ABILITY, required=False, repeat=True),
          Key("score", _one_of(_SCORE_FORMS),
              "extra victory points at the end (a large building, PR14)",
              required=False, repeat=True)),
    _kind("role", m.Role, "a role card",
          Key("phase", _one_of(PHASES), "the phase it starts"),
          Key("privilege", "PRIVILEGE [N]", "what only its taker gets", required=False)),
    _kind("ship", m.CargoShip, "a cargo ship",
          Key("capacity", "N", "the barrels it holds", low=1)),
    _kind("trading-house", m.TradingHouse, "the trading house",
          Key("spaces", "N", "the goods it holds (PR8.2.1)", low=1)),
    _kind("board", m.GameBoard, "the game board",
          Key("columns", "N", "the columns of buildings", low=1),
          Key("role-bonus", "N", "the doubloons put on each unchosen role card at the end of a "
              "round (PR3.3.2)"),
          Key("end", f"{_one_of(END)} ...", "the game-end conditions in play (PR15.1)"),
          Key("tiebreak", f"{_one_of(TIEBREAK)} ...",
              "what breaks a tie for the most VP, added together (PR16.2.2)")),
    _kind("player-board", m.PlayerMat, "every player's board",
          Key("island", "N", "island spaces", low=1),
          Key("city", "N", "city spaces", low=1),
          Key("keep-goods", "N", "the single goods kept at the end of a captain phase "
              "(PR9.6.2)")),
    _kind("setup", m.Setup, "the setup for one player count (PR2.2)",
          Key("players", "N", "the player count", low=1),
          Key("doubloons", "N", "each player's starting doubloons"),
          Key("colonists", "N", "the colonist supply"),
          Key("colonist-ship", "N", "the colonists on the ship at the start"),
          Key("refill-minimum", "N", "the fewest colonists the mayor puts on the ship "
              "(PR5.4.1)"),
          Key("vp", "N", "the victory-point chips", low=1),
          Key("ships", "SHIP-ID ...", "the cargo ships used"),
          Key("roles", "ROLE-ID ...", "the role cards used"),
          Key("start", "PLANTATION-ID ...", "the starting plantations by seat, the governor "
              "first (PR2.2.2)"),
          Key("face-up", "N", "the face-up plantations turned after each settler phase "
              "(PR4.3.1)")),
)
"""Every component kind of a Puerto Rico catalogue, with its keys."""

VOCABULARY: Final = KeyVocabulary(
    game="puerto-rico",
    kinds=KINDS,
    lists=(
        WordList("phase", "the phases a role card can start (`none`: no action)", PHASES,
                 ("each player in turn takes a plantation (PR4)",
                  "the colonists on the ship are shared out and every player places his "
                  "(PR5)",
                  "each player in turn may build one building (PR6)",
                  "each player produces goods (PR7)",
                  "each player in turn may sell one good to the trading house (PR8)",
                  "the players load goods onto the cargo ships for VP (PR9)",
                  "no phase: only the privilege (PR10)")),
        WordList(
            "privilege", "what only the taker of a role card gets (`privilege KIND [N]`)",
            tuple(PRIVILEGES),
            ("you may take a quarry instead of a face-up plantation",
             "you take N more colonists from the supply",
             "your building costs N doubloons less",
             "you take N more goods of a kind you produced",
             "your sale earns N more doubloons",
             "your first shipment earns N more VP",
             "you take N doubloons from the bank"),
        ),
        WordList(
            "event", "`on EVENT: EFFECT` abilities the engine knows", _EVENT_PHRASES,
            ("each sale earns you N more doubloons", "each shipment earns you N more VP",
             "after producing you take doubloons by the number of kinds you produced, one "
             "number per count from none up (PR13.9)",
             "in the settler phase you may first draw N tiles from the hidden plantation "
             "stack (PR13.2)",
             "you may put N colonists from the supply on the island tile you just took "
             "(PR13.5)",
             "you may put N colonists from the supply on the building you just built "
             "(PR13.10)"),
        ),
        WordList("permission", "`allow PERMISSION` abilities the engine knows", PERMISSIONS,
                 ("in the settler phase you may take a quarry instead of a face-up "
                  "plantation (PR13.3)",
                  "you may sell a kind of good the trading house already holds (PR13.6)",
                  "once per captain phase you may ship all your goods of one kind on a ship "
                  "of your own (PR13.12)")),
        WordList("modifier", "`modify MODIFIER N` numbers the engine knows", MODIFIERS,
                 ("at the end of a captain phase you keep all your goods of N more kinds "
                  "(PR13.4, PR13.8)",)),
        WordList("score", "the forms of a building's `score` line", SCORES, _SCORE_FORMS),
        WordList("quantity", "what `score steps` and `score per-full` count", QUANTITIES,
                 ("island tiles", "colonists", "VP chips")),
        WordList("end", "the game-end conditions", END,
                 ("the colonist supply cannot refill the colonist ship at the end of a "
                  "mayor phase (PR15.1.1)",
                  "a player fills the last space of his city (PR15.1.2)",
                  "the VP supply runs out in a captain phase (PR15.1.3)")),
        WordList("tiebreak", "what breaks a tie for the most VP", TIEBREAK,
                 ("doubloons", "goods")),
    ),
)
"""Puerto Rico's card vocabulary."""
