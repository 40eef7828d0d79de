"""The rules of Lisboa: setup, the decision stack, actions, effects and scoring.

Importing this package registers every frame handler.
"""

from . import draft, effects, portfolio, state_actions, trade, turn  # noqa: F401  (registration)
