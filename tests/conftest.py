"""Shared helpers for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from lisboa_core.errors import Problem
from lisboa_core.games.lisboa.catalog import check_paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def check_text(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write card text to a temporary file and return every problem found in it."""

    def run(text: str, name: str = "cards.lsb") -> list[Problem]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return check_paths(path)

    return run
