"""Match: a game with its history, push / pop / save / load over immutable states, for
every game the library ships (issue 24.2)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lisboa_core import (
    IllegalMoveError,
    LisboaError,
    Match,
    Move,
    StateFormatError,
    apply,
    describe_move,
    from_json,
    legal_moves,
    new_game,
    record_game,
    score,
    state_digest,
    to_json,
)

GAMES = [("lisboa", 2), ("lisboa", 4), ("puerto-rico", 3), ("puerto-rico", 5)]


def _played(name: str, players: int, seed: int, count: int) -> Match:
    match = Match.new(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(count):
        if match.is_over:
            break
        match.push(rng.choice(match.legal_moves()))
    return match


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1),
       count=st.integers(0, 120))
def test_popping_every_move_gives_back_every_state(which: tuple[str, int], seed: int,
                                                   count: int) -> None:
    name, players = which
    match = _played(name, players, seed, count)
    # the history is the game: each state is the one before with the move applied
    assert len(match.states) == len(match.moves) + 1 == len(match) + 1
    assert match.states[0] == new_game(players, seed, game=name)
    for before, move, after in zip(match.states, match.moves, match.states[1:], strict=False):
        assert apply(before, move) == after
    seen = list(match.states)
    while match.moves:
        last = match.moves[-1]
        assert match.pop() == last
        seen.pop()
        assert match.state == seen[-1]
    assert match.state == new_game(players, seed, game=name)
    with pytest.raises(LisboaError, match="no move to take back"):
        match.pop()


@pytest.mark.parametrize(("name", "players"), GAMES[::2])
def test_an_illegal_move_leaves_the_match_untouched(name: str, players: int) -> None:
    match = _played(name, players, 3, 10)
    states, moves = match.states, match.moves
    with pytest.raises(IllegalMoveError):
        match.push(Move("no-such-kind", ("x",)))
    with pytest.raises(IllegalMoveError):
        match.push_notation("no-such-kind x")
    assert match.states == states and match.moves == moves
    text = str(match.legal_moves()[-1])
    assert match.push_notation(f"  {text} ") == match.moves[-1]
    assert str(match.moves[-1]) == text


@pytest.mark.parametrize(("name", "players"), GAMES[::2])
def test_a_saved_unfinished_match_loads_and_goes_on(
    name: str, players: int, tmp_path: Path
) -> None:
    match = _played(name, players, 5, 40)
    path = tmp_path / "game.json"
    match.save(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "lisboa-record" and document["seed"] == 5
    assert document["moves"] == [str(m) for m in match.moves]
    assert document["final_digest"] == state_digest(match.state)
    again = Match.load(path)
    assert again.states == match.states and again.moves == match.moves
    assert again.game is match.game and not again.is_over
    # it goes on as the original would, and undoes back past the save
    move = again.legal_moves()[0]
    again.push(move)
    match.push(move)
    assert again.state == match.state
    while again.moves:
        again.pop()
    assert again.state == new_game(players, 5, game=name)


def test_any_record_resumes_and_a_finished_one_is_over() -> None:
    record = record_game(lambda s: legal_moves(s)[0], players=2, seed=1)
    match = Match.from_record(record)
    assert match.is_over and match.legal_moves() == ()
    assert match.score().final and match.score().to_dict() == score(match.state).to_dict()
    partial = record_game(lambda s: legal_moves(s)[-1], players=3, seed=2, max_decisions=25,
                          game="puerto-rico")
    assert len(Match.from_record(partial)) == 25


def test_a_record_that_does_not_replay_is_refused_naming_the_move(tmp_path: Path) -> None:
    match = _played("lisboa", 2, 7, 12)
    record = match.record()
    moves = list(record.moves)
    moves[4] = "tuck ZZ99"
    bad = attrs.evolve(record, moves=tuple(moves))
    with pytest.raises(StateFormatError, match=r"^moves\[4\]: "):
        Match.from_record(bad)
    path = tmp_path / "digest.json"
    path.write_text(record.to_json().replace(record.final_digest or "", "0" * 16),
                    encoding="utf-8")
    with pytest.raises(StateFormatError, match=r"^final_digest: the final state differs"):
        Match.load(path)


def test_a_match_from_a_saved_state_plays_but_has_no_record() -> None:
    played = _played("lisboa", 3, 2, 15)
    match = Match.from_state(from_json(to_json(played.state)))
    assert match.state == played.state and match.seed is None
    move = match.legal_moves()[0]
    match.push(move)
    assert match.pop() == move
    with pytest.raises(LisboaError, match="no move to take back"):
        match.pop()
    with pytest.raises(LisboaError, match="no record"):
        match.record()


def test_describe_is_describe_move_of_the_current_state() -> None:
    match = _played("puerto-rico", 4, 1, 6)
    for move in match.legal_moves():
        assert match.describe(move) == describe_move(match.state, move)
    assert "puerto-rico" in repr(match) and "6 moves" in repr(match)
