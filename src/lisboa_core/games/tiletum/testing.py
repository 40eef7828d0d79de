"""Tiletum scenario builders (public as ``lisboa_core.testing.tiletum``): the round's
king phase, its fair or its cleanup started on a position, its automatic steps played up
to the next decision (or chance step) and the position checked (TL3.1, TL17-TL19).

Example::

    from lisboa_core import new_game
    from lisboa_core.testing import tiletum as tl

    state = tl.start_cleanup(new_game(players=3, seed=1, game="tiletum"))
    assert state.round == 2
"""

from __future__ import annotations

from lisboa_core.core.frame import Frame
from lisboa_core.games.scenarios import check_position
from lisboa_core.games.tiletum.stack import STACK
from lisboa_core.games.tiletum.state import State

__all__ = ["start_cleanup", "start_fair", "start_king_phase"]

_END_OF_ROUND = ("cleanup", "fair", "king-phase")
"""The round's last steps, bottom of the stack first (TL3.1)."""


def _start(state: State, steps: int) -> State:
    frames = tuple(Frame(kind, -1) for kind in _END_OF_ROUND[:steps])
    started = STACK.advance(state.with_pending(frames))
    check_position(started)
    return started


def start_king_phase(state: State) -> State:
    """``state`` with its action phase over and the king phase begun (TL17): the king
    track scored, the new turn order set, then the fair and the cleanup pending.

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import tiletum as tl

        state = tl.start_king_phase(new_game(players=2, seed=3, game="tiletum"))
        assert [f.kind for f in state.pending][:2] == ["cleanup", "fair"]
    """
    return _start(state, 3)


def start_fair(state: State) -> State:
    """``state`` with the king phase over and the round's fair held (TL18: an automatic
    step), then the cleanup (after round 4: the game over, TL3.2).

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import tiletum as tl

        state = new_game(players=2, seed=3, game="tiletum")
        assert tl.start_fair(state).round == state.round + 1
    """
    return _start(state, 2)


def start_cleanup(state: State) -> State:
    """``state`` at the round's cleanup (TL19): the new bonus tiles drawn, every die back
    in the bag, the next round begun (after round 4: the game over).

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import tiletum as tl

        assert tl.start_cleanup(new_game(players=2, seed=3, game="tiletum")).round == 2
    """
    return _start(state, 1)
