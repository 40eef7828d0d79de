"""Files written by the library and the command line cannot tear: an earlier good file
survives a disk that fills up part-way through the write (issue 23, item 5).

The full disk is real, not a stand-in: ``RLIMIT_FSIZE`` makes every write past a size fail
with ``EFBIG`` (POSIX), the way a full disk fails with ``ENOSPC``, after part of the text
is already in the file.
"""

from __future__ import annotations

import ast
import contextlib
import os
import random
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core import GameRecord, legal_moves, record_game
from lisboa_core.fronts.cli import main
from lisboa_core.persistence.files import write_atomic

resource = pytest.importorskip("resource", reason="the full disk is simulated with RLIMIT_FSIZE")
signal = pytest.importorskip("signal")

_LIMIT = 4096  # bytes; every file written below is larger than this


@contextlib.contextmanager
def _disk_full_after(limit: int = _LIMIT) -> Iterator[None]:
    """Writes past ``limit`` bytes of a file fail (``OSError``, errno EFBIG)."""
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an error, not a kill
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def _record(seed: int, moves: int | None) -> GameRecord:
    rng = random.Random(seed)
    return record_game(lambda s: rng.choice(legal_moves(s)), players=2, seed=seed,
                       max_decisions=moves)


def _only(folder: Path) -> list[str]:
    """The names in ``folder`` (a temporary file left behind would show here)."""
    return sorted(p.name for p in folder.iterdir())


def test_the_simulated_full_disk_tears_a_plain_write(tmp_path: Path) -> None:
    # The simulation does what the issue describes: a plain write leaves a torn file.
    target = tmp_path / "plain.json"
    target.write_text(_record(1, 10).to_json(), encoding="utf-8")
    with _disk_full_after(), pytest.raises(OSError):
        target.write_text(_record(2, None).to_json(), encoding="utf-8")
    assert target.stat().st_size == _LIMIT


def test_an_earlier_save_survives_a_disk_that_fills_up_mid_write(tmp_path: Path) -> None:
    earlier, later = _record(1, 10), _record(2, None)
    assert len(later.to_json()) > _LIMIT
    path = tmp_path / "game.json"
    earlier.save(path)
    with _disk_full_after(), pytest.raises(OSError):
        later.save(path)
    assert GameRecord.load(path) == earlier
    assert _only(tmp_path) == ["game.json"]
    later.save(path)  # room again: the save goes through
    assert GameRecord.load(path) == later


def test_a_failed_rename_leaves_the_earlier_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    earlier = _record(1, 10)
    earlier.save(path)

    def refuse(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space left"):
        _record(2, 20).save(path)
    monkeypatch.undo()
    assert GameRecord.load(path) == earlier and _only(tmp_path) == ["game.json"]


def test_a_replaced_file_keeps_its_permissions_and_links_stay_links(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    _record(1, 5).save(real)
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    newer = _record(2, 8)
    newer.save(link)
    assert link.is_symlink() and GameRecord.load(real) == newer
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_a_path_that_is_no_regular_file_is_written_in_place() -> None:
    # /dev/null cannot be replaced by a rename (and must not be, even by root).
    write_atomic(os.devnull, "nothing to keep\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_show_svg_keeps_the_earlier_picture_on_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record_path = tmp_path / "game.json"
    _record(3, 30).save(record_path)
    picture = tmp_path / "board.svg"
    assert main(["show", str(record_path), "--turn", "5", "--svg", str(picture)]) == 0
    earlier = picture.read_text(encoding="utf-8")
    assert len(earlier) > _LIMIT
    with _disk_full_after():
        status = main(["show", str(record_path), "--turn", "20", "--svg", str(picture)])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith("lisboa: ") and "Traceback" not in err
    assert picture.read_text(encoding="utf-8") == earlier
    assert _only(tmp_path) == ["board.svg", "game.json"]


def test_simulate_records_keep_an_earlier_record_on_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    args = ["simulate", "--players", "2", "--games", "1", "--seed", "7", "--bots", "random",
            "--quiet", "--records", str(folder)]
    assert main(args) == 0
    (written,) = folder.iterdir()
    earlier = GameRecord.load(written)
    written.write_text(earlier.to_json(), encoding="utf-8")  # the earlier, good file
    capsys.readouterr()
    with _disk_full_after():
        status = main(args)
    assert status == 1 and "lisboa: " in capsys.readouterr().err
    assert GameRecord.load(written) == earlier
    assert _only(folder) == [written.name]


@pytest.mark.slow
def test_balance_html_keeps_the_earlier_report_on_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib.pyplot", reason="the HTML report needs matplotlib")
    page = tmp_path / "study.html"
    args = ["balance", "shipped", "shipped", "--games", "1", "--players", "2",
            "--bots", "random", "--quiet", "--html", str(page)]
    assert main(args) == 0
    earlier = page.read_bytes()
    assert len(earlier) > _LIMIT
    page.write_bytes(earlier.replace(b"<html", b"<html data-earlier", 1))
    marked = page.read_bytes()
    capsys.readouterr()
    with _disk_full_after():
        status = main(args)
    assert status == 1 and "lisboa: " in capsys.readouterr().err
    assert page.read_bytes() == marked
    assert _only(tmp_path) == ["study.html"]


def test_no_module_writes_a_file_but_through_write_atomic() -> None:
    # Every write of the library goes through the one helper; a direct write_text,
    # write_bytes or open(..., "w") anywhere else would tear on a full disk again.
    package = Path(__file__).resolve().parent.parent / "src" / "lisboa_core"
    direct = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "files.py" and path.parent.name == "persistence":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            modes = [a.value for a in (*node.args[1:2], *(k.value for k in node.keywords
                                                           if k.arg == "mode"))
                     if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in ("write_text", "write_bytes") or (
                name in ("open", "fdopen") and any(set(m) & set("wax+") for m in modes)
            ):
                direct.append(f"{path.relative_to(package)}:{node.lineno}")
    assert direct == []
