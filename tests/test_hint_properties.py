"""Lisboa's hints on positions generated toward their preconditions (issue 35): a seat's
cash and influence a few reis around a land price or a hire, the treasury marker anywhere,
tiles that pay or discount held or beside the cardinal, a ship just affordable or not, the
decree display emptied, every pairing of Noble and State actions (edited boards). On each
position the moves offered with the hints on are the bare search's, and so is every
verdict, judgement and prune given on the way (tests/hint_positions.py).

Bounded here (tens of positions per strategy, derandomized); benchmarks/hint_positions.py
runs the same strategies over thousands.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from hint_positions import (
    agrees,
    checked_hints,
    opening_positions,
    store_positions,
    visit_positions,
)
from lisboa_core.games.lisboa.state import State

_SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_SETTINGS
@given(store_positions())
def test_stores_near_a_land_price_agree_with_the_bare_search(state: State) -> None:
    # R10.1.2-R10.1.3, R0.11, R5.6: the land bound, the store's verdict and judge
    with checked_hints() as checked:
        agrees(state, checked)


@_SETTINGS
@given(opening_positions())
def test_openings_near_a_hire_agree_with_the_bare_search(state: State) -> None:
    # R10.3.2.4: officials out returned first, the rest hired at the treasury value
    with checked_hints() as checked:
        agrees(state, checked)


@_SETTINGS
@given(visit_positions())
def test_visits_near_their_noble_action_agree_with_the_bare_search(state: State) -> None:
    # R9.1 step 4, R9.2: the inert and cannot-help tables, the visit's verdict and judge
    with checked_hints() as checked:
        agrees(state, checked)
