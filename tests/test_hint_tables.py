"""The core's hint tables (lisboa_core.core.hint_tables, issue 35): any game declares the
tables its hints read, and its tests pin each cell; the check names the cells without a
pin and the pins of cells gone. Exercised here on a made-up game, so nothing of it is
Lisboa's (tests/test_hint_rows.py holds Lisboa's own tables to their pins)."""

from __future__ import annotations

import pytest

from lisboa_core.core import hint_tables

GAME = "toy-game-of-test-hint-tables"


def test_a_declared_table_is_handed_back_unchanged_and_listed() -> None:
    rows = {"rest": frozenset({"nap", "tea"}), "work": frozenset({"coffee"})}
    assert hint_tables.declare(GAME, "calm", rows, "T1") is rows
    (table,) = [x for x in hint_tables.tables(GAME) if x.name == "calm"]
    assert table.rule == "T1" and table.game == GAME
    assert table.cells() == {(GAME, "calm", "rest", "nap"), (GAME, "calm", "rest", "tea"),
                             (GAME, "calm", "work", "coffee")}
    assert "3 cells" in repr(table)


def test_unpinned_names_cells_without_a_pin_and_pins_of_cells_gone() -> None:
    hint_tables.declare(GAME, "moods", {"sunny": ["walk", "swim"], "rainy": ["read"]}, "T2")

    @hint_tables.pins(GAME, "moods", "sunny", "walk")
    @hint_tables.pins(GAME, "moods", "sunny", "swim")
    def pinned_twice() -> None:
        """Two cells pinned by one position."""

    @hint_tables.pins(GAME, "moods", "rainy", "sing")
    def pinned_gone() -> None:
        """A pin of a cell the table no longer has."""

    @hint_tables.pins("another-game", "moods", "rainy", "read")
    def another_games_pin() -> None:
        """A pin of another game's table does not count for this one."""

    found = hint_tables.pinned({"a": pinned_twice, "b": pinned_gone, "c": another_games_pin,
                                "d": 3})
    assert len(found) == 4
    missing, stale = hint_tables.unpinned(GAME, found)
    assert [c for c in missing if c[1] == "moods"] == [(GAME, "moods", "rainy", "read")]
    assert stale == [(GAME, "moods", "rainy", "sing")]


def test_a_game_without_tables_has_nothing_to_pin() -> None:
    assert hint_tables.tables("a-game-never-declared") == ()
    assert hint_tables.unpinned("a-game-never-declared", []) == ([], [])


def test_redeclaring_replaces_and_a_table_needs_names() -> None:
    hint_tables.declare(GAME, "again", {"x": {"1"}}, "T3")
    hint_tables.declare(GAME, "again", {"x": {"2"}}, "T3")
    (table,) = [x for x in hint_tables.tables(GAME) if x.name == "again"]
    assert table.cells() == {(GAME, "again", "x", "2")}
    with pytest.raises(ValueError, match="a game and a name"):
        hint_tables.declare(GAME, "", {}, "T4")
    with pytest.raises(ValueError, match="a game and a name"):
        hint_tables.declare("", "name", {}, "T4")


def test_tables_are_listed_by_name() -> None:
    for name in ("zeta", "alpha", "mid"):
        hint_tables.declare(GAME + "-order", name, {"r": {"e"}}, "T5")
    assert [x.name for x in hint_tables.tables(GAME + "-order")] == ["alpha", "mid", "zeta"]
