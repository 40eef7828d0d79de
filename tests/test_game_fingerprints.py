"""Seeded Puerto Rico and Tiletum games pinned by their outcome, checked in both builds
(the compiled one in the whole suite, the pure one in ``make test``'s pure subset): the
same seed must give the same game whichever build plays it (issue 25: "the same seed gives
the same game in both builds"; Lisboa's games are pinned in ``test_fingerprints.py``).

Each row of ``data/game_fingerprints.json`` is one whole game: ``random.Random(7 * seed +
players)`` picks among the legal moves, chance outcomes included; the row holds the number
of moves, a hash of their notation and the final state's digest. Regenerate it only for a
deliberate change of a game's rules, saying which games changed and why
(``python tests/test_game_fingerprints.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from lisboa_core import apply, is_over, legal_moves, new_game, state_digest
from lisboa_core.games import game

TABLE = Path(__file__).parent / "data" / "game_fingerprints.json"
GAMES = ("puerto-rico", "tiletum")
SEEDS = (0, 1)


def fingerprint(name: str, players: int, seed: int) -> dict[str, Any]:
    """Play one pinned game and return its row."""
    rng = random.Random(seed * 7 + players)
    state = new_game(players=players, seed=seed, game=name)
    played = []
    while not is_over(state):
        move = rng.choice(legal_moves(state))
        played.append(str(move))
        state = apply(state, move)
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "moves": len(played),
        "moves_sha": hashlib.sha256("\n".join(played).encode()).hexdigest()[:16],
        "digest": state_digest(state),
    }


def _cases() -> list[tuple[str, int, int]]:
    return [(name, players, seed) for name in GAMES
            for players in sorted(game(name).players) for seed in SEEDS]


def _pinned() -> dict[tuple[str, int, int], dict[str, Any]]:
    rows = json.loads(TABLE.read_text(encoding="utf-8"))
    return {(r["game"], r["players"], r["seed"]): r for r in rows}


def test_the_table_covers_every_case() -> None:
    assert sorted(_pinned()) == sorted(_cases())


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c[0]}-{c[1]}p-{c[2]}")
def test_pinned_games_play_the_same(case: tuple[str, int, int]) -> None:
    assert fingerprint(*case) == _pinned()[case]


if __name__ == "__main__":  # rewrite the table (a deliberate rules change only)
    rows = [fingerprint(*case) for case in _cases()]
    TABLE.write_text("[\n" + ",\n".join(json.dumps(r, sort_keys=True) for r in rows) + "\n]\n")
    print(f"{len(rows)} games written to {TABLE}", file=sys.stderr)
