"""What happened in a Lisboa game: the events of every applied move, read off Lisboa's
board (the event classes, shared by every game, are in :mod:`lisboa_core.events`).

:func:`apply_with_events` plays a move and says what it did: the move itself
(:class:`MovePlayed`), every number that changed (:class:`CountChanged`: reis, wigs,
influence, each good, each rubble colour, prices, the treasury, the cardinal...), every
piece that moved (:class:`PiecesMoved`: cards into and out of a hand or portfolio, stores
built, officials placed, decrees, plans, clergy tiles, ships, public buildings), a new turn
(:class:`TurnStarted`), the second period (:class:`PeriodStarted`) and the final score
(:class:`GameEnded`).

Events are read off the two states, not written by the rules, so every rule, every card
effect (the shipped ones and any card a user writes) is reported the same way, and the
engine pays nothing when no one asks. Given a ``seat``, events are read off what that seat
sees (:func:`~lisboa_core.games.lisboa.views.observe`), so another seat's hidden cards appear only
as
placeholders (``"?card"``): an event stream sent to a player never leaks what the player
could not see at the table. Every event is plain data: :meth:`Event.to_dict` and
:func:`event_from_dict` round-trip it through JSON.

Example::

    import json
    from lisboa_core import legal_moves, new_game
    from lisboa_core.games.lisboa.events import apply_with_events, event_from_dict

    state = new_game(players=2, seed=3)
    state, events = apply_with_events(state, legal_moves(state)[0], seat=1)
    assert events[0].kind == "move"
    data = json.dumps([event.to_dict() for event in events])
    assert [event_from_dict(d) for d in json.loads(data)] == list(events)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from lisboa_core._args import expect, expect_int, expect_move, expect_playable
from lisboa_core.core.moves import Move
from lisboa_core.errors import LisboaError
from lisboa_core.events import (
    EVENT_KINDS,
    CountChanged,
    Event,
    GameEnded,
    MovePlayed,
    PeriodStarted,
    PiecesMoved,
    TurnStarted,
    event_from_dict,
    shown_move,
)
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE, PlayerState, State
from lisboa_core.games.lisboa.views import observe

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


# --- reading events off two states ------------------------------------------------------


def _counts(before: tuple[Any, ...], after: tuple[Any, ...]) -> tuple[list[str], list[str]]:
    """Added and removed pieces of two collections, order ignored (a shuffle is no event)."""
    old = Counter(_text(p) for p in before if p is not None)
    new = Counter(_text(p) for p in after if p is not None)
    return sorted((new - old).elements()), sorted((old - new).elements())


def _text(piece: Any) -> str:
    if isinstance(piece, tuple):
        return ":".join("n" if x is not None and not isinstance(x, str) and x < 0 else str(x)
                        for x in piece)
    if isinstance(piece, int) and piece < 0:
        return "n"
    return str(piece)


def _pieces(seat: int | None, where: str, before: tuple[Any, ...],
            after: tuple[Any, ...]) -> Iterator[Event]:
    if before != after:
        added, removed = _counts(before, after)
        if added or removed:
            yield PiecesMoved(seat, where, added, removed)


def _count(seat: int | None, what: str, before: int | None,
           after: int | None) -> Iterator[Event]:
    if before != after:
        yield CountChanged(seat, what, before, after)


def _player_events(seat: int, a: PlayerState, b: PlayerState) -> Iterator[Event]:
    if a is b:
        return
    for name in ("reis", "wigs", "influence", "markers", "officials"):
        yield from _count(seat, name, getattr(a, name), getattr(b, name))
    for good, x, y in zip(GOODS, a.goods, b.goods, strict=True):
        yield from _count(seat, f"goods.{good}", x, y)
    for colour, x, y in zip(RUBBLE, a.rubble, b.rubble, strict=True):
        yield from _count(seat, f"rubble.{colour}", x, y)
    for group, (x, y) in enumerate(zip(a.houses, b.houses, strict=True)):
        yield from _count(seat, f"houses.{('left', 'middle', 'right')[group]}", x, y)
    yield from _pieces(seat, "hand", a.hand, b.hand)
    yield from _pieces(seat, "portfolio", (*a.top, *a.bottom), (*b.top, *b.bottom))
    yield from _pieces(seat, "cargo", sum(a.cargo, ()), sum(b.cargo, ()))
    for name in ("clergy", "favors", "plans", "completed", "decrees"):
        yield from _pieces(seat, name, getattr(a, name), getattr(b, name))


_STACKS = ("blue", "green")


def _board_events(a: State, b: State) -> Iterator[Event]:
    yield from _pieces(None, "stores", a.stores, b.stores)
    for noble, office_a, office_b in zip(NOBLES, a.offices, b.offices, strict=True):
        yield from _pieces(None, f"office.{noble}", office_a, office_b)
    for noble, plaza_a, plaza_b in zip(NOBLES, a.plazas, b.plazas, strict=True):
        yield from _pieces(None, f"plaza.{noble}", plaza_a, plaza_b)
    for noble, x, y in zip(NOBLES, a.favor_supply, b.favor_supply, strict=True):
        yield from _count(None, f"favors.{noble}", x, y)
    for good, x, y in zip(GOODS, a.prices, b.prices, strict=True):
        yield from _count(None, f"prices.{good}", x, y)
    yield from _count(None, "treasury", a.treasury, b.treasury)
    yield from _count(None, "cardinal", a.cardinal, b.cardinal)
    yield from _count(None, "church-scoring", a.church_scoring, b.church_scoring)
    yield from _count(None, "final-turns", a.final_turns, b.final_turns)
    yield from _count(None, "rubble-pile", len(a.rubble_pile), len(b.rubble_pile))
    yield from _count(None, "rubble-out", a.rubble_out, b.rubble_out)
    yield from _pieces(None, "decree-display", a.decree_display, b.decree_display)
    yield from _pieces(None, "shipyard", a.shipyard[:1], b.shipyard[:1])
    for n, (pile_a, pile_b) in enumerate(zip(a.piles, b.piles, strict=True)):
        yield from _pieces(None, f"pile.{n}", pile_a[:1], pile_b[:1])
    yield from _pieces(None, "church", a.church, b.church)
    yield from _pieces(None, "city-display", a.city_display, b.city_display)
    yield from _pieces(None, "opened", a.opened, b.opened)
    for colour, plans_a, plans_b in zip(_STACKS, a.plan_stacks, b.plan_stacks, strict=True):
        yield from _pieces(None, f"plan-stack.{colour}", plans_a[:1], plans_b[:1])
    for colour, built_a, built_b in zip(_STACKS, a.building_stacks, b.building_stacks,
                                       strict=True):
        yield from _pieces(None, f"building-stack.{colour}", built_a[:1], built_b[:1])
    for place, xs, ys in (("row", a.row_rubble, b.row_rubble),
                          ("column", a.column_rubble, b.column_rubble),
                          ("site", a.site_rubble, b.site_rubble)):
        for n, (cubes_a, cubes_b) in enumerate(zip(xs, ys, strict=True)):
            yield from _pieces(None, f"rubble.{place}.{n}", cubes_a, cubes_b)
    yield from _pieces(None, "removed", a.removed, b.removed)


def events_between(before: State, after: State, move: Move | None = None,
                   seat: int | None = None) -> tuple[Event, ...]:
    """The events that take ``before`` to ``after`` (``after`` is usually
    ``apply(before, move)``), as ``seat`` sees them (every piece when ``seat`` is None).

    :param before: the position before.
    :param after: the position after.
    :param move: the move played (reported first as :class:`MovePlayed`), if any.
    :param seat: the observer; hidden pieces are placeholders (see the module docstring).
    :raises TypeError: for arguments of the wrong type.
    :raises LisboaError: if there is no such seat or the states are of different games.

    Example::

        from lisboa_core import apply, legal_moves, new_game
        from lisboa_core.games.lisboa.events import events_between

        before = new_game(players=2, seed=1)
        move = legal_moves(before)[0]
        events = events_between(before, apply(before, move), move, seat=0)
        assert events[0].kind == "move"
    """
    expect(before, State, "events_between", "before")
    expect(after, State, "events_between", "after")
    if move is not None:
        expect_move(move, "events_between")
    if seat is not None:
        expect_int(seat, "events_between", "seat")
    if before.player_count != after.player_count or before.catalogue != after.catalogue:
        raise LisboaError("events_between(): the two states are not of the same game")
    decision = before.pending[-1].kind if before.pending else "game over"
    actor = before.to_act
    shown = str(move) if move is not None else ""
    if seat is not None:
        full = (before, after)
        before, after = observe(before, seat).state, observe(after, seat).state
        if move is not None:
            shown = shown_move(move, full, (before, after))
    found: list[Event] = []
    if move is not None:
        found.append(MovePlayed(actor, shown, decision))
    if after.period != before.period:
        found.append(PeriodStarted(None, after.period))
    for n, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
        found.extend(_player_events(n, a, b))
    found.extend(_board_events(before, after))
    if after.turn != before.turn and after.pending:
        found.append(TurnStarted(after.current, after.turn + 1))
    if before.pending and not after.pending:
        sheet = score(after)
        found.append(GameEnded(None, sheet.winners, sheet.to_dict()))
    return tuple(found)


def apply_with_events(state: State, move: Move,
                      seat: int | None = None) -> tuple[State, tuple[Event, ...]]:
    """:func:`~lisboa_core.apply` the move and return the new state with the events it
    caused, as ``seat`` sees them (every piece when ``seat`` is None).

    :raises IllegalMoveError: as ``apply`` does; ``state`` is untouched.
    :raises TypeError: for arguments of the wrong type.

    Example::

        from lisboa_core import new_game, random_move
        import random
        from lisboa_core.games.lisboa.events import apply_with_events

        state = new_game(players=3, seed=1)
        state, events = apply_with_events(state, random_move(state, random.Random(0)))
        print("\\n".join(map(str, events)))
    """
    expect_playable(state, "apply_with_events")
    expect_move(move, "apply_with_events")
    after = STACK.apply_move(state, move)
    return after, events_between(state, after, move, seat)
