"""Random legal play: never stuck, never raising, invariants after every move (issue 3).

Covers R3.6 (a started action always completes: every decision offers a move), the
notation round trip, the action index, and that ``apply`` never changes its input.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import (
    action_index,
    apply,
    is_over,
    legal_mask,
    legal_moves,
    new_game,
    parse_move,
)
from lisboa_core.games.lisboa.testing import check_invariants


def _play(players: int, seed: int, decisions: int, chooser: random.Random, deep: bool) -> int:
    state = new_game(players, seed)
    assert check_invariants(state) == []
    for step in range(decisions):
        if is_over(state):
            return step
        moves = legal_moves(state)
        assert moves, f"seat {state.to_act} has no move at {state.pending[-1]}"  # R3.6
        move = chooser.choice(moves)
        if deep:
            assert parse_move(state, str(move)) == move
            mask = legal_mask(state)
            assert sum(mask) == len(moves) and all(mask[action_index(state, m)] for m in moves)
            before = pickle.dumps(state)
            assert hash(state) == hash(pickle.loads(before))  # plain data, even mid-decision
        after = apply(state, move)
        if deep:
            assert pickle.dumps(state) == before  # apply never changes its input
        problems = check_invariants(after)
        assert not problems, (str(move), problems)
        state = after
    return decisions


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_random_legal_play_keeps_every_promise(players: int, seed: int, choices: random.Random) -> None:
    _play(players, seed, 150, choices, deep=True)


# The issue 3 acceptance run (100 seeds x 2/3/4 players x 500 decisions) is part of
# tests/test_full_games.py: 300 seeds per player count, each game played to its end
# (a game is 230-300 decisions) with the invariants checked after every move.
