"""Board pictures as SVG.

The implementation lives in ``lisboa_core.games.lisboa.svg``;
this module is its public face.
"""

from lisboa_core.games.lisboa.svg import (
    SEAT_COLOURS,
    board,
)

__all__ = [
    "SEAT_COLOURS",
    "board",
]
