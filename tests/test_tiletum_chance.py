"""Tiletum's randomness is all in chance steps (issue 25.2, docs/games/tiletum/rules.md
TL26.3-TL26.4): the dice, the corruption tokens turned up and every draw from a deck. An
automatic step or a player's move never consults the generator, and every chance step
offers outcomes whose probabilities add up to 1."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lisboa_core import apply, chance_outcomes, is_chance, is_over, legal_moves, new_game
from lisboa_core.core.rng import Rng
from lisboa_core.games.tiletum.views import HIDDEN_RNG, determinize, observe


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), picks=st.randoms())
def test_tl26_3_the_generator_moves_only_at_chance_steps(seed: int, players: int,
                                                         picks: random.Random) -> None:
    state = new_game(players=players, seed=seed, game="tiletum")
    kinds = set()
    for _ in range(400):
        if is_over(state):
            break
        moves = legal_moves(state)
        move = picks.choice(moves)
        after = apply(state, move)
        if is_chance(state):
            outcomes = chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert [m for m, _ in outcomes] == list(moves)
            assert after.rng == state.rng.next()[1]  # one draw, whichever outcome
            kinds.add(state.pending[-1].kind)
        else:
            assert after.rng == state.rng, move
        state = after
    assert {"roll", "corrupt"} <= kinds


def test_tl26_2_a_view_hides_only_the_generator() -> None:
    """TL26.2: with every draw a chance step nothing in the state is hidden but the
    generator; a sampled state differs from the real one only there."""
    state = new_game(players=3, seed=5, game="tiletum")
    view = observe(state, 1)
    assert view.state == state.replaced({"rng": HIDDEN_RNG})
    sampled = determinize(view, 9)
    assert sampled.replaced({"rng": state.rng}) == state
    assert isinstance(sampled.rng, Rng) and observe(sampled, 1) == view
