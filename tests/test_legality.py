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

from lisboa_core import (
    GreedyBot,
    RandomBot,
    apply,
    is_over,
    legal_moves,
    new_game,
    observe,
    random_move,
)
from lisboa_core.core import stack as core
from lisboa_core.core.replace import replace
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import State


def _offered(state: State, shortcuts: bool) -> tuple[str, ...]:
    fresh = replace(state)  # a new object: no cached answer for it
    core.SWITCHES.shortcuts = shortcuts
    try:
        return tuple(str(m) for m in legal_moves(fresh))
    finally:
        core.SWITCHES.shortcuts = True


def _played(policy: str, players: int, seed: int, depth: int = 6) -> Iterator[State]:
    """Every decision of one seeded game: ``random`` (uniform over the legal moves),
    ``greedy`` (a GreedyBot looking ``depth`` of its own decisions ahead on every seat) or
    ``mixed`` (one such greedy seat, random bots on the others)."""
    state = new_game(players, seed)
    chooser = random.Random(seed * 7 + players)
    bots: list[GreedyBot | RandomBot] = []
    if policy == "greedy":
        bots = [GreedyBot(seed * 10 + i, depth=depth) for i in range(players)]
    elif policy == "mixed":
        bots = [GreedyBot(seed * 10, depth=depth)]
        bots += [RandomBot(seed * 10 + i) for i in range(1, players)]
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


def test_the_switch_turns_every_prune_off() -> None:
    """With the shortcuts off the lookahead is the bare oracle (issue 23: the stores and
    openings were pruned by bounds whatever the switch, so the oracle compared a pruned
    search with a pruned one). A prune that wrongly drops every move changes nothing with
    the switch off, at a store decision, in a random draw there, and for a visit to Manuel
    whose Noble action builds a store (R9.1); with it on it empties the store list."""
    state = t.first_turn(3, 5)
    seat = state.to_act
    assert seat is not None
    store = t.with_player(t.start_noble_action(state, seat, "build-store"), seat, reis=30)
    card = next(c.id for c in ops.rules_of(state).political if c.type == "manuel")
    visit = t.with_player(t.give(state, seat, card), seat, hand=(card,), reis=30, influence=9)
    stores, visits = _offered(store, False), _offered(visit, False)
    assert stores and f"visit {card}" in visits
    saved = dict(STACK.handlers)
    for kind, handler in saved.items():
        if handler.prune is not None:
            STACK.handlers[kind] = handler.replaced(prune=lambda state, frame, moves: ())
    try:
        assert _offered(store, False) == stores
        assert _offered(visit, False) == visits
        core.SWITCHES.shortcuts = False
        try:
            assert str(random_move(replace(store), random.Random(1))) in stores
        finally:
            core.SWITCHES.shortcuts = True
        assert _offered(store, True) == ()  # the wrong prune is in place
    finally:
        STACK.handlers.update(saved)


# --- the differential ----------------------------------------------------------------------

# (policy, GreedyBot depth, players, first seed, games), in chunks of a few seconds each so
# that pytest-xdist spreads them. Random seats are often poor, so the bounds and judges
# that refuse a store, an opening or a visit are put to work; greedy seats grow rich and
# play long endgames (the reproducer is a greedy game), looking 6 of their own
# decisions ahead (GreedyBot's default) or judging each move by the very next state
# (depth 0) or the one after (depth 1), which reaches other positions and costs less.
_PLAN = [
    *(("random", 0, players, 1000 + 3 * half, 3) for players in (2, 3, 4) for half in range(2)),
    *(("mixed", 6, players, 2000, 2) for players in (2, 3, 4)),
    *(("greedy", 6, players, 3000, 1) for players in (2, 3, 4)),
    *(("greedy", 1, players, 4100 + 3 * half, 3) for players in (2, 3, 4) for half in range(2)),
    *(("greedy", 0, players, 4000 + 7 * half, 7) for players in (2, 3, 4) for half in range(2)),
]


def _chunk_id(chunk: tuple[str, int, int, int, int]) -> str:
    policy, depth, players, first, games = chunk
    bot = f"{policy}-d{depth}" if policy != "random" else policy
    return f"{bot}-{players}p-{first}x{games}"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", _PLAN, ids=[_chunk_id(c) for c in _PLAN])
def test_shortcuts_offer_the_moves_of_the_bare_oracle(
    chunk: tuple[str, int, int, int, int],
) -> None:
    """At every decision of the games of :data:`_PLAN` the moves offered with the shortcuts
    on are those of the bare oracle. 21,613 decisions in 87 games, every one played to its
    end: 4,889 in 18 random games, 1,730 in 6 mixed ones, 1,025 in 3 greedy games looking 6
    decisions ahead, 4,410 in 18 looking 1 ahead and 9,559 in 42 judging by the next state;
    2, 3 and 4 players each. About 155 CPU-seconds on the pure build (most of it the bare
    oracle refuting random seats' visits store by store), in 24 chunks of 3 to 21 s."""
    policy, depth, players, first, games = chunk
    compared = 0
    for seed in range(first, first + games):
        for state in _played(policy, players, seed, depth):
            fast = _offered(state, True)
            assert fast == _offered(state, False), (chunk, seed, state.pending[-1])
            compared += 1
    assert compared >= 150 * games  # a game of Lisboa takes about 170 to 450 decisions
