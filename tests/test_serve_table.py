"""Issue 24.3, the browser table a player would use, through Starlette's test client: a
game kept by id (reload, lost socket) with a cap and an expiry, undo, the moves in words,
the seat thinking with its progress, events in plain language, the score as a table."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the browser table needs the serve extra")
from starlette.testclient import TestClient

from lisboa_core import legal_moves, load_rules, new_game
from lisboa_core.bots.basic import RandomBot
from lisboa_core.bots.ismcts import ISMCTSBot
from lisboa_core.core.moves import Move
from lisboa_core.errors import LisboaError
from lisboa_core.events import CountChanged, GameEnded, MovePlayed, PiecesMoved, TurnStarted
from lisboa_core.fronts.serve import make_app
from lisboa_core.fronts.table_game import Games, Table, score_grid
from lisboa_core.fronts.table_words import Words
from lisboa_core.games.generic import PointsCategory, PointsSeat, ranked
from lisboa_core.games.lisboa.descriptions import describe


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _settled(ws: Any) -> dict[str, Any]:
    """The next position at the person's decision (or the end), past any thinking."""
    while True:
        shown = ws.receive_json()
        assert shown["type"] in ("position", "thinking", "notice"), shown
        if shown["type"] == "position" and (shown["legal"] or shown["over"]):
            return shown  # type: ignore[no-any-return]


# --- games kept by id -----------------------------------------------------------------


def test_games_are_kept_up_to_the_cap_forgetting_the_one_used_longest_ago() -> None:
    clock = _Clock()
    games = Games(cap=3, ttl=60, clock=clock)
    keys = [games.add(f"game {n}") for n in range(3)]
    clock.now += 1
    assert games.get(keys[0]) == "game 0"  # used again: now the newest
    fourth = games.add("game 3")
    assert len(games) == 3
    assert games.get(keys[1]) is None  # the one used longest ago was forgotten
    assert [games.get(k) for k in (keys[0], keys[2], fourth)] == ["game 0", "game 2", "game 3"]
    assert len({*keys, fourth}) == 4 and all(len(k) >= 16 for k in keys)


def test_games_expire_a_ttl_after_their_last_use() -> None:
    clock = _Clock()
    games = Games(cap=10, ttl=60, clock=clock)
    old, used = games.add("old"), games.add("used")
    clock.now += 50
    assert games.get(used) == "used"
    clock.now += 15  # 65 s after the start, 15 s after "used" was last used
    assert games.get(old) is None and games.get(used) == "used"
    clock.now += 60
    assert games.get(used) is None and len(games) == 0
    with pytest.raises(LisboaError, match="max_games"):
        Games(cap=0)
    with pytest.raises(LisboaError, match="game_ttl"):
        Games(ttl=0)


def test_a_page_returns_to_its_game_after_a_reload() -> None:
    client = TestClient(make_app(players=2, seat=0, bots=("random",), seed=3))
    with client.websocket_connect("/ws") as ws:
        first = _settled(ws)
        ws.send_json({"type": "move", "move": first["legal"][0],
                      "decision": first["decision"]})
        played = _settled(ws)
    assert played["game"] == first["game"] and played["decision"] > first["decision"]
    with client.websocket_connect(f"/ws?game={played['game']}") as ws:  # the reload
        again = _settled(ws)
    assert again["game"] == played["game"]
    assert (again["decision"], again["svg"], again["moves"]) == (
        played["decision"], played["svg"], played["moves"])
    with client.websocket_connect("/ws") as ws:  # no id: another game
        assert _settled(ws)["game"] != played["game"]


def test_an_expired_game_is_said_and_a_new_one_begins() -> None:
    clock = _Clock()
    client = TestClient(make_app(bots=("random",), seed=3, game_ttl=600, clock=clock))
    with client.websocket_connect("/ws") as ws:
        first = _settled(ws)
    clock.now += 601
    with client.websocket_connect(f"/ws?game={first['game']}") as ws:
        notice = ws.receive_json()
        assert notice["type"] == "notice" and "no longer kept" in notice["message"]
        fresh = _settled(ws)
    assert fresh["game"] != first["game"] and not fresh["can_undo"]


def test_the_server_keeps_at_most_max_games() -> None:
    client = TestClient(make_app(bots=("random",), max_games=2))
    keys = []
    for _ in range(3):
        with client.websocket_connect("/ws") as ws:
            keys.append(_settled(ws)["game"])
    with client.websocket_connect(f"/ws?game={keys[0]}") as ws:  # the oldest: forgotten
        assert ws.receive_json()["type"] == "notice"
    with client.websocket_connect(f"/ws?game={keys[2]}") as ws:
        assert _settled(ws)["game"] == keys[2]


# --- undo and the moves in words --------------------------------------------------------


def test_undo_takes_back_the_persons_move_and_the_bots_replies() -> None:
    table = Table(players=3, seat=1, bots=("random",), seed=8)
    assert table.undo() == "there is no move of yours to undo"
    start = table.message()
    before = table.state
    assert table.play(start["legal"][-1], start["decision"]) is None
    after = table.message()
    assert after["moves"][len(start["moves"])]["move"] == start["legal"][-1]
    assert after["can_undo"] and after["decision"] > start["decision"] + 1  # bots replied
    assert table.undo() is None
    assert table.state is before and table.message() == start


def test_undo_over_the_socket_returns_to_the_previous_position() -> None:
    client = TestClient(make_app(players=2, seat=0, bots=("random",), seed=3))
    with client.websocket_connect("/ws") as ws:
        first = _settled(ws)
        assert not first["can_undo"]
        ws.send_json({"type": "undo"})
        assert "no move of yours" in ws.receive_json()["message"]
        ws.send_json({"type": "move", "move": first["legal"][-1],
                      "decision": first["decision"]})
        played = _settled(ws)
        ws.send_json({"type": "undo"})
        undone = _settled(ws)
    assert played["can_undo"] and not undone["can_undo"]
    assert (undone["decision"], undone["svg"], undone["legal"], undone["moves"]) == (
        first["decision"], first["svg"], first["legal"], first["moves"])


def test_the_choices_name_the_cards_with_their_catalogue_text() -> None:
    rules = load_rules()
    table = Table(players=2, seat=0, bots=("random",), seed=11)
    shown = table.message()
    # R2.2.3: the first decision keeps one of two clergy tiles: each choice names its tile.
    assert shown["decision_kind"] == "keep-clergy"
    for choice in shown["choices"]:
        tile = rules[choice["move"].split()[1]]
        assert choice["cards"] == [{"id": tile.id, "name": tile.name, "text": describe(tile)}]
    for card in shown["hand_cards"]:
        assert card["name"] == rules[card["id"]].name


def test_a_move_the_person_sees_in_part_is_not_described(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the notation hides from the person (an argument read as ``?``) the words and
    the card list must not tell."""
    from lisboa_core.fronts import table_game

    real = table_game.apply_with_events

    def hiding(state: Any, move: Move, seat: int | None = None) -> Any:
        after, events = real(state, move, seat)
        hidden = MovePlayed(events[0].seat, f"{move.kind} ?", events[0].decision)
        return after, (hidden, *events[1:])

    table = Table(players=2, seat=0, bots=("random",), seed=11)
    shown = table.message()
    monkeypatch.setattr(table_game, "apply_with_events", hiding)
    table.play(shown["legal"][0], shown["decision"], bots=False)
    last = table.message()["moves"][-1]
    assert last["move"] == last["text"] == f"{shown['legal'][0].split()[0]} ?"
    assert last["cards"] == []
    said = [e["text"] for e in table.message()["events"] if e["kind"] == "move"]
    assert said[-1] == f"You: {shown['legal'][0].split()[0]} ?."


# --- the seat thinking ------------------------------------------------------------------


class SlowBot(RandomBot):
    """A bot that takes its time over its first decision (1.2 s) and says how far it has
    got, as the search bot does; then it plays at once."""

    name = "slow"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.progress: Any = None
        self.slow = True

    def choose(self, view: Any, legal: Sequence[Move]) -> Move:
        for done in range(1, 5 if self.slow else 1):
            time.sleep(0.3)
            if self.progress is not None:
                self.progress(done, 4)
        self.slow = False
        return super().choose(view, legal)


def test_a_slow_bot_is_shown_thinking_with_its_progress() -> None:
    client = TestClient(make_app(players=2, seat=0, bots=("test_serve_table:SlowBot",),
                                 seed=3))
    with client.websocket_connect("/ws") as ws:
        messages = []
        while True:
            message = ws.receive_json()
            messages.append(message)
            if message["type"] == "position" and message["legal"]:
                break
    thinking = [m for m in messages if m["type"] == "thinking"]
    assert thinking and all(m["seat"] == 1 and m["bot"] == "slow" for m in thinking)
    assert any(m["planned"] == 4 and m["done"] >= 1 for m in thinking)
    # The position before the bot thinks is shown first, so the page is never blank.
    assert messages[0]["type"] == "position" and not messages[0]["legal"]


def test_the_search_bot_reports_its_progress() -> None:
    state = new_game(players=2, seed=5)
    seen: list[tuple[int, int]] = []
    bot = ISMCTSBot(1, iterations=4, seconds=None)
    bot.progress = lambda done, planned: seen.append((done, planned))
    bot.choose(state, legal_moves(state))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


# --- words ------------------------------------------------------------------------------


def test_events_are_said_in_plain_language() -> None:
    words = Words(load_rules(), seat=0)
    assert words.event(CountChanged(None, "final-turns", 2, 1)) == "Final turns left: 1 (was 2)."
    assert words.event(CountChanged(1, "goods.gold", 3, 1)) == "Seat 1 loses 2 gold (now 1)."
    assert words.event(CountChanged(0, "reis", 10, 13)) == "You gain 3 reis (now 13)."
    assert words.event(CountChanged(0, "wigs", 5, 6)) == "You gain 1 wig (now 6)."
    assert words.event(CountChanged(2, "houses.left", 0, 1)) == (
        "Seat 2 gains 1 house in the left group (now 1).")
    assert words.event(PiecesMoved(None, "plaza.king", added=["1", "n"])) == (
        "King's plaza: in seat 1's official, a neutral official.")
    assert words.event(PiecesMoved(1, "hand", added=["?card"])) == (
        "Seat 1's hand: in a hidden card.")
    tile = load_rules().clergy[0]
    assert words.event(PiecesMoved(0, "clergy", added=[tile.id])) == (
        f"Your clergy tiles: in {tile.name} ({tile.id}).")
    assert words.event(TurnStarted(0, 4)) == "Turn 4: your turn."
    assert words.event(GameEnded(None, (0,), {})) == "The game is over: you win."
    assert words.event(GameEnded(None, (1, 2), {})) == "The game is over: seat 1 and seat 2 win."
    generic = Words(None, seat=2)
    assert generic.event(CountChanged(2, "players[2].doubloons", 2, 5)) == (
        "You gain 3 doubloons (now 5).")
    assert generic.event(CountChanged(None, "role_takers[3]", -1, 2)) == (
        "Role takers #3: 2 (was -1).")


def test_the_score_grid_has_a_row_per_seat_and_a_column_per_category() -> None:
    sheet = ranked((PointsSeat(0, 0, (PointsCategory("ships", 4), PointsCategory("money", 5))),
                    PointsSeat(1, 1, (PointsCategory("ships", 7), PointsCategory("money", 0)))),
                   final=True)
    assert score_grid(sheet, seat=1) == {
        "columns": ["seat", "so far", "ships", "money", "total"],
        "rows": [["seat 0 (winner)", 0, 4, 5, 9], ["you", 1, 7, 0, 8]]}


def test_a_page_reloaded_while_a_bot_thinks_sees_it_thinking_and_then_its_move() -> None:
    app = make_app(players=2, seat=0, bots=("test_serve_table:SlowBot",), seed=3)
    # One event loop for both pages, as a server has (``with``: the client's own portal).
    with TestClient(app) as client, client.websocket_connect("/ws") as first:
        shown = first.receive_json()  # the position before the slow bot's first move
        assert shown["type"] == "position" and not shown["legal"]
        assert first.receive_json()["type"] == "thinking"
        with client.websocket_connect(f"/ws?game={shown['game']}") as again:
            position = again.receive_json()
            assert position["type"] == "position" and position["game"] == shown["game"]
            thinking = again.receive_json()
            assert thinking["type"] == "thinking" and thinking["seat"] == 1
            settled = _settled(again)  # the bot's move reaches the page opened later too
        assert settled["decision"] > shown["decision"] and settled["game"] == shown["game"]
        assert _settled(first)["decision"] == settled["decision"]


def test_a_bots_move_chosen_before_an_undo_is_dropped() -> None:
    table = Table(players=2, seat=0, bots=("random",), seed=3)
    shown = table.message()
    table.play(shown["legal"][0], shown["decision"], bots=False)
    version = table.version
    chosen = table.bot_choice()
    assert table.undo() is None  # while the bot "thought"
    before = (table.state, table.decision, list(table.moves))
    assert table.apply_bot(chosen, version) is False
    assert (table.state, table.decision, table.moves) == before


def test_a_whole_game_at_the_table_shows_the_text_of_every_card_it_offers() -> None:
    """Issue 24's acceptance: a person playing a whole game at the browser table reads the
    name and the catalogue text (R0: every component's text comes from its card) of every
    card each offered move names, on the move's button."""
    rules = load_rules()
    table = Table(players=2, seat=0, bots=("random",), seed=5)
    shown_cards = 0
    while True:
        shown = table.message()
        if shown["over"]:
            break
        for choice, move in zip(shown["choices"], legal_moves(table.state), strict=True):
            named = [str(arg) for arg in move.args if str(arg) in rules]
            assert [card["id"] for card in choice["cards"]] == list(dict.fromkeys(named))
            for card in choice["cards"]:
                component = rules[card["id"]]
                assert card["name"] == component.name
                assert card["text"] == describe(component) and card["text"]
                shown_cards += 1
        assert table.play(shown["legal"][0], shown["decision"]) is None
    assert shown_cards > 50
