"""The balance report a designer reads (issue 24.4): catalogues named by the files given or
a label, degenerate intervals said as such ("no information" when a bot wins every game
either way, as greedy against random does), the per-category difference and the changed
cards plotted, and default bots that can tell a card's effect apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lisboa_core.fronts.cli import _parser, main
from lisboa_core.studies.balance import BalanceReport, CardEffect, Difference, Rate

RICHER_DECREE = '''decree DC01 "Public buildings on the west side" {
  score 6 per building at west
  provenance reconstructed score
}
'''


def _report(**changes: object) -> BalanceReport:
    """Three paired games of greedy (seat 0) against random (seat 1), greedy winning every
    game under A and under B: the case the README's old example produced."""
    same = Difference.of([0.0, 0.0, 0.0])
    fields: dict[str, object] = dict(
        players=2, games=3, seed=0, bots=("greedy", "random"),
        catalogue_a="3edc4c224f266f6d", catalogue_b="73395751bd58aaaa",
        rates_a={"greedy": Rate.of(3, 3), "random": Rate.of(0, 3), "seat 0": Rate.of(3, 3),
                 "seat 1": Rate.of(0, 3)},
        rates_b={"greedy": Rate.of(3, 3), "random": Rate.of(0, 3), "seat 0": Rate.of(3, 3),
                 "seat 1": Rate.of(0, 3)},
        win_shift={"greedy": same, "random": same, "seat 0": same, "seat 1": same},
        categories_a={"total": 60.0}, categories_b={"total": 61.0},
        category_shift={"total": Difference.of([1.0, 2.0, 0.0])},
        changed_cards=(CardEffect("DC01", "changed", 2, Difference.of([3.0, 3.0]),
                                  Difference.of([0.0])),),
        totals_a=(70, 50, 65, 55, 60, 60), totals_b=(71, 51, 66, 56, 61, 61),
    )
    fields.update(changes)
    return BalanceReport(**fields)  # type: ignore[arg-type]


def test_a_bot_that_wins_every_game_either_way_gives_no_information() -> None:
    text = _report().to_text()
    greedy = next(line for line in text.splitlines() if line.startswith("greedy"))
    random = next(line for line in text.splitlines() if line.startswith("random "))
    assert "no information: greedy won every game under A and B" in greedy
    assert "no information: random won no game under A and B" in random
    assert "no significant difference" not in greedy and "[+0.0%, +0.0%]" not in greedy
    assert " n/a " in greedy
    data = _report().to_dict()
    assert data["win_rates"]["greedy"]["shift"]["verdict"].startswith("no information")
    assert data["win_rates"]["greedy"]["shift"]["degenerate"] is True


def test_a_difference_without_spread_has_no_interval_to_claim() -> None:
    assert Difference.of([0.0, 0.0, 0.0]).degenerate
    assert Difference.of([0.0, 0.0, 0.0]).verdict() == "the same in every pair"
    assert Difference.of([3.0, 3.0]).verdict() == "higher with B in every pair"
    assert Difference.of([-1.0, -1.0]).verdict() == "lower with B in every pair"
    assert not Difference.of([5.0]).degenerate  # one pair: an unbounded interval instead
    assert Difference.of([]).verdict() == "no game to compare"  # a card no game used
    card_line = next(line for line in _report().to_text().splitlines()
                     if line.startswith("DC01"))
    assert "+3.00 [no spread] (higher with B in every pair)" in card_line


def test_the_report_names_the_catalogues_by_their_labels() -> None:
    report = _report(label_a="shipped", label_b="my_cards.lsb")
    lines = report.to_text().splitlines()
    assert "A = shipped (catalogue 3edc4c224f26)" in lines
    assert "B = my_cards.lsb (catalogue 73395751bd58)" in lines
    assert report.to_dict()["label_b"] == "my_cards.lsb"
    assert "A = catalogue 3edc4c224f26" in _report().to_text()  # no label: the digest


@pytest.mark.slow
def test_the_html_plots_the_category_difference_and_the_changed_cards(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    page = _report(label_b="my_cards.lsb").to_html(tmp_path / "r.html").read_text("utf-8")
    # win rates, B - A per category, changed cards, points per category, totals
    assert page.count("<img") == 5
    assert "B = my_cards.lsb (catalogue 73395751bd58)" in page
    page = _report(changed_cards=()).to_html(tmp_path / "r.html").read_text("utf-8")
    assert page.count("<img") == 4


def test_balance_defaults_to_one_bot_in_every_seat(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same bot everywhere: a seat wins by what the cards give it (greedy against
    random is won by greedy whatever the cards)."""
    args = _parser().parse_args(["balance", "shipped", "my_cards.lsb"])
    assert args.bots == "greedy"
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    help_text = capsys.readouterr().out
    assert "95% interval" in help_text and "%%" not in help_text


@pytest.mark.slow
def test_the_balance_command_names_the_files_given(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "my_cards.lsb"
    mine.write_text(RICHER_DECREE, encoding="utf-8")
    html = tmp_path / "study.html"
    status = main(["balance", "shipped", str(mine), "--games", "1", "--players", "2",
                   "--bots", "random", "--html", str(html), "--quiet"])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "A = shipped (catalogue " in out and f"B = {mine} (catalogue " in out
    assert f"B = {mine}" in html.read_text(encoding="utf-8")
    status = main(["balance", "shipped", str(mine), "--games", "1", "--players", "2",
                   "--bots", "random", "--json", "--quiet", "--label", "B=richer DC01",
                   "--label-a", "base"])
    data = json.loads(capsys.readouterr().out)
    assert (data["label_a"], data["label_b"]) == ("base", "richer DC01")
    assert main(["balance", "shipped", "shipped", "--games", "1", "--label", "C=x",
                 "--quiet"]) == 1
    assert "--label: expected A=NAME or B=NAME, got 'C=x'" in capsys.readouterr().err
