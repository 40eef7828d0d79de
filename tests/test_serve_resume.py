"""Issue 24 (acceptance: "undo and resume work in both"): a game played at the browser
table is saved as a game record (``GET /record?game=ID``, the page's Save link) and goes on
where it stood in ``lisboa play --resume``, in ``lisboa serve --resume`` and in
``make_app(resume=...)``, for Lisboa and for Puerto Rico."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")
from starlette.testclient import TestClient

from lisboa_core import GameRecord, Match, state_digest
from lisboa_core.errors import StateFormatError
from lisboa_core.fronts.cli import main
from lisboa_core.fronts.serve import LOOPBACK_NAMES, make_app
from lisboa_core.fronts.table_game import Table, record_seat
from table_messages import settled

BASE = "http://127.0.0.1:8000"
GAMES = [("lisboa", 2, 1), ("puerto-rico", 3, 1)]  # game, players, the person's seat


def _played(game: str, players: int, seat: int, moves: int) -> tuple[dict[str, Any],
                                                                       GameRecord, str]:
    """A table game with ``moves`` moves of the person's: its last position, its record
    downloaded as the page's Save link does, and the record's text."""
    client = TestClient(make_app(players=players, seat=seat, bots=["random"], seed=5,
                                 hosts=LOOPBACK_NAMES, game=game))
    with client.websocket_connect("ws://127.0.0.1:8000/ws") as socket:
        shown = settled(socket)
        for _ in range(moves):
            socket.send_json({"type": "move", "move": shown["legal"][0],
                              "decision": shown["decision"]})
            shown = settled(socket)
    answer = client.get(f"{BASE}/record?game={shown['game']}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.headers["content-disposition"].startswith("attachment; filename=")
    return shown, GameRecord.from_json(answer.text), answer.text


@pytest.mark.parametrize(("game", "players", "seat"), GAMES)
def test_a_saved_table_game_is_the_game_played(game: str, players: int, seat: int) -> None:
    shown, record, _ = _played(game, players, seat, 3)
    assert record.game == game and record.players == players and record.seed == 5
    # one move in the record per decision taken at the table, the person's named "you"
    assert len(record.moves) == shown["decision"]
    assert record.names[seat] == "you" and record.names.count("you") == 1
    mine = [m["move"] for m in shown["moves"] if m["mine"]]
    assert len(mine) == 3
    replayed = Match.from_record(record)  # checks the final digest too
    assert replayed.to_act == seat and len(replayed) == shown["decision"]


@pytest.mark.parametrize(("game", "players", "seat"), GAMES)
def test_make_app_resume_opens_the_table_where_the_game_stood(
        game: str, players: int, seat: int) -> None:
    shown, record, _ = _played(game, players, seat, 3)
    client = TestClient(make_app(bots=["random"], hosts=LOOPBACK_NAMES, resume=record))
    with client.websocket_connect("ws://127.0.0.1:8000/ws") as socket:
        again = settled(socket)
        assert again["seat"] == seat  # the seat the record names "you"
        assert again["decision"] == shown["decision"]
        assert again["legal"] == shown["legal"] and again["text"] == shown["text"]
        assert [m["move"] for m in again["moves"]] == [m["move"] for m in shown["moves"]]
        saved = GameRecord.from_json(client.get(f"{BASE}/record?game={again['game']}").text)
        assert saved.moves == record.moves and saved.final_digest == record.final_digest
        # the person's moves before the save can be undone
        assert again["can_undo"]
        socket.send_json({"type": "undo"})
        undone = settled(socket)
        assert undone["decision"] < again["decision"] and undone["to_act"] == seat
        # a second page without a game id gets a new game, not the saved one
        with client.websocket_connect("ws://127.0.0.1:8000/ws") as other:
            fresh = settled(other)
            assert fresh["game"] != again["game"] and fresh["decision"] < again["decision"]


@pytest.mark.parametrize(("game", "players", "seat"), GAMES)
def test_lisboa_play_resume_goes_on_with_a_table_game(
        game: str, players: int, seat: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _shown, record, text = _played(game, players, seat, 2)
    saved, after = tmp_path / "table.json", tmp_path / "after.json"
    saved.write_text(text, encoding="utf-8")
    typed = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    assert main(["play", "--resume", str(saved), "--bots", "random",
                 "--autosave", str(after)]) == 0
    out = capsys.readouterr().out
    assert f"resumed after {len(record.moves)} moves. You are seat {seat}" in out
    kept = GameRecord.load(after)
    assert kept.moves == record.moves and kept.final_digest == record.final_digest


@pytest.mark.parametrize(("game", "players", "seat"), GAMES)
def test_lisboa_serve_resume_serves_the_saved_game(
        game: str, players: int, seat: int, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _shown, record, text = _played(game, players, seat, 2)
    saved = tmp_path / "table.json"
    saved.write_text(text, encoding="utf-8")
    served: dict[str, Any] = {}
    monkeypatch.setattr("lisboa_core.fronts.serve.run",
                        lambda *args, **kwargs: served.update(kwargs))
    assert main(["serve", "--resume", str(saved), "--bots", "random", "--port", "0"]) == 0
    assert served["resume"] == record and served["game"] == game
    table = Table(seat=record_seat(served["resume"], served["seat"]), bots=served["bots"],
                  resume=served["resume"], bots_now=False)
    assert table.seat == seat and state_digest(table.state) == record.final_digest


def test_serve_resume_with_another_game_or_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _shown, record, text = _played("puerto-rico", 3, 1, 1)
    saved = tmp_path / "table.json"
    saved.write_text(text, encoding="utf-8")
    served: dict[str, Any] = {}
    monkeypatch.setattr("lisboa_core.fronts.serve.run",
                        lambda *args, **kwargs: served.update(kwargs))
    assert main(["--game", "lisboa", "serve", "--resume", str(saved)]) == 1
    assert "is a game of puerto-rico, not lisboa" in capsys.readouterr().err
    assert main(["serve", "--resume", str(saved), "--seat", "2"]) == 0
    assert record_seat(record, served["seat"]) == 2


def test_a_record_that_does_not_replay_is_refused_naming_the_move() -> None:
    _shown, record, _ = _played("lisboa", 2, 0, 1)
    broken = GameRecord.from_json(record.to_json().replace(record.moves[0], "pass", 1))
    with pytest.raises(StateFormatError, match=r"moves\[0\]"):
        make_app(resume=broken)


def test_the_record_of_an_unknown_game_is_not_found() -> None:
    client = TestClient(make_app(bots=["random"], hosts=LOOPBACK_NAMES))
    answer = client.get(f"{BASE}/record?game=nosuchgame")
    assert answer.status_code == 404 and "no such game" in answer.text
    assert client.get(f"{BASE}/record").status_code == 404


def test_the_page_has_a_save_link_to_the_record() -> None:
    client = TestClient(make_app(bots=["random"], hosts=LOOPBACK_NAMES))
    page = client.get(f"{BASE}/").text
    assert '<a id="save" href="/record" download hidden' in page
    script = client.get(f"{BASE}/static/table.js").text
    assert "/record?game=" in script
