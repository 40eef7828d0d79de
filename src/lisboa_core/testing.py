"""Helpers to build scenario states and to check a game's invariants.

The implementation lives in ``lisboa_core.games.lisboa.testing``;
this module is its public face.
"""

from lisboa_core.games.lisboa.testing import (
    add_store,
    check_invariants,
    complete_plan,
    first_turn,
    give,
    give_clergy,
    give_decree,
    give_favor,
    give_plans,
    give_portfolio,
    give_rubble,
    pay_reis,
    period_two,
    place_official,
    play,
    settle_payments,
    start_noble_action,
    start_state_action,
    to_shipyard,
    with_player,
    with_state,
    with_turn,
)

__all__ = [
    "add_store",
    "check_invariants",
    "complete_plan",
    "first_turn",
    "give",
    "give_clergy",
    "give_decree",
    "give_favor",
    "give_plans",
    "give_portfolio",
    "give_rubble",
    "pay_reis",
    "period_two",
    "place_official",
    "play",
    "settle_payments",
    "start_noble_action",
    "start_state_action",
    "to_shipyard",
    "with_player",
    "with_state",
    "with_turn",
]
