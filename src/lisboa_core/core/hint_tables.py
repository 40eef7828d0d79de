"""Hint tables: the claims a game's lookahead hints read their answers from, declared so
that a test can hold every claim to a position that pins it (issue 35).

A hint such as "after State action X, a Noble action that could certainly be done still
can" rests on a table of claims, each argued from a rule in a comment beside it. Random
play reaches most claims often and some never, so a wrong one can go unseen. A game
declares each such table once (:func:`declare`, which hands the table back unchanged for
the hint to read), and its tests mark each pinned position with the claim it pins
(:func:`pins`); :func:`unpinned` then lists the claims with no pin and the pins of
claims that are gone, read from the declarations themselves, not from a hand copy.

A table is rows of entries: a row is what the claim is about (a Noble action, a bound),
an entry one claim of the row (a State action it survives, a term the bound counts). A
*cell* is one (row, entry) pair; every cell needs its own pin.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, TypeVar

__all__ = ["Cell", "HintTable", "declare", "pinned", "pins", "tables", "unpinned"]

Cell = tuple[str, str, str, str]
"""A claim of a declared table: (game, table, row, entry)."""

T = TypeVar("T", bound=Mapping[str, Iterable[str]])
F = TypeVar("F", bound=Callable[..., object])


class HintTable:
    """One declared table of a game's hints: its rows, each a set of entries, and the rule
    the claims rest on (for the reader; the cells are what tests pin)."""

    __slots__ = ("game", "name", "rows", "rule")

    def __init__(self, game: str, name: str, rows: Mapping[str, frozenset[str]],
                 rule: str) -> None:
        self.game = game
        self.name = name
        self.rows = rows
        self.rule = rule

    def cells(self) -> frozenset[Cell]:
        """Every (game, table, row, entry) claim of the table."""
        return frozenset(
            (self.game, self.name, row, entry)
            for row, entries in self.rows.items() for entry in entries
        )

    def __repr__(self) -> str:
        return f"<HintTable {self.game}.{self.name}: {len(self.cells())} cells>"


_TABLES: Final[dict[str, dict[str, HintTable]]] = {}


def declare(game: str, name: str, rows: T, rule: str) -> T:
    """Declare hint table ``name`` of ``game`` (rows of entries: a mapping of strings to
    collections of strings) and hand it back unchanged, for the hint to read. Declaring a
    name again replaces the earlier declaration (a module reloaded)."""
    if not name or not game:
        raise ValueError("a hint table needs a game and a name")
    frozen = {str(row): frozenset(str(e) for e in entries) for row, entries in rows.items()}
    _TABLES.setdefault(game, {})[name] = HintTable(game, name, frozen, rule)
    return rows


def tables(game: str) -> tuple[HintTable, ...]:
    """The hint tables ``game`` declared, by name (none: an empty tuple)."""
    declared = _TABLES.get(game, {})
    return tuple(declared[name] for name in sorted(declared))


def pins(game: str, table: str, row: str, entry: str) -> Callable[[F], F]:
    """Mark a test as the pinned position of one cell (a test may pin several)."""

    def mark(test: F) -> F:
        found: tuple[Cell, ...] = getattr(test, "hint_cells", ())
        test.hint_cells = (*found, (game, table, row, entry))  # type: ignore[attr-defined]
        return test

    return mark


def pinned(namespace: Mapping[str, object]) -> frozenset[Cell]:
    """The cells the tests of ``namespace`` (a test module's globals) pin."""
    return frozenset(
        cell for value in namespace.values() for cell in getattr(value, "hint_cells", ())
    )


def unpinned(game: str, pinned_cells: Iterable[Cell]) -> tuple[list[Cell], list[Cell]]:
    """The cells of ``game``'s declared tables no test pins, and the pins naming a cell no
    table of the game declares (a row or an entry removed), each sorted."""
    declared = frozenset(cell for table in tables(game) for cell in table.cells())
    given = frozenset(cell for cell in pinned_cells if cell[0] == game)
    return sorted(declared - given), sorted(given - declared)
