"""The bots per game: how long greedy play and ISMCTS play take, and how much stronger the
ISMCTS bot is than the greedy one (issue 33.4).

For every game, 4 players (and the speed of random playouts in the same process, so the
timings can be read against a machine's load):

- **greedy**: :class:`~lisboa_core.GreedyBot` in every seat, whole games played with
  :func:`~lisboa_core.play_game` in this process (the caches warm after one game); seconds
  per game.
- **ismcts**: one :class:`~lisboa_core.bots.ismcts.ISMCTSBot` (its default budget) against
  three greedy bots, the ISMCTS seat rotating (game ``i`` has seed ``SEED + i`` and the
  ISMCTS bot in seat ``i % 4``); its win rate (a shared win counts fractionally) with a
  95% Wilson interval (an equal share would be 25%), the seconds per game and the seconds
  per ISMCTS decision (mean and worst).

Run: ``.venv-compiled/bin/python benchmarks/bench_bots.py [matches] [jobs] [games...]``
(default 40 matches per game on 2 processes, every shipped game), e.g. ``bench_bots.py 8 2
tiletum``. ``make bench-bots`` runs 100 matches per game on the compiled build. Or, with
the same games, ``lisboa simulate --players 4 --bots ismcts,greedy,greedy,greedy --rotate
--games N --seed 1000``.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from lisboa_core import (
    GreedyBot,
    Move,
    View,
    apply,
    is_over,
    new_game,
    play_game,
    random_move,
    winners,
)
from lisboa_core.bots.ismcts import ISMCTSBot

SEED = 1000
GAMES = ("lisboa", "puerto-rico", "tiletum")
SPEED_GAMES = 3
"""Whole greedy games timed per game."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class _Timed:
    """A bot that times its inner bot's decisions."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        start = time.perf_counter()
        move: Move = self.bot.choose(view, legal)
        self.seconds.append(time.perf_counter() - start)
        return move


def playout_rate(game: str, seconds: float = 2.0) -> float:
    """Decisions per second of random 4-player playouts (``random_move`` and ``apply``) in
    this process: the machine's speed at the moment, to read the bots' timings against
    (the engine's own figures in ``make bench`` come from the same loop)."""
    rng = random.Random(1)
    steps, index = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(players=4, seed=index, game=game)
        index += 1
        while not is_over(state):
            state = apply(state, random_move(state, rng))
            steps += 1
    return steps / (time.perf_counter() - start)


def greedy_seconds(game: str, games: int = SPEED_GAMES) -> float:
    """Seconds per whole 4-player game with the greedy bot in every seat (caches warm)."""
    play_game([GreedyBot(seat) for seat in range(4)], seed=SEED - 1, game=game)  # warm-up
    start = time.perf_counter()
    for i in range(games):
        play_game([GreedyBot(10 * i + seat) for seat in range(4)], seed=SEED + i, game=game)
    return (time.perf_counter() - start) / games


def match(game: str, index: int) -> tuple[float, float, list[float]]:
    """One ISMCTS bot (seat ``index % 4``) against three greedy bots: the ISMCTS bot's share
    of the win, the game's seconds and the ISMCTS bot's seconds per decision."""
    seat = index % 4
    hero = _Timed(ISMCTSBot(SEED + index))
    bots: list[Any] = [GreedyBot(10 * index + s) for s in range(4)]
    bots[seat] = hero
    start = time.perf_counter()
    final, _moves = play_game(bots, seed=SEED + index, game=game)
    elapsed = time.perf_counter() - start
    won = winners(final)
    return (seat in won) / len(won), elapsed, hero.seconds


def main(matches: int, jobs: int, games: Sequence[str]) -> None:
    """Print, per game, the greedy and ISMCTS timings and the ISMCTS bot's strength."""
    print(f"4 players; greedy: {SPEED_GAMES} whole games in one process; ISMCTS (defaults) "
          f"vs 3 greedy: {matches} games, seats rotating, seeds {SEED}-{SEED + matches - 1}, "
          f"{jobs} process(es)")
    for game in games:
        greedy = greedy_seconds(game)
        rate = playout_rate(game)
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(match, [game] * matches, range(matches)))
        won = sum(r[0] for r in results)
        low, high = wilson(won, matches)
        per_game = sum(r[1] for r in results) / max(matches, 1)
        decisions = [s for r in results for s in r[2]]
        mean = sum(decisions) / max(len(decisions), 1)
        print(f"{game}: random playouts {rate:,.0f} decisions/s (the machine's speed now); "
              f"greedy {greedy:.3f} s per game; ISMCTS {per_game:.1f} s per game, "
              f"{mean:.3f} s per ISMCTS decision (worst {max(decisions, default=0):.2f} s); "
              f"ISMCTS won {won:g} of {matches}: {won / max(matches, 1):.1%} "
              f"(95% Wilson {low:.1%}-{high:.1%}; an equal share is 25%)", flush=True)


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:3]]
    matches, jobs = (numbers + [40, 2][len(numbers):])[:2]
    main(matches, jobs, sys.argv[3:] or GAMES)
