"""Puerto Rico's observation vector (issue 23.4): one fixed length per player count, only
what the seat may see (PR17), every visible field, relative seats."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the observation vector needs the rl extra")

from lisboa_core import apply, determinize, is_over, legal_moves, new_game, observe
from lisboa_core.core.replace import replace
from lisboa_core.games import game
from lisboa_core.games.puerto_rico.observation import (
    NOT_ENCODED,
    encode,
    layout,
    observation_size,
)
from lisboa_core.games.puerto_rico.state import PlayerState, State

PR = "puerto-rico"


def _position(players: int, seed: int, moves: int) -> State:
    state = new_game(players, seed, game=PR)
    chooser = random.Random(seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, chooser.choice(legal_moves(state)))
    return state


def _segment(state: State, name: str) -> slice:
    found = next(s for s in layout(state) if s.name == name)
    return slice(found.offset, found.offset + found.size)


def vector_of(state: State, seat: int) -> np.ndarray:
    return encode(observe(state, seat))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_vector_has_one_fixed_length_per_player_count(players: int) -> None:
    sizes = {
        encode(observe(_position(players, seed, moves), seat)).shape
        for seed in range(2) for moves in (0, 50, 150) for seat in range(players)
    }
    assert sizes == {(observation_size(new_game(players, 0, game=PR)),)}
    segments = layout(new_game(players, 0, game=PR))
    assert [s.offset for s in segments] == list(np.cumsum([0] + [s.size for s in segments[:-1]]))
    assert encode(observe(_position(players, 1, 30), 0)).dtype == np.float32


def test_the_game_object_gives_the_same_vector() -> None:
    state = _position(4, 2, 40)
    assert game(PR).observation_size(state) == observation_size(state)
    assert np.array_equal(game(PR).encode(observe(state, 1)), encode(observe(state, 1)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_values_from_the_rules(players: int) -> None:
    # PR2.2: each seat starts with players - 1 doubloons, the colonist ship holds one
    # colonist per player, the VP supply is 75 / 100 / 122 chips; nothing is noted yet.
    state = new_game(players, 3, game=PR)
    vector = encode(observe(state, 0))
    for r in range(players):
        assert vector[_segment(state, f"players[{r}].doubloons")].tolist() == [players - 1]
    assert vector[_segment(state, "colonist_ship")].tolist() == [players]
    assert vector[_segment(state, "vp_supply")].tolist() == [{3: 75, 4: 100, 5: 122}[players], 0]
    # The governor is the seat to choose the first role (PR3.2.1), seen from every seat.
    for seat in range(players):
        governor = vector_of(state, seat)[_segment(state, "governor")]
        assert governor.tolist() == [float(r == (state.governor - seat) % players)
                                     for r in range(players)]


@pytest.mark.parametrize("seed", range(4))
def test_hidden_information_does_not_change_the_vector(seed: int) -> None:
    # PR17.1.2-PR17.1.3: the plantation stack's order and the others' VP chips are hidden.
    players = 3 + seed % 3
    state = _position(players, seed, 120 + 40 * seed)
    seat = seed % players
    sampled = determinize(observe(state, seat), seed=500 + seed)
    assert sampled != state
    assert np.array_equal(vector_of(sampled, seat), vector_of(state, seat))


def test_other_seats_vp_are_a_hidden_flag_until_the_end() -> None:
    state = _position(3, 4, 100)
    players = list(state.players)
    players[1] = replace(players[1], vp=7)
    players[0] = replace(players[0], vp=5)
    state = replace(state, players=tuple(players))
    vector = vector_of(state, 0)
    assert vector[_segment(state, "players[0].vp")].tolist() == [5.0, 0.0]
    assert vector[_segment(state, "players[1].vp")].tolist() == [0.0, 1.0]  # hidden
    finished = _position(3, 4, 10_000)
    assert is_over(finished)
    shown = vector_of(finished, 0)
    for r in range(3):
        assert shown[_segment(finished, f"players[{r}].vp")].tolist() == [
            float(finished.players[r].vp), 0.0]


def test_every_visible_field_is_encoded() -> None:
    sources = {s.source for s in layout(new_game(4, 0, game=PR))}
    state_fields = {f"state.{name}" for name in State.FIELDS if name != "players"}
    player_fields = {f"players[].{name}" for name in PlayerState.FIELDS}
    left_out = {f"state.{name}" for name in NOT_ENCODED}
    assert sources == (state_fields | player_fields) - left_out


@pytest.mark.parametrize("field", ["doubloons", "goods", "island", "san_juan"])
def test_a_change_to_a_players_field_changes_its_relative_segment(field: str) -> None:
    state = _position(4, 5, 60)
    for seat in range(4):
        player = state.players[seat]
        value = getattr(player, field)
        bumped = value + 1 if isinstance(value, int) else (value[0] + 1, *value[1:])
        players = list(state.players)
        players[seat] = replace(player, **{field: bumped})
        changed = replace(state, players=tuple(players))
        viewer = 2
        differs = np.flatnonzero(vector_of(state, viewer) != vector_of(changed, viewer))
        where = _segment(state, f"players[{(seat - viewer) % 4}].{field}")
        assert differs.size and all(where.start <= i < where.stop for i in differs)


def test_every_value_is_within_the_adapters_bounds_to_the_end() -> None:
    # The adapters declare Box(0, 1000); VP noted beyond the supply (PR9.3.5) must not
    # make a value negative.
    state = _position(3, 4, 10_000)
    owed = replace(state, vp_supply=-4)
    values = np.concatenate([vector_of(s, seat) for s in (state, owed) for seat in range(3)])
    assert values.min() >= 0.0 and values.max() <= 1000.0
    assert vector_of(owed, 0)[_segment(owed, "vp_supply")].tolist() == [0.0, 4.0]


def test_encode_refuses_a_whole_state_and_another_games_view() -> None:
    with pytest.raises(TypeError, match="takes a View"):
        encode(new_game(3, 0, game=PR))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Puerto Rico"):
        encode(observe(new_game(3, 0), 0))
