"""What a game gets without writing it: a score sheet to fill, and the text, score table and
picture every surface can show for any state.

:class:`PointsSheet` (with :class:`PointsSeat` and :class:`PointsCategory`) is a score
sheet a game may return from :meth:`Game.score <lisboa_core.games.Game.score>` as it is;
:func:`ranked` finds its winners by the game's tie-breakers. :func:`text_of`,
:func:`score_table` and :func:`text_picture` are the defaults of
:meth:`Game.render_text <lisboa_core.games.Game.render_text>`,
:meth:`Game.render_score_sheet <lisboa_core.games.Game.render_score_sheet>` and
:meth:`Game.svg <lisboa_core.games.Game.svg>`.

Example::

    from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked, score_table

    seats = (PointsSeat(0, 3, (PointsCategory("cards", 4),)),
             PointsSeat(1, 5, (PointsCategory("cards", 2),)))
    sheet = ranked(seats, final=True)
    assert sheet.winners == (0, 1) and sheet.seats[0].total == 7
    print(score_table(sheet, names=("ana", "bo")))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

import attrs

__all__ = [
    "PointsCategory",
    "PointsSeat",
    "PointsSheet",
    "margins",
    "ranked",
    "score_table",
    "text_of",
    "text_picture",
]


@attrs.frozen(slots=True)
class PointsCategory:
    """One category of one seat's score: its points and what gave them (``(item,
    points)`` pairs).

    Example::

        from lisboa_core.games.generic import PointsCategory

        assert PointsCategory("cards", 3, (("c7", 3),)).points == 3
    """

    name: str
    points: int
    items: tuple[tuple[str, int], ...] = ()


@attrs.frozen(slots=True)
class PointsSeat:
    """One seat's score: the points scored before final scoring, then each category, then
    its value of each of the sheet's tie-breakers (:attr:`PointsSheet.tie_breaks`).

    Example::

        from lisboa_core.games.generic import PointsCategory, PointsSeat

        seat = PointsSeat(0, 2, (PointsCategory("cards", 5),))
        assert seat.total == 7 and seat.points("cards") == 5
    """

    seat: int
    so_far: int
    categories: tuple[PointsCategory, ...] = ()
    tie_breaks: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """The points so far plus every category."""
        return self.so_far + sum(c.points for c in self.categories)

    def points(self, name: str) -> int:
        """The points of the category called ``name``.

        :raises ValueError: naming the categories, for any other name.
        """
        for category in self.categories:
            if category.name == name:
                return category.points
        known = ", ".join(c.name for c in self.categories)
        raise ValueError(f"points(): no category {name!r}; the categories are {known}")


@attrs.frozen(slots=True)
class PointsSheet:
    """A score sheet: every seat's score, the winners after the tie-breakers, whether the
    game is over (otherwise the sheet is a projection), and the names of the tie-breakers
    in the order they apply (each seat holds its values in :attr:`PointsSeat.tie_breaks`).

    Example::

        from lisboa_core.games.generic import PointsSeat, ranked

        sheet = ranked((PointsSeat(0, 4), PointsSeat(1, 2)), final=False)
        assert sheet.to_dict()["winners"] == [0]
    """

    seats: tuple[PointsSeat, ...]
    winners: tuple[int, ...]
    final: bool
    tie_breaks: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON-ready data: ``{"final", "winners", "seats": [{"seat",
        "so_far", "total", "categories": {name: {"points", "items"}}}]}``."""
        return {
            "final": self.final,
            "winners": list(self.winners),
            "seats": [
                {
                    "seat": seat.seat,
                    "so_far": seat.so_far,
                    "total": seat.total,
                    "categories": {
                        c.name: {"points": c.points, "items": [list(i) for i in c.items]}
                        for c in seat.categories
                    },
                }
                for seat in self.seats
            ],
        }


def ranked(seats: Sequence[PointsSeat], final: bool,
           tie_break: Callable[[int], tuple[int, ...]] | None = None, *,
           lower_wins: bool = False, tie_breaks: Sequence[str] = ()) -> PointsSheet:
    """The sheet of these seats, the winners being the seats with the most points (the
    fewest with ``lower_wins``: a game of penalty points, :attr:`Game.lower_wins
    <lisboa_core.games.Game.lower_wins>`), then the best ``tie_break(seat)`` (a tuple,
    higher is better); a tie that remains is a shared win. ``tie_breaks`` names the
    tie-breakers the seats hold (:attr:`PointsSeat.tie_breaks`), for the front ends.

    Example::

        from lisboa_core.games.generic import PointsSeat, ranked

        seats = (PointsSeat(0, 3), PointsSeat(1, 3))
        assert ranked(seats, True, tie_break=lambda s: (s,)).winners == (1,)
        assert ranked((PointsSeat(0, 3), PointsSeat(1, 5)), True, lower_wins=True).winners == (0,)
    """

    def key(seat: PointsSeat) -> tuple[int, ...]:
        total = -seat.total if lower_wins else seat.total
        return (total, *(tie_break(seat.seat) if tie_break else ()))

    best = max(key(s) for s in seats)
    return PointsSheet(tuple(seats), tuple(s.seat for s in seats if key(s) == best), final,
                       tuple(tie_breaks))


def margins(figures: Sequence[float]) -> list[float]:
    """Each seat's figure less the best figure of another seat (less 0 for a lone seat): how
    a bot's evaluation turns the seats' worths into values (a lead is positive).

    Example::

        from lisboa_core.games.generic import margins

        assert margins([3.0, 5.0, 1.0]) == [-2.0, 2.0, -4.0]
        assert margins([4, 4]) == [0, 0]
    """
    if len(figures) < 2:
        return [f - 0 for f in figures]
    top, best = 0, figures[0]
    for i, f in enumerate(figures):
        if f > best:
            top, best = i, f
    second = figures[1] if top == 0 else figures[0]
    for i, f in enumerate(figures):
        if i != top and f > second:
            second = f
    return [f - (second if i == top else best) for i, f in enumerate(figures)]


def text_of(title: str, state_or_view: Any) -> str:
    """A position as text: every field of the state (as the seat sees it, for a view),
    one per line.

    Example::

        from lisboa_core import new_game
        from lisboa_core.games.generic import text_of

        assert text_of("Lisboa", new_game(players=2, seed=1)).startswith("Lisboa\\nState(")
    """
    seat = getattr(state_or_view, "seat", None)
    state = getattr(state_or_view, "state", state_or_view)
    head = title if seat is None else f"{title}, as seat {seat} sees it"
    dump: str = state.dump()
    return f"{head}\n{dump}"


def score_table(sheet: Any, names: Sequence[str] = ()) -> str:
    """A score sheet (any game's: seats with ``seat``, ``so_far``, ``categories`` (each
    with a ``name``), ``points(name)`` and ``total``; ``winners``) as a text table.

    Example::

        from lisboa_core.games.generic import PointsSeat, ranked, score_table

        print(score_table(ranked((PointsSeat(0, 4), PointsSeat(1, 2)), final=True)))
    """
    names = tuple(names)
    categories = [c.name for c in sheet.seats[0].categories] if sheet.seats else []
    rows = [["seat", "so far", *categories, "total"]]
    for seat in sheet.seats:
        name = names[seat.seat] if seat.seat < len(names) else str(seat.seat)
        rows.append([name, str(seat.so_far), *(str(seat.points(c)) for c in categories),
                     str(seat.total)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True))
             for row in rows]
    shown = [names[s] if s < len(names) else f"seat {s}" for s in sheet.winners]
    lines.append(("winners: " if sheet.final else "leading: ") + ", ".join(shown))
    return "\n".join(lines)


def text_picture(text: str) -> str:
    """Lines of text as an SVG picture (the picture of a game that draws none).

    Example::

        from lisboa_core.games.generic import text_picture

        assert text_picture("a < b").startswith("<svg") and "a &lt; b" in text_picture("a < b")
    """
    lines = text.splitlines() or [""]
    height = 16 * len(lines) + 16
    width = 16 + 8 * max(len(line) for line in lines)
    texts = "".join(f'<text x="8" y="{16 * (i + 1)}">{escape(line)}</text>'
                    for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="12" '
            f'xml:space="preserve">{texts}</svg>')
