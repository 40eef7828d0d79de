"""The rules of Lisboa: setup, the decision stack, actions, effects and scoring.

Importing this package registers every frame handler.
"""

from . import (  # noqa: F401  (registration)
    draft,
    effects,
    nobles,
    portfolio,
    state_actions,
    trade,
    turn,
)
