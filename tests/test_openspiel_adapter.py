"""The OpenSpiel game against OpenSpiel's own checks: pickling (a state must reach another
process), the deal as a chance node, a perfect-recall information state, and the work
random_sim_test costs (issue 23, item 4). random_sim_test itself, with serialisation, runs
on every adapted game in the conformance suite (test_conformance, through
lisboa_core.games.conformance.check_openspiel: issue 22, the adapters work on every game)."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy", reason="the OpenSpiel game needs the openspiel extra")
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import action_index, apply, is_over, legal_moves, new_game, observe

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra")
openspiel = pytest.importorskip("lisboa_core.envs.openspiel", reason="needs the openspiel extra")


def _play(state: object, moves: int, seed: int) -> list[int]:
    """Play ``moves`` random actions (the deal included) on an OpenSpiel state."""
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if state.is_terminal():  # type: ignore[attr-defined]
            break
        if state.is_chance_node():  # type: ignore[attr-defined]
            action = rng.randrange(openspiel.CHANCE_OUTCOMES)
        else:
            action = rng.choice(state.legal_actions())  # type: ignore[attr-defined]
        state.apply_action(action)  # type: ignore[attr-defined]
        played.append(action)
    return played


def test_every_game_is_registered_under_its_short_name() -> None:
    from lisboa_core.envs import adapted_games
    from lisboa_core.games import game

    for name in adapted_games():
        short = openspiel.short_name(name)
        assert short in pyspiel.registered_names()
        loaded = pyspiel.load_game(short)
        assert loaded.num_players() == game(name).default_players
        assert loaded.max_game_length() == game(name).max_decisions
        assert loaded.num_distinct_actions() == len(game(name).action_space(loaded.rules))
        assert loaded.get_type().long_name == f"{game(name).title} (lisboa_core)"
    assert openspiel.short_name("lisboa") == openspiel.GAME_NAME == "python_lisboa"
    assert openspiel.short_name("puerto-rico") == "python_puerto_rico"
    with pytest.raises(Exception, match="players must be 3, 4 or 5, got 2"):
        pyspiel.load_game("python_puerto_rico", {"players": 2})


def test_a_puerto_rico_observation_is_its_games_vector_of_the_seats_view() -> None:
    from lisboa_core.games import game

    loaded = pyspiel.load_game("python_puerto_rico", {"players": 4, "seed": 2})
    state = loaded.new_initial_state()
    _play(state, 25, seed=2)
    seat = state.current_player()
    expected = game("puerto-rico").encode(observe(state.position, seat))
    assert loaded.observation_tensor_size() == expected.shape[0]
    assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
    assert state.observation_string(seat).startswith(f"seat {seat} | round ")


def test_a_game_its_players_never_end_stops_at_the_game_length_as_a_draw() -> None:
    # Seats that always take the last legal move choose roles that change nothing in
    # Puerto Rico forever; OpenSpiel needs every game to end within max_game_length.
    game = openspiel.LisboaGame({"players": 3, "seed": 9}, game="puerto-rico")
    assert game.length == game.max_game_length() == 5000
    game.length = 200  # the same cut, sooner
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert len(state.history()) == 200 and not is_over(state.position)
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.legal_actions() == [] and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


@pytest.mark.parametrize("name", ["python_lisboa", "python_puerto_rico"])
def test_game_and_state_pickle_and_serialize_round_trip(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 3})
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    _play(state, 60, seed=1)
    infostates = [state.information_state_string(p) for p in range(3)]

    copies = [
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ]
    for copy in copies:
        assert copy.lisboa == state.lisboa
        assert copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert [copy.information_state_string(p) for p in range(3)] == infostates
        assert copy.observation_tensor(1) == state.observation_tensor(1)
    # The copies play on exactly as the original does.
    rng = random.Random(2)
    for _ in range(30):
        action = rng.choice(state.legal_actions())
        for s in (state, *copies):
            s.apply_action(action)
    assert all(c.lisboa == state.lisboa for c in copies)
    assert all(c.information_state_string(0) == state.information_state_string(0)
               for c in copies)


@pytest.mark.parametrize(("name", "counts"), [("python_lisboa", (2, 4)),
                                             ("python_puerto_rico", (3, 5))])
@settings(max_examples=12, deadline=None)
@given(data=st.data(), moves=st.integers(0, 120), seed=st.integers(0, 2**32 - 1))
def test_pickling_keeps_everything_a_seat_and_the_game_see(
    name: str, counts: tuple[int, int], data: st.DataObject, moves: int, seed: int
) -> None:
    players = data.draw(st.integers(*counts))
    game = pyspiel.load_game(name, {"players": players})
    state = game.new_initial_state()
    _play(state, moves, seed)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.lisboa == state.lisboa and copy.history() == state.history()
    assert copy.is_chance_node() == state.is_chance_node()
    assert copy.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert copy.information_state_string(seat) == state.information_state_string(seat)
        assert copy.observation_string(seat) == state.observation_string(seat)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("python_lisboa", 2), ("python_puerto_rico", 3)])
def test_a_pickled_state_plays_on_in_a_fresh_process(name: str, players: int) -> None:
    # What a multiprocessing or Ray worker does: unpickle with nothing imported before.
    game = pyspiel.load_game(name, {"players": players})
    state = game.new_initial_state()
    _play(state, 40, seed=3)
    code = (
        "import pickle, sys\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(state.legal_actions())\n"
        "print(state.information_state_string(0))\n"
        "state.apply_action(state.legal_actions()[0])\n"
        "print(state.information_state_string(1))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                            capture_output=True, check=True)
    legal, infostate, after = result.stdout.decode().splitlines()
    assert legal == str(state.legal_actions())
    assert infostate == state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    assert after == state.information_state_string(1)


# --- the deal ------------------------------------------------------------------------------


def test_the_deal_is_drawn_at_chance_nodes_whose_outcomes_are_the_seed() -> None:
    game = pyspiel.load_game("python_lisboa", {"players": 3})
    first, second = game.new_initial_state(), game.new_initial_state()
    assert game.max_chance_outcomes() == 256
    assert openspiel.DEALS == 2**32
    seed = 0x1A2B3C4D
    assert openspiel.deal_actions(seed) == [0x4D, 0x3C, 0x2B, 0x1A]  # least significant first
    # The game object holds no hidden state: the same outcomes deal the same game.
    for state in (first, second):
        for byte in openspiel.deal_actions(seed):
            assert state.is_chance_node() and state.lisboa is None
            outcomes = state.chance_outcomes()
            assert [a for a, _p in outcomes] == list(range(256))
            assert {p for _a, p in outcomes} == {1 / 256}
            assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
            state.apply_action(byte)
    assert first.lisboa == second.lisboa == new_game(3, seed)
    assert first.history() == openspiel.deal_actions(seed)
    assert first.current_player() == first.lisboa.to_act
    with pytest.raises(ValueError, match="seed"):
        openspiel.deal_actions(2**32)


def test_a_seed_parameter_fixes_the_deal_without_a_chance_node() -> None:
    game = pyspiel.load_game("python_lisboa", {"players": 3, "seed": 77})
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.lisboa == game.new_initial_state().lisboa == new_game(3, 77)
    drawn = pyspiel.load_game("python_lisboa", {"players": 3}).new_initial_state()
    for byte in openspiel.deal_actions(77):
        drawn.apply_action(byte)
    assert drawn.lisboa == state.lisboa  # the same deal as the chance outcomes of 77
    with pytest.raises(ValueError, match="seed must be -1"):
        pyspiel.load_game("python_lisboa", {"players": 3, "seed": -2})


@pytest.mark.parametrize(("name", "players"), [("python_lisboa", 2), ("python_puerto_rico", 3)])
def test_reloading_the_game_by_name_every_episode_gives_fresh_deals(
    name: str, players: int
) -> None:
    # As shimmy's OpenSpielCompatibilityV0 does: load by name, sample the chance nodes
    # with the episode's generator. Fresh deals, and the same seed gives the same deals.
    def deals(seed: int) -> list[object]:
        rng = np.random.default_rng(seed)
        dealt = []
        for _episode in range(3):
            state = pyspiel.load_game(name, {"players": players}).new_initial_state()
            while state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            dealt.append(state.lisboa)
        return dealt

    first = deals(0)
    assert len(set(first)) == 3
    assert deals(0) == first


@pytest.mark.parametrize(("name", "players"), [("python_lisboa", 2), ("python_puerto_rico", 3)])
def test_openspiels_rl_environment_deals_afresh_at_every_reset(name: str, players: int) -> None:
    from open_spiel.python import rl_environment

    def deals(seed: int) -> list[object]:
        environment = rl_environment.Environment(name, players=players)
        environment.seed(seed)
        dealt = []
        for _episode in range(3):
            environment.reset()
            dealt.append(environment.get_state.lisboa)
        return dealt

    first = deals(5)
    assert len(set(first)) == 3
    assert deals(5) == first


# --- the information state -----------------------------------------------------------------


def _transposition() -> tuple[list[int], list[int], list[int]]:
    """A prefix and two different action pairs of one seat after it that reach the same
    position, through different positions in between."""
    for seed in range(20):
        state, rng, prefix = new_game(2, seed), random.Random(seed), openspiel.deal_actions(seed)
        for _ in range(80):
            if is_over(state):
                break
            seat, reached = state.to_act, {}
            for first in legal_moves(state):
                middle = apply(state, first)
                if middle.to_act != seat or is_over(middle):
                    continue
                for second in legal_moves(middle)[:12]:
                    end = apply(middle, second)
                    path = [action_index(state, first), action_index(middle, second)]
                    if end in reached and reached[end][0] != path[0]:
                        return prefix, reached[end], path
                    reached.setdefault(end, path)
            move = rng.choice(legal_moves(state))
            prefix.append(action_index(state, move))
            state = apply(state, move)
    raise AssertionError("no transposition found in 20 seeded games")


def test_the_information_state_has_perfect_recall() -> None:
    prefix, one, other = _transposition()
    game = pyspiel.load_game("python_lisboa", {"players": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    for s, tail in ((a, one), (b, other)):
        for action in prefix + tail:
            s.apply_action(action)
    assert a.lisboa == b.lisboa
    for seat in range(2):
        # The same position now, so the same observation; but the seats saw different
        # positions on the way (and one of them chose differently).
        assert a.observation_string(seat) == b.observation_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
        assert a.information_state_string(seat) != b.information_state_string(seat)
    # The same history gives the same information state, in a clone too.
    again = game.new_initial_state()
    for action in prefix + one:
        again.apply_action(action)
    assert again.clone().information_state_string(0) == a.information_state_string(0)


def test_only_what_is_provided_is_declared() -> None:
    game = pyspiel.load_game("python_lisboa", {"players": 2, "seed": 1})
    kind = game.get_type()
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.information_state_tensor(0)


def test_a_resampled_state_keeps_the_seats_information_state() -> None:
    game = pyspiel.load_game("python_lisboa", {"players": 3})
    state = game.new_initial_state()
    _play(state, 50, seed=4)
    seat = state.current_player()
    resampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert resampled.lisboa != state.lisboa  # hidden pieces are sampled afresh
    assert observe(resampled.lisboa, seat) == observe(state.lisboa, seat)
    assert resampled.information_state_string(seat) == state.information_state_string(seat)
    assert resampled.observation_string(seat) == state.observation_string(seat)


# --- the cost of OpenSpiel's checks --------------------------------------------------------


@pytest.mark.slow
def test_random_sim_test_deals_once_and_encodes_each_view_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # random_sim_test clones every state three times and asks for every seat's observation
    # and the tensor shape (by encoding an initial state) at every decision; a clone used to
    # deal a whole new game, and every question to encode the view again.
    calls = {"new_game": 0, "encode": 0, "apply": 0}

    def counted(name: str, real: object) -> object:
        def call(*args: object, **kwargs: object) -> object:
            calls[name] += 1
            return real(*args, **kwargs)  # type: ignore[operator]
        return call

    for name in calls:
        monkeypatch.setattr(openspiel, name, counted(name, getattr(openspiel, name)))
    players = 3
    game = openspiel.LisboaGame({"players": players})
    calls["new_game"] = 0
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    decisions = calls["apply"] // 2  # each decision is applied to the state and a clone
    assert decisions > 100
    assert calls["new_game"] == 1  # the deal
    assert calls["encode"] <= players * (decisions + 1)
