"""A stable index for every possible move, for learning agents (``legal_mask``).

The space lists every move any decision of the engine can offer with a given catalogue, in
a fixed order: the same index means the same move in every state of every game played with
that catalogue. A test plays random games and checks every offered move has an index.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from lisboa_core._deprecation import moved
from lisboa_core.core.moves import Move
from lisboa_core.games.lisboa.catalogue import Rules
from lisboa_core.games.lisboa.rules import ops
from lisboa_core.games.lisboa.state import GOODS, NOBLES, RUBBLE
from lisboa_core.games.lisboa.vocabulary import NOBLE_ACTIONS, STATE_ACTIONS

__all__ = ["action_space"]

_MAX_SEATS = 4
_MAX_OPTIONS = 8
_MAX_CARDINAL_STEPS = 8


def _goods_subsets() -> list[tuple[str, ...]]:
    return [c for n in range(len(GOODS) + 1) for c in combinations(GOODS, n)]


@cache
def _space(digest: str) -> tuple[tuple[Move, ...], dict[Move, int]]:
    rules = ops._RULES[digest]
    political = [c.id for c in rules.political]
    ships = [s.id for s in rules.ships]
    moves: list[Move] = [Move(k) for k in ("done", "yes", "no", "sell", "trade", "take-none")]
    moves += [Move("keep", (t.id,)) for t in rules.clergy]
    moves += [Move("clergy", (t.id,)) for t in rules.clergy]
    moves += [Move("give", (t.id,)) for t in rules.clergy] + [Move("pass")]
    for kind in ("gold", "tuck", "take", "visit", "sponsor"):
        moves += [Move(kind, (c,)) for c in political]
    moves += [Move("discard", (c,)) for c in (*political, *ships)]
    moves += [Move("discard", (c,)) for c in RUBBLE]
    moves += [Move("rubble", (c,)) for c in RUBBLE]
    moves += [
        Move("sell", (g, f"p{seat}.{slot + 1}"))
        for g in GOODS
        for seat in range(_MAX_SEATS)
        for slot in range(rules.player_board.portfolio_top)
    ]
    moves += [Move("option", (i,)) for i in range(1, _MAX_OPTIONS + 1)]
    moves += [Move("return", (n,)) for n in NOBLES] + [
        Move("return", (f"plaza-{n}",)) for n in NOBLES
    ]
    for kind in ("place", "favor", "recruit"):
        moves += [Move(kind, (n,)) for n in NOBLES]
    moves += [Move("decree", (d.id,)) for d in rules.decrees]
    moves += [Move("plan", (a,)) for a in ("blue", "green")]
    moves += [Move("bonus", (g,)) for g in GOODS]
    moves += [Move("cardinal", (n,)) for n in range(1, _MAX_CARDINAL_STEPS + 1)]
    moves += [Move("trade", (a, g)) for a in STATE_ACTIONS for g in GOODS]
    blue = sorted(c.id for c in rules.political if c.deck == "blue")
    moves += [Move("draft", pick) for n in (1, 2) for pick in combinations(blue, n)]
    moves += [Move("skip")] + [Move("state-action", (a,)) for a in STATE_ACTIONS]
    moves += [Move("pay-reis", (n,)) for n in range(0, rules.board.influence_max + 30)]
    top, bottom = rules.player_board.portfolio_top, rules.player_board.portfolio_bottom
    moves += [Move("slot", (n,)) for n in range(1, max(top, bottom) + 1)]
    moves += [Move("cover", (n,)) for n in range(0, len(rules.board.influence_reis_icons) + 1)]
    spaces = [c if s == "large" else f"{s}-{c}" for c, s in rules.board.city_spaces]
    moves += [Move("store", (sp, land.id)) for sp in spaces for land in rules.lands]
    moves += [Move("house", (g,)) for g in ("left", "middle", "right")]
    moves += [Move("rubble", (w, c)) for w in ("row", "column") for c in RUBBLE]
    moves += [Move("rubble", ("none",))]
    moves += [Move("build", (s.id, p.id)) for s in rules.sites for p in rules.plans]
    moves += [Move("hire", (n,)) for n in range(0, 13)]
    moves += [Move("follow", (a,)) for a in (*STATE_ACTIONS, *NOBLE_ACTIONS)]
    subsets = _goods_subsets()
    moves += [Move("ship", ("new", *goods)) for goods in subsets]
    moves += [Move("ship", ("upgrade", s, *goods)) for s in ships for goods in subsets]
    index = {move: i for i, move in enumerate(moves)}
    assert len(index) == len(moves), "the action space lists a move twice"
    return tuple(moves), index


def action_space(rules: Rules) -> tuple[Move, ...]:
    """Every possible move, in index order (depends only on the catalogue).

    Example::

        from lisboa_core import action_space, load_rules

        actions = action_space(load_rules())
        assert len(actions) == len(set(actions))  # one index per move, fixed for the catalogue
    """
    ops.register_rules(rules)
    return _space(rules.digest)[0]


__getattr__ = moved(  # one action_index and legal_mask for every game since 0.2
    __name__, {"action_index": "lisboa_core.games.actions.action_index",
               "legal_mask": "lisboa_core.games.actions.legal_mask"}, "0.3")
