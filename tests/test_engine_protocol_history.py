"""``lisboa engine``: moves in words beside their notation, undo, and a game's whole record
saved and resumed (issue 24.1, 24.2), for both games."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lisboa_core import GameRecord, Match, describe_move, legal_moves, new_game, to_json
from lisboa_core.fronts.engine_protocol import Session

GAMES = [("lisboa", 2), ("puerto-rico", 3)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_legal_gives_each_move_in_words(game: str, players: int) -> None:
    session = Session()
    session.handle({"cmd": "new", "game": game, "players": players, "seed": 6})
    answer = session.handle({"cmd": "legal"})
    state = new_game(players, 6, game=game)
    assert answer["moves"] == [str(m) for m in legal_moves(state)]
    assert answer["descriptions"] == [describe_move(state, m) for m in legal_moves(state)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_undo_takes_moves_back_to_the_start(game: str, players: int) -> None:
    session = Session()
    start = session.handle({"cmd": "new", "game": game, "players": players, "seed": 2})
    first = session.handle({"cmd": "save"})["state"]
    played = []
    for i in range(12):
        moves = session.handle({"cmd": "legal"})["moves"]
        move = moves[i % len(moves)]
        assert session.handle({"cmd": "apply", "move": move})["ok"]
        played.append(move)
    for move in reversed(played):
        answer = session.handle({"cmd": "undo"})
        assert answer["ok"] and answer["undone"] == move
    assert session.handle({"cmd": "save"})["state"] == first
    assert {k: v for k, v in answer.items() if k != "undone"} == start
    nothing = session.handle({"cmd": "undo"})
    assert nothing["ok"] is False and nothing["error"] == "protocol"
    assert "no move to take back" in nothing["message"]
    assert session.handle({"cmd": "save"})["state"] == first  # the failed undo changed nothing


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_record_and_resume_carry_the_whole_history(game: str, players: int) -> None:
    session = Session()
    session.handle({"cmd": "new", "game": game, "players": players, "seed": 8})
    for _ in range(9):
        session.handle({"cmd": "apply", "move": session.handle({"cmd": "legal"})["moves"][-1]})
    text = session.handle({"cmd": "record"})["record"]
    record = GameRecord.from_json(text)
    assert len(record.moves) == 9 and record.game == game and record.seed == 8
    assert Match.from_record(record).state == session.state
    other = Session()
    answer = other.handle({"cmd": "resume", "record": text})
    assert answer["ok"] and answer["moves"] == 9
    assert to_json(other.state) == to_json(session.state)
    assert other.handle({"cmd": "undo"})["undone"] == record.moves[-1]
    bad = other.handle({"cmd": "resume", "record": text.replace(record.moves[0], "pass x", 1)})
    assert bad["ok"] is False and bad["error"] == "state-format"
    assert "moves[0]" in bad["message"]


def test_undo_stops_at_a_loaded_state_and_a_loaded_state_has_no_record() -> None:
    session = Session()
    session.handle({"cmd": "new", "players": 2, "seed": 1})
    session.handle({"cmd": "apply", "move": session.handle({"cmd": "legal"})["moves"][0]})
    saved = session.handle({"cmd": "save"})["state"]
    session.handle({"cmd": "load", "state": saved})
    assert session.handle({"cmd": "undo"})["error"] == "protocol"
    session.handle({"cmd": "apply", "move": session.handle({"cmd": "legal"})["moves"][0]})
    assert session.handle({"cmd": "undo"})["ok"]
    assert session.handle({"cmd": "save"})["state"] == saved
    answer = session.handle({"cmd": "record"})
    assert answer["ok"] is False and answer["error"] == "game" and "no record" in answer["message"]


@pytest.mark.slow
def test_undo_through_a_real_engine_process() -> None:
    engine = subprocess.Popen([sys.executable, "-m", "lisboa_core", "engine"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    requests = [{"cmd": "new", "players": 2, "seed": 3}, {"cmd": "legal"}]
    assert engine.stdin is not None and engine.stdout is not None
    answers = []
    for request in requests:
        engine.stdin.write(json.dumps(request) + "\n")
        engine.stdin.flush()
        answers.append(json.loads(engine.stdout.readline()))
    move = answers[1]["moves"][0]
    assert answers[1]["descriptions"][0]
    for request in ({"cmd": "apply", "move": move}, {"cmd": "undo", "id": 5}):
        engine.stdin.write(json.dumps(request) + "\n")
        engine.stdin.flush()
        answers.append(json.loads(engine.stdout.readline()))
    assert answers[3] == {"id": 5, "ok": True, "undone": move, **answers[0]} | {"ok": True}
    engine.stdin.write('{"cmd": "quit"}\n')
    engine.stdin.flush()
    assert engine.wait(timeout=60) == 0
