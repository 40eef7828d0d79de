"""Issue 34.8: a refused move is named once in the message (``no legal move reads 'dance
now': seat 1 must now decide ...``, not ``... 'dance now': dance now: seat 1 ...``), in the
API and at every front end that shows it."""

from __future__ import annotations

import pytest

from lisboa_core import IllegalMoveError, new_game, parse_move
from lisboa_core.fronts.engine_protocol import Session
from lisboa_core.fronts.table_game import Table


@pytest.mark.parametrize("name", ["lisboa", "puerto-rico", "tiletum"])
def test_parse_move_names_the_move_once(name: str) -> None:
    state = new_game(game=name, seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        parse_move(state, "dance   now")
    message = str(refused.value)
    assert message.startswith("no legal move reads 'dance now': ")
    assert message.count("dance now") == 1
    assert "must now decide" in message or "not an outcome" in message


def test_the_wrong_option_of_the_right_kind_is_named_once() -> None:
    state = new_game(players=2, seed=1)  # Lisboa: keep one of two clergy tiles
    with pytest.raises(IllegalMoveError) as refused:
        parse_move(state, "keep C99")
    message = str(refused.value)
    assert message.count("keep C99") == 1 and "not one of the 2 'keep' moves" in message


def test_the_table_and_the_engine_say_it_once() -> None:
    table = Table(players=2, seat=0, bots=("random",), seed=3)
    said = table.play("dance now", table.decision)
    assert said is not None and said.count("dance now") == 1
    session = Session()
    session.handle({"cmd": "new", "players": 2, "seed": 3})
    answer = session.handle({"cmd": "apply", "move": "dance now"})
    assert answer["error"] == "illegal-move" and answer["message"].count("dance now") == 1
