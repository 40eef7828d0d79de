"""The R3.6 lookahead's shortcuts never change what is legal.

A handler may tell the lookahead to search only some of its moves (``search``) when the
others can never do better for finishing the action: a visit's free State action that
cannot make its Noble action possible (R9.1, R10), more sales or trades once ``done`` would
end the turn's action (R6.3, R7). The moves offered must be exactly those of the full
search, in every position; here the two are compared at every decision of random games.
"""

from __future__ import annotations

import random

import pytest

from lisboa_core import apply, is_over, legal_moves, new_game
from lisboa_core._replace import replace
from lisboa_core.engine import core
from lisboa_core.state import State


def _offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    fresh = replace(state)  # a new object: no cached answer for it
    core.SEARCH_SHORTCUTS = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SEARCH_SHORTCUTS = True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_shortcuts_offer_exactly_the_moves_of_the_full_search(players: int) -> None:
    compared = 0
    for seed in range(4):
        state = new_game(players, 500 + seed)
        chooser = random.Random(seed)
        while not is_over(state):
            assert _offered(state, True) == _offered(state, False), (players, seed)
            compared += 1
            state = apply(state, chooser.choice(legal_moves(state)))
    assert compared > 500
