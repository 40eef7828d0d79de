"""Validation codes: each has a wrong example that raises it and a right one that does not."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from lisboa_core.dsl.compiler import CODES
from lisboa_core.fronts.cli import main

NOBLE_CARD = 'political X1 {{\n  deck red\n  type manuel\n  {body}\n  provenance rules\n}}\n'

# (code, wrong text, right text); the right text differs only in the faulty part.
CASES = [
    ("LB001", "clergy C1 {\n  wigs 2 2 }\n", "clergy C1 {\n  wigs 2\n  provenance rules\n}\n"),
    ("LB101", "clergy C1 {\n  wgis 2\n  provenance rules\n}\n",
     "clergy C1 {\n  wigs 2\n  provenance rules\n}\n"),
    ("LB102", "plan P1 {\n  architect blue\n  provenance rules\n}\n",
     "plan P1 {\n  architect blue\n  officials 2\n  provenance rules\n}\n"),
    ("LB103", "clergy C1 {\n  wigs 2\n  on sell gld: gain 2 reis\n  provenance rules\n}\n",
     "clergy C1 {\n  wigs 2\n  on sell gold: gain 2 reis\n  provenance rules\n}\n"),
    ("LB104", "plan P1 {\n  architect blue\n  officials 0\n  provenance rules\n}\n",
     "plan P1 {\n  architect blue\n  officials 1\n  provenance rules\n}\n"),
    ("LB105", "plan P1 {\n  architect blue green\n  officials 2\n  provenance rules\n}\n",
     "plan P1 {\n  architect blue\n  officials 2\n  provenance rules\n}\n"),
    ("LB106", "plan P1 {\n  architect blue\n  architect blue\n  officials 2\n  provenance rules\n}\n",
     "plan P1 {\n  architect blue\n  officials 2\n  provenance rules\n}\n"),
    ("LB107", NOBLE_CARD.format(body="influence 3\n  reward: take plan\n  penalty: pay 1 reis"),
     NOBLE_CARD.format(body="influence 3\n  reward: take plan")),
    ("LB110", NOBLE_CARD.format(body="influence 3\n  reward: gian 1 gold"),
     NOBLE_CARD.format(body="influence 3\n  reward: gain 1 gold")),
    ("LB111", NOBLE_CARD.format(body="influence 3\n  reward: gain 1 produced good"),
     "clergy C1 {\n  wigs 2\n  on produce: gain 1 produced good\n  provenance rules\n}\n"),
    ("LB112", "clergy C1 {\n  wigs 2\n  modify visit-costs -1\n  provenance rules\n}\n",
     "clergy C1 {\n  wigs 2\n  modify visit-cost -1\n  provenance rules\n}\n"),
    ("LB120", "plan P1 {\n  architect blue\n  officials 2\n  provenance rules\n}\n"
     "plan P1 {\n  architect green\n  officials 2\n  provenance rules\n}\n",
     "plan P1 {\n  architect blue\n  officials 2\n  provenance rules\n}\n"
     "plan P2 {\n  architect green\n  officials 2\n  provenance rules\n}\n"),
    ("LB121", "favor F1 {\n  noble manuel\n  provenance rules\n}\n"
     "noble Marquis {\n  position 2\n  accepts books gold\n  state-actions build-ship produce-goods\n"
     "  noble-action take-decree\n  office 6\n  provenance rules\n}\n",
     "favor F1 {\n  noble marquis\n  provenance rules\n}\n"
     "noble Marquis {\n  position 2\n  accepts books gold\n  state-actions build-ship produce-goods\n"
     "  noble-action take-decree\n  office 6\n  provenance rules\n}\n"),
    ("LB131", "ship S1 {\n  color red\n  period 1\n  hull 3\n  sale 1\n  influence 1\n"
     "  provenance rules\n}\n",
     "ship S1 {\n  color red\n  period 1\n  hull 2\n  sale 1\n  influence 1\n  provenance rules\n}\n"),
    ("LB140", "plan P1 {\n  architect blue\n  officials 2\n  provenance reconstructed colour\n}\n",
     "plan P1 {\n  architect blue\n  officials 2\n  provenance reconstructed architect\n}\n"),
]


def test_every_documented_code_has_a_case() -> None:
    assert {code for code, *_ in CASES} | {"LB130"} == set(CODES)


@pytest.mark.parametrize(("code", "wrong", "right"), CASES, ids=[c[0] for c in CASES])
def test_code_is_raised_by_the_wrong_text_only(check_text, code: str, wrong: str, right: str) -> None:  # type: ignore[no-untyped-def]
    assert code in {p.code for p in check_text(wrong)}
    assert code not in {p.code for p in check_text(right)}


def test_component_counts_are_checked_for_a_folder(tmp_path: Path) -> None:
    (tmp_path / "plans.lsb").write_text(CASES[2][2])
    from lisboa_core.games.lisboa.catalogue import check_paths

    problems = check_paths(tmp_path)
    assert any(p.code == "LB130" and "expected 20 plan components, found 1" in p.message
               for p in problems)
    # A folder is a whole catalogue: missing kinds are reported too.
    assert any(p.code == "LB130" and "clergy" in p.message for p in problems)


def test_suggestions_and_rendering(check_text) -> None:  # type: ignore[no-untyped-def]
    (problem,) = [p for p in check_text(CASES[3][1]) if p.code == "LB103"]
    assert problem.render().splitlines() == [
        f"{problem.file}:3:11: LB103 unknown good 'gld' (did you mean 'gold'?); expected a good "
        "or 'any'",
        "      on sell gld: gain 2 reis",
        "              ^",
    ]
    (unknown_key,) = [p for p in check_text(CASES[1][1]) if p.code == "LB101"]
    assert "(did you mean 'wigs'?)" in unknown_key.message


ACCEPTANCE = """\
clergy C01 "Syntax error" {
  wigs 2 {
  provenance rules
}

clergy C02 "Misspelt good" {
  wigs 2
  on sell gld: gain 2 reis
  provenance rules
}

clergy C03 "Unknown key" {
  wigs 2
  colour red
  provenance rules
}

plan PL01 "Missing field" {
  architect blue
  provenance rules
}

plan PL01 "Duplicate id" {
  architect green
  officials 3
  provenance rules
}
"""


def test_cards_check_reports_every_problem_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lsb"
    bad.write_text(ACCEPTANCE)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["cards", "check", str(bad)])
    text = out.getvalue()
    assert status == 1
    assert "Traceback" not in text + err.getvalue()
    expected = [
        (4, "LB001"),  # the section opened on line 2 never closes before C02
        (8, "LB103"),
        (14, "LB101"),
        (18, "LB102"),
        (23, "LB120"),
    ]
    for line, code in expected:
        assert f"{bad}:{line}:" in text and code in text, (line, code, text)
    headers = [ln for ln in text.splitlines() if ln.startswith(str(bad))]
    assert all(ln.split(":")[1].isdigit() and ln.split(":")[2].isdigit() for ln in headers)


def test_influence_reis_icons_stand_on_different_spaces(check_text) -> None:  # type: ignore[no-untyped-def]
    # R5.6: one real per icon the marker passes; two icons on one space is a typing error.
    board = (Path(__file__).parent.parent / "cards" / "lisboa" / "board.lsb").read_text(encoding="utf-8")
    assert "influence-reis-icons 0 2 4 6 8" in board
    doubled = board.replace("influence-reis-icons 0 2 4 6 8", "influence-reis-icons 0 2 4 4 8")
    messages = [p.message for p in check_text(doubled, "board.lsb") if p.code == "LB104"]
    assert messages == ["influence reis icons are on different spaces (R5.6)"]
    assert not [p for p in check_text(board, "board.lsb") if p.code == "LB104"]
