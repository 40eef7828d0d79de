"""Issue 34.2 in a real headless Chromium: each game's browser table at 1280 and 360 px
wide opens its board on what the seat to act needs, with every label at 11 px or more, and
shows the whole board one tap away ("Whole board"); the picture alone, shown 1280 px wide,
has no label under 11 px either. Screenshots are written to ``build/artifacts/pictures/``
(``GAME-table-1280.png``, ``GAME-table-360.png``, ``GAME-whole-360.png``,
``GAME-picture-1280.png``) to be looked at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")
from lisboa_core.api import new_game
from lisboa_core.games import game
from test_serve import _chromium, _serving  # the project's Chromium launcher

ARTIFACTS = Path(__file__).resolve().parent.parent / "build" / "artifacts" / "pictures"
SIZES = {1280: {"width": 1280, "height": 800}, 360: {"width": 360, "height": 740}}
GAMES = {"lisboa": 2, "puerto-rico": 3, "tiletum": 3}

# The smallest label of the board as drawn on the page, in CSS pixels: its font size in
# drawing units times the picture's width on the page over its viewBox's width.
_SMALLEST = """() => {
    const picture = document.querySelector('#board svg');
    const scale = picture.getBoundingClientRect().width / picture.viewBox.baseVal.width;
    const sizes = [...picture.querySelectorAll('text')].map(
        (t) => parseFloat(t.getAttribute('font-size')) * scale);
    return [Math.min(...sizes), sizes.length];
}"""
_SHOWN = """() => {
    const frame = document.getElementById('board').getBoundingClientRect();
    const picture = document.querySelector('#board svg').getBoundingClientRect();
    return [frame.width, picture.width];
}"""


@pytest.fixture(params=list(GAMES))
def served(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    name = request.param
    for address in _serving("--game", name, "serve", "--players", str(GAMES[name]),
                            "--seat", "0", "--bots", "random", "--seed", "5"):
        yield name, address


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


@pytest.mark.slow
def test_each_table_opens_on_a_readable_board_at_1280_and_360(
        served: tuple[str, str]) -> None:
    sync_playwright = pytest.importorskip(
        "playwright.sync_api", reason="the browser check needs playwright (dev extra)"
    ).sync_playwright
    name, address = served
    with sync_playwright() as driver:
        browser = _chromium(driver)
        for width, viewport in SIZES.items():
            phone = width < 760
            page = browser.new_page(viewport=viewport, is_mobile=phone, has_touch=phone)
            page.set_default_timeout(30_000)
            page.goto(address)
            page.wait_for_selector("body[data-turn=yours]", state="attached")
            page.wait_for_selector("body[data-focus]", state="attached")
            smallest, count = page.evaluate(_SMALLEST)
            assert count > 20 and smallest >= 11, (name, width, smallest)
            # it opens on the pieces the seat chooses from, or on its own board
            assert page.get_attribute("body", "data-focus") in ("choices", "own-board")
            scroll = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
            assert scroll[0] <= scroll[1], scroll  # the page itself never scrolls sideways
            _shot(page, f"{name}-table-{width}")
            # the whole board is one tap away, and "Your view" comes back to the focus
            page.locator("#zoom-fit").click()
            frame, shown = page.evaluate(_SHOWN)
            assert shown <= frame + 1, (frame, shown)
            assert page.get_attribute("body", "data-focus") == "whole"
            if phone:
                _shot(page, f"{name}-whole-{width}")
            page.locator("#zoom-focus").click()
            assert page.evaluate(_SMALLEST)[0] >= 11
            assert page.get_attribute("body", "data-focus") != "whole"
            page.close()
        browser.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_the_picture_shown_1280_wide_has_no_label_under_11_px(name: str) -> None:
    sync_playwright = pytest.importorskip(
        "playwright.sync_api", reason="the browser check needs playwright (dev extra)"
    ).sync_playwright
    picture = game(name).svg(new_game(GAMES[name], 5, game=name), size=1280)
    with sync_playwright() as driver:
        browser = _chromium(driver)
        page = browser.new_page(viewport=SIZES[1280])
        page.set_content(f"<!doctype html><body style='margin:0'><div id='board'>{picture}"
                         "</div></body>")
        smallest, count = page.evaluate(_SMALLEST)
        assert count > 20 and smallest >= 11, smallest
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}-picture-1280.png"), full_page=True)
        browser.close()
