"""Issue 34.9: the browser tests use a Chromium or Chrome already on the machine; without
one they are skipped with the reason, except under CI, where they fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import browser

HERE = Path(__file__).resolve().parent


def test_a_given_browser_is_used_and_a_missing_one_is_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LISBOA_BROWSER", sys.executable)  # any executable file will do
    assert browser.find_browser() == sys.executable
    monkeypatch.setenv("LISBOA_BROWSER", str(HERE / "no-such-browser"))
    assert browser.find_browser() is None


def test_without_a_browser_the_tests_skip_saying_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LISBOA_BROWSER", str(HERE / "no-such-browser"))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium or Chrome on this machine"):
        browser.browser()


def test_under_ci_a_missing_browser_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LISBOA_BROWSER", str(HERE / "no-such-browser"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="under CI the browser tests must run"):
        browser.browser()


def test_the_finder_as_a_script_exits_1_without_a_browser() -> None:
    """``make chromium`` asks it before installing one."""
    done = subprocess.run(
        [sys.executable, str(HERE / "browser.py")], capture_output=True, text=True,
        env={**os.environ, "LISBOA_BROWSER": str(HERE / "no-such-browser")}, check=False)
    assert done.returncode == 1 and done.stdout == ""
