"""Chance as data: a step of the rules whose result is drawn, not decided.

A game puts a chance step on its decision stack as a frame owned by the seat
:data:`CHANCE` (registered with :meth:`DecisionStack.register_chance
<lisboa_core.core.stack.DecisionStack.register_chance>`). The step offers its outcomes as
ordinary moves, each with its probability (``Game.chance_outcomes(state)``); applying one of
them resolves the step, so a test can set any outcome to build a position and a record
holds the outcomes among the moves, which makes a replay exact.

Who samples: the generic drivers (``random_move``, ``play_game``, ``record_game``,
:class:`~lisboa_core.Match`, the bots, the AI adapters) draw an outcome with
:func:`draw_outcome` from the state's own generator (``state.rng``), so the same seeded
game is played the same every time; resolving a chance step consumes one draw of that
generator whichever outcome is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from lisboa_core.core.frame import Frame
from lisboa_core.core.moves import Move
from lisboa_core.core.rng import Rng

__all__ = ["CHANCE", "Outcomes", "OutcomesFn", "draw_outcome"]

CHANCE: Final = -2
"""The seat of a chance step (``state.to_act`` at a chance node); ``-1`` is an automatic
step's seat."""

Outcomes = tuple[tuple[Move, float], ...]
"""A chance step's outcomes: each move with its probability (they sum to 1)."""

OutcomesFn = Callable[[Any, Frame], Outcomes]
"""A chance frame's outcomes, given the state (its frame popped or not) and the frame."""

_SCALE: Final = float(1 << 64)


def draw_outcome(outcomes: Sequence[tuple[Move, float]], rng: Rng) -> Move:
    """The outcome that one draw of ``rng`` picks, each with its probability (the same
    outcome for the same generator on every platform: the draw is a 64-bit integer and the
    probabilities are summed in their order).

    :raises ValueError: for no outcomes.
    """
    if not outcomes:
        raise ValueError("a chance step with no outcome")
    value, _ = rng.next()
    point = value / _SCALE * sum(p for _, p in outcomes)
    total = 0.0
    for move, probability in outcomes:
        total += probability
        if point < total:
            return move
    return outcomes[-1][0]  # rounding at the very top
