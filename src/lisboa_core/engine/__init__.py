"""The rules of Lisboa: setup, the decision stack, actions, effects and scoring.

Importing this package registers every frame handler, then attaches the lookahead hints
that live beside the rules they shorten.
"""

from . import (  # noqa: F401  (registration)  # noqa: F401  (hints attach to the frames registered above)
    building_hints,
    buildings,
    draft,
    effects,
    portfolio,
    quiet,
    slots,
    state_actions,
    store_hints,
    stores,
    trade,
    turn,
    visit_hints,
    visits,
)
