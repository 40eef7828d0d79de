"""The browser table's words: cards by name and text, and events in plain language.

The table (:mod:`lisboa_core.fronts.serve`) shows a player what happened and what a move
does without ids to look up: :class:`Words` finds a catalogue's component by the id a move
or an event names and gives its name and text (Lisboa's from
:func:`~lisboa_core.games.lisboa.descriptions.describe`, generated from the cards; another
game's from the component's name), and :meth:`Words.event` says an event of
:mod:`lisboa_core.events` as a sentence (``Final turns left: 1 (was 2)``, not ``board:
final-turns 2 -> 1``). Nothing here knows a card: every name and text comes from the
catalogue.

Example::

    from lisboa_core import load_rules
    from lisboa_core.events import CountChanged
    from lisboa_core.fronts.table_words import Words

    words = Words(load_rules(), seat=0)
    assert words.event(CountChanged(0, "reis", 10, 13)) == "You gain 3 reis (now 13)."
"""

from __future__ import annotations

import re
from typing import Any

from lisboa_core.events import (
    CountChanged,
    Event,
    GameEnded,
    MovePlayed,
    PeriodStarted,
    PiecesMoved,
    TurnStarted,
)

__all__ = ["Words"]

# The names of the numbers and places the games' events report (lisboa_core.events), as a
# player says them.
_COUNTS = {
    "reis": "reis", "wigs": "wigs", "influence": "influence", "markers": "markers",
    "officials": "officials in storage", "treasury": "treasury space",
    "cardinal": "cardinal's gap", "church-scoring": "church scorings",
    "final-turns": "final turns left", "rubble-pile": "cubes in the rubble pile",
    "rubble-out": "rubble cubes out of the game", "doubloons": "doubloons",
    "vp": "victory points", "vp_supply": "victory points in the supply",
    "colonist_supply": "colonists in the supply", "colonist_ship": "colonists on the ship",
    "san_juan": "colonists in San Juan", "quarries": "quarries left", "round": "round",
    "governor": "governor's seat",
}
_PREFIXED = {
    "goods": "{}", "rubble": "{} rubble cubes", "houses": "houses in the {} group",
    "prices": "price of {}", "favors": "royal favors of {} left",
}
_PLACES = {
    "hand": "hand", "portfolio": "portfolio", "cargo": "cargo", "clergy": "clergy tiles",
    "favors": "royal favors", "plans": "plans", "completed": "completed plans",
    "decrees": "decrees", "stores": "stores downtown", "decree-display": "decree display",
    "shipyard": "shipyard", "church": "church", "city-display": "city display",
    "opened": "public buildings opened", "removed": "pieces out of the game",
}
_PLACE_PREFIXED = {
    "office": "{}'s office", "plaza": "{}'s plaza", "pile": "political pile {}",
    "plan-stack": "{} plan stack", "building-stack": "{} building stack",
}
_INDEXED = re.compile(r"^players\[(\d+)\]\.")
_PLURAL = re.compile(r"\b(wig|marker|doubloon|point|cube|official|colonist|house|quarr)(s|ies)\b")


def _plain(name: str) -> str:
    """A field name as words: ``role_takers[3]`` -> ``role takers #3``."""
    return re.sub(r"\[(\d+)\]", r" #\1", name).replace("_", " ").replace("-", " ")


class Words:
    """Names, texts and sentences for one table: the catalogue played, and the seat the
    person sits at (called *you*).

    :param rules: the catalogue (components looked up with ``rules.get(id)``), or None.
    :param seat: the person's seat.
    :param describe: the text of a component (default: its name).
    """

    def __init__(self, rules: Any, seat: int, describe: Any = None) -> None:
        self.rules, self.seat, self._describe = rules, seat, describe

    def component(self, token: str) -> Any:
        """The component with id ``token``, or None."""
        getter = getattr(self.rules, "get", None)
        if getter is None or not isinstance(token, str):
            return None
        try:
            return getter(token)
        except (KeyError, TypeError):
            return None

    def card(self, token: str) -> dict[str, str] | None:
        """``{"id", "name", "text"}`` of the component with id ``token``, or None."""
        found = self.component(token)
        if found is None:
            return None
        name = str(getattr(found, "name", "") or token)
        text = self._describe(found) if self._describe is not None else name
        return {"id": token, "name": name, "text": text}

    def named(self, token: str) -> str:
        """``token`` with its name (an id -> ``Name (ID)``); a hidden card, an
        official or a store in words; anything else as it is."""
        if token.startswith("?"):
            return f"a hidden {token[1:] or 'piece'}"
        found = self.card(token)
        if found is not None:
            return found["name"] if found["name"] == token else f"{found['name']} ({token})"
        return token

    def move_cards(self, move: Any) -> list[dict[str, str]]:
        """The components a move names, each with its name and text."""
        found = []
        for arg in getattr(move, "args", ()):
            card = self.card(arg) if isinstance(arg, str) else None
            if card is not None and card not in found:
                found.append(card)
        return found

    def who(self, seat: int | None, *, start: bool = True) -> str:
        """``You``/``you`` for the person's seat, ``Seat N`` otherwise."""
        if seat == self.seat:
            return "You" if start else "you"
        return f"Seat {seat}" if start else f"seat {seat}"

    def _whose(self, seat: int | None) -> str:
        return "Your" if seat == self.seat else f"Seat {seat}'s"

    def _count_name(self, what: str) -> str:
        what = _INDEXED.sub("", what)
        if what in _COUNTS:
            return _COUNTS[what]
        head, _, rest = what.partition(".")
        if rest and head in _PREFIXED:
            return _PREFIXED[head].format(rest)
        return _plain(what)

    def _place_name(self, where: str) -> str:
        if where in _PLACES:
            return _PLACES[where]
        head, _, rest = where.partition(".")
        if rest and head in _PLACE_PREFIXED:
            return _PLACE_PREFIXED[head].format(rest)
        if head == "rubble" and rest:
            place, _, number = rest.partition(".")
            return f"rubble of {place} {number}"
        return _plain(where)

    def _piece(self, where: str, piece: str) -> str:
        if where.startswith(("office.", "plaza.")):
            if piece == "n":
                return "a neutral official"
            if piece.isdigit():
                return "your official" if int(piece) == self.seat else f"seat {piece}'s official"
        if where == "stores" and piece.count(":") == 2:
            land, seat, street = piece.split(":")
            owner = "your" if seat == str(self.seat) else f"seat {seat}'s"
            return f"{owner} store on {land} ({street} street)"
        return self.named(piece)

    def event(self, event: Event, described: str | None = None) -> str:
        """``event`` as a sentence (``described``: the move's own words, for a move)."""
        if isinstance(event, MovePlayed):
            return f"{self.who(event.seat)}: {described or event.move}."
        if isinstance(event, CountChanged):
            return self._count(event)
        if isinstance(event, PiecesMoved):
            parts = []
            if event.added:
                parts.append("in " + ", ".join(self._piece(event.where, p)
                                               for p in event.added))
            if event.removed:
                parts.append("out " + ", ".join(self._piece(event.where, p)
                                                for p in event.removed))
            place = self._place_name(event.where)
            if event.seat is None:
                place = place[:1].upper() + place[1:]
            else:
                place = f"{self._whose(event.seat)} {place}"
            return f"{place}: {'; '.join(parts)}."
        if isinstance(event, TurnStarted):
            return (f"Turn {event.turn}: your turn." if event.seat == self.seat
                    else f"Turn {event.turn}: seat {event.seat} plays.")
        if isinstance(event, PeriodStarted):
            return f"Period {event.period} begins."
        if isinstance(event, GameEnded):
            winners = [self.who(s, start=False) for s in event.winners]
            if winners == ["you"]:
                return "The game is over: you win."
            verb = "wins" if len(winners) == 1 else "win"
            return f"The game is over: {' and '.join(winners)} {verb}."
        return str(event)

    def _count(self, event: CountChanged) -> str:
        name = self._count_name(event.what)
        before, after = event.before, event.after
        if event.seat is None or before is None or after is None:
            return f"{name[:1].upper()}{name[1:]}: {after} (was {before})."
        verb = "gain" if after > before else "lose"
        if event.seat != self.seat:
            verb += "s"
        if abs(after - before) == 1:  # 1 wig, 1 house in the left group
            name = _PLURAL.sub(lambda m: m[1] + ("y" if m[2] == "ies" else ""), name, count=1)
        return f"{self.who(event.seat)} {verb} {abs(after - before)} {name} (now {after})."
