"""How a Puerto Rico position looks for each seat (the greedy bot's evaluation), and moves
in words."""

from __future__ import annotations

from lisboa_core.core.moves import Move
from lisboa_core.games.puerto_rico.rules.craftsman import yields
from lisboa_core.games.puerto_rico.rules.ops import rules_of
from lisboa_core.games.puerto_rico.scoring import score
from lisboa_core.games.puerto_rico.state import State

__all__ = ["describe_move", "position_values"]

_DOUBLOON = 0.3  # a doubloon buys about a third of a VP of building
_GOOD = 0.4  # a good ships for 1 VP or sells for doubloons
_YIELD = 0.5  # a good the production network makes each craftsman phase
_COLONIST = 0.15


def position_values(state: State) -> list[float]:
    """Per seat: the score now, plus doubloons, goods, production capacity and colonists at
    rough VP rates. Each seat's own VP chips are read, so a bot judging from a determinized
    view values the sampled chips."""
    rules = rules_of(state)
    sheet = score(state)
    values = []
    for seat, p in zip(sheet.seats, state.players, strict=True):
        values.append(seat.total + _DOUBLOON * p.doubloons + _GOOD * sum(p.goods)
                      + _YIELD * sum(yields(rules, p)) + _COLONIST * p.colonists)
    return values


def describe_move(state: State, move: Move) -> str:
    """What ``move`` does, in words (:func:`.move_words.describe_move`)."""
    from lisboa_core.games.puerto_rico.move_words import describe_move as words

    return words(state, move)
