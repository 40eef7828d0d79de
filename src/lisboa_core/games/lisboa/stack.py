"""Lisboa's decision stack: the table its rules register their frames in and its hints
attach to, and the turn's tail the hints of every action read."""

from __future__ import annotations

from typing import Final

from lisboa_core.core.frame import Frame
from lisboa_core.core.moves import Move
from lisboa_core.core.stack import DecisionStack
from lisboa_core.games.lisboa.state import State

__all__ = ["ACTION_FLOOR", "STACK", "any_move_finishes", "each_finishes"]

STACK: Final[DecisionStack[State]] = DecisionStack(
    "lisboa", "R3.6: a started action must always complete"
)
"""Every Lisboa frame kind's handler."""

# What follows the Sell or Trade of a turn: the upkeep, then the card taken (a checkpoint).
_TURN_TAIL: Final = frozenset({"end-turn"})

ACTION_FLOOR: Final = frozenset({"take-card", "turn-ended"})
"""The frames a turn's action lies on: the card taken at its end (R3.7), and the
``turn-ended`` announcement above it when a card listens to ``turn-end``."""


def any_move_finishes(state: State, frame: Frame, moves: tuple[Move, ...]) -> bool | None:
    """Lookahead verdict of the last choice of a turn's action (a sale, a trade, whose
    moves are each possible, R6, R7.2): any move offered finishes the action."""
    return True if moves and STACK.tail_within(state, _TURN_TAIL) else None


# Sell and Trade come last in a turn (R3.2): after them only the upkeep and the card taken.
def each_finishes(state: State, frame: Frame, moves: tuple[Move, ...]) -> list[bool | None]:
    """Judge of the last choice of a turn's action (see :func:`any_move_finishes`): every
    move offered is legal when only the upkeep follows."""
    answer = True if STACK.tail_within(state, _TURN_TAIL) else None
    return [answer] * len(moves)
