"""Puerto Rico's rules: each module registers its frame handlers in
:data:`lisboa_core.games.puerto_rico.stack.STACK` when imported."""

from lisboa_core.games.puerto_rico.rules import (  # noqa: F401  (registers every frame)
    builder,
    captain,
    craftsman,
    mayor,
    roles,
    settler,
    trader,
)
