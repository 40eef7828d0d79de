"""Board pictures as SVG, for every game.

:func:`board` dispatches to the game of the position (:meth:`Game.svg
<lisboa_core.games.Game.svg>`): Lisboa's board lives in ``lisboa_core.games.lisboa.svg``;
a game that draws none gets its text rendering as a picture
(:func:`lisboa_core.games.generic.text_picture`).
"""

from __future__ import annotations

from typing import Any

from lisboa_core._deprecation import moved
from lisboa_core.games import game_of

__all__ = ["board"]


def board(position: Any, **options: Any) -> str:
    """The position (a state, or a seat's :class:`~lisboa_core.views.View`) as a standalone
    SVG document drawn by its game; ``options`` are the game's (Lisboa's: ``size``, the
    width in pixels, see :func:`lisboa_core.games.lisboa.svg.board`).

    :raises TypeError: for anything but a state or view of a registered game.

    Example::

        from lisboa_core import new_game
        from lisboa_core.svg import board

        assert board(new_game(players=2, seed=1), size=600).startswith("<svg")
    """
    try:
        found = game_of(position)
    except TypeError:
        raise TypeError(f"board(): position must be a state or a view of a registered game, "
                        f"not {type(position).__name__}") from None
    picture: str = found.svg(position, **options)
    return picture


__getattr__ = moved(  # Lisboa's seat colours, each game having its own since 0.2
    __name__, {"SEAT_COLOURS": "lisboa_core.games.lisboa.svg.SEAT_COLOURS"}, "0.3")
