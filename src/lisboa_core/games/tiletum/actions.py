"""A stable index for every Tiletum move of a catalogue, for learning agents.

The space lists every move any decision can offer, in a fixed order: the same index means
the same move in every state of every game played with that catalogue.
"""

from __future__ import annotations

from typing import Final

from lisboa_core._deprecation import moved
from lisboa_core.core.memo import CATALOGUES, Memo
from lisboa_core.core.moves import Move
from lisboa_core.games.tiletum.model import RESOURCES, Rules
from lisboa_core.games.tiletum.rules.ops import ACTIONS

__all__ = ["action_space"]

_SPACES: Final[Memo[str, tuple[tuple[Move, ...], dict[Move, int]]]] = Memo(
    "tiletum.actions._SPACES", CATALOGUES
)


def _space(rules: Rules) -> tuple[tuple[Move, ...], dict[Move, int]]:
    found = _SPACES.get(rules.digest)
    if found is None:
        words = ["done", "end", "stop", "skip", "refresh", "advance"]
        moves = [Move(w) for w in words]
        dice = [f"{d}{v}" for d, _ in rules.dice for v in range(1, 7)]
        areas = [f"AR{a + 1}" for a in range(len(rules.areas))]
        moves += [Move("take", (a, d)) for a in areas for d in dice]
        moves += [Move("take", (a, d, r)) for a in areas for d in dice for r in RESOURCES]
        moves += [Move("bonus", (w,)) for w in ("yes", "no")]
        moves += [Move("king-bonus", (w,)) for w in ("take", "vp", "discard")]
        moves += [Move("action", (k,)) for k in ACTIONS]
        moves += [Move("gain", (r,)) for r in RESOURCES]
        moves += [Move("trade", (r,)) for r in RESOURCES if r != "gold"]
        moves += [Move("exchange", (g, t)) for g in RESOURCES for t in RESOURCES if g != t]
        for word in ("move", "step", "to"):
            moves += [Move(word, (s,)) for s in rules.spaces]
        moves += [Move("post", (p.id,)) for p in rules.posts]
        moves += [Move("pillar", (c.id,)) for c in rules.cathedrals]
        moves += [Move("contribute", (c.id,)) for c in rules.cathedrals]
        moves += [Move("bonus", (t,)) for t in rules.extra["bonus_towns"]]
        moves += [Move("contract", (f"CS{i + 1}",)) for i in range(len(rules.contract_costs))]
        moves += [Move("repeat", (b.id,)) for b in rules.buildings]
        for p in rules.persons:
            moves.append(Move("hire", (p.id,)))
            moves += [Move("place", (p.id, b.id, floor)) for b in rules.buildings
                      for floor in range(1, b.rooms + 1)]
        for t in (*rules.contract_tiles, *rules.bonus_tiles):
            if t.kind == "contract":
                moves.append(Move("fulfil", (t.id,)))
                moves += [Move("fulfil", (t.id, r)) for r in RESOURCES]
            elif t.kind == "coat":
                moves += [Move("coat", (t.id, b.id)) for b in rules.buildings]
            else:
                moves.append(Move("assist", (t.id,)))
        # the chance steps' outcomes: dice (TL4.1), tokens (TL5.2), draws (TL26.3)
        moves += [Move("roll", (d,)) for d in dice]
        moves += [Move("reveal", (v,)) for v in sorted(set(rules.corruption))]
        drawn = [t.id for t in (*rules.bonus_tiles, *rules.contract_tiles)]
        moves += [Move("draw", (tile,)) for tile in (*drawn, *(p.id for p in rules.persons))]
        # one person tile's bonus again (TL25.1.2, TL22.1.12)
        moves += [Move("repeat", (p.id,)) for p in rules.persons]
        unique = tuple(dict.fromkeys(moves))
        found = _SPACES.put(rules.digest, (unique, {m: i for i, m in enumerate(unique)}))
    return found


def action_space(rules: Rules) -> tuple[Move, ...]:
    """Every move of any state played with ``rules``, in a fixed order."""
    return _space(rules)[0]


__getattr__ = moved(  # one action_index for every game since 0.2
    __name__, {"action_index": "lisboa_core.games.actions.action_index"}, "0.3")
