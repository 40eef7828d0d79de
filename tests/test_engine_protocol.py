"""``lisboa engine``: the JSON-lines protocol, checked through a real subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import apply, legal_moves, new_game, observe, parse_move, score
from lisboa_core.fronts.engine_protocol import Session, serve
from lisboa_core.persistence.serialize import view_from_json


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


@pytest.mark.slow
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
        expected = apply(expected, parse_move(expected, move))
        played += 1
    sheet = engine.ask({"cmd": "score"})["score"]
    assert sheet["final"] is True and sheet["winners"]
    assert [s["total"] for s in sheet["seats"]] == [s.total for s in score(expected).seats]
    assert engine.ask({"cmd": "quit"}) == {"ok": True}
    assert engine.process.wait(timeout=60) == 0
    assert played > 100


@pytest.mark.slow
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


# --- Hardening (issue 23, item 2): no input ends the session, every answer is strict JSON.

def _strict(line: str) -> dict[str, Any]:
    """An answer line read as standard JSON: NaN, Infinity and -Infinity refused."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not standard JSON")

    answer: dict[str, Any] = json.loads(line, parse_constant=refuse)
    return answer


def _session(lines: list[bytes]) -> list[dict[str, Any]]:
    """Every answer of a real ``lisboa engine`` to ``lines`` (raw bytes, one per line),
    the last of which is quit; the process must exit 0 after it."""
    done = subprocess.run(
        [sys.executable, "-m", "lisboa_core", "engine"], input=b"\n".join(lines) + b"\n",
        capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return [_strict(line) for line in done.stdout.decode("utf-8").splitlines()]


@pytest.mark.slow
def test_deep_odd_and_huge_requests_are_answered_and_the_game_goes_on() -> None:
    deep_id = b'{"id": ' + b"[" * 1000 + b"]" * 1000 + b', "cmd": "status"}'
    deeper = b'{"cmd": "apply", "move": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    unclosed = b"[" * 100_000
    move = {"cmd": "apply", "move": "x" * 10_000_000}
    huge = json.dumps(move).encode()
    bad = [
        deep_id, deeper, unclosed,
        b'{"id": NaN, "cmd": "status"}',
        b'{"id": Infinity, "cmd": "status"}',
        b'{"id": -Infinity, "cmd": "status"}',
        b'{"id": 1e400, "cmd": "status"}',   # valid JSON grammar, but no double holds it
        b'{"id": -1E999, "cmd": "status"}',
        b'{"cmd": "apply", "move": "\\ud800"}',  # a lone surrogate, escaped
        b'{"cmd": "apply", "move": "\xff\xfe"}',  # bytes that are not UTF-8
        huge,
    ]
    answers = _session([b'{"id": "start", "cmd": "new", "players": 2, "seed": 5}',
                        b'{"cmd": "save"}', *bad, b'{"id": "after", "cmd": "save"}',
                        b'{"cmd": "quit"}'])
    start, saved, *refused, after, bye = answers
    assert start["ok"] and start["id"] == "start" and bye == {"ok": True}
    assert len(refused) == len(bad)  # one answer per request, in order
    assert all(a["ok"] is False and a["error"] == "protocol" for a in refused), refused
    assert all("id" not in a for a in refused)  # no id could be read: none is echoed
    assert all(len(json.dumps(a)) < 1000 for a in refused)  # not a 20 MB echo
    assert after["id"] == "after" and after["state"] == saved["state"]  # nothing changed
    messages = [a["message"] for a in refused]
    assert "nested" in messages[0] and "nested" in messages[1]
    assert "NaN" in messages[3] and "Infinity" in messages[4] and "-Infinity" in messages[5]
    assert "1e400" in messages[6] and "1E999" in messages[7]
    assert "surrogate" in messages[8] and "UTF-8" in messages[9]
    assert f"{len(huge):,} characters" in messages[10]


def test_long_values_are_quoted_short_in_error_messages() -> None:
    session = Session()
    session.handle({"cmd": "new", "players": 2, "seed": 1})
    for request in ({"cmd": "apply", "move": "x" * 500_000},
                    {"cmd": "apply", "move": ["y" * 500_000]},
                    {"cmd": "new", "players": "z" * 500_000},
                    {"cmd": "w" * 500_000}):
        answer = session.handle(request)
        assert answer["ok"] is False and len(answer["message"]) < 1000, request.keys()
    long_id = session.handle({"id": "i" * 5000, "cmd": "status"})
    assert "id" not in long_id and long_id["error"] == "protocol"
    assert "5,002 characters" in long_id["message"]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


@st.composite
def _requests(draw: st.DrawFn) -> dict[str, Any]:
    request = draw(st.dictionaries(
        st.sampled_from(["id", "players", "seed", "options", "move", "seat", "state"]),
        _JSON, max_size=4))
    request["cmd"] = draw(st.sampled_from(
        ["new", "status", "legal", "apply", "view", "score", "save", "load", "fly"]))
    return request


_START = new_game(2, 2)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(_requests(), max_size=6))
def test_any_json_request_gets_a_strict_json_answer_and_never_an_internal_error(
        requests: list[dict[str, Any]]) -> None:
    session = Session()
    session.state = _START
    for request in requests:
        answer = session.handle(request)
        assert _strict(json.dumps(answer, allow_nan=False)) == answer
        assert answer["ok"] is True or answer["error"] != "internal", answer


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(exclude_characters="\n")), max_size=6))
def test_any_line_of_text_gets_one_strict_json_answer(lines: list[str]) -> None:
    sink = io.StringIO()
    assert serve(io.StringIO("".join(f"{line}\n" for line in lines)), sink) == 0
    answers = [_strict(line) for line in sink.getvalue().splitlines()]
    assert len(answers) == len(lines)  # a blank line too (issue 31.9)
