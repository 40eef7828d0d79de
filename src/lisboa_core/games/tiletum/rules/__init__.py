"""Tiletum's rules: each module registers its frame handlers in
:data:`lisboa_core.games.tiletum.stack.STACK` when imported."""

from lisboa_core.games.tiletum.rules import (  # noqa: F401  (registers every frame)
    actions,
    draws,
    duties,
    effects,
    phases,
    turn,
)
