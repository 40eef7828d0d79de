"""Random playouts: decisions per second (legal_moves + apply) and games per second."""

from __future__ import annotations

import random
import time

from lisboa_core import apply, is_over, legal_moves, new_game


def main() -> None:
    """Print decisions/s and games/s for 2, 3 and 4 players (one process)."""
    for players in (4, 3, 2):
        start = time.perf_counter()
        decisions = games = 0
        seed = 0
        while time.perf_counter() - start < 5.0:
            state = new_game(players, seed)
            chooser = random.Random(seed)
            while not is_over(state):
                state = apply(state, chooser.choice(legal_moves(state)))
                decisions += 1
            games += 1
            seed += 1
        elapsed = time.perf_counter() - start
        print(f"{players} players: {decisions / elapsed:8.0f} decisions/s, "
              f"{games / elapsed:6.2f} games/s, {decisions / games:6.1f} decisions/game")


if __name__ == "__main__":
    main()
