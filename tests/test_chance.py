"""Chance as data (issue 25.2): chance steps on the decision stack, their outcomes and
probabilities, sampling from the state's generator, records, the AI adapters and the
search bot; Tiletum's dice (TL4.1) are the chance steps; Lisboa and Puerto Rico have none."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from lisboa_core import (
    CHANCE,
    IllegalMoveError,
    ISMCTSBot,
    LisboaError,
    Match,
    Move,
    RandomBot,
    apply,
    chance_outcomes,
    is_chance,
    is_over,
    legal_moves,
    new_game,
    play_game,
    random_move,
    record_game,
    replay,
    sample_chance,
)
from lisboa_core.games.tiletum.state import State


def _round_one(players: int = 4, seed: int = 1) -> State:
    state = new_game(players=players, seed=seed, game="tiletum")
    assert isinstance(state, State)
    return state


def test_tl4_1_each_die_is_a_chance_step_with_the_bags_odds() -> None:
    """TL4.1: 14 dice for 4 players from a bag of 4 dice in each of 5 colours, each drawn
    at random and rolled: the first die is any colour (4/20) with any value (1/6), 1/30
    each; the step is owned by CHANCE and legal_moves lists its outcomes."""
    state = _round_one(4)
    assert is_chance(state) and state.to_act == CHANCE
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 30 and all(math.isclose(p, 1 / 30) for _, p in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert legal_moves(state) == tuple(m for m, _ in outcomes)
    assert sum(1 for f in state.pending if f.kind == "roll") == 14
    assert sum(len(a) for a in state.area_dice) == 0 and len(state.bag) == 20


def test_outcomes_sum_to_one_at_every_chance_step_of_a_game() -> None:
    state, rng = _round_one(3, 2), random.Random(2)
    seen: Counter[str] = Counter()
    while not is_over(state):
        if is_chance(state):
            outcomes = chance_outcomes(state)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            seen[state.pending[-1].kind] += 1
        else:
            assert chance_outcomes(state) == ()
        state = apply(state, random_move(state, rng))
    assert seen["roll"] == 4 * 11  # TL3.1, TL4.1: four rounds of 11 dice for 3 players
    assert seen["corrupt"] == 4 * 3  # TL5.1-TL5.2: a token turned up in each cycle
    assert seen["draw"] > 0  # TL11.1, TL12.5, TL19.1: refills from the decks


def test_setting_an_outcome_builds_the_position() -> None:
    """TL4.2-TL4.3: a die showing 3 goes to the area the wheel's section 3 faces, which is
    area 3 + wheel offset (mod 6); the bag loses one die of its colour."""
    state = _round_one(2, 5)
    after = apply(state, Move("roll", ("DY3",)))
    area = (3 - 1 + state.wheel) % 6
    assert after.area_dice[area] == ("DY3",)
    assert sum(len(a) for a in after.area_dice) == 1
    assert after.bag.count("DY") == state.bag.count("DY") - 1 and len(after.bag) == 9
    assert is_chance(after) and after.pending == state.pending[:-1]


def test_a_move_that_is_not_an_outcome_is_refused_and_changes_nothing() -> None:
    state = _round_one(2, 5)
    copy = state
    with pytest.raises(IllegalMoveError, match="not an outcome of the chance step 'roll'"):
        apply(state, Move("roll", ("DY7",)))
    with pytest.raises(IllegalMoveError):
        apply(state, Move("done"))
    assert state == copy and is_chance(state)


def test_an_outcome_of_an_empty_colour_is_refused() -> None:
    """TL4.1: only dice in the bag can be drawn: with no yellow die left, no yellow roll."""
    state = _round_one(2, 5)
    state = state.replaced({"bag": tuple(c for c in state.bag if c != "DY")})
    assert not any(m.args[0].startswith("DY") for m in legal_moves(state))
    with pytest.raises(IllegalMoveError):
        apply(state, Move("roll", ("DY1",)))


def test_sampling_is_deterministic_and_drives_random_move() -> None:
    state = _round_one(4, 9)
    first = sample_chance(state)
    assert first == sample_chance(state) == random_move(state, random.Random(123))
    assert first in legal_moves(state)
    # One draw of the state's generator is consumed whichever outcome is set.
    after = apply(state, first)
    other = apply(state, next(m for m in legal_moves(state) if m != first))
    assert after.rng == other.rng != state.rng


def test_the_samples_follow_the_probabilities() -> None:
    """Over many generators the first die's colour follows the bag (a 2-player bag of 2 per
    colour: each colour 1/5) and its value is uniform."""
    state = _round_one(2, 1)
    colours: dict[str, int] = {}
    values: dict[str, int] = {}
    for seed in range(1, 3001):
        move = sample_chance(state.replaced({"rng": state.rng.__class__(seed)}))
        die = str(move.args[0])
        colours[die[:2]] = colours.get(die[:2], 0) + 1
        values[die[2:]] = values.get(die[2:], 0) + 1
    assert len(colours) == 5 and all(abs(n - 600) < 100 for n in colours.values())
    assert len(values) == 6 and all(abs(n - 500) < 90 for n in values.values())


def test_lisboa_and_puerto_rico_have_no_chance_step() -> None:
    for name in ("lisboa", "puerto-rico"):
        state = new_game(players=3, seed=1, game=name)
        assert not is_chance(state) and chance_outcomes(state) == ()
        with pytest.raises(LisboaError, match="no chance step"):
            sample_chance(state)


def test_records_keep_the_rolls_and_replay_exactly() -> None:
    chooser = random.Random(4)
    record = record_game(lambda s: chooser.choice(legal_moves(s)), players=2, seed=4,
                         game="tiletum")
    rolls = [m for m in record.moves if m.startswith("roll ")]
    assert len(rolls) == 4 * 8  # TL4.1: 8 dice a round for 2 players, 4 rounds
    result = replay(record)
    assert result.ok and result.digest == record.final_digest and is_over(result.states[-1])
    again = random.Random(4)
    assert record_game(lambda s: again.choice(legal_moves(s)), players=2, seed=4,
                       game="tiletum").moves == record.moves


def test_play_game_and_match_roll_the_same_dice_for_the_same_seed() -> None:
    final, moves = play_game([RandomBot(1), RandomBot(2)], seed=6, game="tiletum",
                             max_decisions=60)
    again, moves_again = play_game([RandomBot(1), RandomBot(2)], seed=6, game="tiletum",
                                   max_decisions=60)
    assert moves == moves_again and final == again
    match = Match.new("tiletum", players=2, seed=6)
    assert match.is_chance
    played = match.settle_chance()
    assert played == moves[: len(played)] and not match.is_chance
    # TL4.1, TL5.2: 8 dice for 2 players, then the first cycle's corruption token
    assert [m.kind for m in played] == ["roll"] * 8 + ["reveal"]


def test_openspiel_exposes_the_dice_as_chance_nodes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from lisboa_core.envs import openspiel

    openspiel.register("tiletum")
    game = pyspiel.load_game("python_tiletum", {"players": 2, "seed": 3})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0) and len(outcomes) == 30
    assert state.legal_actions() == [a for a, _ in outcomes]
    action = outcomes[0][0]
    state.apply_action(action)
    assert state.position.area_dice != ((),) * 6
    with pytest.raises(Exception, match="not an outcome"):
        state.clone().apply_action(game.index[Move("done")])


def test_openspiel_random_sim_test_passes_on_tiletum() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from lisboa_core.envs import openspiel

    openspiel.register("tiletum")
    pyspiel.random_sim_test(pyspiel.load_game("python_tiletum", {"players": 2}),
                            num_sims=1, serialize=True, verbose=False)


def test_pettingzoo_agents_never_see_a_chance_step() -> None:
    pytest.importorskip("pettingzoo")
    from lisboa_core.envs.pettingzoo import env

    table = env(game="tiletum", players=2)
    table.reset(seed=3)
    assert not is_chance(table.game)
    assert sum(len(a) for a in table.game.area_dice) == 8
    rng = random.Random(3)
    for _ in range(200):
        if is_over(table.game):
            break
        assert not is_chance(table.game) and table.game.to_act in (0, 1)
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(rng.choice([i for i, on in enumerate(mask) if on]))


def test_ismcts_samples_the_dice_in_its_tree_and_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Near the end of round 1 the search looks past the cleanup into round 2's dice: it
    rolls them with sample_chance on its sampled states (each with its own generator) and
    still returns legal moves up to the roll."""
    from lisboa_core import observe
    from lisboa_core.bots import ismcts

    def round_one(stop: int | None) -> tuple[State, int]:
        state, rng, count = _round_one(2, 7), random.Random(7), 0
        while state.round == 1 and count != stop:
            state = apply(state, random_move(state, rng))
            count += 1
        return state, count

    _, length = round_one(None)
    state, _ = round_one(length - 8)
    rolled: list[State] = []

    def counted(sampled: State) -> Move:
        rolled.append(sampled)
        return sample_chance(sampled)

    monkeypatch.setattr(ismcts, "sample_chance", counted)
    bot = ISMCTSBot(3, iterations=6, width=0, depth=40)
    while not (is_chance(state) and state.pending[-1].kind == "roll"):
        if is_chance(state):  # a draw from a deck on the way
            state = apply(state, sample_chance(state))
            continue
        seat = state.to_act
        assert seat is not None and state.round == 1
        move = bot.choose(observe(state, seat), legal_moves(state))
        assert move in legal_moves(state)
        state = apply(state, move)
    assert state.round == 2 and rolled
    assert all(s.rng != state.rng for s in rolled)  # never the real game's generator


@pytest.mark.slow
def test_ismcts_plays_a_whole_tiletum_game() -> None:
    final, moves = play_game([ISMCTSBot(1, iterations=2, samples=1, width=2), RandomBot(2)],
                             seed=2, game="tiletum")
    assert is_over(final) and sum(1 for m in moves if m.kind == "roll") == 32


def test_a_chance_step_on_any_stack_stops_the_automatic_steps_and_the_lookahead() -> None:
    """The core mechanism, on a stack of its own: a coin (heads or tails, 1/2 each) pushed by
    an automatic step stops there as a decision would; a decision that looks ahead offers a
    move whose rest lies past the coin without searching through it (a checkpoint); the
    coin's outcomes are its moves; resolving it takes one draw of the generator."""
    from lisboa_core.core.frame import Frame
    from lisboa_core.core.stack import DecisionStack, push

    stack: DecisionStack[State] = DecisionStack("toy-coin")
    searched: list[Move] = []

    def coin_outcomes(state: State, frame: Frame) -> tuple[tuple[Move, float], ...]:
        return ((Move("coin", ("heads",)), 0.5), (Move("coin", ("tails",)), 0.5))

    def coin(state: State, frame: Frame, move: Move | None) -> State:
        assert move is not None
        searched.append(move)
        return state.replaced({"cycle": 1 if move.args[0] == "heads" else 2})

    def flip(state: State, frame: Frame, move: Move | None) -> State:
        return push(state, Frame("dead-end", 0), Frame("coin", CHANCE))

    def pick(state: State, frame: Frame, move: Move | None) -> State:
        return push(state, Frame("flip", -1))

    stack.register_chance("coin", coin, coin_outcomes)
    stack.register("flip", flip)
    stack.register("pick", pick, lambda s, f: (Move("go"),), lookahead=True)
    stack.register("dead-end", lambda s, f, m: s, lambda s, f: (),
                   lookahead=True)  # no way on: never reached

    state = _round_one(2, 1).with_pending((Frame("pick", 0),))
    assert stack.offered(state) == (Move("go"),) and searched == []  # stopped at the coin
    at_coin = stack.apply_move(state, Move("go"))
    assert at_coin.pending[-1] == Frame("coin", CHANCE)
    assert stack.outcomes(at_coin) == coin_outcomes(at_coin, at_coin.pending[-1])
    assert stack.outcomes(state) == ()
    tails = stack.apply_move(at_coin, Move("coin", ("tails",)))
    assert tails.cycle == 2 and tails.rng == at_coin.rng.next()[1]
    with pytest.raises(IllegalMoveError, match="not an outcome"):
        stack.apply_move(at_coin, Move("coin", ("edge",)))


def test_the_engine_protocol_lists_the_outcomes_with_their_odds_and_the_seeded_one() -> None:
    from lisboa_core.fronts.engine_protocol import Session

    session = Session()
    status = session.handle({"cmd": "new", "game": "tiletum", "players": 2, "seed": 1})
    assert status["to_act"] == CHANCE and status["decision"] == "roll"
    legal = session.handle({"cmd": "legal"})
    assert len(legal["moves"]) == len(legal["probabilities"]) == 30  # TL4.1: 5 colours x 6
    assert math.isclose(sum(legal["probabilities"]), 1.0)
    state = new_game(players=2, seed=1, game="tiletum")
    assert legal["sampled"] == str(sample_chance(state)) and legal["sampled"] in legal["moves"]
    after = session.handle({"cmd": "apply", "move": legal["sampled"]})
    assert after["ok"] and after["to_act"] == CHANCE


def test_the_browser_table_rolls_the_seeded_dice_before_the_persons_decision() -> None:
    from lisboa_core.fronts.table_game import Table

    table = Table(players=2, seat=0, bots=("random",), seed=3, game="tiletum")
    record = Match.new("tiletum", players=2, seed=3)
    rolls = [str(m) for m in record.settle_chance()]
    # TL4.1: 8 dice for 2 players; TL5.2: the first cycle's corruption token
    assert [m["move"] for m in table.moves[:9]] == rolls and len(rolls) == 9
    assert not is_chance(table.state) and table.bot_to_act() is None
    assert table.bots[CHANCE].name == "dice"


@pytest.mark.slow  # check_random_play plays whole games before it checks them
def test_the_conformance_suite_checks_every_chance_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outcomes whose probabilities do not sum to 1 are caught, naming the check (Tiletum's
    own pass: tests/test_conformance.py runs check_random_play on every game)."""
    from lisboa_core.games import game
    from lisboa_core.games.conformance import ConformanceError, check_random_play

    found = game("tiletum")
    real = type(found).chance_outcomes

    def halved(self: object, state: State) -> tuple[tuple[Move, float], ...]:
        return tuple((m, p / 2) for m, p in real(found, state))

    monkeypatch.setattr(type(found), "chance_outcomes", halved)
    with pytest.raises(ConformanceError, match=r"chance: tiletum .* summing to 1"):
        check_random_play("tiletum", seed=1)
