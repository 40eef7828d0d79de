"""Balance studies (lisboa balance / lisboa_core.studies.balance.compare): paired games, intervals
and verdicts, the changed cards, and the three outputs (table, JSON, HTML with plots)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from lisboa_core import load_rules
from lisboa_core.fronts.cli import main
from lisboa_core.games.lisboa.rules.scoring import CATEGORIES
from lisboa_core.studies.balance import Difference, Rate, changed_cards, compare, load_catalogue

# A decree that scores three times as much as the shipped DC01 (2 per west building).
RICHER_DECREE = '''decree DC01 "Public buildings on the west side" {
  score 6 per building at west
  provenance reconstructed score
}
'''


@pytest.fixture
def richer(tmp_path: Path) -> Path:
    path = tmp_path / "richer.lsb"
    path.write_text(RICHER_DECREE, encoding="utf-8")
    return path


def test_wilson_interval_matches_the_textbook_values() -> None:
    # 5 of 10: Wilson 95% interval 0.2366-0.7634 (Agresti & Coull's worked example).
    rate = Rate.of(5, 10)
    assert rate.value == 0.5
    assert rate.low == pytest.approx(0.2366, abs=1e-4)
    assert rate.high == pytest.approx(0.7634, abs=1e-4)
    # 0 of 10: 0-0.2775, and 10 of 10 its mirror image
    assert Rate.of(0, 10).low == 0.0 and Rate.of(0, 10).high == pytest.approx(0.2775, abs=1e-4)
    assert Rate.of(10, 10).high == pytest.approx(1.0) and \
        Rate.of(10, 10).low == pytest.approx(0.7225, abs=1e-4)


def test_paired_difference_interval_and_verdict() -> None:
    # mean 2, sd 1 over 4 games: 2 +- 1.96 * 1 / 2
    d = Difference.of([1.0, 2.0, 3.0, 2.0])
    assert d.mean == 2.0
    half = 1.959963984540054 * math.sqrt(2 / 3) / 2
    assert (d.low, d.high) == (pytest.approx(2 - half), pytest.approx(2 + half))
    assert d.significant and d.verdict() == "higher with B"
    assert Difference.of([-1.0, 1.0]).verdict() == "no significant difference"
    assert not Difference.of([5.0]).significant  # one game says nothing


def test_a_catalogue_against_itself_changes_nothing() -> None:
    rules = load_rules()
    report = compare(rules, rules, players=2, games=4, seed=3, bots=["random"])
    assert report.changed_cards == ()
    for shift in (*report.win_shift.values(), *report.category_shift.values()):
        assert shift.mean == 0 and not shift.significant
    assert set(report.category_shift) == {"so_far", *CATEGORIES, "total"}
    assert report.rates_a == report.rates_b
    # The same cards play the same games: every pair agrees, which the report says as
    # such rather than as a zero-width interval (issue 24.4).
    assert all(d.verdict() == "the same in every pair" for d in report.category_shift.values())
    assert "the same in every pair" in report.to_text()
    assert "no information: every seat is played by random" in report.to_text()


@pytest.mark.slow
def test_a_changed_card_is_named_and_the_games_are_paired(richer: Path) -> None:
    shipped, mine = load_rules(), load_catalogue(str(richer))
    assert changed_cards(shipped, mine) == [("DC01", "changed")]
    report = compare(shipped, mine, players=2, games=6, seed=1, bots=["greedy", "random"])
    (card,) = report.changed_cards
    assert card.card == "DC01" and card.change == "changed"
    assert card.used.n + card.unused.n == 6 and card.games_used == card.used.n
    # Games that never saw the decree are the same games: no difference at all.
    assert card.unused.n == 0 or (card.unused.mean == 0 and card.unused.low == 0)
    # Each bot keeps its seats in both runs: seat-games match.
    assert {k: r.trials for k, r in report.rates_a.items()} == \
        {k: r.trials for k, r in report.rates_b.items()}


@pytest.mark.slow
def test_the_report_travels_as_json_and_html(richer: Path, tmp_path: Path) -> None:
    report = compare(load_rules(), load_catalogue(str(richer)), 2, 2, 5, ["random"])
    data = json.loads(json.dumps(report.to_dict()))
    assert data["changed_cards"][0]["card"] == "DC01"
    assert set(data["win_rates"]) == {"random", "seat 0", "seat 1"}
    assert data["categories"]["total"]["shift"]["verdict"]
    page = report.to_html(tmp_path / "report.html").read_text(encoding="utf-8")
    # win rates, the per-category B - A, the changed cards, points per category, totals
    assert page.count("<img") == 5 and "data:image/png;base64," in page
    assert "Lisboa balance study" in page


@pytest.mark.slow
def test_the_balance_command(richer: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    html = tmp_path / "study.html"
    status = main(["balance", "shipped", str(richer), "--games", "2", "--players", "2",
                   "--bots", "random", "--html", str(html), "--quiet"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert "2 paired game(s) of 2 players" in out and "DC01" in out and html.exists()
    status = main(["balance", "shipped", "shipped", "--games", "1", "--players", "2",
                   "--bots", "random", "--json", "--quiet"])
    out, _ = capsys.readouterr()
    assert status == 0 and json.loads(out)["changed_cards"] == []


def test_the_balance_command_refuses_bad_input(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    assert main(["balance", "shipped", str(tmp_path / "missing.lsb"), "--games", "1",
                 "--quiet"]) == 1
    assert "missing.lsb" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["balance", "shipped", "shipped", "--games", "0"])
    assert stop.value.code == 2


def test_a_catalogue_indexed_only_by_id_has_no_cards_to_compare() -> None:
    # A game's catalogue needs only a digest: one indexed by id but not iterable (a
    # third-party game's) made the comparison iterate it by 0, 1, ... (KeyError: 0).
    class ById:
        digest = "0123456789abcdef"

        def __getitem__(self, ident: str) -> str:
            return {"c1": "card one"}[ident]

    assert changed_cards(ById(), ById()) == []
    assert changed_cards(load_rules(), ById()) == sorted(
        (c.id, "removed") for c in load_rules())
