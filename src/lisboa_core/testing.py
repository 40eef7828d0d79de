"""Helpers to build scenario states and to check a game's invariants.

For every game: :func:`play` (moves by notation, chance steps resolved),
:func:`position` (a position from a partial description, the supplies balanced from the
game's zone declaration and every check run), :func:`balanced`, :func:`check_position`
and :func:`settle_chance` (:mod:`lisboa_core.games.scenarios`). Per game:
:mod:`puerto_rico <lisboa_core.games.puerto_rico.testing>` (the governor, a phase started
with a seat to act, a seat set by name) and :mod:`tiletum
<lisboa_core.games.tiletum.testing>` (the king phase, the fair, the cleanup); the other
names are Lisboa's (``lisboa_core.games.lisboa.testing``).
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
    settle_payments,
    start_noble_action,
    start_state_action,
    to_shipyard,
    with_player,
    with_state,
    with_turn,
)
from lisboa_core.games.puerto_rico import testing as puerto_rico
from lisboa_core.games.scenarios import (
    balanced,
    check_position,
    play,
    position,
    settle_chance,
)
from lisboa_core.games.tiletum import testing as tiletum

__all__ = [
    "add_store",
    "balanced",
    "check_invariants",
    "check_position",
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
    "position",
    "puerto_rico",
    "settle_chance",
    "settle_payments",
    "start_noble_action",
    "start_state_action",
    "tiletum",
    "to_shipyard",
    "with_player",
    "with_state",
    "with_turn",
]
