"""The greedy bot's moves are pinned (issue 33.4: the bots got faster, and must play the
same moves as before): seeded games with :class:`~lisboa_core.GreedyBot` in every seat, each
row of ``data/greedy_moves.json`` holding the number of moves, a hash of their notation and
the final state's digest, recorded with the greedy bot before its speed-up.

A change of the bot's play (or of a game's evaluation) that is meant must come with a seeded
match showing it plays no worse (``benchmarks/bench_bots.py``), and then a new table:
``python tests/test_greedy_moves.py`` rewrites it, saying in the commit which rows changed
and why. The whole games are marked slow; the first decisions of more games run always.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lisboa_core import GreedyBot, play_game, state_digest
from lisboa_core.games import game
from lisboa_core.games.generic import margins

TABLE = Path(__file__).parent / "data" / "greedy_moves.json"
SHORT = 60
"""Decisions of the games that always run (the whole game for the slow ones)."""
CASES = [(name, players, seed, SHORT) for name in ("lisboa", "puerto-rico", "tiletum")
         for players, seed in ((min(game(name).players), 3), (4, 5))]
WHOLE = [(name, 4, 11, None) for name in ("lisboa", "puerto-rico", "tiletum")]


def row(name: str, players: int, seed: int, limit: int | None) -> dict[str, Any]:
    """Play one pinned game (greedy bots seeded ``10 * seed + seat``) and return its row."""
    bots = [GreedyBot(10 * seed + seat) for seat in range(players)]
    final, moves = play_game(bots, players, seed, game=name, max_decisions=limit)
    played = "\n".join(str(m) for m in moves)
    return {"game": name, "players": players, "seed": seed, "limit": limit,
            "moves": len(moves), "moves_sha": hashlib.sha256(played.encode()).hexdigest()[:16],
            "digest": state_digest(final)}


def _pinned() -> dict[tuple[Any, ...], dict[str, Any]]:
    rows = json.loads(TABLE.read_text(encoding="utf-8"))
    return {(r["game"], r["players"], r["seed"], r["limit"]): r for r in rows}


@pytest.mark.parametrize(("name", "players", "seed", "limit"), CASES)
def test_greedy_plays_the_pinned_moves(name: str, players: int, seed: int,
                                       limit: int | None) -> None:
    assert row(name, players, seed, limit) == _pinned()[(name, players, seed, limit)]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed", "limit"), WHOLE)
def test_greedy_plays_the_pinned_whole_games(name: str, players: int, seed: int,
                                             limit: int | None) -> None:
    assert row(name, players, seed, limit) == _pinned()[(name, players, seed, limit)]


@given(st.lists(st.integers(-50, 50) | st.floats(-50, 50), max_size=6))
def test_margins_are_each_figure_less_the_best_other(figures: list[float]) -> None:
    # The evaluations' last step, by its definition: a seat's figure less the best figure
    # of another seat (0 for a lone seat), ties included.
    expected = [f - max((o for i, o in enumerate(figures) if i != s), default=0)
                for s, f in enumerate(figures)]
    assert margins(figures) == expected


if __name__ == "__main__":
    rows = [row(*case) for case in CASES + WHOLE]
    TABLE.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} rows to {TABLE}", file=sys.stderr)
