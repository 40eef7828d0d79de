"""Puerto Rico's decision stack: the table its rules register their frames in.

Every Puerto Rico decision offers only moves after which the game goes on (a placement that
could not be completed, a load the rules forbid, is never offered), so no decision asks
to look ahead (the stack's default).
"""

from __future__ import annotations

from typing import Final

from lisboa_core.core.stack import DecisionStack
from lisboa_core.games.puerto_rico.state import State

__all__ = ["STACK"]

STACK: Final[DecisionStack[State]] = DecisionStack("puerto-rico")
"""Every Puerto Rico frame kind's handler."""
