"""Tiletum's draws as chance steps (issue 25.2, TL26.3-TL26.4): a tile drawn from a deck
and a corruption token turned face up.

Nothing random happens inside an automatic step. A deck is a multiset (held sorted, its
order is not part of the state), so a draw is a chance step whose outcomes are the
different tiles in the deck, each with its share of the deck; shuffling a deck, or the
discards into a deck, only merges them. The face-down corruption tokens on the turn track
hold :data:`FACE_DOWN`: turning one up is a chance step whose outcomes are the values of
the tokens not yet revealed this round (those on the track and those aside alike, as
nobody knows which lie where), each with its share; the cleanup's reshuffle (TL19.2) only
turns every token face down again.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from lisboa_core.core.chance import CHANCE, Outcomes
from lisboa_core.core.moves import Move
from lisboa_core.core.stack import push
from lisboa_core.games.tiletum.rules.ops import rules_of
from lisboa_core.games.tiletum.stack import STACK, register
from lisboa_core.games.tiletum.state import Frame, State

__all__ = [
    "FACE_DOWN",
    "Slot",
    "corrupt",
    "draw_outcomes",
    "draws",
    "face_down",
    "returned",
    "reveal_outcomes",
]

FACE_DOWN: Final = -1
"""A face-down corruption token on the turn track (its value is drawn when revealed)."""

Slot = tuple[str, int]
"""Where a drawn tile goes: a state field and the index in it (``-1`` for a field that
holds one tile)."""


def _shares(items: tuple[str, ...] | tuple[int, ...], kind: str) -> Outcomes:
    counts = Counter(items)
    size = len(items)
    return tuple((Move(kind, (item,)), n / size) for item, n in sorted(counts.items()))


def draw_outcomes(state: State, frame: Frame) -> Outcomes:
    """TL26.3: the tiles the deck named by the frame can give, ``draw T``, each with its
    share of the deck."""
    return _shares(getattr(state, str(frame.data[0])), "draw")


def draws(state: State, deck: str, slots: list[Slot], *, available: int | None = None
          ) -> State:
    """``state`` with one draw from ``deck`` (a state field) pushed for each of ``slots``,
    in their order, as far as the deck goes (TL0.7: an empty deck gives nothing); the deck
    will hold ``available`` tiles when the draws come (by default what it holds now)."""
    size = len(getattr(state, deck)) if available is None else available
    frames = [Frame("draw", CHANCE, (deck, field, index)) for field, index in slots[:size]]
    return push(state, *reversed(frames))


def _draw(state: State, frame: Frame, move: Move | None) -> State:
    """The drawn tile leaves the deck for its slot."""
    assert move is not None
    tile = str(move.args[0])
    deck_field, field, index = str(frame.data[0]), str(frame.data[1]), int(frame.data[2])
    deck = list(getattr(state, deck_field))
    deck.remove(tile)
    if index < 0:
        placed: str | tuple[str, ...] = tile
    else:
        row = getattr(state, field)
        placed = (*row[:index], tile, *row[index + 1 :])
    return state.replaced({deck_field: tuple(deck), field: placed})


def returned(state: State, deck: str, tiles: tuple[str, ...]) -> State:
    """``state`` with a step pushed that puts ``tiles`` into ``deck`` (a shuffle into a
    deck: the deck is a multiset, so only the tiles matter)."""
    return push(state, Frame("return", -1, (deck, *tiles))) if tiles else state


def _return(state: State, frame: Frame, move: Move | None) -> State:
    deck = str(frame.data[0])
    tiles = tuple(str(t) for t in frame.data[1:])
    return state.replaced({deck: tuple(sorted((*getattr(state, deck), *tiles)))})


def face_down(state: State) -> dict[str, object]:
    """The fields of every corruption token face down and none revealed (TL2.1.11,
    TL19.2): the track's spaces hidden, all the tokens unrevealed."""
    rules = rules_of(state)
    return {"corruption": (FACE_DOWN,) * rules.corruption_on_track,
            "corruption_aside": tuple(sorted(rules.corruption)), "revealed": 0}


def reveal_outcomes(state: State, frame: Frame) -> Outcomes:
    """TL5.2, TL26.3: the values the next token turned up can show, ``reveal V``, each with
    its share of the tokens not yet revealed this round."""
    return _shares(state.corruption_aside, "reveal")


def corrupt(king: tuple[tuple[int, ...], ...], v: int) -> tuple[tuple[int, ...], ...]:
    """TL5.3-TL5.4: every marker ``v`` spaces left, never past the first space; markers that
    could not move stay at the bottom there, the arrivals go on top in old order."""
    if v <= 0:
        return king
    first = tuple(seat for stack in king[: v + 1] for seat in stack)
    return (first, *king[v + 1 :], *(((),) * v))


def _corrupt(state: State, frame: Frame, move: Move | None) -> State:
    """TL5.2: the rightmost face-down token turned up; its value moves the markers."""
    assert move is not None
    v = int(move.args[0])
    index = len(state.corruption) - 1 - state.revealed
    aside = list(state.corruption_aside)
    aside.remove(v)
    track = state.corruption
    return state.replaced({
        "corruption": (*track[:index], v, *track[index + 1 :]),
        "corruption_aside": tuple(aside), "revealed": state.revealed + 1,
        "cycle": int(frame.data[0]), "king": corrupt(state.king, v),
    })


STACK.register_chance("draw", _draw, draw_outcomes)
STACK.register_chance("corrupt", _corrupt, reveal_outcomes)
register("return", _return, holds=lambda frame: tuple(str(t) for t in frame.data[1:]))
