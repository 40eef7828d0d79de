"""Issue 34.1 in a real headless Chromium: the final score sheet of each of the three
games, at 1280 px a row per seat with every column, and on a phone (360 px) turned on its
side with the totals in sight, nothing scrolled sideways. Each game is a seeded game played
to its end, served with ``lisboa serve --resume``. Screenshots go to
``build/artifacts/table/score-GAME-desktop.png`` and ``score-GAME-phone.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")
from browser import launch
from lisboa_core import new_game
from lisboa_core.fronts.score_sheet import itemised
from lisboa_core.fronts.table_game import Table
from lisboa_core.games import game
from test_serve_browser import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    _serving,
    no_sideways_scroll,
    total_in_sight,
)

GAMES = ("lisboa", "puerto-rico", "tiletum")


def _finished(name: str, players: int, path: Path) -> Path:
    table = Table(players=players, seat=0, bots=("random",), seed=5, game=name)
    shown, turn = table.message(), 0
    while not shown["over"]:
        assert table.play(shown["legal"][turn % len(shown["legal"])], shown["decision"]) is None
        shown, turn = table.message(), turn + 1
    table.record().save(path)
    return path


@pytest.fixture(params=GAMES)
def served_over(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, int, str]]:
    found = game(request.param)
    players = max(found.players)  # the widest sheet: a column (on a phone) per seat
    record = _finished(request.param, players, tmp_path / "game.json")
    for address in _serving("--resume", str(record)):
        yield request.param, players, address


@pytest.mark.slow
def test_the_final_sheet_is_whole_on_a_desktop_and_on_a_phone(
        served_over: tuple[str, int, str]) -> None:
    sync_playwright = pytest.importorskip(
        "playwright.sync_api", reason="the browser check needs playwright (dev extra)"
    ).sync_playwright
    name, players, address = served_over
    categories = game(name).categories
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        browser = launch(driver)
        page: Any = browser.new_page(viewport=DESKTOP)
        page.set_default_timeout(30_000)
        page.goto(address)
        page.wait_for_selector("body[data-over=true]", state="attached")
        heads = page.locator("#score-table tr").first.locator("th").all_inner_texts()
        assert heads[:2] == ["seat", "so far"] and heads[2:2 + len(categories)] == list(
            categories) and heads[2 + len(categories)] == "total"
        assert page.locator("#score-table tr").count() == players + 1
        box = page.locator("#score-table").bounding_box()
        assert box is not None and box["x"] + box["width"] <= DESKTOP["width"]
        no_sideways_scroll(page)
        page.locator("#score").screenshot(path=str(ARTIFACTS / f"score-{name}-desktop.png"))
        phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        phone.set_default_timeout(30_000)
        phone.goto(page.url)
        phone.wait_for_selector("body[data-over=true]", state="attached")
        total_in_sight(phone)
        rows = phone.locator("#score-tall tr th:first-child").all_inner_texts()
        # the tie-breakers each game's sheet declares, in its rules' order
        tie_breaks = itemised(game(name).score(new_game(players, game=name))).tie_breaks
        assert tie_breaks
        assert rows[1:] == ["so far", *categories, "total", *tie_breaks]
        phone.locator("#score").screenshot(path=str(ARTIFACTS / f"score-{name}-phone.png"))
        browser.close()
