"""Bad card text of any shape gives problems, never a crash (issue: no Python traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.catalogue import check_paths

CLERGY = (cards_dir() / "clergy.lsb").read_text(encoding="utf-8")
NOISE = st.text(alphabet='{}():,|"#+-\n abcXYZ019_', max_size=12)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = CLERGY
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 20)))
        text = text[:start] + draw(NOISE) + text[end:]
    return text


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated())
def test_mutated_card_files_yield_problems_not_exceptions(tmp_path: Path, text: str) -> None:
    path = tmp_path / "clergy.lsb"
    path.write_text(text, encoding="utf-8")
    problems = check_paths(path)  # must not raise
    for problem in problems:
        rendered = problem.render()
        assert rendered.startswith(f"{path}:") and f" {problem.code} " in rendered


def test_binary_and_missing_files_are_problems(tmp_path: Path) -> None:
    binary = tmp_path / "bin.lsb"
    binary.write_bytes(b"\xff\xfe\x00clergy")
    (bad,) = check_paths(binary)
    assert bad.code == "LB001" and "UTF-8" in bad.message
    (missing,) = check_paths(tmp_path / "nope.lsb")
    assert missing.code == "LB001" and "cannot read" in missing.message
