"""A catalogue whose board tables lack an entry the engine looks up is refused at load, at
file:line:col, saying what is missing (issue 23, item 5). Before, such a catalogue loaded
and play then failed: a ``ValueError`` in the store builder without a ``houses`` line, a
``KeyError`` in scoring without a column's ``scoring-space``, or silently scored nothing
(a player count without ``officials-majority``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from lisboa_core import apply, is_over, legal_moves, load_rules, new_game
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.errors import CardValidationError, Problem


def _catalogue(folder: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the shipped cards in ``folder`` with the line ``old`` of ``file`` replaced
    by ``new`` (removed when ``new`` is empty): the file changed and the line's number."""
    for path in cards_dir().glob("*.lsb"):
        shutil.copy(path, folder / path.name)
    target = folder / file
    lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
    found = [i for i, line in enumerate(lines) if line.strip() == old]
    assert len(found) == 1, f"{old!r} is not one line of {file}"
    lines[found[0]] = f"  {new}\n" if new else ""
    target.write_text("".join(lines), encoding="utf-8")
    return target, found[0] + 1


def _line_of(path: Path, start: str) -> int:
    """The 1-based number of the first line of ``path`` starting with ``start``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(start))


def _problems(folder: Path) -> list[Problem]:
    with pytest.raises(CardValidationError) as info:
        load_rules(folder)
    return list(info.value.problems)


def _the(problems: list[Problem], code: str, words: str) -> Problem:
    found = [p for p in problems if p.code == code and words in p.message]
    assert len(found) == 1, [str(p) for p in problems]
    return found[0]


@pytest.mark.parametrize(
    ("file", "line", "header", "missing"),
    [
        ("player_board.lsb", "houses left 2", "player-board STANDARD",
         "no 'houses' line for the group left"),
        ("player_board.lsb", "houses middle 3", "player-board STANDARD",
         "no 'houses' line for the group middle"),
        ("player_board.lsb", "houses right 3", "player-board STANDARD",
         "no 'houses' line for the group right"),
        ("board.lsb", "scoring-space 5 4", "board MAIN", "no 'scoring-space' line for the column 5"),
        ("board.lsb", "scoring-space 1 1", "board MAIN", "no 'scoring-space' line for the column 1"),
        ("board.lsb", "price-start gold 6", "board MAIN", "no 'price-start' line for the good gold"),
        ("board.lsb", "store-majority tools 6 3 1", "board MAIN",
         "no 'store-majority' line for the good tools"),
        ("board.lsb", "officials-majority 3 15 10 5", "board MAIN",
         "no 'officials-majority' line for the player count 3"),
        ("board.lsb", "row-rubble C 3", "board MAIN", "no 'row-rubble' line for the row C"),
        ("board.lsb", "column-rubble 4 3", "board MAIN",
         "no 'column-rubble' line for the column 4"),
        ("board.lsb", "rubble red 21 2", "board MAIN", "no 'rubble' line for the colour red"),
        ("board.lsb", "street pink cloth", "board MAIN", "no 'street' line for the good cloth"),
    ],
)
def test_a_missing_table_line_is_refused_where_the_component_starts(
    tmp_path: Path, file: str, line: str, header: str, missing: str
) -> None:
    path, _ = _catalogue(tmp_path, file, line, "")
    problem = _the(_problems(tmp_path), "LB102", missing)
    assert Path(problem.file) == path
    assert (problem.line, problem.column) == (_line_of(path, header), 1)
    assert problem.render().startswith(f"{path}:{problem.line}:1: LB102 {header} has {missing}")


@pytest.mark.parametrize(
    ("file", "line", "new", "code", "words"),
    [
        # a column given twice: the second line is the one reported, and the column it
        # leaves out is missing
        ("board.lsb", "scoring-space 5 4", "scoring-space 4 4", "LB106",
         "'scoring-space' gives column 4 again"),
        ("player_board.lsb", "houses right 3", "houses left 3", "LB106",
         "'houses' gives group left again"),
        ("board.lsb", "scoring-space 5 4", "scoring-space 5 9", "LB104",
         "scoring space 9 does not exist: the catalogue has 4 scoring tiles"),
        ("board.lsb", "price-start gold 6", "price-start gold 9", "LB104",
         "the gold price starts at 9, off the track 1..6"),
        ("board.lsb", "influence-start 4 5 6 7", "influence-start 4 5 6", "LB105",
         "influence-start gives 3 values; the engine needs one per seat"),
        ("board.lsb", "influence-start 4 5 6 7", "influence-start 4 5 6 17", "LB104",
         "influence-start goes past influence-max 10"),
        ("board.lsb", "political-display manuel marquis king treasury",
         "political-display manuel marquis king king", "LB131",
         "political-display names each card type once"),
        ("player_board.lsb", "ability right 3 {", "ability right 4 {", "LB104",
         "the right group has 3 houses, so no house 4"),
        ("player_board.lsb", "ability middle 3 {", "ability middle 1 {", "LB106",
         "house 1 of the middle group has an ability already"),
    ],
)
def test_a_wrong_table_line_is_refused_at_that_line(
    tmp_path: Path, file: str, line: str, new: str, code: str, words: str
) -> None:
    path, changed = _catalogue(tmp_path, file, line, new)
    problem = _the(_problems(tmp_path), code, words)
    assert (Path(problem.file), problem.line) == (path, changed)


def test_nobles_out_of_their_places_are_refused(tmp_path: Path) -> None:
    # The engine finds Manuel, the Marquis and the King by their places, left to right.
    path, _ = _catalogue(tmp_path, "board.lsb", "position 1", "position 2")
    marquis = path.read_text(encoding="utf-8").index("noble Marquis")
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:marquis] + text[marquis:].replace("position 2", "position 1", 1),
                    encoding="utf-8")
    problem = _the(_problems(tmp_path), "LB131", "the noble at position 1 is 'manuel'")
    assert problem.line == _line_of(path, "noble Marquis")


def test_house_groups_in_another_order_load_and_play(tmp_path: Path) -> None:
    path, _ = _catalogue(tmp_path, "player_board.lsb", "houses left 2", "")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  houses right 3\n", "  houses right 3\n  houses left 2\n"),
                    encoding="utf-8")
    rules = load_rules(tmp_path)
    assert rules.player_board.houses == (("left", 2), ("middle", 3), ("right", 3))  # R13.1
    state, rng = new_game(3, 4, rules=rules), random.Random(4)
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))


def test_an_overlay_that_leaves_too_few_starting_plans_is_refused(tmp_path: Path) -> None:
    # R2.2.5: each seat receives a starting plan, so a 4-player game needs 4; before, such
    # an overlay loaded and new_game(4) failed with an IndexError.
    overlay = tmp_path / "plan.lsb"
    overlay.write_text(
        'plan PL01 "Starting plan 1, now a regular one" {\n  architect blue\n  officials 2\n'
        "  provenance reconstructed architect officials\n}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardValidationError) as info:
        load_rules(overlay=[overlay])
    _the(list(info.value.problems), "LB130", "3 starting plans; the setup deals one to each seat")
