"""``lisboa --game tiletum play`` (issue 25 acceptance): a person plays Tiletum at the
keyboard against bots, to the score sheet of TL20, saving a record that replays."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core import GameRecord, new_game, replay
from lisboa_core.fronts.cli import main
from lisboa_core.games import game
from tiletum_scenarios import rolled

SRC = Path(__file__).resolve().parent.parent / "src"


def _script(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> list[str]:
    """Feed ``lines`` to input(); returns the prompts seen."""
    feed: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def test_tl20_play_a_tiletum_game_to_its_score_sheet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Always the first legal move against a random bot: the game ends (TL20) and the score
    sheet shows the VP so far, each final-scoring category (TL20.2-TL20.4) and the winner,
    before the input runs out."""
    prompts = _script(monkeypatch, ["1"] * 3000)
    assert main(["--game", "tiletum", "play", "--players", "2", "--seat", "0", "--bots",
                 "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tiletum, 2 players, seed 3. You are seat 0; seat 1: random.")
    assert "game over" in out and ("winner: seat" in out or "winners: seat" in out)
    header = out.split("game over", 1)[1].splitlines()[1]
    for category in ("so far", *game("tiletum").categories, "total"):
        assert category in header
    assert 20 < len(prompts) < 3000
    assert "round 4" in out  # TL3.1: four rounds are played


def test_play_a_few_tiletum_moves_then_save_and_replay(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Moves by number, the board, an illegal word refused, undo, save: the record is a
    Tiletum record that replays."""
    saved = tmp_path / "game.json"
    _script(monkeypatch, ["1", "board", "dance now", "1", "undo", "2", f"save {saved}",
                          "quit"])
    assert main(["--game", "tiletum", "play", "--players", "3", "--seat", "1", "--bots",
                 "random,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "no legal move reads 'dance now'" in out and "undone" in out
    assert "king track" in out and out.rstrip().endswith("bye")
    record = GameRecord.load(saved)
    assert record.game == "tiletum" and record.players == 3 and record.names[1] == "you"
    assert replay(record).ok and len(record.moves) >= 2


@pytest.mark.slow
def test_lisboa_game_tiletum_play_reads_moves_from_stdin() -> None:
    """The installed command itself, its moves typed on standard input."""
    start = rolled(new_game(2, 8, game="tiletum"))  # `lisboa play` rolls the dice itself
    done = subprocess.run(
        [sys.executable, "-m", "lisboa_core", "--game", "tiletum", "play", "--players", "2",
         "--seat", str(start.to_act), "--seed", "8"],
        input="1\n1\n1\nquit\n", capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Tiletum, 2 players, seed 8.")
    assert done.stdout.count("your decision (") >= 3 and done.stdout.rstrip().endswith("bye")


@pytest.mark.slow  # twenty whole 4-player games with the greedy bot in two seats
def test_lisboa_game_tiletum_simulate_twenty_games(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25's acceptance command, as typed: ``lisboa --game tiletum simulate --players 4
    --games 20 --seed 1`` plays twenty 4-player games (greedy and random bots, cycled over
    the seats) to their end and sums them up: every game has its winners (TL20.5), so the
    seats' wins add up to 20, and each seat played each game."""
    assert main(["--game", "tiletum", "simulate", "--players", "4", "--games", "20",
                 "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    seats = lines[lines.index(next(x for x in lines if x.startswith("seat "))) + 1 :][:4]
    assert [int(x.split()[0]) for x in seats] == [0, 1, 2, 3]
    assert abs(sum(float(x.split()[1]) for x in seats) - 20) < 1e-6
    bots = {x.split()[0]: int(x.split()[1]) for x in lines if x.startswith(("greedy", "random"))
            and len(x.split()) == 4}
    assert bots == {"greedy": 40, "random": 40}  # seat-games: 2 seats x 20 games each
    assert "game length:" in out


def test_cards_show_list_and_overlay_notes_for_tiletum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The card lab works on Tiletum's cards as on the others': ``cards show`` prints the
    component as written and in words, ``cards list --kind`` lists one kind, and ``cards
    check --overlay`` says what an overlay replaces (with where it was defined) and adds."""
    cards = SRC.parent / "cards" / "tiletum"
    assert main(["--game", "tiletum", "cards", "show", "P01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('person P01 "Notary" {') and "the Notary (P01" in out
    assert main(["--game", "tiletum", "cards", "list", "--kind", "person"]) == 0
    rows = capsys.readouterr().out.splitlines()
    written = sum(1 for line in (cards / "tiles.lsb").read_text().splitlines()
                  if line.startswith("person "))
    assert len(rows) == written and all(r.split()[1] == "person" for r in rows)
    assert main(["--game", "tiletum", "cards", "show", "NOPE"]) == 1
    assert "no Tiletum component with id 'NOPE'" in capsys.readouterr().err
    overlay = tmp_path / "notary.lsb"
    overlay.write_text((cards / "tiles.lsb").read_text().split("\n\n")[1]
                       .replace("any 1", "any 2", 1) + "\n", encoding="utf-8")
    assert main(["--game", "tiletum", "cards", "check", "--overlay", str(overlay)]) == 0
    out = capsys.readouterr().out
    assert f"{overlay}:1:1: replaces person P01 (defined at " in out
    assert "tiles.lsb:5:1)" in out
