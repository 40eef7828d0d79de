"""Events read off every applied move: complete, JSON round-trip, and hidden per seat."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import (
    IllegalMoveError,
    Move,
    apply,
    is_over,
    legal_moves,
    new_game,
    observe,
    random_move,
    score,
    to_json,
)
from lisboa_core.games.lisboa.events import (
    CountChanged,
    Event,
    GameEnded,
    MovePlayed,
    PiecesMoved,
    TurnStarted,
    apply_with_events,
    event_from_dict,
    events_between,
)
from lisboa_core.games.lisboa.state import GOODS, State


def _game(players: int, seed: int, limit: int = 10_000) -> Iterator[tuple[State, Move, State]]:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(limit):
        if is_over(state):
            return
        move = random_move(state, rng)
        after = apply(state, move)
        yield state, move, after
        state = after


def _counts(events: tuple[Event, ...], seat: int | None) -> dict[str, CountChanged]:
    return {e.what: e for e in events if isinstance(e, CountChanged) and e.seat == seat}


def _pieces(events: tuple[Event, ...], seat: int | None, where: str) -> list[PiecesMoved]:
    return [e for e in events if isinstance(e, PiecesMoved) and e.seat == seat
            and e.where == where]


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_events_account_for_every_change(players: int, seed: int) -> None:
    """Applying the reported changes to the position before gives the position after."""
    for before, move, after in _game(players, seed, limit=400):
        events = events_between(before, after, move)
        assert events[0] == MovePlayed(before.to_act, str(move), before.pending[-1].kind)
        for seat, (a, b) in enumerate(zip(before.players, after.players, strict=True)):
            counts = _counts(events, seat)
            for name in ("reis", "wigs", "influence"):
                change = counts.get(name)
                got = getattr(a, name) if change is None else change.after
                assert change is None or change.before == getattr(a, name)
                assert got == getattr(b, name), (move, name)
            for good, x, y in zip(GOODS, a.goods, b.goods, strict=True):
                change = counts.get(f"goods.{good}")
                assert (x if change is None else change.after) == y
            hand = Counter(a.hand)
            for moved in _pieces(events, seat, "hand"):
                hand.update(moved.added)
                hand.subtract(moved.removed)
            assert +hand == Counter(b.hand), move
        board = _counts(events, None)
        for good, x, y in zip(GOODS, before.prices, after.prices, strict=True):
            change = board.get(f"prices.{good}")
            assert (x if change is None else change.after) == y
        stores = Counter(before.stores)
        for moved in _pieces(events, None, "stores"):
            for text in moved.added:
                land, seat_text, street = text.split(":")
                stores[(land, int(seat_text), street)] += 1
        assert set(+stores) >= set(after.stores)


def test_events_travel_as_json() -> None:
    seen_kinds = set()
    for before, move, after in _game(3, 11, limit=300):
        for seat in (None, 0, 2):
            events = events_between(before, after, move, seat)
            text = json.dumps([e.to_dict() for e in events])
            back = [event_from_dict(d) for d in json.loads(text)]
            assert back == list(events)
            seen_kinds.update(e.kind for e in events)
    assert {"move", "count", "pieces", "turn"} <= seen_kinds


@pytest.mark.slow
def test_a_seat_never_sees_another_hand_in_its_events() -> None:
    """R3.11: the cards in each hand are hidden from the other seats."""
    leaks_checked = 0
    for before, move, after in _game(4, 5, limit=500):
        for seat in range(4):
            hidden = {
                card
                for state in (before, after)
                for other, p in enumerate(state.players) if other != seat
                for card in p.hand
            }
            visible = _visible_strings(before, after, seat)
            secret = hidden - visible
            text = json.dumps([e.to_dict() for e in events_between(before, after, move, seat)])
            for card in secret:
                assert f'"{card}"' not in text and f" {card}" not in text, (seat, move, card)
                leaks_checked += 1
    assert leaks_checked > 1000


def to_json_free(state: State) -> list[str]:
    """Every string a state holds (a view's state: what the seat may see)."""
    from lisboa_core.games.lisboa.views import _strings

    return list(_strings(state, set()))


def _visible_strings(before: State, after: State, seat: int) -> set[str]:
    return set(to_json_free(observe(before, seat).state)) | set(
        to_json_free(observe(after, seat).state))


def test_a_hidden_card_in_a_move_is_masked_for_the_others() -> None:
    """R2.2.3 / R3.11: the clergy tile another seat keeps at setup is drawn from its own two;
    the move names it, so the other seats see ``keep ?`` until the tile is public."""
    state = new_game(3, 2)
    frame = state.pending[-1]
    assert frame.kind == "keep-clergy"
    move = legal_moves(state)[0]
    _after, own = apply_with_events(state, move, seat=frame.seat)
    assert own[0] == MovePlayed(frame.seat, str(move), "keep-clergy")
    other = (frame.seat + 1) % 3
    dropped = next(t for t in frame.data if t not in move.args)
    _after, theirs = apply_with_events(state, move, seat=other)
    assert dropped not in json.dumps([e.to_dict() for e in theirs])


def test_selling_never_changes_prices_or_treasury() -> None:
    """R6.1-R6.2: a sale pays reis and moves a good onto a ship; prices and the treasury
    stay."""
    sales = 0
    for seed in range(6):
        for before, move, after in _game(3, seed):
            if move.kind != "sell" or not move.args:  # "sell" alone chooses the action
                continue
            sales += 1
            events = events_between(before, after, move)
            seller = before.to_act
            counts = _counts(events, seller)
            assert counts["reis"].delta > 0
            good = str(move.args[0])
            assert counts[f"goods.{good}"].delta == -1
            loaded = [e for e in events if isinstance(e, PiecesMoved) and e.where == "cargo"]
            assert [e.added for e in loaded] == [(good,)] or any(  # R6.5: a full ship sails
                e.what.startswith("wigs") for e in events if isinstance(e, CountChanged))
            assert not any(w.startswith("prices.") or w == "treasury"
                           for w in _counts(events, None))
        if sales >= 5:
            break
    assert sales >= 5


def test_turns_and_the_end_are_announced() -> None:
    """R3: each turn passes to the next seat; R16.9: the winners are announced at the end."""
    turns = 0
    last: tuple[Event, ...] = ()
    final = None
    for before, move, after in _game(2, 8):
        last = events_between(before, after, move)
        for event in last:
            if isinstance(event, TurnStarted):
                turns += 1
                assert event.seat == after.current and event.turn == after.turn + 1
        final = after
    assert final is not None and is_over(final)
    assert final.turn - 1 <= turns <= final.turn
    end = last[-1]
    assert isinstance(end, GameEnded)
    assert end.winners == score(final).winners
    assert end.sheet == score(final).to_dict()


def test_an_illegal_move_changes_nothing() -> None:
    state = new_game(2, 1)
    text = to_json(state)
    with pytest.raises(IllegalMoveError):
        apply_with_events(state, Move("sell", ("gold", 9)))
    assert to_json(state) == text


def test_wrong_arguments_are_type_errors() -> None:
    state = new_game(2, 1)
    with pytest.raises(TypeError, match="move"):
        apply_with_events(state, "keep C01")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="before"):
        events_between("no", state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        event_from_dict({"kind": "nope"})
    with pytest.raises(ValueError, match="needs"):
        event_from_dict({"kind": "move", "seat": 0})
