"""Properties of Puerto Rico play: random legal games from random seeds never crash, end
within a bound and keep every invariant; illegal moves are refused without harm; a seed
fixes the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lisboa_core
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.puerto_rico.game import GAME
from lisboa_core.games.puerto_rico.invariants import check_invariants
from lisboa_core.games.puerto_rico.state import State

BOUND = GAME.max_decisions


def _random_game(players: int, seed: int, *, check: bool) -> tuple[State, int]:
    state = lisboa_core.new_game(players=players, seed=seed, game="puerto-rico")
    rng = random.Random(seed)
    decisions = 0
    before = state
    while not lisboa_core.is_over(state):
        legal = lisboa_core.legal_moves(state)
        assert legal, "a live game always offers a move"
        state = lisboa_core.apply(state, rng.choice(legal))
        decisions += 1
        assert decisions <= BOUND
        if check:
            problems = check_invariants(state)
            assert not problems, problems
            for p, q in zip(before.players, state.players, strict=True):
                # PR11.1.5 tiles and buildings are never removed; PR5.3.6 colonists never
                # leave a board; PR1.2.6 doubloons never below 0
                assert p.tiles <= q.tiles and p.colonists <= q.colonists
                assert all(b < 0 or a >= 0 for a, b in zip(q.city, p.city, strict=True))
                assert q.doubloons >= 0
        before = state
    return state, decisions


@settings(max_examples=9, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**31 - 1))
def test_random_play_ends_and_keeps_the_invariants(players: int, seed: int) -> None:
    """Random legal play ends within the game's bound with every invariant holding after
    every move (PR1.2 the supplies' limits, conservation of every piece; PR0.1.6 a circle
    holds one colonist; PR0.3.4 the compulsory steps leave no dead end)."""
    end, _ = _random_game(players, seed, check=True)
    assert end.pending == () and end.end_reasons


def test_the_same_seed_gives_the_same_game() -> None:
    """Setup and every shuffle come from the seed: two runs agree move by move."""
    a, n = _random_game(4, 77, check=False)
    b, m = _random_game(4, 77, check=False)
    assert n == m and a == b


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), junk=st.sampled_from([
    ("role", ("nobody",)), ("build", ("Nowhere",)), ("load", ("corn", "ship99")),
    ("sell", ("gold",)), ("pass", ()), ("place", ("moon",)), ("take", ("quarry",))]))
def test_an_illegal_move_raises_and_leaves_the_state_untouched(
        seed: int, steps: int, junk: tuple[str, tuple[str, ...]]) -> None:
    """An illegal move raises IllegalMoveError with a reason; the state is unchanged."""
    state = lisboa_core.new_game(players=4, seed=seed, game="puerto-rico")
    rng = random.Random(seed)
    for _ in range(steps):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    move = lisboa_core.Move(junk[0], junk[1])
    if move in lisboa_core.legal_moves(state):
        return
    copy = state.replaced({})
    before = repr(state.players)
    try:
        lisboa_core.apply(state, move)
    except IllegalMoveError as error:
        assert str(error).strip()
        assert str(move) in str(error) or junk[0] in str(error)
    else:
        raise AssertionError(f"{move} was accepted")
    assert state == copy and repr(state.players) == before


def test_the_finished_game_refuses_every_move() -> None:
    """After the end (PR15.2) no move is legal and any move raises."""
    end, _ = _random_game(3, 5, check=False)
    assert lisboa_core.legal_moves(end) == ()
    try:
        lisboa_core.apply(end, lisboa_core.Move("role", ("settler",)))
    except IllegalMoveError as error:
        assert "over" in str(error)
    else:
        raise AssertionError("a move after the end was accepted")


def test_every_legal_move_is_in_the_action_space_and_can_be_described() -> None:
    """The fixed action space holds every move a game offers; describing and rendering
    never fail, for the full state and a seat's view."""
    from lisboa_core.games.puerto_rico.views import observe

    space = set(GAME.action_space(GAME.load_rules()))
    state = lisboa_core.new_game(players=5, seed=12, game="puerto-rico")
    rng = random.Random(12)
    step = 0
    while not lisboa_core.is_over(state):
        legal = lisboa_core.legal_moves(state)
        for move in legal:
            assert move in space, move
            assert GAME.describe_move(state, move)
        if step % 97 == 0:
            assert GAME.render_text(state) and GAME.render_text(observe(state, step % 5))
        state = lisboa_core.apply(state, rng.choice(legal))
        step += 1
    assert "winners" in GAME.render_score_sheet(GAME.score(state))
