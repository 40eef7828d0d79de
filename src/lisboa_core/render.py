"""Text renderings of positions, score sheets and catalogues, for every game.

Each function dispatches to the game of its argument (:mod:`lisboa_core.games`): Lisboa's
renderings live in ``lisboa_core.games.lisboa.render``; a game that draws none gets the
:class:`~lisboa_core.games.Game` defaults (:mod:`lisboa_core.games.generic`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lisboa_core.games import game as _game
from lisboa_core.games import game_for_rules, game_of, games
from lisboa_core.games.generic import score_table

__all__ = [
    "render_catalogue",
    "render_score_sheet",
    "render_text",
]


def render_text(position: Any) -> str:
    """The position (a state, or a seat's :class:`~lisboa_core.views.View`) as text, drawn
    by its game (Lisboa's: :func:`lisboa_core.games.lisboa.render.render_text`).

    :raises TypeError: for anything but a state or view of a registered game.

    Example::

        from lisboa_core import new_game, observe
        from lisboa_core.render import render_text

        text = render_text(observe(new_game(players=2, seed=1), 0))
        assert text.startswith("period 1, turn 1")
    """
    try:
        found = game_of(position)
    except TypeError:
        raise TypeError(f"render_text(): position must be a state or a view of a registered "
                        f"game, not {type(position).__name__}") from None
    return found.render_text(position)


def render_score_sheet(sheet: Any, names: Sequence[str] = ()) -> str:
    """A score sheet (:func:`lisboa_core.score`) as a text table, drawn by the game whose
    sheet it is (Lisboa's: :func:`lisboa_core.games.lisboa.render.render_score_sheet`;
    a sheet no game claims as its ``sheet_type``: the generic table,
    :func:`lisboa_core.games.generic.score_table`).

    Example::

        from lisboa_core import new_game, score
        from lisboa_core.render import render_score_sheet

        print(render_score_sheet(score(new_game(players=2, seed=1)), ["ana", "bo"]))
    """
    for name in games():
        found = _game(name)
        if found.sheet_type is not None and isinstance(sheet, found.sheet_type):
            return found.render_score_sheet(sheet, names)
    if hasattr(sheet, "seats") and hasattr(sheet, "winners"):
        return score_table(sheet, names)
    raise TypeError(f"render_score_sheet(): sheet must be a game's score sheet (with seats "
                    f"and winners), not {type(sheet).__name__}")


def render_catalogue(rules: Any) -> str:
    """A catalogue summarised as text by its game (Lisboa's: counts by kind and
    provenance, :func:`lisboa_core.games.lisboa.render.render_catalogue`).

    Example::

        from lisboa_core import load_rules
        from lisboa_core.render import render_catalogue

        assert render_catalogue(load_rules()).splitlines()[0].startswith("kind")
    """
    found = game_for_rules(rules)
    if found is None:
        raise TypeError(f"render_catalogue(): rules must be a registered game's catalogue, "
                        f"not {type(rules).__name__}")
    return found.render_catalogue(rules)
