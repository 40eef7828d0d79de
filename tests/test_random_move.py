"""random_move: a uniformly random legal move found without proving every move legal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lisboa_core import (
    LisboaError,
    apply,
    is_over,
    legal_moves,
    new_game,
    random_move,
    state_digest,
)
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State


def _positions() -> list[State]:
    """Decisions from random games where the R3.6 lookahead removes some raw moves (so the
    shortcut has illegal moves to skip) and several legal ones remain."""
    found = []
    for seed in range(30):
        state = new_game(2 + seed % 3, seed)
        chooser = random.Random(seed)
        while not is_over(state) and len(found) < 4:
            frame = state.pending[-1]
            raw = STACK.handler(frame.kind).moves(state, frame)  # type: ignore[misc]
            legal = legal_moves(state)
            if 3 <= len(legal) < len(raw):
                found.append(state)
                break
            state = apply(state, chooser.choice(legal))
    assert len(found) == 4
    return found


@pytest.mark.parametrize("index", range(4))
def test_its_distribution_is_uniform_over_the_legal_moves(index: int) -> None:
    state = _positions()[index]
    legal = legal_moves(state)
    rng = random.Random(index)
    draws = 200 * len(legal)
    counts = Counter(random_move(state, rng) for _ in range(draws))
    assert set(counts) == set(legal)  # only legal moves, and every one of them
    expected = draws / len(legal)
    chi2 = sum((counts[m] - expected) ** 2 / expected for m in legal)
    # Chi-square with len(legal) - 1 degrees of freedom: its mean is k - 1 and its standard
    # deviation sqrt(2 (k - 1)); 6 deviations above the mean is far beyond chance.
    k = len(legal)
    assert chi2 < (k - 1) + 6 * (2 * (k - 1)) ** 0.5


def test_games_played_with_it_match_the_same_choices_made_from_the_list() -> None:
    # Two copies of one game stepped in turn, on purpose. ``fast`` meets only
    # random_move's path (it proves legal just the move it draws), ``slow`` only
    # legal_moves' (every move proved). The hints keep their last answer by the identity
    # of the position's tuples (``_LAST_STORES``, ``_LAST_PRICES``), so alternating two
    # copies makes each call miss the memo the other copy just filled and recompute, where
    # one game would hit it: the moves and the final digests agreeing shows the memo-hit
    # path and the recomputed path give the same answers.
    for seed in range(6):
        players = 2 + seed % 3
        fast, slow = new_game(players, seed), new_game(players, seed)
        rng = random.Random(seed)
        while not is_over(fast):
            move = random_move(fast, rng)
            assert move in legal_moves(slow)
            fast, slow = apply(fast, move), apply(slow, move)
        assert state_digest(fast) == state_digest(slow)


def test_it_refuses_a_finished_game_and_a_wrong_generator() -> None:
    state = new_game(2, 1)
    with pytest.raises(TypeError, match=r"random_move\(\): rng must be a Random"):
        random_move(state, 3)  # type: ignore[arg-type]
    rng = random.Random(0)
    while not is_over(state):
        state = apply(state, random_move(state, rng))
    with pytest.raises(LisboaError, match="the game is over"):
        random_move(state, rng)


def test_settle_forced_applies_exactly_the_single_move_decisions() -> None:
    """R3.6 offers only moves after which the action can finish; when that leaves one
    move, settle_forced plays it and says so."""
    from lisboa_core import settle_forced

    rng = random.Random(5)
    state = new_game(3, 5)
    settled = 0
    while not is_over(state):
        after, forced = settle_forced(state)
        replayed = state
        for move in forced:
            assert legal_moves(replayed) == (move,)
            replayed = apply(replayed, move)
        assert replayed == after
        settled += len(forced)
        if is_over(after):
            break
        assert len(legal_moves(after)) > 1
        state = apply(after, rng.choice(legal_moves(after)))
    assert settled > 0
