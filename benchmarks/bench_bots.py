"""One bot against three of another in 4-player games, the first bot taking each seat in
turn; prints its win rate (shared wins count fractionally) with a 95% Wilson interval.

Run: ``.venv/bin/python benchmarks/bench_bots.py HERO OTHER [games] [jobs]`` (default 100
games, 1 process), e.g. ``ismcts greedy 100 2`` or ``greedy random 200 2``. Built on
``lisboa_core.studies.simulation.simulate``, so ``lisboa simulate --players 4 --bots
HERO,OTHER,OTHER,OTHER --rotate --games N --seed 1000`` gives the same games.
"""

from __future__ import annotations

import math
import sys
import time

from lisboa_core.studies.simulation import GameResult, simulate, summarise

SEED = 1000


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(hero: str, other: str, games: int, jobs: int) -> None:
    """Play ``games`` games and print the hero's wins, interval and score margin."""
    bots = (hero, other, other, other)
    start = time.perf_counter()
    won_so_far = [0.0, 0]

    def arrived(result: GameResult) -> None:
        seat = result.bots.index(hero)
        won_so_far[0] += (seat in result.winners) / len(result.winners)
        won_so_far[1] += 1
        print(f"  game {result.index}: {hero} in seat {seat}, winners {result.winners}; "
              f"{won_so_far[0]:g} wins in {won_so_far[1]}", file=sys.stderr, flush=True)

    results = simulate(4, games, SEED, bots, jobs=jobs, rotate=True, on_result=arrived)
    elapsed = time.perf_counter() - start
    summary = summarise(results, 4)
    won = summary["wins_by_bot"][hero]
    scores = summary["score_by_bot"]
    low, high = wilson(won["wins"], games)
    print(f"{games} 4-player games, 1 {hero} vs 3 {other}, {hero} seat rotating, "
          f"seeds {SEED}-{SEED + games - 1}")
    print(f"{hero} win rate: {won['win_rate']:.1%} ({won['wins']:g} wins; 95% interval "
          f"{low:.1%}-{high:.1%}; an equal share would be 25%)")
    print(f"mean total wigs: {hero} {scores[hero]['total']['mean']:.1f}, "
          f"{other} {scores[other]['total']['mean']:.1f}")
    print(f"mean game length: {summary['decisions']['mean']:.0f} decisions; "
          f"{elapsed:.0f} s with {jobs} process(es), {elapsed / max(games, 1):.2f} s per game")


if __name__ == "__main__":
    names = sys.argv[1:3] if len(sys.argv) >= 3 else ["ismcts", "greedy"]
    numbers = [int(a) for a in sys.argv[3:5]]
    main(names[0], names[1], *(numbers + [100, 1][len(numbers):]))
