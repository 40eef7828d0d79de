"""What Tiletum's card files may say: its component kinds, their keys and the words their
values come from, as a :class:`~lisboa_core.dsl.keys.KeyVocabulary`.

The reader (:mod:`lisboa_core.games.tiletum.catalogue`) takes every key's required flag and
default from here, refuses keys not described (LB101) and checks, after reading, that it
consulted exactly the keys described for each component; the card-language reference's
Tiletum part is generated from :data:`VOCABULARY` (``docs/generate.py``). A key is added here
and in the reader, or the shipped cards stop loading.
"""

from __future__ import annotations

from typing import Final

from lisboa_core.dsl.keys import Key, KeyVocabulary, KindKeys, WordList
from lisboa_core.games.tiletum import model as m

__all__ = ["ACTIONS", "EFFECTS", "PLAYERS", "VOCABULARY"]

EFFECTS: Final = ("gain", "any", "action", "step", "king", "persons", "plus-ap", "die-type",
                  "post-anywhere", "pillar-anywhere", "merchant-anywhere",
                  "architect-anywhere")
"""The effect verbs the engine knows (TL21-TL25)."""

ACTIONS: Final = ("architect", "merchant", "person", "contract", "king", "joker")
"""The actions an action area of the wheel gives."""

PLAYERS: Final = ("all", "3", "4")
"""The player-count marks: in every game, with 3 or more players, with 4 players only."""

_PROVENANCE = Key(
    "provenance", "[source TAG ...] [rules|reconstructed [KEY ...]]",
    "where the values come from: the source tags cited, and whether looked up (`rules`) or "
    "chosen to fit (`reconstructed`, naming the keys)",
)
_PLAYERS = Key("players", "all|3|4", "the player counts it is used with (`3`: 3 or more, "
               "`4`: 4 only)", required=False, default="all")


def _kind(kind: str, cls: type, meaning: str, *keys: Key) -> KindKeys:
    return KindKeys(kind, cls, meaning, (*keys, _PROVENANCE))


KINDS: Final = (
    _kind("town", m.Town, "a town of the map (the name in quotes is its printed name)",
          Key("at", "X Y", "its drawing position (not a rule: outside the digest)",
              required=False),
          Key("post", "POST-ID all|3|4 [EFFECT ...]",
              "a trading-post space, the player counts it is open for and its bonus",
              required=False, repeat=True),
          Key("bonus-space", "all|3|4",
              "the player counts a bonus tile lies on the town for", required=False),
          Key("cathedral", "CATHEDRAL-ID", "the cathedral site of the town", required=False)),
    _kind("road", str, "a road space between towns",
          Key("at", "X Y", "its drawing position (not a rule: outside the digest)",
              required=False)),
    _kind("edge", tuple, "a link of the map",
          Key("between", "SPACE-ID SPACE-ID", "the town or road spaces it joins")),
    _kind("die", str, "a die colour (the name in quotes is its colour)",
          Key("resource", "WORD", "the resource its pips give")),
    _kind("area", str, "an action area of the wheel",
          Key("action", "|".join(ACTIONS), "the action it gives")),
    _kind("action-tile", str, "an action tile, laid on an area in the variant (TL27)",
          Key("action", "|".join(ACTIONS), "the action it shows")),
    _kind("king-track", m.Rules, "the king's track",
          Key("values", "N ...", "the values of its spaces, from the first"),
          Key("start", "N", "the space the king starts on"),
          Key("last-round-vp", "N", "the VP of the last round's king scoring")),
    _kind("corruption", m.Rules, "the corruption tokens",
          Key("tokens", "N ...", "the tokens' values"),
          Key("on-track", "N", "the tokens put on the track")),
    _kind("cathedral", m.Cathedral, "a cathedral",
          Key("town", "TOWN-ID", "the town it stands in"),
          Key("pillars", "N", "the pillars it needs"),
          Key("tiles", "N ...", "the VP of its cathedral tiles")),
    _kind("cost", m.CostTile, "a cost tile of the cathedral track",
          Key("stone", "N", "the stone it costs (needed unless `closed`)", required=False),
          Key("vp", "N", "the VP it gives (needed unless `closed`)", required=False),
          Key("closed", "yes", "the tile closes the track", required=False)),
    _kind("fair-spaces", m.Rules, "the fair track",
          Key("vp", "N ...", "the VP of its spaces"),
          Key("first-town", "TOWN-ID", "the town the first fair is held in")),
    _kind("fair", m.Fair, "a fair scoring tile",
          Key("counts", "WORD ...", "what it counts"),
          Key("vp", "N", "the VP per count")),
    _kind("town-tile", str, "a town tile",
          Key("town", "TOWN-ID", "the town it shows")),
    _kind("contract-display", m.Rules, "the contract display",
          Key("costs", "N ...", "what taking a contract from each slot costs")),
    _kind("person-display", m.Rules, "the person display",
          Key("slots", "N", "the persons on display"),
          Key("cost", "N", "what taking a person costs")),
    _kind("player-board", m.Rules, "every player's board",
          Key("warehouse", "N", "the resources the warehouse keeps"),
          Key("contract-spaces", "N ...", "the contract spaces"),
          Key("start-pillars", "N", "the pillars on the board at the start"),
          Key("building", "ID rooms N coat N bonus EFFECT",
              "a building: its rooms, the coat of arms it needs and its bonus",
              required=False, repeat=True),
          Key("completed-vp", "N ...", "the VP for completed buildings"),
          Key("resources-per-vp", "N", "the resources worth one VP at the end")),
    _kind("setup", m.Setup, "the setup for one player count",
          Key("players", "N", "the player count"),
          Key("dice-per-colour", "N", "the dice of each colour"),
          Key("dice-rolled", "N", "the dice rolled each round"),
          Key("gold", "N ...", "the starting gold by seat"),
          Key("start", "RESOURCE N ...", "each player's starting resources"),
          Key("vp", "N", "each player's starting VP"),
          Key("posts", "N", "each player's trading posts"),
          Key("pillars", "N", "each player's pillars")),
    _kind("person", m.PersonTile, "a person, with its tiles",
          Key("icon", "WORD", "its icon"),
          _PLAYERS,
          Key("tile", "tile ID: EFFECT, ...", "one of its tiles and what it gives",
              required=False, repeat=True)),
    _kind("contract", m.Contract, "a contract",
          Key("pay", "RESOURCE N ...", "what fulfilling it costs"),
          Key("vp", "N", "the VP it gives"),
          Key("extra", "extra: EFFECT, ...", "what else fulfilling it gives",
              required=False)),
    _kind("coat", str, "a coat of arms"),
    _kind("contract-tile", m.Tile, "a contract tile",
          Key("holds", "CONTRACT-ID|COAT-ID", "the contract or coat of arms it holds"),
          _PLAYERS),
    _kind("bonus-tile", m.Tile, "a bonus tile",
          Key("holds", "CONTRACT-ID|COAT-ID",
              "the contract or coat of arms it holds (needed unless `assistant`)",
              required=False),
          _PLAYERS,
          Key("assistant", "assistant: EFFECT, ...", "the assistant it shows, with what it "
              "gives", required=False)),
)
"""Every component kind of a Tiletum catalogue, with its keys."""

VOCABULARY: Final = KeyVocabulary(
    game="tiletum",
    kinds=KINDS,
    lists=(
        WordList("effect", "the effect verbs of `tile`, `extra`, `assistant` and bonuses",
                 EFFECTS),
        WordList("action", "the actions of an action area", ACTIONS),
        WordList("players", "the player-count marks", PLAYERS,
                 ("every game", "games of 3 or more players", "games of 4 players")),
        WordList("resource", "the resources", m.RESOURCES),
    ),
)
"""Tiletum's card vocabulary."""
