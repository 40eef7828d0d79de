"""A Tiletum game played to its score sheet in the browser table (``lisboa --game tiletum
serve``) in a real headless Chromium (issue 25 acceptance), its picture the Tiletum board
(map, action wheel with the dice, king track, player boards) and its moves from the game."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")

from test_serve import _chromium, _moved_on, _serving


@pytest.fixture
def served_tiletum() -> Iterator[str]:
    yield from _serving("--game", "tiletum", "serve", "--players", "2", "--seat", "0",
                        "--bots", "random", "--seed", "7")


@pytest.mark.slow
def test_a_whole_tiletum_game_is_played_from_the_page_in_chromium(served_tiletum: str) -> None:
    """TL3.1/TL20: four rounds clicked through from the page end with the score sheet and
    its winner; the board shows the 20 towns (components.md D.1), the six action areas
    (TL1.1) and a player board per seat, under the page's Content-Security-Policy."""
    sync_playwright = pytest.importorskip(
        "playwright.sync_api", reason="the browser check needs playwright (dev extra)"
    ).sync_playwright
    started = time.monotonic()
    clicks = 0
    rng = random.Random(7)
    with sync_playwright() as driver:
        browser = _chromium(driver)
        page = browser.new_page()
        console: list[str] = []
        page.on("console", lambda line: console.append(line.text))
        page.set_default_timeout(60_000)
        page.goto(served_tiletum)
        page.wait_for_selector("body[data-decision]")
        assert "Tiletum" in page.title()
        assert page.locator("#board svg").count() == 1
        assert page.locator("#board svg [data-kind='town']").count() == 20
        assert page.locator("#board svg [data-kind='area']").count() == 6
        assert page.locator("#board svg [data-kind='king-marker']").count() == 2
        while page.get_attribute("body", "data-over") != "true":
            decision = page.get_attribute("body", "data-decision")
            buttons = page.locator("#moves button.move")
            buttons.nth(rng.randrange(buttons.count())).click()
            _moved_on(page, decision)
            clicks += 1
            assert clicks < 3000 and time.monotonic() - started < 600
        assert page.locator("#score").is_visible()
        assert "winner" in page.locator("#score-table").inner_text()
        assert page.locator("#board svg [data-kind='player']").count() == 2
        browser.close()
    assert not [line for line in console if "Content Security Policy" in line], console
    assert clicks > 20
