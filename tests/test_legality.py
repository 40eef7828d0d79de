"""Legality against the bare oracle: the moves offered with the lookahead's shortcuts on
are exactly those of the full R3.6 search with every hint off, the rules' own move lists
unpruned (a store the seat cannot pay is played out to its payment and refused there).

A legal move missing is a rules bug, so the differential runs at every decision of many
seeded games (random, greedy and mixed policies, 2-4 players, greedy games played to their
end); the reproducers of the bugs it found come first.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from lisboa_core import GreedyBot, RandomBot, apply, is_over, legal_moves, new_game, observe
from lisboa_core._replace import replace
from lisboa_core.engine import core
from lisboa_core.state import State


def _offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    fresh = replace(state)  # a new object: no cached answer for it
    core.SWITCHES.shortcuts = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SWITCHES.shortcuts = True


def _played(policy: str, players: int, seed: int) -> Iterator[State]:
    """Every decision of one seeded game: ``random`` (uniform over the legal moves),
    ``greedy`` (a GreedyBot on every seat) or ``mixed`` (one greedy seat, random bots)."""
    state = new_game(players, seed)
    chooser = random.Random(seed * 7 + players)
    bots: list[GreedyBot | RandomBot] = []
    if policy == "greedy":
        bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    elif policy == "mixed":
        bots = [GreedyBot(seed * 10)] + [RandomBot(seed * 10 + i) for i in range(1, players)]
    while not is_over(state):
        yield state
        legal = legal_moves(state)
        seat = state.to_act
        assert seat is not None
        move = chooser.choice(legal) if not bots else bots[seat].choose(observe(state, seat), legal)
        state = apply(state, move)


# --- issue 23: a land whose reward takes a cube from the pile ------------------------------


def test_a_cube_from_the_pile_and_the_stores_cube_each_pay_a_rubble_trigger() -> None:
    """Issue 23: with clergy tile C30 ("on take-rubble: gain 1 reis per cube", R17.2.8), a
    land whose reward takes a cube from the pile (R10.1.2.3) and the store's own cube
    (R10.1.2.4) are two take-rubble events, so C30 pays twice before the price is paid
    (R10.1.3). The stores on such lands were pruned as unpayable."""
    bots = [GreedyBot(50014 + seat) for seat in range(3)]
    state = new_game(3, 50014)
    for _ in range(131):
        seat = state.to_act
        assert seat is not None
        state = apply(state, bots[seat].choose(observe(state, seat), legal_moves(state)))
    assert state.pending[-1].kind == "store" and state.to_act == 2
    player = state.players[2]
    assert (player.reis, player.influence) == (3, 9) and "C30" in player.clergy
    offered = _offered(state, True)
    missing_before = {"store yellow C2S", "store pink C2S", "store brown A4", "store blue A4"}
    assert missing_before <= set(offered)
    assert len(offered) == 12  # the issue: 12 stores can be completed, 8 were offered
    assert offered == _offered(state, False)


# --- the differential ----------------------------------------------------------------------

# (policy, players, first seed, games): about 23,000 decisions in all.
_PLAN = [
    *(("random", players, 1000 + 10 * block, 5) for players in (2, 3, 4) for block in range(5)),
    *(("mixed", players, 2000, 3) for players in (2, 3, 4)),
    *(("greedy", players, 3000 + 2 * half, 1) for players in (2, 3, 4) for half in range(2)),
]


@pytest.mark.slow
@pytest.mark.parametrize(("policy", "players", "first", "games"), _PLAN)
def test_shortcuts_offer_the_moves_of_the_bare_oracle(
    policy: str, players: int, first: int, games: int
) -> None:
    compared = 0
    for seed in range(first, first + games):
        for state in _played(policy, players, seed):
            fast = _offered(state, True)
            assert fast == _offered(state, False), (policy, players, seed, state.pending[-1])
            compared += 1
    assert compared >= 200 * games  # a game of Lisboa takes 230 to 400 decisions
