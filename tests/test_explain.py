"""explain_illegal names why a move that starts an action cannot be chosen: the dead end
the full search meets, from the same handlers that decide legality (R3.6)."""

from __future__ import annotations

import random

import pytest

from lisboa_core import Move, apply, explain_illegal, is_over, legal_moves, load_rules, new_game
from lisboa_core.games.lisboa import testing as t
from lisboa_core.games.lisboa.stack import STACK


@pytest.mark.slow
def test_every_impossible_turn_move_gets_its_cause() -> None:
    explained = 0
    for seed in range(8):
        state, rng = new_game(4, seed), random.Random(seed)
        while not is_over(state):
            if state.pending[-1].kind == "turn":
                legal = set(legal_moves(state))
                for move in STACK.raw_moves(state):
                    if move not in legal:
                        why = explain_illegal(state, move)
                        assert why is not None and "R3.6" in why, move
                        assert "; " in why and why.split("; ", 1)[1], why  # the cause
                        explained += 1
            state = apply(state, rng.choice(legal_moves(state)))
    assert explained > 20


def test_a_visit_to_the_marquis_with_no_decree_to_take() -> None:
    """R10.2.4: Take a Decree needs a decree in the display."""
    rules = load_rules()
    state = t.first_turn(2, 1)
    seat = state.to_act
    assert seat is not None
    marquis = next(c.id for c in rules.political if c.type == "marquis" and c.deck == "blue")
    state = t.give(state, seat, marquis)
    state = t.with_state(state, decree_display=(),
                         removed=(*state.removed, *state.decree_display))
    move = Move("visit", (marquis,))
    assert move not in legal_moves(state)
    why = explain_illegal(state, move)
    assert why is not None and "R10.2.4" in why, why


def test_a_move_of_the_right_kind_lists_its_kind_only() -> None:
    state = new_game(2, 1)
    why = explain_illegal(state, Move("keep", ("X99",)))
    assert why is not None and f"not one of the {len(legal_moves(state))} 'keep' moves" in why
