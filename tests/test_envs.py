"""The AI-framework bridges: the observation vector, the PettingZoo environment and the
OpenSpiel game (played to the end by its MCTS and IS-MCTS bots). PettingZoo's own api_test
and seed_test run on every adapted game in the conformance suite (test_conformance, through
lisboa_core.games.conformance.check_pettingzoo); test_openspiel_adapter and
test_pettingzoo_adapter hold the rest of the frameworks' own checks."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy", reason="the observation vector needs the rl extra")

from lisboa_core import apply, determinize, is_over, legal_moves, new_game, observe
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa.observation import NOT_ENCODED, encode, layout, observation_size
from lisboa_core.games.lisboa.state import PlayerState, State


def _position(players: int, seed: int, moves: int) -> State:
    state = new_game(players, seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, chooser.choice(legal_moves(state)))
    return state


# --- the observation vector ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_vector_has_one_fixed_length_per_player_count(players: int) -> None:
    sizes = {
        encode(observe(_position(players, seed, moves), seat)).shape
        for seed in range(3) for moves in (0, 60, 150) for seat in range(players)
    }
    assert sizes == {(observation_size(new_game(players, 0)),)}
    vector = encode(observe(_position(players, 1, 80), 0))
    assert vector.dtype == np.float32
    segments = layout(new_game(players, 0))
    assert sum(s.size for s in segments) == vector.shape[0]
    assert [s.offset for s in segments] == list(np.cumsum([0] + [s.size for s in segments[:-1]]))


@pytest.mark.parametrize("seed", range(6))
def test_hidden_information_does_not_change_the_vector(seed: int) -> None:
    # R3.11: another seat's hand, the deck orders, the bag: a state sampled to agree with
    # what the seat sees differs in all of these, and must encode the same for that seat.
    players = 2 + seed % 3
    state = _position(players, seed, 40 + 25 * seed)
    seat = seed % players
    sampled = determinize(observe(state, seat), seed=1000 + seed)
    assert sampled != state
    assert np.array_equal(encode(observe(sampled, seat)), encode(observe(state, seat)))


def test_what_the_seat_sees_does_change_the_vector() -> None:
    state = _position(3, 2, 90)
    me = encode(observe(state, 0))
    assert not np.array_equal(me, encode(observe(state, 1)))  # another seat, another view
    later = apply(state, legal_moves(state)[0])
    assert not np.array_equal(encode(observe(later, 0)), me) or later.pending == state.pending


def test_every_visible_field_is_encoded() -> None:
    sources = {s.source for s in layout(new_game(4, 0))}
    state_fields = {f"state.{name}" for name in State.FIELDS if name != "players"}
    player_fields = {f"players[].{name}" for name in PlayerState.FIELDS}
    left_out = {f"state.{name}" for name in NOT_ENCODED}
    assert sources == (state_fields | player_fields) - left_out


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("reis", lambda p: {"reis": p.reis + 1}),
        ("wigs", lambda p: {"wigs": p.wigs + 3}),
        ("influence", lambda p: {"influence": p.influence + 1}),
        ("goods", lambda p: {"goods": (p.goods[0] + 1, *p.goods[1:])}),
        ("rubble", lambda p: {"rubble": (p.rubble[0], p.rubble[1] + 1, p.rubble[2])}),
        ("officials", lambda p: {"officials": p.officials - 1}),
        ("markers", lambda p: {"markers": p.markers + 1}),
    ],
)
def test_a_change_to_a_players_field_changes_its_segment(field: str, change: object) -> None:
    state = _position(4, 3, 70)
    for seat in range(4):
        player = state.players[seat]
        players = list(state.players)
        players[seat] = replace(player, **change(player))  # type: ignore[operator]
        changed = replace(state, players=tuple(players))
        before, after = encode(observe(state, 0)), encode(observe(changed, 0))
        relative = seat  # seen from seat 0
        segment = next(s for s in layout(state) if s.name == f"players[{relative}].{field}")
        differs = np.flatnonzero(before != after)
        assert differs.size and all(
            segment.offset <= i < segment.offset + segment.size for i in differs
        )


def test_encode_refuses_a_whole_state() -> None:
    with pytest.raises(TypeError, match="takes a View"):
        encode(new_game(2, 0))  # type: ignore[arg-type]


def test_importing_the_library_loads_no_heavy_package() -> None:
    code = (
        "import sys, lisboa_core, lisboa_core.envs, lisboa_core.fronts.cli, lisboa_core.studies.balance\n"
        "from lisboa_core.games import game, games\n"
        "[game(name) for name in games()]  # every game's module, Puerto Rico's included\n"
        "heavy = [m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel',"
        " 'starlette', 'uvicorn', 'playwright', 'jsonschema', 'ray', 'matplotlib', 'tqdm',"
        " 'torch', 'sb3_contrib')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, stdin=subprocess.DEVNULL)
    assert result.stdout.strip() == "[]"


# --- PettingZoo ------------------------------------------------------------------------------


def test_every_registered_game_has_an_environment() -> None:
    # Issue 22: the adapters work on every game, each with its own action space,
    # observation and name.
    from lisboa_core.envs import adapted_games
    from lisboa_core.envs.pettingzoo import env
    from lisboa_core.games import game

    for name in adapted_games():
        table = env(game=name)
        table.reset(seed=1)
        agent = table.agent_selection
        assert table.action_space(agent).n == len(game(name).action_space(table.rules))
        assert table.observe(agent)["observation"].shape == (
            game(name).observation_size(table.game),)
        assert table.metadata["name"] == name.replace("-", "_") + "_v0"


def test_an_unknown_game_or_player_count_is_refused() -> None:
    from lisboa_core import LisboaError
    from lisboa_core.envs.pettingzoo import env

    with pytest.raises(LisboaError, match="no game named 'chess'"):
        env(game="chess")
    with pytest.raises(LisboaError, match="Puerto Rico is played by 3 to 5 players, not 2"):
        env(game="puerto-rico", players=2)


def test_a_puerto_rico_game_plays_to_the_end_with_rank_rewards() -> None:
    from lisboa_core import score
    from lisboa_core.envs.pettingzoo import env

    table = env(game="puerto-rico", players=3)
    table.reset(seed=9)
    chooser = random.Random(9)
    rewards = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _info = table.last()
        rewards[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        assert agent == f"player_{table.game.to_act}"
        mask = observation["action_mask"]
        assert mask.sum() == len(legal_moves(table.game))
        table.step(int(chooser.choice(np.flatnonzero(mask))))
    assert is_over(table.game)
    # Rank reward: one point per seat beaten less one per seat beating it, over players - 1.
    totals = [seat.total for seat in score(table.game).seats]
    for seat, total in enumerate(totals):
        expected = sum((total > t) - (total < t) for t in totals) / 2
        assert rewards[f"player_{seat}"] == pytest.approx(expected)


def test_agent_selection_follows_the_seat_to_act_and_rewards_come_at_the_end() -> None:
    from lisboa_core.envs.pettingzoo import env

    game = env(players=3)
    game.reset(seed=5)
    rewards = dict.fromkeys(game.possible_agents, 0.0)
    out_of_turn = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        rewards[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        state = game.game
        assert agent == f"player_{state.to_act}"
        out_of_turn += state.to_act != state.current
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() == len(legal_moves(state))
        game.step(int(np.flatnonzero(mask)[0]))
    assert out_of_turn > 0  # follows, church scoring or period discards came up
    # Rank reward (module docstring): zero-sum, in [-1, 1], the best score gets the most.
    assert sum(rewards.values()) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in rewards.values())


def test_a_game_its_players_never_end_is_truncated() -> None:
    # Seats that always take the last legal move choose roles that change nothing in
    # Puerto Rico, round after round: the environment cuts the game at max_decisions.
    from lisboa_core.envs.pettingzoo import env

    table = env(game="puerto-rico", players=3, max_decisions=400)
    assert env(game="puerto-rico").max_decisions == 5000 and env().max_decisions == 1500
    table.reset(seed=9)
    steps = 0
    for _agent in table.agent_iter():
        observation, reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        steps += 1
    assert steps == 400 and not is_over(table.game)
    table.reset(seed=9)  # a new episode starts its count afresh
    assert not any(table.truncations.values())


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    from lisboa_core import IllegalMoveError
    from lisboa_core.envs.pettingzoo import env

    game = env(players=2)
    game.reset(seed=1)
    before = game.game
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError):
        game.step(illegal)
    assert game.game is before


# --- OpenSpiel -------------------------------------------------------------------------------


@pytest.mark.slow
def test_openspiel_mcts_and_ismcts_bots_play_to_the_end() -> None:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import lisboa_core.envs.openspiel  # noqa: F401

    game = pyspiel.load_game("python_lisboa", {"players": 2, "seed": 11})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng),
        # Legal moves depend on hidden cards through the R3.6 lookahead, so two states of
        # one information set may offer different actions.
        ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng,
                         allow_inconsistent_action_sets=True),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_strings_and_tensors_come_from_the_seats_view() -> None:
    import pyspiel

    import lisboa_core.envs.openspiel  # noqa: F401

    game = pyspiel.load_game("python_lisboa", {"players": 3, "seed": 4})
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    assert np.array_equal(tensor, encode(observe(state.lisboa, seat)))
    assert state.observation_string(seat).startswith(f"seat {seat} |")
    assert state.information_state_string(seat).startswith(f"seat {seat} |")
