"""Greedy against random: one GreedyBot and three RandomBots in 4-player games, the greedy
bot taking each seat in turn; prints its win rate (shared wins count fractionally).

Run: ``.venv/bin/python benchmarks/bench_bots.py [games] [jobs]`` (default 200 games, 1
process). Built on ``lisboa_core.simulation.simulate``, so ``lisboa simulate --players 4
--bots greedy,random,random,random --rotate --games 200`` gives the same games.
"""

from __future__ import annotations

import sys
import time

from lisboa_core.simulation import Progress, simulate, summarise

BOTS = ("greedy", "random", "random", "random")
SEED = 1000


def main(games: int, jobs: int) -> None:
    """Play ``games`` games and print the greedy bot's wins and its score margin."""
    start = time.perf_counter()
    progress = Progress(games, "games", sys.stderr)
    results = simulate(
        4, games, SEED, BOTS, jobs=jobs, rotate=True, on_result=lambda _r: progress.update()
    )
    progress.close()
    elapsed = time.perf_counter() - start
    summary = summarise(results, 4)
    greedy = summary["wins_by_bot"]["greedy"]
    scores = summary["score_by_bot"]
    print(f"{games} 4-player games, 1 greedy vs 3 random bots, greedy seat rotating, "
          f"seeds {SEED}-{SEED + games - 1}")
    print(f"greedy win rate: {greedy['win_rate']:.1%} ({greedy['wins']:g} wins; "
          f"chance would be 25%)")
    print(f"mean total wigs: greedy {scores['greedy']['total']['mean']:.1f}, "
          f"random {scores['random']['total']['mean']:.1f}")
    print(f"mean game length: {summary['decisions']['mean']:.0f} decisions; "
          f"{elapsed:.0f} s with {jobs} process(es), {elapsed / max(games, 1):.2f} s per game")


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    main(*(arguments + [200, 1][len(arguments):]))
