"""The browser table (``lisboa serve``): the WebSocket protocol through Starlette's test
client, and a whole game played from the page in a real headless Chromium."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from lisboa_core.serve import Table, make_app


def test_a_move_is_played_and_the_bots_answer() -> None:
    client = TestClient(make_app(players=2, seat=0, bots=("random",), seed=3))
    with client.websocket_connect("/ws") as ws:
        first = ws.receive_json()
        assert first["type"] == "position" and first["seat"] == 0
        assert first["svg"].startswith("<svg") and first["legal"]
        ws.send_json({"type": "move", "move": first["legal"][0],
                      "decision": first["decision"]})
        second = ws.receive_json()
        assert second["type"] == "position" and second["decision"] > first["decision"]
        assert second["events"][0]["kind"] == "move"


def test_bad_and_stale_moves_are_refused_and_change_nothing() -> None:
    client = TestClient(make_app(players=2, seat=1, bots=("greedy",), seed=5))
    with client.websocket_connect("/ws") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "move", "move": "dance now", "decision": first["decision"]})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "dance now" in refused["message"]
        ws.send_json({"type": "move", "move": first["legal"][0],
                      "decision": first["decision"] - 1})
        stale = ws.receive_json()
        assert stale["type"] == "error" and "out of date" in stale["message"]
        ws.send_text("not json")
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "move", "move": first["legal"][0],
                      "decision": first["decision"]})
        after = ws.receive_json()
        assert after["type"] == "position" and after["decision"] > first["decision"]
        ws.send_json({"type": "new"})
        fresh = ws.receive_json()
        assert fresh["type"] == "position" and fresh["decision"] <= first["decision"]


def test_the_table_refuses_bad_settings() -> None:
    with pytest.raises(Exception, match="seat"):
        Table(players=2, seat=2)
    with pytest.raises(Exception, match="unknown bot"):
        make_app(bots=("nobody",))


def test_the_page_and_its_assets_are_served() -> None:
    client = TestClient(make_app())
    assert "<title>Lisboa table</title>" in client.get("/").text
    assert client.get("/static/table.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/secret.py").status_code == 404


@pytest.fixture
def served() -> Iterator[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "lisboa_core", "serve", "--port", "0", "--players", "2",
         "--seat", "0", "--bots", "random", "--seed", "11"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, process.stderr.read() if process.stderr else line
        yield line.split(" at ", 1)[1].split(" ", 1)[0]
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_whole_game_is_played_from_the_page_in_chromium(served: str) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("chromium is missing: `make chromium` (run by `make test`) installs it")
    started = time.monotonic()
    clicks = 0
    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=chromium, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        page = browser.new_page()
        page.set_default_timeout(60_000)
        page.goto(served)
        page.wait_for_selector("body[data-decision]")
        assert page.locator("#board svg").count() == 1
        while page.get_attribute("body", "data-over") != "true":
            decision = page.get_attribute("body", "data-decision")
            page.locator("#moves button.move").first.click()
            page.wait_for_function(
                f"document.body.dataset.decision !== {json.dumps(decision)}")
            clicks += 1
            assert clicks < 2000 and time.monotonic() - started < 600
        assert page.locator("#score").is_visible()
        assert "winner" in page.locator("#score-table").inner_text()
        assert page.locator("#events li").count() > 0
        assert page.locator("#board svg [data-kind='player']").count() == 2
        browser.close()
    assert clicks > 20
