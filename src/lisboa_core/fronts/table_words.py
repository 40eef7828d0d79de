"""The browser table's words: cards by name and text, and events in plain language.

The table (:mod:`lisboa_core.fronts.serve`) shows a player what happened and what a move
does without ids to look up: :class:`Words` finds a catalogue's component by the id a move
or an event names and gives its name and text (Lisboa's from
:func:`~lisboa_core.games.lisboa.descriptions.describe`, generated from the cards; another
game's from the component's name), and :meth:`Words.event` says an event of
:mod:`lisboa_core.events` as a sentence (``Final turns left: 1 (was 2)``, not ``board:
final-turns 2 -> 1``) in the game's own words for its counts and places
(:attr:`Game.event_words <lisboa_core.games.Game.event_words>`: ``Seat 2 took the``
and the role's name from the catalogue, not ``Role takers #3: 2 (was -1)``). Nothing
here knows a card or a game: every name and text comes from the catalogue and the game.

Example::

    from lisboa_core import load_rules
    from lisboa_core.events import CountChanged
    from lisboa_core.fronts.table_words import Words

    words = Words(load_rules(), seat=0)
    assert words.event(CountChanged(0, "reis", 10, 13)) == "You gain 3 reis (now 13)."
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from lisboa_core.core.chance import CHANCE
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

_INDEXED = re.compile(r"^players\[(\d+)\]\.")
_ITEM = re.compile(r"^(.*)\[(\d+)\]$")
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
    :param words: how the game's counts and places are said (its :attr:`Game.event_words
        <lisboa_core.games.Game.event_words>`; default: those of the game of ``rules``,
        none without rules).
    """

    def __init__(self, rules: Any, seat: int, describe: Any = None,
                 words: Mapping[str, str] | None = None) -> None:
        self.rules, self.seat, self._describe = rules, seat, describe
        if words is None and rules is not None:
            from lisboa_core.games import game_for_rules

            found = game_for_rules(rules)
            words = found.event_words if found is not None else None
        self.words: Mapping[str, str] = words or {}
        """The game's words for its counts and places."""
        self.state: Any = None
        """The position the events lead to (set by :meth:`event`), whose lists name the
        indexes of counts (``role_takers[3]``: the fourth role in play)."""

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
        """``You``/``you`` for the person's seat, ``Chance``/``chance`` for a chance step
        (or the game's word for it, its ``chance`` word), ``Seat N`` otherwise."""
        if seat == self.seat:
            return "You" if start else "you"
        if seat == CHANCE:
            word = self.words.get("chance", "chance")
            return word[:1].upper() + word[1:] if start else word
        return f"Seat {seat}" if start else f"seat {seat}"

    def _whose(self, seat: int | None) -> str:
        if seat == CHANCE:
            return f"{self.who(seat)}'s"
        return "Your" if seat == self.seat else f"Seat {seat}'s"

    def _entry(self, what: str, before: Any = None,
               after: Any = None) -> tuple[str, dict[str, Any]] | None:
        """The game's words for count or place ``what`` and the fields they are filled
        with, or None (none given)."""
        what = _INDEXED.sub("", what)
        fields: dict[str, Any] = {"item": None, "rest": ""}
        keys = [what]
        found = _ITEM.match(what)
        if found:
            keys.append(f"{found[1]}[]")
            fields["item"] = int(found[2])
        head, _, rest = what.partition(".")
        if rest:
            keys.append(f"{head}.*")
            fields["rest"] = rest
        for key in keys:
            for wanted in (f"{key} to {after}", f"{key} from {before}", key):
                if wanted in self.words:
                    return self.words[wanted], fields
        return None

    def _fill(self, template: str, fields: dict[str, Any]) -> str:
        text = _Filler(self).format(template, **fields)
        return text[:1].upper() + text[1:] if template.endswith(".") else text

    def _count_name(self, what: str) -> str:
        found = self._entry(what)
        if found is None:
            return _plain(_INDEXED.sub("", what))
        return self._fill(found[0], found[1])

    def _place_name(self, where: str) -> str:
        head, _, rest = where.partition(".")
        if head == "rubble" and rest:  # a place's rubble (a count of rubble is a colour's)
            place, _, number = rest.partition(".")
            return f"rubble of {place} {number}"
        found = self._entry(where)
        if found is not None:
            return self._fill(found[0], found[1])
        return _plain(where)

    def item_name(self, index: Any, names: str) -> str:
        """The name of entry ``index`` of the list ``names``: the position's list of that
        name (:attr:`state`), else the catalogue's, else ``names`` written ``a|b|c``; an
        entry that is a component or a component's id is said by its name. An index
        beyond the list is said as it is."""
        if not isinstance(index, int):
            return str(index)
        listed: Any = None
        for holder in (self.state, self.rules):
            listed = getattr(holder, names, None) if holder is not None else None
            if isinstance(listed, Sequence) and not isinstance(listed, str):
                break
            listed = None
        if listed is None and "|" in names:
            listed = names.split("|")
        if listed is None or not 0 <= index < len(listed):
            return str(index)
        entry = listed[index]
        if isinstance(entry, str):
            found = self.component(entry)
            return str(getattr(found, "name", "") or entry) if found is not None else entry
        return str(getattr(entry, "name", entry))

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

    def event(self, event: Event, described: str | None = None, state: Any = None) -> str:
        """``event`` as a sentence (``described``: the move's own words, for a move;
        ``state``: the position after it, whose lists name the indexes of counts)."""
        if state is not None:
            self.state = state
        if isinstance(event, MovePlayed):
            return f"{self.who(event.seat)}: {described or event.move}."
        if isinstance(event, CountChanged):
            return self._count(event)
        if isinstance(event, PiecesMoved):
            parts = []
            added = [p for p in event.added if p != ""]  # an empty space is no piece
            removed = [p for p in event.removed if p != ""]
            if added:
                parts.append("in " + ", ".join(self._piece(event.where, p) for p in added))
            if removed:
                parts.append("out " + ", ".join(self._piece(event.where, p) for p in removed))
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
        before, after = event.before, event.after
        found = self._entry(event.what, before, after)
        if found is not None and found[0].endswith("."):
            return self._sentence(event, found[0], found[1])
        name = self._fill(*found) if found is not None else _plain(
            _INDEXED.sub("", event.what))
        if event.seat is None or before is None or after is None:
            return f"{name[:1].upper()}{name[1:]}: {after} (was {before})."
        verb = "gain" if after > before else "lose"
        if event.seat != self.seat:
            verb += "s"
        if abs(after - before) == 1:  # 1 wig, 1 house in the left group
            name = _PLURAL.sub(lambda m: m[1] + ("y" if m[2] == "ies" else ""), name, count=1)
        return f"{self.who(event.seat)} {verb} {abs(after - before)} {name} (now {after})."

    def _sentence(self, event: CountChanged, template: str, fields: dict[str, Any]) -> str:
        """The game's sentence for a count, its fields filled."""
        before, after = event.before, event.after
        n = abs(event.delta)
        mine = event.seat == self.seat
        fields.update(
            before=before, after=after, n=n, s="" if n == 1 else "s",
            after_s="" if after == 1 else "s", Who=self.who(event.seat),
            who=self.who(event.seat, start=False),
            Whose=self._whose(event.seat), whose="your" if mine else f"seat {event.seat}'s",
            has="have" if mine else "has", s3="" if mine else "s")
        return self._fill(template, fields)


class _Filler(string.Formatter):
    """Fills a game's words: ``{item:LIST}`` and ``{after:LIST}`` name an index by a list
    (:meth:`Words.item_name`), ``{after:seat}`` (``seat_lower``) says a seat,
    ``{item:a_LIST}`` names with an article."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return "" if value is None else str(value)
        if format_spec in ("seat", "seat_lower"):
            return self.words.who(value, start=format_spec == "seat")
        if format_spec.startswith("a_"):  # with its article: "an" before a vowel, "a" otherwise
            name = self.words.item_name(value, format_spec[2:])
            return ("an " if name[:1].lower() in "aeiou" else "a ") + name
        return self.words.item_name(value, format_spec)
