"""Saved states (issue 5, records): any state round-trips through JSON exactly, even in the
middle of a decision, and a malformed or tampered text raises StateFormatError naming the
field, never another exception."""

from __future__ import annotations

import copy
import functools
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lisboa_core import (
    StateFormatError,
    apply,
    from_json,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    state_digest,
    to_json,
)
from lisboa_core.games.lisboa.catalogue import cards_dir
from lisboa_core.games.lisboa.model import Choose, May
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Options, PlayerState, State
from lisboa_core.games.lisboa.state_check import PLAYER_FIELDS, STATE_FIELDS
from lisboa_core.games.lisboa.testing import check_invariants

EFFECT_FRAMES = ("effect", "choose-one", "choose-some", "may")


def _round_trip(state: State) -> State:
    text = to_json(state)
    back = from_json(text)
    assert back == state
    assert hash(back) == hash(state)
    assert state_digest(back) == state_digest(state)
    assert to_json(back) == text
    return back


# --- round trip -------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_every_state_of_random_play_round_trips(
    players: int, seed: int, choices: random.Random
) -> None:
    state = new_game(players, seed)
    for _ in range(150):
        _round_trip(state)
        if is_over(state):
            break
        state = apply(state, choices.choice(legal_moves(state)))


@functools.cache
def _mid_effect_state() -> State:
    """A state whose pending frames hold compiled effect nodes (a card half-resolved)."""
    for seed in range(40):
        state = new_game(3, seed, options=Options(leftmost_slot=True))
        chooser = random.Random(seed)
        for _ in range(400):
            if is_over(state):
                break
            if state.pending[-1].kind in EFFECT_FRAMES[1:]:
                return state
            state = apply(state, chooser.choice(legal_moves(state)))
    raise AssertionError("no random game reached a choice inside an effect")


def test_a_state_inside_an_effect_round_trips_and_plays_on_identically() -> None:
    state = _mid_effect_state()
    frame = state.pending[-1]
    assert isinstance(frame.data[0], Choose | May)
    back = _round_trip(state)
    assert legal_moves(back) == legal_moves(state)
    for move in legal_moves(state):  # every branch from the loaded state is the same game
        assert apply(back, move) == apply(state, move)


def test_effect_nodes_are_tagged_objects_in_the_json() -> None:
    state = _mid_effect_state()
    data = json.loads(to_json(state))["state"]["pending"][-1]["data"]
    assert set(data[0]) in ({"may"}, {"choose", "up_to"})
    text = json.dumps(data)
    assert '"do":' in text and '"seq":' in text


def test_the_document_carries_format_version_library_and_catalogue() -> None:
    document = json.loads(to_json(new_game(2, 1)))
    assert document["format"] == "lisboa-state"
    assert document["version"] == 2
    assert document["state"]["players"][0]["goods"] == {"gold": 1, "books": 1, "cloth": 1,
                                                         "tools": 1}  # R2.2.2: one of each
    assert set(document["state"]["offices"]) == {"manuel", "marquis", "king"}
    assert document["library"] == "0.2.0"
    assert document["catalogue"] == load_rules().digest
    assert "catalogue" not in document["state"]
    assert set(document["state"]) == set(State.FIELDS) - {"catalogue"}
    indented = to_json(new_game(2, 1), indent=2)
    assert indented.count("\n") > 100 and from_json(indented) == new_game(2, 1)


# --- digest -------------------------------------------------------------------------------


def test_state_digest_is_short_hex_and_tells_states_apart() -> None:
    a = new_game(3, 5)
    digest = state_digest(a)
    assert len(digest) == 16 and int(digest, 16) >= 0
    assert state_digest(new_game(3, 5)) == digest
    assert state_digest(new_game(3, 6)) != digest
    assert state_digest(apply(a, legal_moves(a)[0])) != digest


@pytest.mark.slow
def test_state_digest_does_not_depend_on_the_hash_seed() -> None:
    code = "from lisboa_core import new_game, state_digest; print(state_digest(new_game(4, 42)))"
    digests = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"PYTHONHASHSEED": str(seed), "PATH": ""},
        ).stdout.strip()
        for seed in (0, 1)
    }
    assert digests == {state_digest(new_game(4, 42))}


# --- the checks cover every field and frame kind -----------------------------------------


def test_every_state_field_and_frame_kind_has_a_spec() -> None:
    assert set(STATE_FIELDS) | {"players", "pending"} == set(State.FIELDS)
    assert set(PLAYER_FIELDS) == set(PlayerState.FIELDS)
    missing = sorted(kind for kind in STACK.kinds() if STACK.handler(kind).data is None)
    assert missing == [], f"register the data shape (data=...) of these frame kinds: {missing}"


# --- malformed and tampered texts ----------------------------------------------------------


@functools.cache
def _valid() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(to_json(_mid_effect_state()))
    return document


def _load_changed(change: Any) -> State:
    document = copy.deepcopy(_valid())
    change(document)
    return from_json(json.dumps(document))


def _set(path: str, value: Any) -> Any:
    """A change that sets the value at a dotted path (``state.players.2.goods.1``)."""

    def change(document: Any) -> None:
        *parents, last = path.split(".")
        node = document
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(path: str) -> Any:
    def change(document: Any) -> None:
        *parents, last = path.split(".")
        node = document
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return change


def _effect_frame() -> int:
    pending = _valid()["state"]["pending"]
    return max(i for i, f in enumerate(pending) if f["kind"] in EFFECT_FRAMES)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_drop("state.players.1.reis"), "players[1].reis: missing field"),
        (_set("state.players.2.goods.books", "2"), "players[2].goods.books: expected an integer, got '2'"),
        (_set("state.players.2.goods.books", True), "players[2].goods.books: expected an integer, got true"),
        (_set("state.players.2.goods.books", -1), "players[2].goods.books: expected a number 0 or more, got -1"),
        (_set("state.prices.cloth", -1), "prices.cloth: expected a number 0 or more, got -1"),
        (_drop("state.players.1.rubble.red"), "players[1].rubble: expected an object with the keys brown, red, blue"),
        (_set("state.offices", [[0], [1], [2]]), "offices: expected an object with the keys manuel, marquis, king, got a list"),
        (_set("state.players.0.reis", -3), "players[0].reis: expected a number 0 or more, got -3"),
        (_set("state.players.0.goods", [1, 1, 1]), "players[0].goods: expected an object with the keys gold, books, cloth, tools, got a list"),
        (_set("state.players.0.hand", "BL01"), "players[0].hand: expected a list, got 'BL01'"),
        (_set("state.players.0.hand", ["XX99"]), "players[0].hand[0]: unknown political card 'XX99'"),
        (_set("state.players.0.clergy", ["BL01"]), "players[0].clergy[0]: expected a clergy tile, got 'BL01' (a blue manuel card)"),
        (_set("state.players.0.top", [None]), "players[0].top: expected 3 items, got 1"),
        (_set("state.players.0.extra", 1), "players[0].extra: unknown field"),
        (_set("state.current", 3), "current: seat 3 out of range (0 to 2)"),
        (_set("state.start_player", -1), "start_player: seat -1 out of range"),
        (_set("state.stores", [["A1", 7, "pink"]]), "stores[0][1]: seat 7 out of range"),
        (_set("state.pending.0.seat", 5), "pending[0].seat: seat 5 out of range"),
        (_set("state.pending.0.kind", "teleport"), "pending[0].kind: unknown frame kind 'teleport'"),
        (_set("state.pending.0.data", {}), "pending[0].data: expected a list, got an object"),
        (_set("state.period", 3), "period: expected a number 1 to 2, got 3"),
        (_set("state.rng.counter", -1), "rng.counter: expected a number 0 or more, got -1"),
        (_set("state.options.draft", "yes"), "options.draft: expected true or false, got 'yes'"),
        (_set("state.church_scoring", 9), "church_scoring: seat 9 out of range"),
        (_set("state.players", []), "players: expected 2 to 4 players, got 0"),
        (_drop("state.log"), "log: missing field"),
        (_set("version", 3), "version: format version 3 is not supported"),
        (_set("version", "1"), "version: expected an integer, got '1'"),
        (_drop("version"), "version: missing field"),
        (_set("format", "lisboa-record"), "format: expected 'lisboa-state', got 'lisboa-record'"),
        (_set("catalogue", "0000000000000000"), "catalogue: the state was made with catalogue 0000000000000000"),
        (_drop("state"), "state: missing field"),
        (_set("extra", 1), "extra: unknown field"),
        (_set("state.catalogue", "x"), "state.catalogue: unknown field"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_a_wrong_field_is_named(change: Any, message: str) -> None:
    with pytest.raises(StateFormatError) as info:
        _load_changed(change)
    assert str(info.value).startswith(message), str(info.value)
    assert info.value.field == message.split(": ", 1)[0]  # the path, also as an attribute


def test_a_duplicated_card_is_named_in_both_places() -> None:
    card = _valid()["state"]["players"][1]["hand"][0]
    size = len(_valid()["state"]["players"][0]["hand"])
    with pytest.raises(StateFormatError) as info:
        _load_changed(lambda d: d["state"]["players"][0]["hand"].append(card))
    assert str(info.value) == f"players[1].hand[0]: {card} is also at players[0].hand[{size}]"
    assert info.value.field == "players[1].hand[0]"


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ({"do": "teleport", "args": {}}, ".data[0].do: unknown effect kind 'teleport'"),
        ({"do": "gain", "args": {"amount": 0, "what": "wigs"}}, ".data[0].args.amount: expected a number 1 or more"),
        ({"do": "gain", "args": {"amount": 2, "what": "gems"}}, ".data[0].args.what: expected wigs, reis, influence or a good"),
        ({"do": "gain", "args": {"what": "wigs"}}, ".data[0].args.amount: missing argument"),
        ({"do": "gain", "args": {"amount": 2, "what": "wigs", "x": 1}}, ".data[0].args.x: the effect 'gain' has no argument 'x'"),
        ({"seq": [{"do": "gain"}]}, ".data[0].seq[0].args: missing field"),
        ({"seq": [1]}, ".data[0].seq[0]: expected an effect"),
        ({"may": {"do": "take_clergy", "args": {}}}, ".data[0].may: expected a sequence of effects"),
        ({"choose": [{"seq": []}], "up_to": None}, ".data[0].choose: a choice needs at least two options"),
        ({"choose": [{"seq": []}, {"seq": []}], "up_to": 3}, ".data[0].up_to: expected null or 1 to 2, got 3"),
        ({"teleport": 1}, ".data[0]: expected an effect"),
    ],
)
def test_a_wrong_effect_node_is_named(effect: dict[str, Any], message: str) -> None:
    index = _effect_frame()

    def change(document: dict[str, Any]) -> None:
        document["state"]["pending"][index]["data"][0] = effect

    with pytest.raises(StateFormatError) as info:
        _load_changed(change)
    assert str(info.value).startswith(f"pending[{index}]{message}"), str(info.value)


def test_a_wrong_effect_context_is_named() -> None:
    index = _effect_frame()

    def change(document: dict[str, Any]) -> None:
        document["state"]["pending"][index]["data"][1] = [["quantity", -1]]

    with pytest.raises(StateFormatError, match=rf"pending\[{index}\]\.data\[1\]: quantity: "):
        _load_changed(change)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "12", '"state"', b"\xff\xfe", "{}"])
def test_text_that_is_not_a_saved_state(text: str | bytes) -> None:
    with pytest.raises(StateFormatError, match=r"not a saved state|format: "):
        from_json(text)


def test_a_state_made_with_another_catalogue_needs_that_catalogue(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    clergy = folder / "clergy.lsb"
    clergy.write_text(clergy.read_text().replace("gain 1 wig", "gain 3 wigs", 1))
    custom = load_rules(folder)
    state = new_game(2, 3, rules=custom)
    text = to_json(state)
    assert from_json(text, rules=custom) == state
    with pytest.raises(StateFormatError, match=f"catalogue: the state was made with catalogue {custom.digest}"):
        from_json(text)
    with pytest.raises(StateFormatError, match="catalogue: "):
        from_json(to_json(new_game(2, 3)), rules=custom)


# --- random tampering -----------------------------------------------------------------------

JUNK = [-1, 0, 1, 2, 7, 10**30, "", "x", "XX99", "gold", "C01", "BL01", "effect", None, True,
        False, 1.5, [], [0], ["x"], {}, {"do": "gain", "args": {}}]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*prefix, i))
    return out


@functools.cache
def _pool() -> tuple[tuple[dict[str, Any], tuple[tuple[Any, ...], ...]], ...]:
    states = [new_game(2, 11), new_game(4, 12, options=Options(draft=True)), _mid_effect_state()]
    documents = [json.loads(to_json(s)) for s in states]
    return tuple((d, tuple(_paths(d)[1:])) for d in documents)


def _mutate(document: Any, path: tuple[Any, ...], action: str, junk: Any) -> None:
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    if action == "delete":
        del node[last]
    elif action == "replace":
        node[last] = junk
    elif action == "insert" and isinstance(node, list):
        node.insert(last, junk)
    elif action == "insert":
        node[f"{last}_"] = junk
    elif isinstance(node[last], int | str) and not isinstance(node[last], bool):
        node[last] = node[last] + (1 if isinstance(node[last], int) else "x")
    else:
        node[last] = junk


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, 2),
    where=st.integers(0, 10**6),
    action=st.sampled_from(["delete", "replace", "insert", "bump"]),
    junk=st.sampled_from(JUNK),
)
def test_a_tampered_state_is_rejected_or_loads_as_a_sound_state(
    which: int, where: int, action: str, junk: Any
) -> None:
    valid, paths = _pool()[which]
    document = copy.deepcopy(valid)
    _mutate(document, paths[where % len(paths)], action, junk)
    try:
        state = from_json(json.dumps(document))
    except StateFormatError as err:
        assert str(err)
        return
    assert isinstance(state, State)
    assert len(state.players) == len(valid["state"]["players"])
    assert check_invariants(state) == []
    assert from_json(to_json(state)) == state


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(0, 10**6), char=st.characters(codec="ascii"))
def test_a_damaged_text_is_rejected_or_loads(cut: int, char: str) -> None:
    text = to_json(new_game(3, 4))
    where = cut % len(text)
    for damaged in (text[:where], text[:where] + char + text[where + 1 :]):
        try:
            state = from_json(damaged)
        except StateFormatError:
            continue
        assert check_invariants(state) == []
