"""The rules of Lisboa: setup, the decision stack, actions, effects and scoring.

Importing this package registers every frame handler, then attaches the lookahead hints
that live beside the rules they shorten.
"""

from lisboa_core.games.lisboa.hints import (  # noqa: F401  (registration)  # noqa: F401  (hints attach to the frames registered above)
    building_hints,
    quiet,
    store_hints,
    visit_hints,
)
from lisboa_core.games.lisboa.rules import (  # noqa: F401  (registration)  # noqa: F401  (hints attach to the frames registered above)
    buildings,
    draft,
    effects,
    portfolio,
    slots,
    state_actions,
    stores,
    trade,
    turn,
    visits,
)
