"""lisboa_core: a rules engine for board games, with a declarative card language.

It ships three games, Lisboa, Puerto Rico and Tiletum, and plays any third-party game
registered by entry point (:mod:`lisboa_core.games`); the same API plays them all. A game's
components live in plain-text card files; :func:`load_rules` parses, validates and indexes
them into an immutable catalogue (see the glossary in ``docs/guide/glossary.md``). A game is
an immutable state: :func:`new_game` starts one (``game="tiletum"``; Lisboa by default),
:func:`legal_moves` lists what the seat to act (``state.to_act``) may do, and :func:`apply`
returns the next state. Bots, records, studies, the command line, the browser table, the
engine protocol and the PettingZoo/OpenSpiel environments are built on that API.

Example::

    import random
    from lisboa_core import apply, is_over, legal_moves, new_game
    from lisboa_core.games import games

    for game in games():  # Lisboa, Puerto Rico, Tiletum and any game installed
        state = new_game(game=game, seed=7)
        rng = random.Random(0)
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
"""

from lisboa_core import _deprecation, _moved
from lisboa_core._version import __version__
from lisboa_core.api import (
    CHANCE,
    apply,
    chance_outcomes,
    describe,
    describe_move,
    explain_illegal,
    is_chance,
    is_over,
    legal_moves,
    load_rules,
    new_game,
    parse_move,
    random_move,
    sample_chance,
    score,
    settle_forced,
    winners,
)
from lisboa_core.bots.basic import Bot, GreedyBot, RandomBot, as_view, play_game
from lisboa_core.bots.ismcts import ISMCTSBot
from lisboa_core.core.memo import clear_caches
from lisboa_core.core.moves import Move
from lisboa_core.core.native import compiled as _compiled
from lisboa_core.errors import (
    CardSyntaxError,
    CardValidationError,
    IllegalMoveError,
    LisboaError,
    Problem,
    StateFormatError,
)
from lisboa_core.games.actions import action_index, action_space, legal_mask
from lisboa_core.match import Match
from lisboa_core.persistence.records import (
    GameRecord,
    Recorder,
    ReplayResult,
    record_game,
    replay,
)
from lisboa_core.persistence.serialize import from_json, state_digest, to_json
from lisboa_core.views import View, determinize, observe

__all__ = [
    "BUILD",
    "CHANCE",
    "Bot",
    "CardSyntaxError",
    "CardValidationError",
    "GameRecord",
    "GreedyBot",
    "ISMCTSBot",
    "IllegalMoveError",
    "LisboaError",
    "Match",
    "Move",
    "Problem",
    "RandomBot",
    "Recorder",
    "ReplayResult",
    "StateFormatError",
    "View",
    "__version__",
    "action_index",
    "action_space",
    "apply",
    "as_view",
    "chance_outcomes",
    "clear_caches",
    "describe",
    "describe_move",
    "determinize",
    "explain_illegal",
    "from_json",
    "is_chance",
    "is_over",
    "legal_mask",
    "legal_moves",
    "load_rules",
    "new_game",
    "observe",
    "parse_move",
    "play_game",
    "random_move",
    "record_game",
    "replay",
    "sample_chance",
    "score",
    "settle_forced",
    "state_digest",
    "to_json",
    "winners",
]


_moved.install()

# Lisboa's classes were the top level's until 0.2; they live in Lisboa's package now.
__getattr__ = _deprecation.moved(__name__, {
    "Category": "lisboa_core.games.lisboa.Category",
    "Options": "lisboa_core.games.lisboa.Options",
    "Rules": "lisboa_core.games.lisboa.Rules",
    "ScoreSheet": "lisboa_core.games.lisboa.ScoreSheet",
    "SeatScore": "lisboa_core.games.lisboa.SeatScore",
    "State": "lisboa_core.games.lisboa.State",
}, "0.3")

BUILD: str = "compiled" if _compiled() else "pure"
"""Which build of the engine is loaded: ``"compiled"`` (a wheel whose hot modules mypyc
compiled) or ``"pure"`` (an editable install, ``LISBOA_BUILD=pure``, or a platform without
a compiler). Both play the same games with the same digests; ``lisboa --version`` prints
it."""
