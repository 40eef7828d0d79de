"""Issue 31.9: ``lisboa engine`` answers every line it reads, an empty one too (with a
``protocol`` error), so a front end that waits for one answer per line never hangs."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from lisboa_core.fronts.engine_protocol import serve

SRC = Path(__file__).resolve().parent.parent / "src"


def _answers(text: str) -> list[dict[str, object]]:
    sink = io.StringIO()
    assert serve(io.StringIO(text), sink) == 0
    return [json.loads(line) for line in sink.getvalue().splitlines()]


def test_an_empty_line_is_answered_with_a_protocol_error() -> None:
    answers = _answers('\n   \n{"id": 1, "cmd": "new", "players": 2, "seed": 3}\n\t\n'
                       '{"id": 2, "cmd": "status"}\n')
    assert len(answers) == 5  # one answer a line
    for blank in (answers[0], answers[1], answers[3]):
        assert blank["ok"] is False and blank["error"] == "protocol"
        assert "empty line" in str(blank["message"])
    assert answers[2]["ok"] is True and answers[2]["id"] == 1
    assert answers[4]["ok"] is True and answers[4]["id"] == 2  # the game was untouched


def test_the_installed_command_answers_a_blank_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lisboa_core", "engine"], input='\n{"cmd": "quit"}\n',
        capture_output=True, text=True, timeout=120, check=False,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["error"] == "protocol"
    assert json.loads(lines[1]) == {"ok": True}
