"""A stable index for every Puerto Rico move of a catalogue, for learning agents.

The space lists every move any decision can offer, in a fixed order: the same index means
the same move in every state of every game played with that catalogue.
"""

from __future__ import annotations

from typing import Final

from lisboa_core._deprecation import moved
from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.puerto_rico.model import Rules

__all__ = ["action_space"]

_SPACES: Final[Memo[str, tuple[tuple[Move, ...], dict[Move, int]]]] = Memo(
    "puerto_rico.actions._SPACES", CATALOGUES
)


def _space(rules: Rules) -> tuple[tuple[Move, ...], dict[Move, int]]:
    found = _SPACES.get(rules.digest)
    if found is None:
        goods = [g.word for g in rules.goods]
        moves = [Move("pass"), Move("yes"), Move("no"), Move("hacienda")]
        moves += [Move("role", (r.word,)) for r in rules.roles]
        moves += [Move("take", (t.word,)) for t in rules.tiles]
        moves += [Move("place", (t.word,)) for t in rules.tiles]
        moves += [Move("place", (b.id,)) for b in rules.buildings]
        moves += [Move("build", (b.id,)) for b in rules.buildings]
        for kind in ("extra", "sell", "wharf", "store", "keep"):
            moves += [Move(kind, (g,)) for g in goods]
        moves += [Move("load", (g, s.word)) for g in goods for s in rules.ships]
        found = _SPACES.put(rules.digest, (tuple(moves), {m: i for i, m in enumerate(moves)}))
    return found


def action_space(rules: Rules) -> tuple[Move, ...]:
    """Every move of any state played with ``rules``, in a fixed order."""
    return _space(rules)[0]


__getattr__ = moved(  # one action_index and legal_mask for every game since 0.2
    __name__, {"action_index": "lisboa_core.games.actions.action_index",
               "legal_mask": "lisboa_core.games.actions.legal_mask"}, "0.3")
