"""Whether a loaded decision stack (``state.pending``) can be played on.

The piece checks cover what a state holds; the decision stack says what happens next, and a
tampered one can look well-formed and still break the engine a few moves later (an
automatic step left on top, a decision with nothing to choose, a frame whose data no longer
matches the board). Three checks, none a second copy of the rules:

1. each frame's place and data, registered beside its handler: the frames the turn's
   structure places lie on the kinds they can (``under``: a Sell decision on the card taken,
   a period-end discard on the period setup), and a frame's own ``check`` says whether its
   data fits the board;
2. the top frame is a decision, never an automatic step;
3. a probe: the engine itself plays on (always the first legal move, invariants checked
   after each) until every loaded frame has been carried out. A stack the engine cannot
   get through (no legal move, an internal error, a broken invariant) is refused, naming
   the loaded frame it was working on.
"""

from __future__ import annotations

from typing import Any

from lisboa_core.core.immutable import GameState
from lisboa_core.core.stack import BOTTOM
from lisboa_core.errors import StateFormatError
from lisboa_core.games import game_of

__all__ = ["PROBE_LIMIT", "check_pending"]

PROBE_LIMIT = 1000
"""The most moves the probe plays before deciding the loaded stack never completes (a whole
turn with every follow, church scoring and period end takes well under 200)."""


def _refuse(index: int, frame: Any, reason: str) -> StateFormatError:
    return StateFormatError(f"pending[{index}] ({frame.kind}): {reason}")


def _live(pending: tuple[Any, ...], loaded: tuple[Any, ...]) -> int:
    """How many of the loaded frames, from the bottom, are still waiting (frames are never
    copied: a frame still waiting is the very object loaded)."""
    count = 0
    for now, then in zip(pending, loaded, strict=False):
        if now is not then:
            break
        count += 1
    return count


def check_pending(state: GameState) -> None:
    """Raise :class:`~lisboa_core.errors.StateFormatError` naming the first frame of
    ``state.pending`` that the engine could not carry out (``pending[3]
    (building-officials): ...``); return if the stack plays through.

    :param state: a state whose fields and pieces were already checked.
    """
    loaded = state.pending
    stack = game_of(state).stack
    below = BOTTOM
    for index, frame in enumerate(loaded):
        handler = stack.handler(frame.kind)
        if handler.under is not None and below not in handler.under:
            where = "the bottom of the stack" if below == BOTTOM else f"a '{below}' frame"
            raise _refuse(index, frame, f"cannot lie on {where}")
        if handler.under is None and below == BOTTOM:
            raise _refuse(index, frame, "cannot be the bottom of the stack")
        reason = handler.check(state, frame) if handler.check is not None else None
        if reason is not None:
            raise _refuse(index, frame, reason)
        below = frame.kind
    if not loaded:
        return
    top = len(loaded) - 1
    if stack.handler(loaded[top].kind).moves is None:
        raise _refuse(top, loaded[top], "an automatic step cannot wait on top of the stack")
    _probe(state, loaded)


def _probe(state: GameState, loaded: tuple[Any, ...]) -> None:
    found = game_of(state)
    check_invariants, stack = found.check_invariants, found.stack
    for _ in range(PROBE_LIMIT):
        live = _live(state.pending, loaded)
        if live == 0:
            return
        index = live - 1
        try:
            moves = stack.offered(state)
            if not moves:
                raise _refuse(index, loaded[index], "no legal move, yet the game is not over")
            state = stack.apply_move(state, moves[0])
            problems = check_invariants(state)
        except StateFormatError:
            raise
        except Exception as err:  # the engine failing on this stack is what is checked
            reason = f"the engine cannot carry it out ({type(err).__name__}: {err})"
            raise _refuse(index, loaded[index], reason) from None
        if problems:
            reason = f"carrying it out breaks an invariant: {problems[0]}"
            raise _refuse(index, loaded[index], reason)
    raise StateFormatError(f"pending: the stack does not complete within {PROBE_LIMIT} moves")
