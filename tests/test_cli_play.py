"""``lisboa simulate`` and ``lisboa play``."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from lisboa_core import GameRecord, legal_moves, new_game, replay
from lisboa_core.fronts.cli import main
from lisboa_core.studies.simulation import Progress, seat_bots, simulate, summarise


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_output_is_the_same_whatever_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--players", "2", "--games", "3", "--seed", "4", "--bots", "random")
    status, one, _ = _run(capsys, *args, "--jobs", "1")
    assert status == 0
    status, two, _ = _run(capsys, *args, "--jobs", "2")
    assert status == 0 and one == two
    assert "3 game(s) of 2 players, seeds 4-6" in one
    for word in ("seat-games", "win rate", "ships", "officials", "favors", "total",
                 "game length"):
        assert word in one


@pytest.mark.slow
def test_simulate_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "simulate", "--players", "2", "--games", "1", "--seed",
                            "2", "--bots", "greedy,random", "--json", "--progress")
    assert status == 0
    data = json.loads(out)
    assert data["bots"] == ["greedy", "random"] and data["games"] == 1
    assert data["wins_by_bot"]["greedy"] == {"seat_games": 1, "wins": 1.0, "win_rate": 1.0}
    assert set(data["score_by_bot"]["random"]) == {
        "so_far", "ships", "rubble", "stores", "money", "decrees", "officials", "favors", "total"
    }
    assert data["decisions"]["mean"] > 100 and data["decisions"]["sd"] == 0.0
    assert "1/1 games" in err and "simulated 1 game(s)" in err


def test_shared_wins_count_fractionally_and_bots_rotate() -> None:
    assert seat_bots(["greedy", "random"], 4, 0, rotate=False) == (
        "greedy", "random", "greedy", "random")
    assert seat_bots(["g", "r", "r", "r"], 4, 1, rotate=True) == ("r", "g", "r", "r")
    results = simulate(2, 2, 7, ["random"], rotate=True)
    shared = attrs.evolve(results[0], winners=(0, 1))
    summary = summarise([shared, results[1]], 2)
    second = results[1].winners
    assert summary["wins_by_seat"][0]["wins"] == pytest.approx(0.5 + (0 in second) / len(second))
    assert summary["wins_by_bot"]["random"] == {"seat_games": 4, "wins": 2.0, "win_rate": 0.5}


def test_progress_bar_draws_and_ends_its_line() -> None:
    stream = io.StringIO()
    bar = Progress(4, "games", stream, width=8)
    for _ in range(4):
        bar.update()
    bar.close()
    text = stream.getvalue()
    assert "[........] 0/4 games" in text and "[########] 4/4 games" in text
    assert text.endswith("\n")


def test_simulate_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "simulate", "--bots", "greedy,wizard", "--games", "1")
    assert status == 1 and "unknown bot 'wizard'" in err


@pytest.mark.parametrize("command", ["simulate", "play", "balance"])
def test_commands_have_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert f"usage: lisboa {command}" in out and "--players" in out and "--seed" in out


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


def test_play_with_a_scripted_keyboard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Seat 0 of a 2-player game, seed 3: first a setup choice (keep a clergy tile).
    state = new_game(2, 3)
    seat0_keep = next(f for f in state.pending if f.kind == "keep-clergy" and f.seat == 0)
    first_tile, second_tile = seat0_keep.data  # "2" keeps the second; undone; keep the first
    saved = tmp_path / "game.json"
    prompts = _script(monkeypatch, [
        "help",
        "2",                          # keep the second tile, by number
        "explain tuck ZZ99",          # not a move of this decision
        "board",
        "undo",                       # back to the clergy choice
        f"keep {first_tile}",         # now by notation
        f"save {saved}",
        "nonsense words",
        "quit",
    ])
    status = main(["play", "--players", "2", "--seat", "0", "--bots", "random", "--seed", "3"])
    out = capsys.readouterr().out
    assert status == 0 and len(prompts) == 9
    assert "You are seat 0" in out and "your hand:" in out and "1. keep" in out
    assert "explain MOVE" in out  # the help text
    assert "tuck ZZ99: not one of the" in out
    assert "undone" in out
    assert "no legal move reads 'nonsense words'" in out
    assert out.rstrip().endswith("bye")
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["seed"] == 3 and record["players"] == 2
    assert record["names"] == ["you", "random"]
    assert f"keep {first_tile}" in record["moves"]
    assert f"keep {second_tile}" not in record["moves"]  # the undone choice is gone
    assert replay(GameRecord.load(saved)).ok


def test_play_explains_a_legal_move_and_ends_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(2, 5)
    first = str(legal_moves(state)[0]) if state.to_act == 1 else None
    _script(monkeypatch, ["undo", *( [f"explain {first}"] if first else [])])
    assert main(["play", "--players", "2", "--seat", "1", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "nothing to undo" in out and out.rstrip().endswith("bye")
    if first:
        assert f"{first} is legal" in out


def test_play_rejects_a_missing_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:  # a usage error, like every bad argument
        main(["play", "--players", "2", "--seat", "2"])
    assert exit_.value.code == 2
    assert "argument --seat: must be 0 to 1 for 2 players" in capsys.readouterr().err


def test_play_to_the_end_shows_the_score_sheet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _script(monkeypatch, ["1"] * 600)  # always the first legal move
    assert main(["play", "--players", "2", "--seat", "1", "--bots", "random", "--seed", "1",
                 "--leftmost-slot"]) == 0
    out = capsys.readouterr().out
    assert "game over" in out and "favors" in out and "winner" in out
    assert "  seat 0 (random): " in out


def test_simulate_saves_a_record_per_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, _ = _run(capsys, "simulate", "--players", "2", "--games", "2", "--seed", "9",
                        "--bots", "random", "--records", str(tmp_path / "games"), "--quiet")
    assert status == 0
    files = sorted((tmp_path / "games").iterdir())
    assert [f.name for f in files] == ["game-00000-seed-9.json", "game-00001-seed-10.json"]
    for path in files:
        record = GameRecord.load(path)
        assert record.names == ("random", "random")
        result = replay(record)
        assert result.ok and not result.final.pending
