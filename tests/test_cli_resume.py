"""``lisboa play`` for people: moves listed with what they do, ``show ID``, a saved game
resumed with ``--resume`` reaching the same game as uninterrupted play (issue 24.1, 24.2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core import (
    GameRecord,
    apply,
    describe,
    legal_moves,
    load_rules,
    new_game,
    parse_move,
    replay,
)
from lisboa_core.fronts.cli import main
from lisboa_core.games import game as lisboa_game

# A bot that always plays the first legal move: it keeps no generator, so a resumed game
# goes on exactly as the uninterrupted one (the built-in bots are seeded afresh on resuming).
_FIRST_BOT = '''
class FirstBot:
    name = "first"

    def __init__(self, seed=0):
        pass

    def choose(self, view, legal):
        return legal[0]
'''


@pytest.fixture
def first_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "resume_first_bot.py").write_text(_FIRST_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    return "resume_first_bot:FirstBot"


def _script(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    feed: Iterator[str] = iter(lines)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


def _moves(path: Path) -> list[str]:
    return list(json.loads(path.read_text(encoding="utf-8"))["moves"])


@pytest.mark.parametrize(("game", "players", "first", "then"),
                         [("lisboa", 2, 3, 4), ("puerto-rico", 3, 4, 5)])
def test_a_resumed_game_goes_on_as_uninterrupted_play(
    game: str, players: int, first: int, then: int, first_bot: str, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    common = ["--game", game, "play", "--players", str(players), "--seed", "4",
              "--bots", first_bot]
    whole = tmp_path / "whole.json"
    _script(monkeypatch, ["1"] * (first + then) + ["quit"])
    assert main([*common, "--autosave", str(whole)]) == 0
    part = tmp_path / "part.json"
    _script(monkeypatch, ["1"] * first + [f"save {part}", "quit"])
    assert main(common) == 0
    out = capsys.readouterr().out
    assert f"`lisboa play --resume {part}` goes on with it" in out
    assert len(_moves(part)) < len(_moves(whole))
    resumed = tmp_path / "resumed.json"
    _script(monkeypatch, ["1"] * then + ["quit"])
    assert main(["play", "--resume", str(part), "--bots", first_bot,
                 "--autosave", str(resumed)]) == 0
    out = capsys.readouterr().out
    assert f"resumed after {len(_moves(part))} moves" in out
    assert _moves(resumed) == _moves(whole)
    assert json.loads(resumed.read_text(encoding="utf-8"))["final_digest"] == \
        json.loads(whole.read_text(encoding="utf-8"))["final_digest"]


def test_undo_after_resuming_takes_back_a_move_made_before_the_save(
    first_bot: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    part = tmp_path / "part.json"
    _script(monkeypatch, ["1", "1", f"save {part}", "quit"])
    assert main(["play", "--players", "2", "--seed", "2", "--bots", first_bot]) == 0
    saved = _moves(part)
    after = tmp_path / "after.json"
    _script(monkeypatch, ["undo", "quit"])
    assert main(["play", "--resume", str(part), "--bots", first_bot,
                 "--autosave", str(after)]) == 0
    assert "undone" in capsys.readouterr().out
    kept = _moves(after)
    assert kept == saved[:len(kept)] and len(kept) < len(saved)
    # what was taken back starts with a move of the person (seat 0), and nothing of theirs
    # is left after it
    state = new_game(2, 2)
    for text in kept:
        state = apply(state, parse_move(state, text))
    assert state.to_act == 0


def test_the_move_list_says_what_each_move_does_and_show_prints_a_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    state = new_game(2, 3)
    tiles = next(f for f in state.pending if f.kind == "keep-clergy" and f.seat == 0).data
    _script(monkeypatch, [f"show {tiles[0]}", "show NOPE", "99", "quit"])
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert describe(load_rules()[tiles[0]]) in out  # show ID: the card's whole text
    assert "no component 'NOPE'" in out
    # the first decision of seat 0: keep one of two tiles, each listed with its words
    listed = [line for line in out.splitlines() if line.startswith(("    1. ", "    2. "))]
    assert len(listed) == 2
    for line, tile in zip(listed, tiles, strict=True):
        assert load_rules()[tile].name in line and f"[keep {tile}]" in line
    assert "there is no move 99; choose 1\u20132" in out
    for line in out.splitlines():
        if line.startswith("  seat 1 (random): "):
            notation, _, words = line.removeprefix("  seat 1 (random): ").partition(" \u2014 ")
            assert words, line  # every bot move is printed with what it did
            assert notation


def test_resume_refuses_another_game_and_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    part = tmp_path / "pr.json"
    _script(monkeypatch, [f"save {part}", "quit"])
    assert main(["--game", "puerto-rico", "play", "--players", "3", "--bots", "random"]) == 0
    assert main(["--game", "lisboa", "play", "--resume", str(part)]) == 1
    assert "is a game of puerto-rico, not lisboa" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    assert main(["play", "--resume", str(broken)]) == 1
    assert capsys.readouterr().err.strip()


@pytest.mark.parametrize(("game", "players"), [
    pytest.param("lisboa", 2, marks=pytest.mark.slow), ("puerto-rico", 3)])
def test_a_whole_game_at_the_terminal_names_every_card_it_offers(
    game: str, players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 24's acceptance: a person playing a whole game through ``lisboa play`` reads
    the name of every card, tile, building or role each offered move names."""
    path = tmp_path / "whole.json"
    _script(monkeypatch, ["1"] * 2000)
    assert main(["--game", game, "play", "--players", str(players), "--seed", "11",
                 "--bots", "random", "--autosave", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game over" in out
    record = GameRecord.load(path)
    rules = lisboa_game(game).load_rules()
    result = replay(record)
    assert result.ok and not result.final.pending
    named = 0
    for state in result.states[:-1]:
        if state.to_act != 0:
            continue
        for move in legal_moves(state):
            for arg in move.args:
                found = rules.get(str(arg)) or next(  # Puerto Rico's moves name by word
                    (c for c in rules if getattr(c, "word", None) == arg), None)
                if found is not None:
                    assert found.name in out, (str(move), found.name)
                    named += 1
    assert named > 50


def test_resuming_keeps_the_persons_seat_unless_told_otherwise(
    first_bot: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    part = tmp_path / "seat1.json"
    _script(monkeypatch, [f"save {part}", "quit"])
    assert main(["play", "--players", "3", "--seat", "1", "--bots", first_bot]) == 0
    assert json.loads(part.read_text(encoding="utf-8"))["names"] == ["first", "you", "first"]
    capsys.readouterr()
    _script(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(part), "--bots", first_bot]) == 0
    assert "You are seat 1;" in capsys.readouterr().out
    _script(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(part), "--seat", "2", "--bots", first_bot]) == 0
    assert "You are seat 2;" in capsys.readouterr().out


def test_a_resumed_game_keeps_every_bots_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # A game saved with two different bots goes on with the same two when --bots is not
    # given (it used to go on with greedy in every seat, and the record lost their names).
    part = tmp_path / "part.json"
    _script(monkeypatch, ["1", f"save {part}", "quit"])
    assert main(["play", "--players", "3", "--seed", "6", "--bots", "random,ismcts"]) == 0
    assert GameRecord.load(part).names == ("you", "random", "ismcts")
    resumed = tmp_path / "resumed.json"
    _script(monkeypatch, ["quit"])
    assert main(["play", "--resume", str(part), "--autosave", str(resumed)]) == 0
    assert "seat 1: random, seat 2: ismcts" in capsys.readouterr().out
    assert GameRecord.load(resumed).names == ("you", "random", "ismcts")
