"""The shared observation builder, the environments built on it (the PettingZoo loop's
fast path, the vector environment, the single-agent Gymnasium environment) and the
MaskablePPO example, for every adapted game."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the environments need the rl extra")
pytest.importorskip("gymnasium", reason="the environments need the rl extra")

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import apply, is_over, new_game, observe, random_move
from lisboa_core.envs import adapted_games
from lisboa_core.envs.builder import (
    LayoutBuilder,
    counts,
    multi_hot,
    number,
    numbers,
    one_hot,
    seat_one_hot,
)
from lisboa_core.envs.observation import encode, encode_state, layout, observation_size
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import game

GAMES = adapted_games()
# The games whose vector is laid out with the shared builder (a game registered by a test,
# such as the conformance suite's toy, may encode its views its own way).
LAID_OUT = tuple(name for name in GAMES if game(name).observation_layout(
    new_game(game(name).default_players, 0, game=name)) is not None)
ROOT = Path(__file__).resolve().parent.parent


def _positions(name: str, players: int, seed: int, every: int = 7) -> list[Any]:
    """Every ``every``-th position of a random game, its end included."""
    state, rng, found = new_game(players, seed, game=name), random.Random(seed), []
    k = 0
    while True:
        if k % every == 0 or is_over(state):
            found.append(state)
        if is_over(state):
            return found
        state = apply(state, random_move(state, rng))
        k += 1


# --- the builder -----------------------------------------------------------------------------


def _toy_layout() -> Any:
    builder = LayoutBuilder(players=3)
    builder.add("turn", "state.turn", 1, "turn", number(lambda s, v: s.turn))
    builder.add("colour", "state.colour", 3, "one-hot",
                one_hot(lambda s, v: s.colour, {"red": 0, "green": 1, "blue": 2}))
    builder.add("cards", "state.cards", 3, "multi-hot",
                multi_hot(lambda s, v: s.cards, {"a": 0, "b": 1, "c": 2}))
    builder.add("bag", "state.bag", 2, "counts", counts(lambda s, v: s.bag, {"x": 0, "y": 1}))
    builder.add("first", "state.first", 4, "relative seat, nobody last",
                seat_one_hot(lambda s, v: s.first, 3, nobody=True))
    builder.seat("coins", "players[].coins", 2, "coins, then 1 for the viewer",
                 numbers(lambda p, me: (p.coins, me)))
    return builder.build()


def _toy(turn: int, colour: str | None, cards: tuple[str, ...], bag: tuple[str, ...],
         first: int | None, coins: tuple[int, ...]) -> Any:
    return SimpleNamespace(turn=turn, colour=colour, cards=cards, bag=bag, first=first,
                           players=tuple(SimpleNamespace(coins=c) for c in coins))


def test_the_builder_writes_each_kind_of_value_where_its_segment_lies() -> None:
    built = _toy_layout()
    assert [s.name for s in built.segments] == [
        "turn", "colour", "cards", "bag", "first",
        "players[0].coins", "players[1].coins", "players[2].coins"]
    assert built.size == 1 + 3 + 3 + 2 + 4 + 3 * 2
    # Seat 1 looks: seat 2 is relative seat 1, seat 0 relative seat 2.
    vector = built.encode(_toy(5, "blue", ("c", "a", "zz"), ("y", "x", "y"), 0, (7, 8, 9)), 1)
    assert vector.tolist() == [
        5, 0, 0, 1, 1, 0, 1, 1, 2, 0, 0, 1, 0,  # turn, blue, {a, c}, x1 y2, seat 0 from 1
        8, 1, 9, 0, 7, 0]  # coins from the viewer round: seats 1, 2, 0
    empty = built.encode(_toy(0, None, (), (), None, (0, 0, 0)), 0)
    assert empty.tolist() == [0] * 12 + [1] + [0, 1, 0, 0, 0, 0]  # nobody first


def test_the_builder_writes_into_a_given_buffer_and_clears_it_first() -> None:
    built = _toy_layout()
    out = np.full(built.size, 99.0, dtype=np.float32)
    state = _toy(2, "red", (), (), 2, (1, 2, 3))
    assert built.encode(state, 0, out) is out
    assert np.array_equal(out, built.encode(state, 0))


def test_a_dense_segment_of_the_wrong_length_is_refused() -> None:
    builder = LayoutBuilder(players=1)
    builder.add("prices", "state.prices", 3, "prices", numbers(lambda s, v: s.prices))
    builder.seat("coins", "players[].coins", 1, "coins", number(lambda p, me: p.coins))
    built = builder.build()
    players = (SimpleNamespace(coins=1),)
    with pytest.raises(ValueError, match="does not fit this layout"):
        built.encode(SimpleNamespace(prices=(1, 2), players=players), 0)


@settings(max_examples=40, deadline=None)
@given(coins=st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), min_size=1,
                      max_size=6), viewers=st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_a_reused_seat_block_gives_the_vector_a_fresh_layout_gives(
        coins: list[list[int]], viewers: list[int]) -> None:
    # The layout reuses a seat's block while its player object is the same: a sequence of
    # states that share some player objects encodes as a fresh layout encodes each one.
    kept = _toy_layout()
    players = [SimpleNamespace(coins=c) for c in (0, 0, 0)]
    for step, row in enumerate(coins):
        for seat, value in enumerate(row):
            if value % 3:  # some seats change, the others keep their object
                players[seat] = SimpleNamespace(coins=value)
        state = SimpleNamespace(turn=step, colour=None, cards=(), bag=(), first=None,
                                players=tuple(players))
        viewer = viewers[step]
        assert np.array_equal(kept.encode(state, viewer), _toy_layout().encode(state, viewer))


# --- every game's encoder --------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_state_encodes_as_its_seats_view_does(name: str) -> None:
    assert {"lisboa", "puerto-rico", "tiletum"} <= set(LAID_OUT)
    # The environments write from the state without building the view: the writers must
    # read only what the seat may see (another hand, hidden VP, a face-down stack).
    chosen = game(name)
    for players in chosen.players[:2]:
        for state in _positions(name, players, seed=players):
            for seat in range(players):
                view = observe(state, seat)
                expected = encode(view)
                assert np.array_equal(encode_state(state, seat), expected)
                assert np.array_equal(chosen.encode(view), expected)


@pytest.mark.parametrize("name", LAID_OUT)
def test_reused_segments_give_the_vector_written_anew(name: str) -> None:
    # A segment is reused while the fields it reads hold the same objects: along a game
    # (the seat to act looking, as in the environments, and then every seat), the vector
    # equals the one a layout that remembers nothing writes.
    players = game(name).default_players
    states = _positions(name, players, seed=11, every=1)
    built = game(name).observation_layout(states[0])
    for k, state in enumerate(states):
        for seat in (state.to_act if state.to_act is not None and state.to_act >= 0 else 0,
                     k % players):
            assert np.array_equal(built.encode(state, seat), built.fresh().encode(state, seat))


@pytest.mark.parametrize("name", LAID_OUT)
def test_the_layout_covers_the_vector_once(name: str) -> None:
    state = new_game(game(name).default_players, 0, game=name)
    segments = layout(state)
    assert segments[0].offset == 0
    for before, after in itertools.pairwise(segments):
        assert after.offset == before.offset + before.size and before.size > 0
    assert segments[-1].offset + segments[-1].size == observation_size(state)
    assert len({s.name for s in segments}) == len(segments)


# --- PettingZoo ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_answers_clearly_before_reset_and_gives_a_global_state(name: str) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra")
    from lisboa_core.envs.pettingzoo import env

    table = env(game=name)
    for ask in (table.last, table.state, lambda: table.observe("player_0")):
        with pytest.raises(LisboaError, match=r"reset\(\) first"):
            ask()
    table.reset(seed=3)
    whole = table.state()
    assert whole.shape == table.state_space.shape and table.state_space.contains(whole)
    seats = [table.observe(agent)["observation"] for agent in table.possible_agents]
    assert np.array_equal(whole, np.concatenate(seats))


# --- the vector environment ------------------------------------------------------------------


def _random_actions(masks: Any, rng: Any) -> Any:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize("name", GAMES)
def test_the_vector_env_steps_every_game_with_arrays(name: str) -> None:
    from lisboa_core.envs.vector import GameVectorEnv

    players = game(name).default_players
    envs = GameVectorEnv(3, game=name, players=players, max_decisions=40)
    observations, infos = envs.reset(seed=5)
    size, actions = envs.single_observation_space["observation"].shape[0], len(envs.actions)
    assert observations["observation"].shape == (3, size)
    assert observations["action_mask"].shape == (3, actions)
    # Game i is new_game(players, 5 + i): the same observation and mask as a lone game.
    for i in range(3):
        state = new_game(players, 5 + i, game=name)
        from lisboa_core.envs.encoder import settle_chance

        state = settle_chance(state)
        assert np.array_equal(observations["observation"][i],
                              encode(observe(state, state.to_act)))
        legal = {envs.actions.index(m) for m in game(name).stack.offered(state)}
        assert set(np.flatnonzero(observations["action_mask"][i])) == legal
        assert infos["to_act"][i] == state.to_act
    rng = np.random.default_rng(0)
    restarted = False
    for _ in range(45):  # past max_decisions: every game ends or is cut, and starts again
        observations, rewards, terminated, truncated, infos = envs.step(
            _random_actions(observations["action_mask"], rng))
        assert observations["action_mask"].sum(axis=1).min() >= 1  # a new game's mask
        restarted |= bool((terminated | truncated).any())
        assert not (rewards[~terminated]).any()
    assert restarted
    envs.close()


def test_the_vector_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    from lisboa_core.envs.vector import GameVectorEnv

    envs = GameVectorEnv(2, game="puerto-rico", players=3, copy=True)
    with pytest.raises(LisboaError, match=r"reset\(\) first"):
        envs.step([0, 0])
    observations, _ = envs.reset(seed=1)
    bad = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    good = int(np.flatnonzero(observations["action_mask"][0])[0])
    with pytest.raises(IllegalMoveError, match="game 1"):
        envs.step([good, bad])
    with pytest.raises(IllegalMoveError, match="game 0"):
        envs.step([len(envs.actions), good])
    again, _ = envs.reset(seed=1)
    assert np.array_equal(again["observation"], observations["observation"])
    envs.close()


def test_a_finished_game_pays_the_mover_its_rank_reward_and_restarts() -> None:
    from lisboa_core.envs.vector import GameVectorEnv

    envs = GameVectorEnv(2, game="puerto-rico", players=3)
    observations, infos = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(3000):
        movers = infos["to_act"]
        observations, rewards, terminated, _truncated, infos = envs.step(
            _random_actions(observations["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            ranks = infos["rewards"][i]
            assert abs(ranks.sum()) < 1e-6 and ranks.min() >= -1 and ranks.max() <= 1
            assert rewards[i] == ranks[movers[i]]
            ended += 1
        if ended >= 2:
            break
    assert ended >= 2
    envs.close()


@pytest.mark.slow
def test_worker_processes_give_the_games_one_process_gives() -> None:
    from lisboa_core.envs.vector import GameVectorEnv

    alone = GameVectorEnv(4, game="tiletum", players=2)
    shared = GameVectorEnv(4, game="tiletum", players=2, workers=2)
    try:
        a, _ = alone.reset(seed=9)
        b, _ = shared.reset(seed=9)
        rng = np.random.default_rng(9)
        for _ in range(30):
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            actions = _random_actions(a["action_mask"], rng)
            a, ra, ta, _ua, _ = alone.step(actions)
            b, rb, tb, _ub, _ = shared.step(actions)
            assert np.array_equal(ra, rb) and np.array_equal(ta, tb)
    finally:
        alone.close()
        shared.close()


# --- the single-agent environment ------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_seat_env_passes_gymnasiums_checker(name: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from lisboa_core.envs.gym import SeatEnv

    check_env(SeatEnv(game=name), skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_the_seat_env_plays_a_whole_game_against_bots(name: str) -> None:
    from lisboa_core.envs.gym import SeatEnv

    players = game(name).default_players
    env = SeatEnv(game=name, players=players, seat=1, opponents="random")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done, reward = False, 0.0
    while not done:
        assert env.game.to_act == 1  # the bots moved up to the learner's decision
        assert np.array_equal(observation, encode(observe(env.game, 1)))
        legal = np.flatnonzero(env.action_masks())
        assert np.array_equal(legal, np.flatnonzero(info["action_mask"])) and legal.size
        observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
        done = terminated or truncated
    assert is_over(env.game) and -1.0 <= reward <= 1.0
    assert not env.action_masks().any()
    with pytest.raises(LisboaError, match=r"reset\(\)"):
        env.step(0)


def test_an_illegal_action_is_refused_or_lost_as_asked() -> None:
    from lisboa_core.envs.gym import SeatEnv

    strict = SeatEnv(game="tiletum", players=2, illegal="raise")
    strict.reset(seed=1)
    before = strict.game
    bad = int(np.flatnonzero(~strict.action_masks())[0])
    with pytest.raises(IllegalMoveError):
        strict.step(bad)
    assert strict.game is before
    lenient = SeatEnv(game="tiletum", players=2)
    lenient.reset(seed=1)
    _obs, reward, terminated, truncated, info = lenient.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(LisboaError, match="unknown bot"):
        SeatEnv(game="tiletum", opponents="nobody")
    with pytest.raises(LisboaError, match="illegal"):
        SeatEnv(game="tiletum", illegal="ignore")


# --- MaskablePPO -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["lisboa", "puerto-rico", "tiletum"])
def test_the_maskable_ppo_example_trains_and_plays_every_game(name: str) -> None:
    # The shipped games: the example runs in a fresh process, where a game registered by
    # another test module (the conformance suite's toy) does not exist.
    pytest.importorskip("sb3_contrib", reason="the ppo extra")
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "maskable_ppo.py"), name, "256"],
        capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith("trained on 256 decisions")
    assert [line.split(":")[0] for line in lines[2:]] == ["game 1", "game 2"]


# --- OpenSpiel: undo and the public observation ----------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_undo_action_takes_back_every_action_in_turn(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra")
    from lisboa_core.envs.openspiel import deal_actions, short_name

    loaded = pyspiel.load_game(short_name(name), {"players": game(name).default_players})
    state = loaded.new_initial_state()
    rng = random.Random(5)
    seen = []
    for step in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice([a for a, _p in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        seen.append((state.current_player(), action, str(state), state.history(),
                     state.information_state_string(0) if step >= 4 else None))
        state.apply_action(action)
    assert state.history()[:4] == [a for _p, a, *_rest in seen[:4]]
    for player, action, text, history, recall in reversed(seen):
        with pytest.raises(ValueError, match="last action"):
            state.undo_action(player, action + 1)
        state.undo_action(player, action)
        assert (str(state), state.history()) == (text, history)
        if recall is not None:
            assert state.information_state_string(0) == recall
    with pytest.raises(ValueError, match="no action"):
        state.undo_action(0, 0)
    assert deal_actions(0) == [0, 0, 0, 0]


def test_openspiel_public_observation_is_the_same_for_every_seat() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra")
    import lisboa_core.envs.openspiel  # noqa: F401  (registers the games)

    loaded = pyspiel.load_game("python_puerto_rico", {"players": 3, "seed": 2})
    state = loaded.new_initial_state()
    public = loaded.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    texts = {public.string_from(state, seat) for seat in range(3)}
    assert texts == {state.public_observation_string()}
    assert f"seat {state.current_player()} decides" in state.public_observation_string()
    # The seats' own observations differ (each sees its own VP chips).
    assert len({state.observation_string(seat) for seat in range(3)}) == 3
