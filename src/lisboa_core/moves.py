"""Moves and their text notation.

A move is a kind and a few plain arguments; ``str(move)`` is its canonical notation
(``tuck XX03``, ``sell gold p2.1``, ``trade build-ship books``). Every move a state offers
parses back from that text with :func:`lisboa_core.parse_move`.
"""

from __future__ import annotations

import attrs

__all__ = ["Move"]


@attrs.frozen(slots=True)
class Move:
    """One choice for the seat to act: ``kind`` and its arguments."""

    kind: str
    args: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])
