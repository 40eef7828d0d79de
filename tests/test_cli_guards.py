"""The ``lisboa`` commands refuse bad arguments and hostile files without losing anything.

Every test drives the real command in a subprocess, with no standard input unless the test
types into it, and checks the exit status (2 for a usage error, 1 for a bad file or move)
and that no traceback is printed.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lisboa_core import GameRecord, StateFormatError, load_rules
from lisboa_core.persistence.files import FileTooLargeError, read_bounded


def _lisboa(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lisboa_core", *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def _no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout


@pytest.mark.slow
def test_a_failed_save_keeps_the_game_going(tmp_path: Path) -> None:
    unwritable = tmp_path / "no-such-folder" / "game.json"
    good = tmp_path / "game.json"
    typed = f"1\nsave {unwritable}\n1\nsave {good}\nquit\n"
    result = _lisboa("play", "--players", "2", "--seat", "0", "--bots", "random",
                     "--seed", "3", stdin=typed)
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert f"could not save to {unwritable}" in result.stdout
    assert "the game goes on" in result.stdout
    assert "bye" in result.stdout  # the session went on to the quit typed after the save
    record = GameRecord.load(good)
    assert len(record.moves) >= 2  # both moves typed, around the failed save, were kept


def test_replay_of_an_endless_file_stops_at_the_limit() -> None:
    result = _lisboa("replay", "/dev/zero")
    _no_traceback(result)
    assert result.returncode == 1
    assert "larger than 16,777,216 bytes, the limit for a game record" in result.stderr


def test_bounded_read_reads_at_most_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 11)
    assert read_bounded(path, 11, "test file") == b"x" * 11
    with pytest.raises(FileTooLargeError, match="larger than 10 bytes, the limit for a test"):
        read_bounded(path, 10, "test file")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cards", "list", "--kind", "nope"), "unknown kind 'nope'; choose from: political"),
        (("cards", "list", "--kind", "clergyy"), "unknown kind 'clergyy'"),
        (("simulate", "--games", "0"), "argument --games: must be 1 or more, got 0"),
        (("simulate", "--games", "-1"), "argument --games: must be 1 or more, got -1"),
        (("simulate", "--games", "two"), "argument --games: expected a whole number"),
        (("simulate", "--jobs", "0"), "argument --jobs: must be 1 or more, got 0"),
        (("simulate", "--jobs", "-1"), "argument --jobs: must be 1 or more, got -1"),
        (("simulate", "--players", "5"), "Lisboa is played by 2, 3 or 4 players"),
        (("play", "--players", "3", "--seat", "3"), "argument --seat: must be 0 to 2"),
        (("play", "--seat", "-1"), "argument --seat: must be 0 or more, got -1"),
    ],
)
def test_bad_values_are_usage_errors_naming_the_range(args: tuple[str, ...], message: str) -> None:
    result = _lisboa(*args)
    _no_traceback(result)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_a_record_with_a_malformed_catalogue_is_refused_on_load(tmp_path: Path) -> None:
    record = GameRecord(catalogue=load_rules().digest, players=2, seed=1, moves=())
    document = json.loads(record.to_json())
    document["catalogue"] = "not a digest"
    with pytest.raises(StateFormatError, match=r"^catalogue: expected 16 hexadecimal digits"):
        GameRecord.from_json(json.dumps(document))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    result = _lisboa("replay", str(path))
    _no_traceback(result)
    assert result.returncode == 1
    assert "catalogue: expected 16 hexadecimal digits, got 'not a digest'" in result.stderr


def test_a_card_file_that_is_not_utf8_is_located_at_the_bad_byte(tmp_path: Path) -> None:
    card = tmp_path / "broken.lsb"
    card.write_bytes(b'clergy C1 "Bad" {\n  wigs 2\n  on sell gold: gain 2 r\xe9is\n}\n')
    result = _lisboa("cards", "check", str(card))
    _no_traceback(result)
    assert result.returncode == 1
    # Line 3; the bad byte follows "  on sell gold: gain 2 r" (24 characters): column 25.
    assert f"{card}:3:25: LB001 not UTF-8 text" in result.stdout
    assert "byte 0xe9" in result.stdout
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{card}:3:25"))
    assert lines[at + 2] == " " * 4 + " " * 24 + "^"


def test_an_unreadable_card_file_names_the_file_without_a_false_location(tmp_path: Path) -> None:
    missing = tmp_path / "missing.lsb"
    result = _lisboa("cards", "check", str(missing))
    _no_traceback(result)
    assert result.returncode == 1
    assert f"{missing}: LB001 cannot read file: No such file or directory" in result.stdout
    assert f"{missing}:0:0" not in result.stdout


@pytest.mark.slow
def test_output_cut_short_by_a_closed_pipe_ends_quietly() -> None:
    # A pipe of one page, far less than the listing, so the writer meets the closed pipe.
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    writer = subprocess.Popen(
        [sys.executable, "-m", "lisboa_core", "cards", "list", "--json"],
        stdin=subprocess.DEVNULL, stdout=write_end, stderr=subprocess.PIPE,
    )
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        first = reader.readline()  # what `| head -1` reads before it exits
    assert writer.stderr is not None
    errors = writer.stderr.read().decode()
    status = writer.wait(timeout=120)
    assert first.strip() == b"["
    assert errors == ""
    assert status == 141  # as if killed by SIGPIPE, like other Unix tools
