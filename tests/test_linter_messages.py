"""What the card linter says: a likely fix or the list of choices, never a misleading
near-miss, no count noise for a single file or after a syntax error, and its summary on
the same stream as its problems."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lisboa_core.errors import Problem

TILE = '''clergy C90 "Test tile" {{
  wigs 3
  on {event}: gain 2 reis
  provenance reconstructed wigs
}}
'''


def _problem(problems: list[Problem], code: str) -> Problem:
    found = [p for p in problems if p.code == code]
    assert found, [p.render() for p in problems]
    return found[0]


def test_a_typo_gets_its_fix(check_text) -> None:  # type: ignore[no-untyped-def]
    problem = _problem(check_text(TILE.format(event="bild-store")), "LB112")
    assert "(did you mean 'build-store'?)" in problem.message
    good = _problem(check_text(TILE.format(event="sell bokos")), "LB103")
    assert "(did you mean 'books'?)" in good.message


def test_another_word_is_not_offered_as_a_fix_but_the_choices_are_listed(check_text) -> None:  # type: ignore[no-untyped-def]
    problem = _problem(check_text(TILE.format(event="build-house")), "LB112")
    assert "did you mean" not in problem.message
    assert "the choices are" in problem.message and "build-store" in problem.message


def test_a_single_file_is_linted_without_catalogue_counts(check_text) -> None:  # type: ignore[no-untyped-def]
    assert check_text(TILE.format(event="sell books")) == []


def test_no_count_noise_after_a_syntax_error(tmp_path: Path) -> None:
    from lisboa_core.dsl.resources import cards_dir
    from lisboa_core.games.lisboa.catalogue import check_paths

    folder = tmp_path / "cards"
    folder.mkdir()
    for source in cards_dir().glob("*.lsb"):
        text = source.read_text(encoding="utf-8")
        if source.name == "clergy.lsb":
            text = text.replace('clergy C13 "Book sale bonus" {', 'clergy C13 "Book sale bonus" {{', 1)
        (folder / source.name).write_text(text, encoding="utf-8")
    problems = check_paths(folder)
    assert problems and all(p.code != "LB130" for p in problems), [p.code for p in problems]


def test_the_summary_is_on_the_stream_of_the_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lsb"
    bad.write_text(TILE.format(event="build-house"), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "lisboa_core", "cards", "check", str(bad)],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            check=False, timeout=120)
    assert result.returncode == 1
    assert "LB112" in result.stdout and "1 problem(s) found" in result.stdout
    good = tmp_path / "good.lsb"
    good.write_text(TILE.format(event="sell books"), encoding="utf-8")
    ok = subprocess.run([sys.executable, "-m", "lisboa_core", "cards", "check", str(good)],
                        capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False,
                        timeout=120)
    assert ok.returncode == 0 and "linted on their own" in ok.stdout, ok.stdout + ok.stderr


def test_messages_show_patterns_as_authors_write_them(check_text) -> None:  # type: ignore[no-untyped-def]
    text = TILE.format(event="sell books").replace(
        "  wigs 3\n", "  wigs 3\n  modify visit-cost manuel by banana\n")
    problem = _problem(check_text(text), "LB104")
    assert "<" not in problem.message and "AMOUNT" in problem.message
