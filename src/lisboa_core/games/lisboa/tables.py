"""Load-time checks of the board tables the engine looks things up in.

The engine reads the board and the player board as tables: the scoring space of a land's
column (R1.8.5), the houses of each group (R13.1), the start price of each good (R2.4.3),
the store majority of each good (R16.4), the officials majority of each player count
(R16.7), the start influence of each seat in turn order (R2.2.8), a display pile per card
type (R2.7.3), the noble at each position; and the setup deals a starting plan per seat
(R2.2.5). A catalogue that leaves out a line, or gives one twice, would load and then fail
in play (a ``KeyError`` in scoring, a ``ValueError`` in the store builder, an
``IndexError`` at setup), so each table is checked here for every entry the engine can ask
for, and a problem is reported at the line that repeats an entry, or at the component that
lacks one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from lisboa_core.dsl.ast import Component, Field, Loc, Section
from lisboa_core.dsl.compiler import Compiler
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.vocabulary import COLUMNS, GOODS, NOBLES, PLAYER_COUNTS, ROWS, TYPES

__all__ = ["TABLES", "Table", "check_tables"]


@attrs.frozen
class Table:
    """A repeated key of a component read as a table: one line per entry the engine can
    look up, named by the value at ``at`` (``scoring-space 5 4``: column 5)."""

    kind: str
    """The component kind (``board``, ``player-board``)."""
    key: str
    """The repeated key (``scoring-space``)."""
    attr: str
    """The model attribute holding the lines (``scoring_spaces``)."""
    at: int
    """Which value of a line names its entry."""
    entries: tuple[Any, ...]
    """Every entry the engine can look up."""
    what: str
    """What an entry is, for messages (``column``)."""
    rule: str
    """The rule the engine follows when it reads the table."""


TABLES: tuple[Table, ...] = (
    Table("board", "street", "streets", 1, GOODS, "good", "R1.8.1: a street per business type"),
    Table("board", "row-rubble", "row_rubble", 0, ROWS, "row", "R1.8.4"),
    Table("board", "column-rubble", "column_rubble", 0, COLUMNS, "column", "R1.8.4"),
    Table("board", "rubble", "rubble", 0, TYPES["rubble"].members, "colour",
          "R10.1.3: each colour's land cost"),
    Table("board", "scoring-space", "scoring_spaces", 0, COLUMNS, "column",
          "R1.8.5: each column's scoring tile"),
    Table("board", "price-start", "price_start", 0, GOODS, "good", "R2.4.3"),
    Table("board", "store-majority", "store_majority", 0, GOODS, "good", "R16.4"),
    Table("board", "officials-majority", "officials_majority", 0, PLAYER_COUNTS,
          "player count", "R16.7"),
    Table("player-board", "houses", "houses", 0, TYPES["group"].members, "group",
          "R13.1: each group's houses"),
)
"""The tables checked, in the order their problems are reported."""


def _text(value: Any) -> str:
    return str(getattr(value, "value", getattr(value, "text", value)))


def _lines(written: Component, key: str) -> list[Field | Section]:
    return [i for i in written.items
            if isinstance(i, Field | Section) and i.key.text == key]


def check_tables(
    compiler: Compiler, syntax: Sequence[Component], components: Sequence[m.Component],
    *, whole: bool = True,
) -> None:
    """Report into ``compiler`` every entry a board table lacks or repeats, and the values
    the engine would read out of range (see the module docstring). ``whole``: the
    components are a whole catalogue (with or without an overlay), not files linted alone,
    so what the setup deals per seat must be there too."""
    written = {(c.kind, c.id): c for c in syntax}
    scoring_tiles = sum(isinstance(c, m.ScoringTile) for c in components)
    for component in components:
        if isinstance(component, m.Board | m.PlayerBoard):
            kind = "board" if isinstance(component, m.Board) else "player-board"
            source = written.get((kind, component.id))
            if source is None:
                continue
            for table in TABLES:
                if table.kind == kind:
                    _check_table(compiler, table, source)
            if isinstance(component, m.Board):
                _check_board_values(compiler, component, source, scoring_tiles)
            else:
                _check_abilities(compiler, component, source)
    nobles = [c for c in components if isinstance(c, m.Noble)]
    if len(nobles) == len(NOBLES):  # a file linted alone may hold some of them
        _check_nobles(compiler, nobles)
    plans = [c for c in components if isinstance(c, m.Plan)]
    starting = [p for p in plans if p.starting]
    if whole and plans and len(starting) < PLAYER_COUNTS[-1]:
        compiler.report(
            plans[-1].loc, "LB130",
            f"{len(starting)} starting plans; the setup deals one to each seat, so a "
            f"{PLAYER_COUNTS[-1]}-player game needs {PLAYER_COUNTS[-1]} (R2.2.5)",
        )


def _check_table(compiler: Compiler, table: Table, source: Component) -> None:
    seen: dict[str, Loc] = {}
    for line in _lines(source, table.key):
        if len(line.values) <= table.at:
            continue  # a malformed line, already reported
        name = _text(line.values[table.at])
        if name in seen:
            compiler.report(
                line.loc, "LB106",
                f"'{table.key}' gives {table.what} {name} again (first at {seen[name]}); the "
                f"engine reads one line per {table.what} ({table.rule})",
            )
        seen.setdefault(name, line.loc)
    missing = [str(e) for e in table.entries if str(e) not in seen]
    if missing:
        plural = "s" if len(missing) > 1 else ""
        compiler.report(
            source.loc, "LB102",
            f"{source.kind} {source.id} has no '{table.key}' line for the {table.what}{plural} "
            f"{', '.join(missing)}; the engine reads one per {table.what} ({table.rule})",
        )


def _check_board_values(
    compiler: Compiler, board: m.Board, source: Component, scoring_tiles: int
) -> None:
    report = compiler.report
    for line, (_column, space) in zip(_lines(source, "scoring-space"), board.scoring_spaces,
                                      strict=False):
        if scoring_tiles and not 1 <= space <= scoring_tiles:
            report(line.loc, "LB104",
                   f"scoring space {space} does not exist: the catalogue has {scoring_tiles} "
                   f"scoring tiles, so spaces 1 to {scoring_tiles} (R2.4.5)")
    if board.price_min > board.price_max:
        report(board.loc, "LB131", f"price-min {board.price_min} is above price-max "
                                   f"{board.price_max}")
    for line, (good, price) in zip(_lines(source, "price-start"), board.price_start,
                                   strict=False):
        if not board.price_min <= price <= board.price_max:
            report(line.loc, "LB104",
                   f"the {good} price starts at {price}, off the track "
                   f"{board.price_min}..{board.price_max} (R1.7)")
    seats = PLAYER_COUNTS[-1]
    start = next(iter(_lines(source, "influence-start")), None)
    if start is not None and len(board.influence_start) < seats:
        report(start.loc, "LB105",
               f"influence-start gives {len(board.influence_start)} values; the engine needs "
               f"one per seat in turn order, {seats} for a {seats}-player game (R2.2.8)")
    if any(v > board.influence_max for v in board.influence_start) and start is not None:
        report(start.loc, "LB104",
               f"influence-start goes past influence-max {board.influence_max} (R2.2.8)")
    types = TYPES["card_type"].members
    counts = Counter(board.political_display)
    display = next(iter(_lines(source, "political-display")), None)
    if display is not None and (set(counts) != set(types) or max(counts.values()) > 1):
        report(display.loc, "LB131",
               f"political-display names each card type once ({', '.join(types)}): the "
               f"engine deals one display pile per type (R1.5.7, R2.7.3)")


def _check_abilities(compiler: Compiler, board: m.PlayerBoard, source: Component) -> None:
    houses = dict(board.houses)
    seen: dict[tuple[str, int], Loc] = {}
    for line, ability in zip(_lines(source, "ability"), board.abilities, strict=False):
        place = (ability.group, ability.index)
        if place in seen:
            compiler.report(line.loc, "LB106",
                            f"house {ability.index} of the {ability.group} group has an ability "
                            f"already (at {seen[place]})")
        seen.setdefault(place, line.loc)
        if ability.group in houses and ability.index > houses[ability.group]:
            compiler.report(line.loc, "LB104",
                            f"the {ability.group} group has {houses[ability.group]} houses, so "
                            f"no house {ability.index} to reveal this ability (R13.1)")


def _check_nobles(compiler: Compiler, nobles: list[m.Noble]) -> None:
    """The engine finds a noble by its place among :data:`NOBLES`, left to right."""
    by_position = sorted(nobles, key=lambda n: n.position)
    positions = [n.position for n in by_position]
    if positions != list(range(1, len(nobles) + 1)):
        compiler.report(by_position[-1].loc, "LB131",
                        f"noble positions are 1 to {len(nobles)}, each once; found "
                        f"{', '.join(map(str, positions))}")
        return
    keys = [n.key for n in by_position]
    if keys != list(NOBLES):
        wrong = next(n for n, key in zip(by_position, NOBLES, strict=True) if n.key != key)
        compiler.report(wrong.loc, "LB131",
                        f"the noble at position {wrong.position} is {NOBLES[wrong.position - 1]!r}"
                        f" (left to right: {', '.join(NOBLES)}), not {wrong.key!r}")
