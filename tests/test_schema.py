"""The published JSON Schemas accept every document the library writes and refuse
misshapen ones (checked with the jsonschema library, not by hand)."""

from __future__ import annotations

import json
import random

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="the schema checks use jsonschema (dev extra)")

from lisboa_core import apply, is_over, new_game, observe, random_move, record_game, to_json
from lisboa_core.games.lisboa.events import events_between
from lisboa_core.persistence.schema import SCHEMA_KINDS, json_schema


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for kind in SCHEMA_KINDS:
        _validator(kind)


@pytest.mark.slow
def test_states_views_moves_and_events_of_real_games_validate() -> None:
    state_v, view_v, move_v, event_v = (
        _validator(k) for k in ("state", "view", "move", "event"))
    checked = 0
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = new_game(players, players)
        step = 0
        while not is_over(state):
            move = random_move(state, rng)
            move_v.validate(str(move))
            after = apply(state, move)
            for event in events_between(state, after, move, seat=step % players):
                event_v.validate(event.to_dict())
            if step % 50 == 0:
                state_v.validate(json.loads(to_json(state)))
                view_v.validate(json.loads(to_json(observe(state, step % players))))
                checked += 1
            state, step = after, step + 1
        state_v.validate(json.loads(to_json(state)))
        for event in events_between(state, state):
            event_v.validate(event.to_dict())
    assert checked > 10


def test_a_record_validates() -> None:
    rng = random.Random(2)
    record = record_game(lambda s: random_move(s, rng), players=2, seed=5, names=("a", "b"))
    _validator("record").validate(json.loads(record.to_json()))


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("state", lambda d: d["state"]["players"][0].update(goods=[1, 1, 1, 1])),  # version 1
        ("state", lambda d: d["state"].update(prices={"gold": 1})),
        ("state", lambda d: d.update(format="lisboa-view")),
        ("state", lambda d: d["state"]["pending"][0].update(kind="teleport")),
        ("view", lambda d: d.pop("seat")),
        ("state", lambda d: d["state"].update(extra=1)),
    ],
)
def test_misshapen_documents_are_refused(kind: str, change: object) -> None:
    state = new_game(3, 1)
    document = json.loads(to_json(observe(state, 0) if kind == "view" else state))
    change(document)  # type: ignore[operator]
    with pytest.raises(jsonschema.ValidationError):
        _validator(kind).validate(document)


def test_an_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(ValueError, match="state, view, move, record, event"):
        json_schema("board")
