"""Play one game between random bots and print how it went.

Uses only the public API: ``new_game``, ``legal_moves``, ``apply``, ``is_over`` and
``score``. Run: ``.venv/bin/python examples/random_game.py [players] [seed]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from lisboa_core import apply, is_over, legal_moves, new_game, score


def play(players: int, seed: int) -> None:
    """Play a whole game with uniformly random moves and print a summary."""
    state = new_game(players=players, seed=seed)
    bot = random.Random(seed)  # the bots' own randomness, independent of the game's
    kinds: Counter[str] = Counter()
    first_moves: list[str] = []
    while not is_over(state):
        move = bot.choice(legal_moves(state))
        kinds[move.kind] += 1
        if len(first_moves) < 8:
            first_moves.append(f"seat {state.to_act}: {move}")
        state = apply(state, move)
    print(f"{players} players, seed {seed}: {sum(kinds.values())} decisions, "
          f"{state.turn} turns, period {state.period}")
    print("first decisions:", "; ".join(first_moves))
    print("moves by kind:", ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    sheet = score(state)
    for seat in sheet.seats:
        print(f"  seat {seat.seat}: {seat.total} wigs")
    print("winner(s):", ", ".join(f"seat {s}" for s in sheet.winners))


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    play(*(args + [3, 7][len(args):]))
