"""Issue 34.1: every front end shows the same itemised score sheet, and it adds up. For a
seeded game of each of the three games, played to its end at the browser table, the
browser's grid, the terminal's sheet (``lisboa replay`` and ``lisboa play --resume`` of the
game's record) and the engine protocol's ``score`` each have a column for the points scored
during play, one for every final-scoring category of the game, the total, and the
tie-breakers; and in each, the columns of every seat add up to its total."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lisboa_core import new_game, score
from lisboa_core.fronts.cli import main
from lisboa_core.fronts.engine_protocol import Session
from lisboa_core.fronts.score_sheet import itemised, sheet_text
from lisboa_core.fronts.table_game import Table, score_grid
from lisboa_core.games import game
from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked

GAMES = ("lisboa", "puerto-rico", "tiletum")
TIE_BREAKS = {  # each game's tie-breakers in the order its rules apply them
    "lisboa": ["rubble sets", "stores", "completed plans", "reis after cash-out"],  # R16.9
    "puerto-rico": ["tie-break"],  # PR16.2.2: doubloons plus goods
    "tiletum": ["turn order (lower wins)"],  # TL20.6: earlier in the final turn order
}


@pytest.fixture(scope="module", params=GAMES)
def finished(request: pytest.FixtureRequest) -> Table:
    """A seeded game played to its end at the table: the person's moves in turn from the
    list, the bots random."""
    found = game(request.param)
    table = Table(players=found.default_players, seat=0, bots=("random",), seed=21,
                  game=found)
    shown, turn = table.message(), 0
    while not shown["over"]:
        legal = shown["legal"]
        assert table.play(legal[turn % len(legal)], shown["decision"]) is None
        shown, turn = table.message(), turn + 1
        assert turn < found.max_decisions
    return table


def _columns_add_up(columns: list[str], rows: list[list[str]], first: int) -> list[int]:
    """Each row's cells from ``first`` to ``total`` add up to its total; the totals."""
    at = columns.index("total")
    totals = []
    for row in rows:
        cells = [int(cell) for cell in row[first:at]]
        assert sum(cells) == int(row[at]), (columns, row)
        totals.append(int(row[at]))
    return totals


def _expected_columns(name: str) -> list[str]:
    return ["so far", *game(name).categories, "total", *TIE_BREAKS.get(name, [])]


def test_the_browser_grid_adds_up(finished: Table) -> None:
    shown = finished.message()
    grid = shown["score"]["grid"]
    assert grid["columns"] == ["seat", *_expected_columns(finished.game.name)]
    totals = _columns_add_up(grid["columns"], grid["rows"], 1)
    assert totals == [seat["total"] for seat in shown["score"]["seats"]]
    assert len(grid["rows"]) == finished.players and grid["rows"][0][0].startswith("you")
    # the points scored during play are not left out: someone scored some (all three
    # games score during play; Puerto Rico's VP chips are its first category)
    assert any(int(row[1]) + int(row[2]) > 0 for row in grid["rows"])


def _terminal_rows(text: str, name: str) -> list[str]:
    """The sheet's header and seat rows in the terminal's output, as cells."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["seat", "name"])
    head = lines[start]
    for column in _expected_columns(name):  # a column named in words is one cell
        head = head.replace(column, column.replace(" ", "-"))
    header = head.split()
    assert header == ["seat", "name", *(c.replace(" ", "-") for c in _expected_columns(name))]
    return [header, *(lines[start + 1 + k].split()
                      for k in range(len(lines)) if start + 1 + k < len(lines)
                      and lines[start + 1 + k][:4].strip().isdigit())]


@pytest.mark.parametrize("command", ["replay", "play"])
def test_the_terminal_sheet_adds_up(finished: Table, command: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    finished.record().save(saved)
    argv = ["replay", str(saved)] if command == "replay" else [
        "play", "--resume", str(saved), "--bots", "random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    header, *rows = _terminal_rows(out, finished.game.name)
    assert len(rows) == finished.players and rows[0][1] == "you"
    totals = _columns_add_up(header, rows, 2)
    assert totals == [s.total for s in finished.game.score(finished.state).seats]


def test_the_engine_protocol_sheet_adds_up(finished: Table) -> None:
    session = Session()
    assert session.handle({"cmd": "resume", "record": finished.record().to_json()})["ok"]
    sheet = session.handle({"cmd": "score"})["score"]
    name = finished.game.name
    assert sheet["columns"] == ["so far", *game(name).categories]
    assert sheet["tie_breaks"] == TIE_BREAKS.get(name, [])
    assert sheet["final"] is True
    for seat in sheet["seats"]:
        assert seat["so_far"] + sum(seat["categories"].values()) == seat["total"]
        assert list(seat["tie_breaks"]) == TIE_BREAKS.get(name, [])
    json.dumps(sheet)
    grid = finished.message()["score"]["grid"]  # the browser shows the same numbers
    assert [[s["so_far"], *s["categories"].values(), s["total"], *s["tie_breaks"].values()]
            for s in sheet["seats"]] == [row[1:] for row in grid["rows"]]


def test_puerto_rico_keeps_its_tie_break() -> None:
    """PR16.2.2: the tie-break (goods plus doubloons) is a column of every front end."""
    sheet = score(new_game(3, 1, game="puerto-rico"))
    table = itemised(sheet)
    assert table.tie_breaks == ("tie-break",)
    # at the start each of 3 players holds 2 doubloons and no goods (PR2.2.1): tie-break 2
    assert [s.tie_breaks for s in table.seats] == [(2,), (2,), (2,)]
    lines = sheet_text(sheet).splitlines()
    assert lines[0].split()[-1] == "tie-break" and lines[1].split()[-1] == "2"


@pytest.mark.parametrize("name", GAMES)
def test_each_sheet_declares_its_rules_tie_breakers_in_order(name: str) -> None:
    """Issue 34.1: every game's itemised sheet has a column for each of its rules'
    tie-breakers, in order, and a value of each for every seat."""
    found = game(name)
    table = itemised(found.score(new_game(found.default_players, 3, game=name)))
    assert list(table.tie_breaks) == TIE_BREAKS[name]
    assert all(len(s.tie_breaks) == len(TIE_BREAKS[name]) for s in table.seats)


def test_a_seat_without_a_value_of_each_tie_breaker_is_refused() -> None:
    sheet = ranked((PointsSeat(0, 1, (), (3,)), PointsSeat(1, 1)), final=True,
                   tie_breaks=("gold",))
    with pytest.raises(ValueError, match="seat 1 has 0 tie-break values"):
        itemised(sheet)


def test_a_hand_made_sheet_is_itemised_in_order() -> None:
    sheet = ranked((PointsSeat(0, 4, (PointsCategory("cards", 3), PointsCategory("gold", 0))),
                    PointsSeat(1, 1, (PointsCategory("cards", 5), PointsCategory("gold", 2)))),
                   final=False)
    table = itemised(sheet)
    assert table.columns == ("so far", "cards", "gold") and table.tie_breaks == ()
    assert [s.points for s in table.seats] == [(4, 3, 0), (1, 5, 2)]
    assert [s.total for s in table.seats] == [7, 8] and table.winners == (1,)
    assert score_grid(sheet, seat=1)["rows"] == [["seat 0", 4, 3, 0, 7],
                                                 ["you (winner)", 1, 5, 2, 8]]
    text = sheet_text(sheet, ("ana", "bo"))
    assert text.splitlines()[-1] == "winner if the game ended now: seat 1 (bo)"
    with pytest.raises(TypeError, match="expected a score sheet"):
        itemised("a sheet")
