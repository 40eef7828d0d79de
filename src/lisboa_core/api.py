"""The public game API, the same for every game: start a game, list and apply moves,
explain, parse notation, score, load a catalogue, describe a component.

Every function takes the state first and works through the state's game
(:func:`lisboa_core.games.game_of`); only :func:`new_game` and :func:`load_rules` name a
game (Lisboa unless ``game=`` says otherwise). They are defined in
:mod:`lisboa_core.games.play`, beside the registry, so that the layers below this one play
through them without calling up into the public API.
"""

from __future__ import annotations

from lisboa_core.games.play import (
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

__all__ = [
    "CHANCE",
    "apply",
    "chance_outcomes",
    "describe",
    "describe_move",
    "explain_illegal",
    "is_chance",
    "is_over",
    "legal_moves",
    "load_rules",
    "new_game",
    "parse_move",
    "random_move",
    "sample_chance",
    "score",
    "settle_forced",
    "winners",
]
