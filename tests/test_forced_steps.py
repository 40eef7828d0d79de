"""Issue 34.4: a decision with a single legal move is settled by the front ends. ``lisboa
play`` and the browser table play it for the person and say so, unless asked to confirm
(``--confirm-forced``); the engine protocol keeps offering it and says it is forced. Chance
steps read as "chance" in every front end, never as "seat -2"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lisboa_core import CHANCE
from lisboa_core.events import MovePlayed
from lisboa_core.fronts.cli import main
from lisboa_core.fronts.engine_protocol import Session
from lisboa_core.fronts.table_game import Table
from lisboa_core.fronts.table_words import Words
from test_cli_tiletum import _script

_LISTED = re.compile(r"your decision \([^)]*\):\n((?:\s+\d+\. .*\n)+)")


def _listings(out: str) -> list[int]:
    """How many moves each decision put to the person listed."""
    return [len(found.group(1).splitlines()) for found in _LISTED.finditer(out)]


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          *more: str) -> str:
    _script(monkeypatch, ["1"] * 3000)
    assert main(["--game", "tiletum", "play", "--players", "2", "--seat", "0", "--bots",
                 "random", "--seed", "3", *more]) == 0
    return capsys.readouterr().out


def test_lisboa_play_does_not_ask_a_tiletum_single_choice_step(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys)
    asked = _listings(out)
    assert asked and min(asked) >= 2  # every decision asked offered a choice
    played = [line for line in out.splitlines() if line.endswith("(the only move)")]
    assert played and all(line.startswith("  you: ") for line in played)
    # "end this ... action" with no action points left, "end your turn": played, said
    assert any("end your turn" in line for line in played)
    assert "game over" in out


def test_confirm_forced_asks_them_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, "--confirm-forced")
    assert 1 in _listings(out) and "(the only move)" not in out


def _table_game(confirm: bool) -> tuple[Table, list[int]]:
    """A Tiletum game at the table, the person choosing the first move; the number of
    moves of every decision put to them."""
    table = Table(players=2, seat=0, bots=("random",), seed=3, game="tiletum",
                  confirm_forced=confirm)
    offered = []
    shown = table.message()
    while not shown["over"] and len(offered) < 400:
        offered.append(len(shown["legal"]))
        assert table.play(shown["legal"][0], shown["decision"]) is None
        shown = table.message()
    return table, offered


def test_the_table_plays_the_single_move_and_shows_it() -> None:
    table, offered = _table_game(confirm=False)
    assert min(offered) >= 2
    forced = [m for m in table.moves if m["text"].endswith("(the only move: played for you)")]
    assert forced and all(m["mine"] and m["seat"] == 0 for m in forced)
    said = [e["text"] for e in table.log if "(the only move: played for you)" in e["text"]]
    assert said and all(text.startswith("You: ") for text in said)
    # an undo goes back to the person's last real choice, not to a forced step
    assert table.can_undo and table.undo() is None
    assert len(table.message()["legal"]) >= 2


def test_the_table_asks_when_told_to_confirm() -> None:
    _table, offered = _table_game(confirm=True)
    assert 1 in offered


def test_the_engine_protocol_offers_a_forced_move_and_says_so() -> None:
    session = Session()
    session.handle({"cmd": "new", "game": "tiletum", "players": 2, "seed": 3})
    seen = {"forced": 0, "chance": 0, "choice": 0}
    for _ in range(300):
        legal = session.handle({"cmd": "legal"})
        moves = legal["moves"]
        if not moves:
            break
        assert legal["forced"] is (len(moves) == 1)
        assert legal["chance"] is (legal["to_act"] == CHANCE)
        seen["forced" if len(moves) == 1 else "choice"] += 1
        seen["chance"] += legal["chance"]
        move = legal["sampled"] if legal["chance"] else moves[0]
        assert session.handle({"cmd": "apply", "move": move})["ok"]
    assert all(seen.values()), seen


def test_chance_steps_read_as_chance() -> None:
    words = Words(None, seat=0)
    assert words.who(CHANCE) == "Chance" and words.who(CHANCE, start=False) == "chance"
    assert words.event(MovePlayed(CHANCE, "roll DG3", "dice")) == "Chance: roll DG3."
    named = Words(None, seat=0, words={"chance": "the dice"})  # a game's own word
    assert named.who(CHANCE) == "The dice"
    table, _ = _table_game(confirm=False)
    rolled = [m for m in table.moves if m["seat"] == CHANCE]
    assert rolled  # Tiletum rolls dice
    texts = [e["text"] for e in table.log]
    assert not [t for t in texts if "Seat -2" in t or "seat -2" in t]
    assert any(t.startswith("Chance: ") for t in texts)
    assert table.message()["chance"] == "chance"


def test_a_replay_lists_chance_steps_as_chance(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    table, _ = _table_game(confirm=False)
    saved = tmp_path / "tiletum.json"
    table.record().save(saved)
    assert main(["replay", "--verbose", str(saved)]) == 0
    out = capsys.readouterr().out
    listed = [line.split()[1] for line in out.splitlines() if line[:5].strip().isdigit()]
    assert "chance" in listed and "-2" not in out.split("replayed")[0]
