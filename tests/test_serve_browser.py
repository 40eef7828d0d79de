"""Issue 24.3, the browser table in a real headless Chromium at a desktop size (1280x800)
and a phone size (360x740): reload and a lost socket keep the game, undo returns to the
previous position, "New game" asks first, the seat thinking is shown, nothing scrolls
sideways and the board is usable on a phone. Screenshots are kept in
``build/artifacts/table/`` (see the README) to be looked at."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")
from test_serve import SRC, _chromium  # the project's Chromium launcher

if TYPE_CHECKING:
    from playwright.sync_api import Page

ARTIFACTS = Path(__file__).resolve().parent.parent / "build" / "artifacts" / "table"
"""Where the screenshots of the browser tests are written (ignored by git)."""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
_NO_SIDEWAYS = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def _serving(*args: str) -> Iterator[str]:
    """``lisboa serve ARGS --port 0`` in a child process that can also import this
    folder's modules (a test bot): yields the table's address."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), str(Path(__file__).parent), *filter(None, [os.environ.get("PYTHONPATH")])])}
    process = subprocess.Popen(
        [sys.executable, "-m", "lisboa_core", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, process.stderr.read() if process.stderr else line
        yield line.split(" at ", 1)[1].split(" ", 1)[0]
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture
def served_slow() -> Iterator[str]:
    # A bot that takes 1.2 s over its first move and reports its progress (tests/test_serve_table.py).
    yield from _serving("--players", "2", "--seat", "0", "--bots",
                        "test_serve_table:SlowBot", "--seed", "11")


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _yours(page: Page, decision: str | None = None) -> str:
    """Wait until it is the person's decision (another than ``decision``); its number."""
    other = "" if decision is None else f":not([data-decision='{decision}'])"
    page.wait_for_selector(f"body[data-turn=yours]{other}", state="attached")
    found = page.get_attribute("body", "data-decision")
    assert found is not None
    return found


def no_sideways_scroll(page: Page) -> None:
    """The measurable fact: the page is no wider than the window."""
    scroll_width, inner_width = page.evaluate(_NO_SIDEWAYS)
    assert scroll_width <= inner_width, (scroll_width, inner_width)


def total_in_sight(page: Page) -> None:
    """Issue 34.1: on a phone the final sheet is turned on its side (a column per seat), and
    its total row is in the window, not behind a sideways scroll."""
    assert page.locator("#score-tall").is_visible() and page.locator("#score-table").is_hidden()
    width = page.viewport_size["width"]
    total = page.locator("#score-tall tr.total")
    assert total.locator("th").inner_text() == "total"
    cells = total.locator("td")
    assert cells.count() == page.locator("#score-tall tr").first.locator("th").count() - 1
    for k in range(cells.count()):
        box = cells.nth(k).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert cells.nth(k).inner_text().strip().isdigit()
    inner = page.evaluate("() => { const s = document.getElementById('score');"
                          " return [s.scrollWidth, s.clientWidth]; }")
    assert inner[0] <= inner[1], inner  # nothing hidden sideways inside the sheet's box
    no_sideways_scroll(page)


def _width(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["width"])


@pytest.mark.slow
def test_the_table_in_chromium_at_desktop_and_phone_sizes(served_slow: str) -> None:
    sync_playwright = pytest.importorskip(
        "playwright.sync_api", reason="the browser check needs playwright (dev extra)"
    ).sync_playwright
    console: list[str] = []
    with sync_playwright() as driver:
        browser = _chromium(driver)
        page: Any = browser.new_page(viewport=DESKTOP)
        page.on("console", lambda line: console.append(line.text))
        page.set_default_timeout(30_000)
        page.goto(served_slow)
        # Seat 1 (the slow bot) keeps its clergy tile first: the page says it is thinking,
        # with its progress, instead of waiting in silence.
        page.wait_for_selector("body[data-thinking='1']", state="attached")
        said, bar = page.evaluate(
            "() => [status.textContent, getComputedStyle(thinkingBar).display]")
        assert "seat 1 (slow) is thinking" in said and bar != "none"
        _shot(page, "desktop-thinking")
        first = _yours(page)
        game = page.get_attribute("body", "data-game")
        assert game and f"game={game}" in page.url
        assert not page.locator("#thinking").is_visible()
        no_sideways_scroll(page)
        assert _width(page, "#board svg") >= 700
        # The choices name the clergy tiles and carry their text as a tooltip.
        button = page.locator("#moves button.move").first
        assert button.locator(".words").inner_text().strip()
        assert (button.get_attribute("title") or "").count("\n") >= 1
        # The picture's tooltips are names and texts: a hovered card is read under it.
        assert page.locator("#hand li").count() > 0
        assert all(page.locator("#hand li").nth(k).get_attribute("title")
                   for k in range(page.locator("#hand li").count()))
        _shot(page, "desktop-start")

        # A move, then undo: the previous position again, with nothing left to undo.
        history = page.locator("#history li").count()
        svg = page.locator("#board").inner_html()
        move = button.get_attribute("data-move")
        button.click()
        played = _yours(page, first)
        assert page.locator("#history li").count() >= history + 2  # ours and the bot's
        assert move in page.locator("#history").inner_text()
        assert page.locator("#undo").is_enabled()
        page.locator("#undo").click()
        assert _yours(page, played) == first
        assert page.locator("#history li").count() == history
        assert page.locator("#board").inner_html() == svg
        assert page.locator("#undo").is_disabled()

        # A reload returns to the same game at the same decision.
        page.locator("#moves button.move").last.click()
        played = _yours(page, first)
        page.reload()
        assert _yours(page) == played and page.get_attribute("body", "data-game") == game
        # A lost socket: the page connects again to the same game.
        page.evaluate("() => { document.body.dataset.turn = 'lost'; socket.close(); }")
        assert _yours(page) == played and page.get_attribute("body", "data-game") == game

        # "New game" asks first; keeping the game changes nothing.
        page.locator("#new-game").click()
        assert page.locator("#confirm").is_visible()
        _shot(page, "desktop-confirm-new-game")
        page.locator("#confirm-no").click()
        assert page.locator("#confirm").is_hidden()
        page.wait_for_timeout(300)
        assert page.get_attribute("body", "data-game") == game
        page.locator("#new-game").click()
        page.locator("#confirm-yes").click()
        page.wait_for_selector(f"body:not([data-game='{game}'])[data-game]", state="attached")
        new_game = page.get_attribute("body", "data-game")
        assert new_game and f"game={new_game}" in page.url
        _yours(page)

        # A phone: the same game at 360 px; the board takes the width, the moves below.
        phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        phone.set_default_timeout(30_000)
        phone.goto(page.url)
        _yours(phone)
        assert phone.get_attribute("body", "data-game") == new_game
        no_sideways_scroll(phone)
        assert _width(phone, "#board svg") >= 300
        board = phone.locator("#board").bounding_box()
        moves = phone.locator("#moves button.move").first.bounding_box()
        assert board is not None and moves is not None and moves["y"] >= board["y"] + board[
            "height"]
        _shot(phone, "phone-start")
        phone.locator("#zoom-in").click()
        phone.locator("#zoom-in").click()
        assert _width(phone, "#board svg") >= 600  # zoomed: read it by scrolling the board
        no_sideways_scroll(phone)
        _shot(phone, "phone-zoomed")
        browser.close()
    assert not [line for line in console if "Content Security Policy" in line], console
