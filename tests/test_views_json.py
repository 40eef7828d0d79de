"""Saved views (R3.11: what a seat may see) and the version-1 layout's migration."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from lisboa_core import (
    StateFormatError,
    apply,
    from_json,
    is_over,
    new_game,
    observe,
    random_move,
    state_digest,
    to_json,
)
from lisboa_core.persistence.serialize import view_from_json


def _positions(players: int, seed: int, every: int = 29) -> list[Any]:
    rng = random.Random(seed)
    state, found, step = new_game(players, seed), [], 0
    while not is_over(state):
        if step % every == 0:
            found.append(state)
        state, step = apply(state, random_move(state, rng)), step + 1
    return [*found, state]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_travels_and_comes_back_equal(players: int) -> None:
    for state in _positions(players, 40 + players):
        for seat in range(players):
            view = observe(state, seat)
            assert view_from_json(to_json(view)) == view


def _view_document(seat: int = 0) -> dict[str, Any]:
    return json.loads(to_json(observe(_positions(3, 7)[3], seat)))


def test_a_placeholder_where_the_seat_sees_is_refused() -> None:
    document = _view_document()
    document["state"]["players"][0]["hand"][0] = "?card"  # its own hand: R2.2.9 / R3.11
    with pytest.raises(StateFormatError, match=r"^players\[0\]\.hand\[0\]: not what seat 0"):
        view_from_json(json.dumps(document))


def test_a_hidden_card_shown_in_a_view_is_refused() -> None:
    state = _positions(3, 7)[3]
    document = json.loads(to_json(observe(state, 0)))
    document["state"]["players"][1]["hand"][0] = state.players[1].hand[0]  # R3.11
    with pytest.raises(StateFormatError, match=r"^players\[1\]\.hand\[0\]: not what seat 0"):
        view_from_json(json.dumps(document))


def test_a_placeholder_is_refused_in_a_whole_state() -> None:
    document = json.loads(to_json(new_game(3, 1)))
    document["state"]["players"][0]["hand"][0] = "?card"
    with pytest.raises(StateFormatError, match=r"players\[0\]\.hand\[0\]: unknown political"):
        from_json(json.dumps(document))


def test_states_and_views_are_not_mistaken_for_each_other() -> None:
    state = new_game(2, 1)
    with pytest.raises(StateFormatError, match="read it with view_from_json"):
        from_json(to_json(observe(state, 0)))
    with pytest.raises(StateFormatError, match="read it with from_json"):
        view_from_json(to_json(state))
    document = json.loads(to_json(observe(state, 0)))
    document["seat"] = 2
    with pytest.raises(StateFormatError, match=r"^seat"):
        view_from_json(json.dumps(document))


_V1_ORDERS = {
    "goods": ("gold", "books", "cloth", "tools"),
    "rubble": ("brown", "red", "blue"),
    "houses": ("left", "middle", "right"),
    "prices": ("gold", "books", "cloth", "tools"),
    "favor_supply": ("manuel", "marquis", "king"),
    "offices": ("manuel", "marquis", "king"),
    "plazas": ("manuel", "marquis", "king"),
}


def _as_version_1(text: str) -> str:
    """The document as version 1 wrote it: the keyed vectors as lists in a fixed order."""
    document = json.loads(text)
    document["version"] = 1
    body = document["state"]
    for owner in (body, *body["players"]):
        for name, order in _V1_ORDERS.items():
            if name in owner:
                owner[name] = [owner[name][key] for key in order]
    return json.dumps(document)


def test_version_1_saves_still_load_with_the_same_digest() -> None:
    for state in _positions(4, 3, every=97):
        old = _as_version_1(to_json(state))
        assert json.loads(old)["state"]["players"][0]["goods"] == list(
            state.players[0].goods)
        loaded = from_json(old)
        assert loaded == state and state_digest(loaded) == state_digest(state)
        assert json.loads(to_json(loaded))["version"] == 2
