"""Tiletum's decision stack: the table its rules register their frames in.

No decision looks ahead: every option offered can be carried out, and an action may always
be ended with AP left (TL0.10): no frame asks to (the stack's default).
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.stack import ApplyFn, DecisionStack, HoldsFn, MovesFn
from lisboa_core.games.tiletum.state import State

__all__ = ["STACK", "register"]

STACK: Final[DecisionStack[State]] = DecisionStack("tiletum")
"""Every Tiletum frame kind's handler."""


def register(kind: str, apply: ApplyFn[State], moves: MovesFn[State] | None = None, *,
             holds: HoldsFn | None = None) -> None:
    """Register a Tiletum frame kind (no lookahead: see the module's docstring); ``holds``
    names the tiles a frame carries on their way somewhere (counted by the zone checks)."""
    STACK.register(kind, apply, moves, lookahead=False, holds=holds)
