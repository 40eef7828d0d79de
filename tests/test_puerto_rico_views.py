"""What each Puerto Rico seat may see (PR17)."""

from __future__ import annotations

import random

import lisboa_core
from lisboa_core.games.puerto_rico.invariants import check_invariants
from lisboa_core.games.puerto_rico.views import determinize, observe
from puerto_rico_scenarios import blank, fresh, seat


def test_pr17_1_2_vp_chips_are_hidden_from_the_other_seats_only() -> None:
    """PR17.1.2/PR19.1.6: a seat sees its own VP chips, not the others'; the VP supply is
    public; PR17.1.1 doubloons and goods are public."""
    state = blank(fresh(4))
    state = seat(state, 0, vp=7, doubloons=3, goods={"corn": 2})
    state = seat(state, 1, vp=5)
    view = observe(state, 1)
    assert view.state.players[1].vp == 5
    assert view.state.players[0].vp != 7
    assert view.state.players[0].doubloons == 3 and view.state.players[0].goods[0] == 2
    assert view.state.vp_supply == state.vp_supply


def test_pr17_1_3_the_hidden_stack_is_hidden_and_face_up_is_public() -> None:
    """PR17.1.3/PR4.2.1: neither the order nor the tiles of the hidden stack are seen; PR17.1.1 the
    face-up plantations and the quarries left are public."""
    state = lisboa_core.new_game(players=4, seed=4, game="puerto-rico")
    view = observe(state, 0)
    assert len(view.state.plantation_stack) == len(state.plantation_stack)
    assert not set(view.state.plantation_stack) & {t for t in state.plantation_stack}
    assert view.state.face_up == state.face_up and view.state.quarries == state.quarries


def test_pr17_1_2_vp_are_revealed_at_the_end() -> None:
    """PR17.1.2: revealed at final scoring."""
    state = lisboa_core.new_game(players=3, seed=8, game="puerto-rico")
    rng = random.Random(8)
    while not lisboa_core.is_over(state):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    view = observe(state, 0)
    assert [p.vp for p in view.state.players] == [p.vp for p in state.players]


def test_a_determinized_view_is_a_consistent_playable_state() -> None:
    """determinize: the seat's view filled in keeps every invariant and can be played on."""
    state = lisboa_core.new_game(players=4, seed=9, game="puerto-rico")
    rng = random.Random(9)
    for _ in range(120):
        state = lisboa_core.apply(state, rng.choice(lisboa_core.legal_moves(state)))
    filled = determinize(observe(state, 2), seed=1)
    assert check_invariants(filled) == []
    assert filled.players[2] == state.players[2]
    assert sum(p.vp for p in filled.players) == sum(p.vp for p in state.players)
    lisboa_core.apply(filled, lisboa_core.legal_moves(filled)[0])
