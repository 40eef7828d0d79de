"""Structured events: what a move changed, as plain data a front end can show, for every
game.

:func:`apply_with_events` plays a move and says what it did: the move itself
(:class:`MovePlayed`), every number that changed (:class:`CountChanged`), every piece that
moved (:class:`PiecesMoved`), a new turn (:class:`TurnStarted`), a new period
(:class:`PeriodStarted`) and the final score (:class:`GameEnded`). Events are read off
the two states, not written by the rules, so every rule and every card effect is reported
the same way, and the engine pays nothing when no one asks. Given a ``seat``, events are
read off what that seat sees (:func:`~lisboa_core.views.observe`), so another seat's
hidden pieces appear only as placeholders.

A game says how its positions differ (Lisboa names every place of its board:
:mod:`lisboa_core.games.lisboa.events`); a game that does not gets the generic reading:
the move, then every count and every list of pieces of the state and of each seat that
changed, by field name (``players[1].points``, ``deck``), and the end with its score.
Every event is plain data: :meth:`Event.to_dict` and :func:`event_from_dict` round-trip it
through JSON.

Example::

    import json
    from lisboa_core import legal_moves, new_game
    from lisboa_core.events import apply_with_events, event_from_dict

    state = new_game(players=2, seed=3)
    state, events = apply_with_events(state, legal_moves(state)[0], seat=1)
    assert events[0].kind == "move"
    data = json.dumps([event.to_dict() for event in events])
    assert [event_from_dict(d) for d in json.loads(data)] == list(events)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import attrs

from lisboa_core._args import expect, expect_int, expect_move, expect_playable
from lisboa_core.core.frame import Frame
from lisboa_core.core.immutable import GameState, Record
from lisboa_core.core.moves import Move
from lisboa_core.errors import LisboaError
from lisboa_core.games import Game, game_of

__all__ = [
    "EVENT_KINDS",
    "CountChanged",
    "Event",
    "GameEnded",
    "MovePlayed",
    "PeriodStarted",
    "PiecesMoved",
    "TurnStarted",
    "apply_with_events",
    "event_from_dict",
    "events_between",
]


def _strs(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(items)


def _ints(items: Iterable[int]) -> tuple[int, ...]:
    return tuple(items)


@attrs.frozen(slots=True)
class Event:
    """The base of every event: ``kind`` names the event class (see :data:`EVENT_KINDS`)
    and ``seat`` the seat it concerns (``None`` for the board).

    Example::

        from lisboa_core.events import CountChanged

        event = CountChanged(0, "reis", 10, 13)
        assert event.to_dict() == {"kind": "count", "seat": 0, "what": "reis",
                                   "before": 10, "after": 13}
    """

    kind: ClassVar[str] = "event"
    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-ready data: ``{"kind": ..., "seat": ..., <fields>}``."""
        data: dict[str, Any] = {"kind": self.kind}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


@attrs.frozen(slots=True)
class MovePlayed(Event):
    """``seat`` played ``move`` (notation) at a decision of kind ``decision``. Arguments
    the observer could not see (a clergy tile kept at setup by another seat) read ``?``.

    Example::

        from lisboa_core.events import MovePlayed

        assert str(MovePlayed(1, "sell gold p0.1", "sell")) == "seat 1 (sell): sell gold p0.1"
    """

    kind: ClassVar[str] = "move"
    move: str
    decision: str

    def __str__(self) -> str:
        return f"seat {self.seat} ({self.decision}): {self.move}"


@attrs.frozen(slots=True)
class CountChanged(Event):
    """A number changed from ``before`` to ``after``: a seat's ``reis``, ``wigs``,
    ``influence``, ``goods.<good>``, ``rubble.<colour>``, ``markers``, ``officials``,
    ``houses.<group>``, or (``seat`` None) the board's ``prices.<good>``, ``treasury``,
    ``cardinal``, ``favors.<noble>``, ``rubble-pile``, ``final-turns``...

    Example::

        from lisboa_core.events import CountChanged

        assert CountChanged(None, "prices.gold", 6, 5).delta == -1
    """

    kind: ClassVar[str] = "count"
    what: str
    before: int | None
    after: int | None

    @property
    def delta(self) -> int:
        """``after - before`` (0 when either is None)."""
        if self.before is None or self.after is None:
            return 0
        return self.after - self.before

    def __str__(self) -> str:
        owner = "board" if self.seat is None else f"seat {self.seat}"
        return f"{owner}: {self.what} {self.before} -> {self.after}"


@attrs.frozen(slots=True)
class PiecesMoved(Event):
    """Pieces arrived at or left ``where``: a seat's ``hand``, ``portfolio``, ``cargo``,
    ``clergy``, ``favors``, ``plans``, ``completed``, ``decrees``, or (``seat`` None) a
    board place: ``stores`` (``land:seat:street``), ``office.<noble>`` and
    ``plaza.<noble>`` (seats of officials, ``n`` neutral), ``decree-display``,
    ``shipyard``, ``pile.<n>`` (top cards), ``church``, ``city-display``, ``opened``
    (``site:building:architect``), ``plan-stack.<colour>``, ``building-stack.<colour>``,
    ``rubble.<row|column|site>.<n>``, ``removed``. Hidden pieces read as placeholders.

    Example::

        from lisboa_core.events import PiecesMoved

        moved = PiecesMoved(2, "hand", added=["?card"])
        assert str(moved) == "seat 2 hand: +?card"
    """

    kind: ClassVar[str] = "pieces"
    where: str
    added: tuple[str, ...] = attrs.field(converter=_strs, default=())
    removed: tuple[str, ...] = attrs.field(converter=_strs, default=())

    def __str__(self) -> str:
        owner = "board" if self.seat is None else f"seat {self.seat}"
        parts = [f"+{' '.join(self.added)}" if self.added else "",
                 f"-{' '.join(self.removed)}" if self.removed else ""]
        return f"{owner} {self.where}: {' '.join(p for p in parts if p)}"


@attrs.frozen(slots=True)
class TurnStarted(Event):
    """``seat``'s turn ``turn`` (counted from 1) begins.

    Example::

        from lisboa_core.events import TurnStarted

        assert str(TurnStarted(3, 12)) == "turn 12: seat 3"
    """

    kind: ClassVar[str] = "turn"
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}: seat {self.seat}"


@attrs.frozen(slots=True)
class PeriodStarted(Event):
    """The second period began (R15); ``seat`` is None.

    Example::

        from lisboa_core.events import PeriodStarted

        assert PeriodStarted(None, 2).to_dict() == {"kind": "period", "seat": None,
                                                    "period": 2}
    """

    kind: ClassVar[str] = "period"
    period: int

    def __str__(self) -> str:
        return f"period {self.period} begins"


@attrs.frozen(slots=True)
class GameEnded(Event):
    """The game is over: ``sheet`` is :meth:`ScoreSheet.to_dict
    <lisboa_core.games.lisboa.rules.scoring.ScoreSheet.to_dict>` of the final score and
    ``winners`` the winning seats
    (R16.9); ``seat`` is None.

    Example::

        from lisboa_core.events import GameEnded

        assert str(GameEnded(None, (1,), {})) == "game over; winners: seat 1"
    """

    kind: ClassVar[str] = "end"
    winners: tuple[int, ...] = attrs.field(converter=_ints)
    sheet: dict[str, Any] = attrs.field(eq=False, hash=False)

    def __str__(self) -> str:
        return "game over; winners: " + ", ".join(f"seat {s}" for s in self.winners)


EVENT_KINDS: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (MovePlayed, CountChanged, PiecesMoved, TurnStarted, PeriodStarted, GameEnded)
}
"""Every event class by its ``kind``."""


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event :meth:`Event.to_dict` wrote.

    :raises ValueError: naming the key, for an unknown kind or missing fields.

    Example::

        from lisboa_core.events import TurnStarted, event_from_dict

        assert event_from_dict({"kind": "turn", "seat": 0, "turn": 2}) == TurnStarted(0, 2)
    """
    expect(data, dict, "event_from_dict", "data")
    cls = EVENT_KINDS.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        known = ", ".join(sorted(EVENT_KINDS))
        raise ValueError(f"event_from_dict(): kind {data.get('kind')!r} is not one of {known}")
    names = [f.name for f in attrs.fields(cls)]
    missing = [n for n in names if n not in data]
    if missing:
        raise ValueError(f"event_from_dict(): a {cls.kind!r} event needs {', '.join(missing)}")
    return cls(**{n: data[n] for n in names})


# --- reading events off two states ------------------------------------------------------


def strings(value: Any) -> Iterator[str]:
    """Every string in a state's plain data (tuples, records, frames): the pieces a position
    shows (an observer's view shows only what the seat sees)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from strings(item)
    elif isinstance(value, Record):
        for field in value.values():
            yield from strings(field)
    elif isinstance(value, Frame):
        yield from strings(value.data)


def shown_move(move: Move, full: tuple[Any, Any], seen: tuple[Any, Any]) -> str:
    """The move's notation with every argument that the full positions hold but the
    observer's views do not (another seat's hidden card) replaced by ``?``."""
    args = {a for a in move.args if isinstance(a, str)}
    if not args:
        return str(move)
    visible = set(strings(seen[0])) | set(strings(seen[1]))
    present = set(strings(full[0])) | set(strings(full[1]))
    hidden = (args & present) - visible
    return " ".join([move.kind, *("?" if a in hidden else str(a) for a in move.args)])


def _counted(items: tuple[Any, ...]) -> Counter[str]:
    return Counter(str(p) for p in items if p is not None)


_UNREAD = frozenset({"pending", "rng", "catalogue", "log", "players"})


def _field_events(seat: int | None, prefix: str, a: Record, b: Record) -> Iterator[Event]:
    """The generic reading of two records: a count per changed integer (or integer of a
    tuple), the pieces added and removed per changed tuple of texts."""
    for name, x, y in zip(a.FIELDS, a.values(), b.values(), strict=True):
        if name in _UNREAD or x == y:
            continue
        what = f"{prefix}{name}"
        if (isinstance(x, int) or x is None) and (isinstance(y, int) or y is None) \
                and not isinstance(x, bool) and not isinstance(y, bool):
            yield CountChanged(seat, what, x, y)
        elif isinstance(x, tuple) and isinstance(y, tuple):
            if all(isinstance(v, int) and not isinstance(v, bool) for v in (*x, *y)) \
                    and len(x) == len(y):
                for i, (u, v) in enumerate(zip(x, y, strict=True)):
                    if u != v:
                        yield CountChanged(seat, f"{what}[{i}]", u, v)
            else:
                old, new = _counted(_flat(x)), _counted(_flat(y))
                added, removed = sorted((new - old).elements()), sorted((old - new).elements())
                if added or removed:
                    yield PiecesMoved(seat, what, added, removed)


def _flat(items: tuple[Any, ...]) -> tuple[Any, ...]:
    out: list[Any] = []
    for item in items:
        out.extend(_flat(item) if isinstance(item, tuple) else (item,))
    return tuple(out)


def generic_events(found: Game, before: Any, after: Any, move: Move | None,
                   seat: int | None) -> tuple[Event, ...]:
    """The events between two states of a game that does not read its own (see the module
    docstring)."""
    decision = before.pending[-1].kind if before.pending else "game over"
    actor = before.to_act
    shown = str(move) if move is not None else ""
    if seat is not None:
        full = (before, after)
        before, after = found.observe(before, seat).state, found.observe(after, seat).state
        if move is not None:
            shown = shown_move(move, full, (before, after))
    events: list[Event] = []
    if move is not None:
        events.append(MovePlayed(actor, shown, decision))
    if "period" in before.FIELDS and before.period != after.period:
        events.append(PeriodStarted(None, after.period))
    if "players" in before.FIELDS:
        for n, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
            if a != b and isinstance(a, Record):
                events.extend(_field_events(n, f"players[{n}].", a, b))
    events.extend(_field_events(None, "", before, after))
    if "turn" in before.FIELDS and after.turn != before.turn and after.pending:
        events.append(TurnStarted(after.to_act, after.turn + 1))
    if before.pending and not after.pending:
        sheet = found.score(after)
        events.append(GameEnded(None, sheet.winners, sheet.to_dict()))
    return tuple(events)


def events_between(before: GameState, after: GameState, move: Move | None = None,
                   seat: int | None = None) -> tuple[Event, ...]:
    """The events that take ``before`` to ``after`` (``after`` is usually
    ``apply(before, move)``), as ``seat`` sees them (every piece when ``seat`` is None),
    whatever the game (see the module docstring).

    :param before: the position before.
    :param after: the position after.
    :param move: the move played (reported first as :class:`MovePlayed`), if any.
    :param seat: the observer; hidden pieces are placeholders.
    :raises TypeError: for arguments of the wrong type.
    :raises LisboaError: if there is no such seat or the states are of different games.

    Example::

        from lisboa_core import apply, legal_moves, new_game
        from lisboa_core.events import events_between

        before = new_game(players=2, seed=1)
        move = legal_moves(before)[0]
        events = events_between(before, apply(before, move), move, seat=0)
        assert events[0].kind == "move"
    """
    expect(before, GameState, "events_between", "before")
    expect(after, GameState, "events_between", "after")
    found = game_of(before)
    if game_of(after) is not found:
        raise LisboaError("events_between(): the two states are not of the same game")
    if move is not None:
        expect_move(move, "events_between")
    if seat is not None:
        expect_int(seat, "events_between", "seat")
    own = found.events_between(before, after, move, seat)
    if own is not None:
        return tuple(own)
    if len(getattr(before, "players", ())) != len(getattr(after, "players", ())) \
            or before.catalogue != after.catalogue:
        raise LisboaError("events_between(): the two states are not of the same game")
    return generic_events(found, before, after, move, seat)


def apply_with_events(state: GameState, move: Move,
                      seat: int | None = None) -> tuple[Any, tuple[Event, ...]]:
    """:func:`~lisboa_core.apply` the move and return the new state with the events it
    caused, as ``seat`` sees them (every piece when ``seat`` is None), whatever the game.

    :raises IllegalMoveError: as ``apply`` does; ``state`` is untouched.
    :raises TypeError: for arguments of the wrong type.

    Example::

        import random
        from lisboa_core import new_game, random_move
        from lisboa_core.events import apply_with_events

        state = new_game(players=3, seed=1)
        state, events = apply_with_events(state, random_move(state, random.Random(0)))
        print("\\n".join(map(str, events)))
    """
    expect_playable(state, "apply_with_events")
    expect_move(move, "apply_with_events")
    after = game_of(state).stack.apply_move(state, move)
    return after, events_between(state, after, move, seat)
