"""Shared helpers for the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from lisboa_core.errors import Problem
from lisboa_core.games.lisboa.catalogue import check_paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def check_text(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write card text to a temporary file and return every problem found in it."""

    def run(text: str, name: str = "cards.lsb") -> list[Problem]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return check_paths(path)

    return run


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """One real local Ray (2 CPUs) for the whole session (starting one takes seconds).
    Its workers import the games registered by the tests (the toy Nim) by module name, so
    the tests folder goes on their path."""
    ray = pytest.importorskip("ray", reason="the Ray backend needs the ray extra")
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "tests"), before) if p)
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    try:
        yield
    finally:
        ray.shutdown()
