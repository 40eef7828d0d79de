"""Issue 24.3, events in plain language for every game: each game supplies the words of its
counts and places (``Game.event_words``), and the table says Puerto Rico's and Tiletum's
events as sentences, not field names (``Role takers #3: 2 (was -1)``)."""

from __future__ import annotations

import pytest

from lisboa_core import new_game
from lisboa_core.events import CountChanged, PiecesMoved
from lisboa_core.fronts.table_game import Table
from lisboa_core.fronts.table_words import Words
from lisboa_core.games import Game, game


def _pr_words(seat: int = 0) -> tuple[Words, object]:
    state = new_game(3, 1, game="puerto-rico")
    found = game("puerto-rico")
    words = Words(found.load_rules(), seat, words=found.event_words)
    words.state = state
    return words, state


@pytest.mark.parametrize("seed", [1, 2])
def test_a_puerto_rico_games_first_events_read_without_field_names(seed: int) -> None:
    table = Table(players=3, seat=0, bots=("random",), seed=seed, game="puerto-rico")
    seen: list[str] = []
    for _ in range(12):
        shown = table.message()
        if shown["over"]:
            break
        seen.extend(event["text"] for event in shown["events"])
        table.play(shown["legal"][-1], shown["decision"])
    seen.extend(event["text"] for event in table.message()["events"])
    counts = [text for text in seen if not text.startswith(("You:", "Seat "))]
    assert len(seen) > 40 and counts
    for text in seen:
        assert "#" not in text and "_" not in text and "(was -1)" not in text, text


def test_puerto_rico_counts_are_said_as_the_rules_say_them() -> None:
    words, _state = _pr_words(seat=0)
    # PR2.2.6: three players play with Settler, Mayor, Builder, Craftsman, Trader, Captain
    assert words.event(CountChanged(None, "role_takers[3]", -1, 2)) == (
        "Seat 2 took the Craftsman.")
    assert words.event(CountChanged(None, "role_takers[0]", 0, -1)) == (
        "The Settler is back among the roles.")
    assert words.event(CountChanged(None, "role_doubloons[1]", 0, 1)) == (
        "The Mayor has 1 doubloon on it.")
    assert words.event(CountChanged(0, "players[0].doubloons", 2, 5)) == (
        "You gain 3 doubloons (now 5).")
    office = words.rules.building_index["Office"]  # type: ignore[attr-defined]
    assert words.event(CountChanged(2, f"players[2].city[{office}]", -1, 0)) == (
        "Seat 2 builds an Office.")
    assert words.event(CountChanged(0, f"players[0].city[{office}]", 0, 1)) == (
        "You now have 1 colonist in your Office.")
    corn = [good.name for good in words.rules.goods].index("Corn")  # type: ignore[attr-defined]
    assert words.event(CountChanged(1, f"players[1].goods[{corn}]", 0, 2)) == (
        "Seat 1 gains 2 Corn (now 2).")
    assert words.event(CountChanged(None, "ship_goods[0]", -1, corn)) == (
        "The Cargo ship (4 spaces) carries Corn.")
    assert words.event(CountChanged(None, "governor", 1, 0)) == "The governor card goes to you."
    assert words.event(PiecesMoved(None, "face_up", removed=["CornPlantation"])) == (
        "Face-up plantations: out Corn plantation (CornPlantation).")


def test_tiletum_resources_are_named() -> None:
    found = game("tiletum")
    words = Words(found.load_rules(), 1, words=found.event_words)
    # TL0.1: the resources are gold, food, wool, stone and iron
    assert words.event(CountChanged(1, "players[1].resources[3]", 1, 3)) == (
        "You gain 2 stone (now 3).")
    assert words.event(CountChanged(0, "players[0].vp", 0, 4)) == (
        "Seat 0 gains 4 victory points (now 4).")


def test_every_game_supplies_its_words_and_the_default_is_none() -> None:
    assert dict(Game.event_words) == {}
    for name in ("lisboa", "puerto-rico", "tiletum"):
        assert game(name).event_words, name
    # without a game's words, a count is said from its field name
    generic = Words(None, seat=0)
    assert generic.event(CountChanged(None, "colonist_ship", 3, 0)) == (
        "Colonist ship: 0 (was 3).")


def test_a_words_key_for_a_value_wins_over_the_plain_key() -> None:
    words = Words(None, seat=0, words={"lamps[]": "{Who} now {has} {after} lamp{after_s}.",
                                       "lamps[] to 0": "{Whose} lamps are out.",
                                       "lamps[] from 0": "{Who} light{s3} a lamp.",
                                       "colours[]": "{item:red|green}"})
    assert words.event(CountChanged(1, "players[1].lamps[0]", 2, 0)) == "Seat 1's lamps are out."
    assert words.event(CountChanged(1, "players[1].lamps[0]", 0, 1)) == "Seat 1 lights a lamp."
    assert words.event(CountChanged(0, "players[0].lamps[0]", 1, 3)) == "You now have 3 lamps."
    assert words.event(CountChanged(0, "players[0].colours[1]", 1, 2)) == (
        "You gain 1 green (now 2).")
