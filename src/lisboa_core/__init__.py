"""lisboa_core: a rules engine for the board game Lisboa with a declarative card language.

Components live in plain-text card files; :func:`load_rules` parses, validates and indexes
them into an immutable :class:`Rules` catalogue.
"""

from .catalog import Rules, load_rules
from .describe import describe
from .errors import (
    CardSyntaxError,
    CardValidationError,
    IllegalMoveError,
    LisboaError,
    Problem,
    StateFormatError,
)

__all__ = [
    "CardSyntaxError",
    "CardValidationError",
    "IllegalMoveError",
    "LisboaError",
    "Problem",
    "Rules",
    "StateFormatError",
    "__version__",
    "describe",
    "load_rules",
]

__version__ = "0.1.0"
