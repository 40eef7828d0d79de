"""The public API changes only on purpose: its names and signatures are kept in
tests/api_snapshot.txt (rewrite it with `make api-snapshot` after a deliberate change and
note the change in CHANGELOG.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lisboa_core import BUILD, __version__
from lisboa_core._api_snapshot import snapshot

SNAPSHOT = Path(__file__).with_name("api_snapshot.txt")


def test_the_public_api_matches_its_snapshot() -> None:
    now = snapshot().splitlines()
    kept = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    added = sorted(set(now) - set(kept))
    removed = sorted(set(kept) - set(now))
    assert (added, removed) == ([], []), (
        "the public API changed; if on purpose, run `make api-snapshot` and note it in "
        f"CHANGELOG.md\nadded or changed: {added}\nremoved or changed: {removed}"
    )


def test_the_changelog_names_this_version() -> None:
    changelog = (Path(__file__).parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {__version__}" in changelog


def test_the_command_line_prints_the_version() -> None:
    result = subprocess.run([sys.executable, "-m", "lisboa_core", "--version"],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, check=True)
    assert result.stdout.strip() == f"lisboa {__version__} ({BUILD} build)"
