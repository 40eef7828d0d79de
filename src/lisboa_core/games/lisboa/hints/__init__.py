"""Lisboa's lookahead hints: judges, bounds, effect facts and quiet decisions, each
justified by the rule that makes it sound and checked against the bare oracle by the
test suite. Importing this package registers every rules module's frames first, then
attaches each hint to the frames the rules registered."""

from lisboa_core.games.lisboa.hints import (  # noqa: F401  (registration: each imports the rules it shortens)
    building_hints,
    quiet,
    sale_hints,
    store_hints,
    turn_hints,
    visit_hints,
)
from lisboa_core.games.lisboa.rules import (  # noqa: F401  (frame registration)
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
