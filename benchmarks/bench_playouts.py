"""Random playouts: decisions per second (legal_moves + apply), games per second, mean
decisions per game for 2, 3 and 4 players, and the peak memory of one game."""

from __future__ import annotations

import platform
import random
import resource
import sys
import time
import tracemalloc

from lisboa_core import apply, is_over, legal_moves, new_game, random_move

SECONDS = 8.0  # per player count


def _play(players: int, seed: int) -> int:
    state = new_game(players, seed)
    chooser = random.Random(seed)
    decisions = 0
    while not is_over(state):
        state = apply(state, chooser.choice(legal_moves(state)))
        decisions += 1
    return decisions


def _play_sampled(players: int, seed: int) -> int:
    """A random game whose moves come from ``random_move`` (no full list of legal moves)."""
    state = new_game(players, seed)
    chooser = random.Random(seed)
    decisions = 0
    while not is_over(state):
        state = apply(state, random_move(state, chooser))
        decisions += 1
    return decisions


def _interleaved(players: int, rounds: int) -> tuple[float, float]:
    """Decisions/s of list-and-choose playouts and of ``random_move`` playouts, the two
    interleaved game by game so a busy machine slows both alike."""
    spent = [0.0, 0.0]
    made = [0, 0]
    for game in range(rounds):
        for i, play in enumerate((_play, _play_sampled)):
            start = time.perf_counter()
            made[i] += play(players, 20_000 + game)
            spent[i] += time.perf_counter() - start
    return made[0] / spent[0], made[1] / spent[1]


def _peak_memory(players: int, seed: int) -> float:
    """Peak traced memory (MiB) while one whole game is played."""
    tracemalloc.start()
    _play(players, seed)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def main() -> None:
    """Print the playout figures (one process)."""
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    _play(4, 10_000)  # warm-up: the catalogue, the grammar and the caches
    for players in (4, 3, 2):
        start = time.perf_counter()
        decisions = games = 0
        while time.perf_counter() - start < SECONDS:
            decisions += _play(players, games)
            games += 1
        elapsed = time.perf_counter() - start
        print(f"{players} players: {decisions / elapsed:8.0f} decisions/s, "
              f"{games / elapsed:6.2f} games/s, {decisions / games:6.1f} decisions/game "
              f"({games} random games)")
    listed, sampled = _interleaved(4, 12)
    print(f"4 players, interleaved over 12 games each: legal_moves + choice {listed:8.0f} "
          f"decisions/s, random_move {sampled:8.0f} decisions/s ({sampled / listed:.2f}x)")
    print(f"peak memory allocated while one 4-player game is played: "
          f"{_peak_memory(4, 0):.2f} MiB (tracemalloc; states share most of their parts)")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak resident size of this process (catalogue, grammar, caches): {rss:.0f} MiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
