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


def test_moved_names_still_work_and_warn() -> None:
    import warnings

    from lisboa_core.errors import LisboaDeprecationWarning
    from lisboa_core.games.lisboa.render import render_catalogue, render_score_sheet, render_text

    for module, old, new in (("lisboa_core.fronts.cli_records", "format_score_sheet", render_score_sheet),
                             ("lisboa_core.fronts.cli_play", "render_view", render_text)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = getattr(__import__(module, fromlist=[old]), old)
        assert value is new
        assert caught[0].category is LisboaDeprecationWarning
        assert new.__name__ in str(caught[0].message) and "0.3" in str(caught[0].message)
    from lisboa_core import load_rules

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from lisboa_core.fronts.cli import summary_table
    assert summary_table() == render_catalogue(load_rules())
    assert caught and caught[0].category is LisboaDeprecationWarning
