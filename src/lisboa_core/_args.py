"""Argument checks for the public entry points: a wrong type is a ``TypeError`` naming the
function and the argument, never an ``AttributeError`` from deep inside the engine.

Each check is one ``isinstance`` (the game loop calls ``legal_moves`` and ``apply`` on every
decision, so nothing here may cost more).
"""

from __future__ import annotations

from typing import Any

from lisboa_core.core.immutable import GameState, game_of_state
from lisboa_core.core.moves import Move
from lisboa_core.errors import LisboaError

__all__ = ["expect", "expect_int", "expect_move", "expect_playable"]


def _name(kinds: type | tuple[type, ...]) -> str:
    if isinstance(kinds, tuple):
        return " or ".join(k.__name__ for k in kinds)
    return kinds.__name__


def expect(value: Any, kinds: type | tuple[type, ...], function: str, argument: str) -> None:
    """Raise ``TypeError`` unless ``value`` is an instance of ``kinds``."""
    if not isinstance(value, kinds):
        wanted, given = _name(kinds), type(value).__name__
        if given in wanted.split(" or "):  # two classes of one name (each game's Options)
            wanted = " or ".join(f"{k.__module__}.{k.__qualname__}"
                                 for k in (kinds if isinstance(kinds, tuple) else (kinds,)))
            given = f"{type(value).__module__}.{type(value).__qualname__}"
        raise TypeError(
            f"{function}(): {argument} must be a {wanted}, not {given} {_short(value)}"
        )


def expect_int(value: Any, function: str, argument: str) -> None:
    """Raise ``TypeError`` unless ``value`` is an int (``bool`` is refused too)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(
            f"{function}(): {argument} must be an int, not {type(value).__name__} "
            f"{_short(value)}"
        )


def expect_move(value: Any, function: str) -> None:
    """Raise ``TypeError`` unless ``value`` is a :class:`Move` (notation text is named as
    such, with the function that reads it)."""
    if not isinstance(value, Move):
        hint = "; parse notation with parse_move(state, text)" if isinstance(value, str) else ""
        raise TypeError(
            f"{function}(): move must be a Move, not {type(value).__name__} "
            f"{_short(value)}{hint}"
        )


def expect_playable(state: Any, function: str) -> None:
    """Raise ``TypeError`` for a non-state, ``LisboaError`` for a view's state (its hidden
    pieces are placeholders the engine cannot play)."""
    if not isinstance(state, GameState):
        raise TypeError(
            f"{function}(): state must be a game state, not {type(state).__name__} {_short(state)}"
        )
    # A view holds the generator Rng(0, 0); a playable state of a game with hidden
    # information has drawn at setup already. A game without any shows the whole state
    # (its generator may well be untouched, a game that draws nothing).
    if state.rng.counter == 0 and state.rng.seed == 0 and _hides(state):
        raise LisboaError(
            f"{function}(): this is a view's state (hidden pieces are placeholders): the "
            "engine cannot play it; sample a playable state with determinize(view, seed)"
        )


def _hides(state: Any) -> bool:
    try:
        return bool(game_of_state(state).hidden_information)
    except TypeError:  # a state class no game claims: judge it as before
        return True


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
