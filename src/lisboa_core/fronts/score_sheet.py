"""The itemised score sheet every front end shows, for any game: the points scored during
play (``so far``), every final-scoring category, the total they add up to, then the
tie-breakers the sheet declares, in the order they apply.

One function, :func:`itemised`, reads a game's sheet (:meth:`Game.score
<lisboa_core.games.Game.score>`: seats with ``so_far``, ``categories``, ``points(name)``,
``total`` and ``tie_breaks``, its values of the tie-breakers the sheet names in its own
``tie_breaks``; a sheet without them has no tie-breaker columns); the terminal
(:func:`sheet_text`: ``lisboa play``, ``lisboa replay``), the browser table
(:func:`~lisboa_core.fronts.table_game.score_grid`) and the engine protocol (``score``:
:meth:`Itemised.to_dict`) all show what it gives, so their columns are the same and add up
to the same totals.

Example::

    from lisboa_core import new_game, score
    from lisboa_core.fronts.score_sheet import itemised, sheet_text

    sheet = itemised(score(new_game(players=2, seed=1)))
    assert sheet.columns[0] == "so far"
    assert all(sum(seat.points) == seat.total for seat in sheet.seats)
    print(sheet_text(score(new_game(players=2, seed=1)), ("ana", "bo")))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["Itemised", "ItemisedSeat", "itemised", "sheet_text"]

SO_FAR = "so far"
"""The column of the points scored during play, before final scoring."""


@attrs.frozen(slots=True)
class ItemisedSeat:
    """One seat's line: its points in each of :attr:`Itemised.columns` (which add up to
    ``total``) and its tie-breakers."""

    seat: int
    points: tuple[int, ...]
    total: int
    tie_breaks: tuple[Any, ...] = ()


@attrs.frozen(slots=True)
class Itemised:
    """A score sheet as columns: :attr:`columns` (``so far``, then each category) add up
    to the total; :attr:`tie_breaks` name what breaks a tie, in order."""

    columns: tuple[str, ...]
    tie_breaks: tuple[str, ...]
    seats: tuple[ItemisedSeat, ...]
    winners: tuple[int, ...]
    final: bool

    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON-ready data (the engine protocol's ``score``): ``{"columns",
        "tie_breaks", "winners", "final", "seats": [{"seat", "so_far", "categories":
        {name: points}, "total", "tie_breaks": {name: value}}]}``."""
        return {
            "columns": list(self.columns),
            "tie_breaks": list(self.tie_breaks),
            "winners": list(self.winners),
            "final": self.final,
            "seats": [
                {
                    "seat": seat.seat,
                    "so_far": seat.points[0],
                    "categories": dict(zip(self.columns[1:], seat.points[1:], strict=True)),
                    "total": seat.total,
                    "tie_breaks": dict(zip(self.tie_breaks, seat.tie_breaks, strict=True)),
                }
                for seat in self.seats
            ],
        }


def itemised(sheet: Any) -> Itemised:
    """Any game's score sheet as its columns: ``so far`` (the points scored during play),
    every category of the sheet in its order, then the tie-breakers it holds.

    :raises TypeError: for something that is not a score sheet (no ``seats`` and
        ``winners``).
    :raises ValueError: for a seat whose ``tie_breaks`` are not one value per name of
        the sheet's ``tie_breaks``.
    """
    if not hasattr(sheet, "seats") or not hasattr(sheet, "winners"):
        raise TypeError(f"itemised(): expected a score sheet, got {type(sheet).__name__}")
    names: list[str] = []
    for seat in sheet.seats:
        for category in seat.categories:
            if category.name not in names:
                names.append(category.name)
    tie_breaks = tuple(str(name) for name in getattr(sheet, "tie_breaks", ()))
    seats = tuple(
        ItemisedSeat(
            int(seat.seat),
            (int(getattr(seat, "so_far", 0)), *(_points(seat, name) for name in names)),
            int(seat.total),
            _tie_breaks(seat, tie_breaks))
        for seat in sheet.seats)
    return Itemised((SO_FAR, *names), tie_breaks, seats,
                    tuple(sheet.winners), bool(getattr(sheet, "final", True)))


def _tie_breaks(seat: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """A seat's value of each of the sheet's tie-breakers ``names``, in their order."""
    values = tuple(getattr(seat, "tie_breaks", ()))
    if len(values) != len(names):
        raise ValueError(f"itemised(): seat {seat.seat} has {len(values)} tie-break values "
                         f"for the sheet's {len(names)} tie-breakers {list(names)}")
    return values


def _points(seat: Any, name: str) -> int:
    """A seat's points in category ``name`` (0 for a category it has not got)."""
    try:
        return int(seat.points(name))
    except ValueError:
        return 0


def sheet_text(sheet: Any, names: Sequence[str] = ()) -> str:
    """A score sheet as the terminal shows it (``lisboa play``, ``lisboa replay``): a row
    per seat (with its name, given one per seat), the columns of :func:`itemised`, the
    total, the tie-breakers; then the winners (before the end: if the game ended now)."""
    table = itemised(sheet)
    names = tuple(names) if len(names) == len(table.seats) else ()
    head = ["seat", *(["name"] if names else []), *table.columns, "total", *table.tie_breaks]
    rows = [head]
    for seat in table.seats:
        rows.append([str(seat.seat), *([names[seat.seat]] if names else []),
                     *map(str, seat.points), str(seat.total), *map(str, seat.tie_breaks)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    # the name column is aligned left, the numbers right
    lines = ["  ".join(cell.ljust(w) if i == 1 and names else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
             for row in rows]
    won = ", ".join(f"seat {s}" + (f" ({names[s]})" if names else "") for s in table.winners)
    word = "winner" if len(table.winners) == 1 else "winners"
    lines.append(f"{word}: {won}" if table.final else f"{word} if the game ended now: {won}")
    return "\n".join(lines)
