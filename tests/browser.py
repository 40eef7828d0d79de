"""The headless browser of the browser tests: a Chromium or Chrome already on this machine
(Debian's ``chromium``, Chrome, Playwright's own download), never downloaded by the tests.

Where none is found the browser tests are skipped with the reason, except under CI
(``CI=true``), where ``make chromium`` installs Debian's and a missing browser fails. Run as
a script, it prints the browser found, or exits 1 (``make chromium`` uses it).
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
"""The commands looked for on the PATH, in order."""
_PLACES = (
    "/usr/bin/chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
_PLAYWRIGHT = (  # Playwright's own downloads, under its cache folder
    "chromium-*/chrome-linux/chrome",
    "chromium-*/chrome-linux64/chrome",
    "chromium-*/chrome-mac/Chromium.app/Contents/MacOS/Chromium",
    "chromium_headless_shell-*/chrome-linux/headless_shell",
)
ARGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run")
"""The switches every browser test starts it with."""


def _playwright_caches() -> list[Path]:
    given = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    home = Path.home()
    return [Path(p) for p in ([given] if given and given != "0" else [])] + [
        home / ".cache" / "ms-playwright", home / "Library" / "Caches" / "ms-playwright"]


def find_browser() -> str | None:
    """The path of a Chromium or Chrome on this machine (``LISBOA_BROWSER`` first, when
    set), or None."""
    given = os.environ.get("LISBOA_BROWSER")
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    for place in _PLACES:
        if os.access(place, os.X_OK):
            return place
    for cache in _playwright_caches():
        for pattern in _PLAYWRIGHT:
            for found in sorted(glob.glob(str(cache / pattern)), reverse=True):
                if os.access(found, os.X_OK):
                    return found
    return None


def under_ci() -> bool:
    """Whether the tests run under CI (``CI=true``), where every browser test must run."""
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def browser() -> str:
    """The browser's path; otherwise the test is skipped saying why (failed under CI)."""
    import pytest

    found = find_browser()
    if found is not None:
        return found
    reason = ("no Chromium or Chrome on this machine (looked for "
              f"{', '.join(NAMES)} on the PATH and Playwright's downloads); `make chromium` "
              "installs Debian's where apt-get may run")
    if under_ci():
        pytest.fail(f"{reason}: under CI the browser tests must run")
    pytest.skip(reason)


def launch(driver: Any) -> Any:
    """The browser, headless, launched by a Playwright driver (``sync_playwright()``)."""
    return driver.chromium.launch(executable_path=browser(), headless=True, args=list(ARGS))


if __name__ == "__main__":
    path = find_browser()
    if path is None:
        sys.exit(1)
    print(path)
