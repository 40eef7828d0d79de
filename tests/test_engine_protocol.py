"""``lisboa engine``: the JSON-lines protocol, checked through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from lisboa_core import apply, legal_moves, new_game, observe, parse_move, score
from lisboa_core.engine_protocol import Session
from lisboa_core.serialize import view_from_json


class _Engine:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lisboa_core", "engine"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )

    def ask(self, request: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        line = request if isinstance(request, str) else json.dumps(request)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer


def test_a_whole_game_is_played_through_the_protocol() -> None:
    engine = _Engine()
    status = engine.ask({"id": "start", "cmd": "new", "players": 2, "seed": 9})
    assert status == {"id": "start", "ok": True, "to_act": status["to_act"],
                      "decision": "keep-clergy", "over": False, "turn": 0, "period": 1,
                      "players": 2}
    expected = new_game(2, 9)  # the same game played here, move for move
    played = 0
    while not status["over"]:
        legal = engine.ask({"cmd": "legal"})
        assert legal["moves"] == [str(m) for m in legal_moves(expected)]
        move = legal["moves"][played % len(legal["moves"])]
        status = engine.ask({"cmd": "apply", "move": move})
        assert status["ok"], status
        expected = apply(expected, parse_move(move, expected))
        played += 1
    sheet = engine.ask({"cmd": "score"})["score"]
    assert sheet["final"] is True and sheet["winners"]
    assert [s["total"] for s in sheet["seats"]] == [s.total for s in score(expected).seats]
    assert engine.ask({"cmd": "quit"}) == {"ok": True}
    assert engine.process.wait(timeout=60) == 0
    assert played > 100


def test_bad_requests_are_answered_and_change_nothing() -> None:
    engine = _Engine()
    assert engine.ask({"cmd": "legal"})["error"] == "protocol"  # no game yet
    engine.ask({"cmd": "new", "players": 3, "seed": 1})
    before = engine.ask({"cmd": "save"})["state"]
    answers = [
        engine.ask("not json"),
        engine.ask([1, 2]),
        engine.ask({"cmd": "fly"}),
        engine.ask({"cmd": "apply", "move": 7}),
        engine.ask({"cmd": "apply", "move": "tuck XX99"}),
        engine.ask({"cmd": "new", "players": 9}),
        engine.ask({"cmd": "new", "players": "3"}),
        engine.ask({"cmd": "view", "seat": 5}),
        engine.ask({"cmd": "load", "state": "{}"}),
    ]
    assert [a["error"] for a in answers] == [
        "protocol", "protocol", "protocol", "protocol", "illegal-move", "game", "protocol",
        "protocol", "state-format",
    ]
    assert all(a["ok"] is False and a["message"] for a in answers)
    assert engine.ask({"cmd": "save"})["state"] == before
    engine.ask({"cmd": "quit"})
    assert engine.process.wait(timeout=60) == 0


def test_views_hide_what_the_seat_cannot_see() -> None:
    session = Session()
    session.handle({"cmd": "new", "players": 2, "seed": 4})
    document = session.handle({"cmd": "view", "seat": 0})["view"]
    assert document["format"] == "lisboa-view" and document["seat"] == 0
    view = document["state"]
    assert set(view["players"][1]["hand"]) == {"?card"}  # R3.11
    assert "?card" not in view["players"][0]["hand"]
    assert view["rng"] == {"seed": 0, "counter": 0}  # the generator is hidden too
    assert view_from_json(json.dumps(document)) == observe(session.state, 0)
    assert session.handle({"cmd": "load", "state": session.handle({"cmd": "save"})["state"]})[
        "ok"
    ]


def test_apply_reports_the_events_as_the_observer_sees_them() -> None:
    """R2.2.3: another seat's two drawn clergy tiles stay hidden; the kept one is shown."""
    session = Session()
    session.handle({"cmd": "new", "players": 2, "seed": 3})
    actor = session.handle({"cmd": "status"})["to_act"]
    move = session.handle({"cmd": "legal"})["moves"][0]
    answer = session.handle({"cmd": "apply", "move": move, "seat": 1 - actor})
    assert answer["ok"] and answer["events"][0] == {
        "kind": "move", "seat": actor, "move": move, "decision": "keep-clergy"}
    kept = move.split()[1]
    assert {"kind": "pieces", "seat": actor, "where": "clergy", "added": [kept],
            "removed": []} in answer["events"]
    bad = session.handle({"cmd": "apply", "move": "pass", "seat": 7})
    assert bad["error"] == "protocol" and "seat" in bad["message"]
