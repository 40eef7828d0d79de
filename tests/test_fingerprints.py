"""Seeded Lisboa games pinned by their outcome, so a re-layout cannot change behaviour.

Each row of ``data/lisboa_fingerprints.json`` is one whole game: its policy (``random``:
``random.Random(7 * seed + players)`` picks among the legal moves; ``greedy``: a
:class:`GreedyBot` on every seat; ``mixed``: one greedy bot and random bots), player count
and seed, and what came out: the number of moves, a hash of their notation and the final
state's digest. The table was recorded before the engine was re-laid out; the same games
must give the same fingerprints in both builds. Regenerate it only for a deliberate change
of the rules, saying which games changed and why (``python tests/test_fingerprints.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from lisboa_core import (
    GreedyBot,
    RandomBot,
    apply,
    is_over,
    legal_moves,
    new_game,
    play_game,
    state_digest,
)

TABLE = Path(__file__).parent / "data" / "lisboa_fingerprints.json"
POLICIES = (("random", 80), ("mixed", 12), ("greedy", 8))  # games per player count


def fingerprint(policy: str, players: int, seed: int) -> dict[str, Any]:
    """Play one pinned game and return its row."""
    if policy == "random":
        rng = random.Random(seed * 7 + players)
        state = new_game(players=players, seed=seed)
        played = []
        while not is_over(state):
            move = rng.choice(legal_moves(state))
            played.append(str(move))
            state = apply(state, move)
        final = state
    else:
        if policy == "greedy":
            bots: list[Any] = [GreedyBot(seed * 10 + i) for i in range(players)]
        else:
            bots = [GreedyBot(seed * 10)] + [RandomBot(seed * 10 + i) for i in range(1, players)]
        final, moves = play_game(bots, players=players, seed=seed)
        played = [str(m) for m in moves]
    return {
        "policy": policy,
        "players": players,
        "seed": seed,
        "moves": len(played),
        "moves_sha": hashlib.sha256("\n".join(played).encode()).hexdigest()[:16],
        "digest": state_digest(final),
    }


def _cases() -> list[tuple[str, int, int]]:
    return [(p, n, s) for p, games in POLICIES for n in (2, 3, 4) for s in range(games)]


def _pinned() -> dict[tuple[str, int, int], dict[str, Any]]:
    rows = json.loads(TABLE.read_text(encoding="utf-8"))
    return {(r["policy"], r["players"], r["seed"]): r for r in rows}


def test_the_table_covers_every_case() -> None:
    assert sorted(_pinned()) == sorted(_cases())
    assert len(_cases()) == 300


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_pinned_games_play_the_same(chunk: int) -> None:
    pinned = _pinned()
    cases = _cases()[chunk::10]
    changed = [c for c in cases if fingerprint(*c) != pinned[c]]
    assert changed == []


if __name__ == "__main__":  # rewrite the table (a deliberate rules change only)
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        rows = list(pool.map(fingerprint, *zip(*_cases(), strict=True)))
    TABLE.write_text("[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in rows) + "\n]\n")
    print(f"{len(rows)} games written to {TABLE}", file=sys.stderr)
