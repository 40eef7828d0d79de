"""Random playouts of every installed game against python-chess random playouts,
interleaved in one process (Lisboa with legal_moves and with random_move, each other game
with legal_moves).

The machine is shared and its speed drifts, so absolute rates say little: each round times
lisboa (4 players: legal_moves + random choice + apply) and then python-chess (legal moves
+ random choice + push) for the same wall time, and the ratio of the two rates is taken per
round. Printed: the build loaded (``lisboa_core.BUILD``), each rate, the median ratio and
its spread over the rounds; then the same with ``random_move`` when the library has it, and
the throughput of 2 processes playing side by side.

Run it with each build's interpreter (``make bench`` does both)::

    .venv/bin/python benchmarks/bench_speed.py            # pure (editable install)
    .venv-compiled/bin/python benchmarks/bench_speed.py   # compiled wheel
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable

import chess

import lisboa_core
from lisboa_core import Move, apply, is_over, legal_moves, new_game
from lisboa_core.games import games
from lisboa_core.games.lisboa.state import State

ROUNDS = 7
SECONDS = 1.5  # per side and round


def _playouts(
    seconds: float, seed: int, pick: Callable[[State, random.Random], Move],
    game_name: str = "lisboa",
) -> float:
    """Decisions per second of 4-player games of ``game_name``, each move chosen by
    ``pick``."""
    chooser = random.Random(seed)
    start = time.perf_counter()
    decisions = 0
    game = seed * 1000
    while time.perf_counter() - start < seconds:
        state = new_game(4, game, game=game_name)
        game += 1
        while not is_over(state):
            state = apply(state, pick(state, chooser))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def lisboa_playouts(seconds: float, seed: int = 0) -> float:
    """Decisions per second of 4-player random games (legal_moves + choice + apply)."""
    return _playouts(seconds, seed, lambda state, rng: rng.choice(legal_moves(state)))


def game_playouts(game_name: str) -> Callable[[float, int], float]:
    """Decisions per second of 4-player random games of another game (legal_moves +
    choice + apply)."""

    def playouts(seconds: float, seed: int = 0) -> float:
        return _playouts(seconds, seed, lambda state, rng: rng.choice(legal_moves(state)),
                         game_name)

    return playouts


def random_move_playouts(seconds: float, seed: int = 0) -> float:
    """Decisions per second of 4-player games played with ``lisboa_core.random_move``."""
    return _playouts(seconds, seed, lisboa_core.random_move)


def chess_playouts(seconds: float, seed: int = 0) -> float:
    """Moves per second of random chess games (legal moves + choice + push)."""
    chooser = random.Random(seed)
    start = time.perf_counter()
    moves = 0
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(chooser.choice(list(board.legal_moves)))
            moves += 1
    return moves / (time.perf_counter() - start)


def interleaved(name: str, ours: Callable[[float, int], float]) -> None:
    """Time ``ours`` and chess in turn for ROUNDS rounds; print rates and ratio spread."""
    ratios, rates, chess_rates = [], [], []
    for i in range(ROUNDS):
        rate = ours(SECONDS, i)
        chess_rate = chess_playouts(SECONDS, i)
        rates.append(rate)
        chess_rates.append(chess_rate)
        ratios.append(rate / chess_rate)
    print(
        f"{name:>22}: {statistics.median(rates):8.0f}/s vs chess "
        f"{statistics.median(chess_rates):8.0f}/s; ratio median {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f}, {ROUNDS} interleaved rounds of "
        f"{SECONDS:g}s each)"
    )


def _worker(job: tuple[str, int]) -> float:
    kind, seed = job
    return (lisboa_playouts if kind == "lisboa" else chess_playouts)(SECONDS * 2, seed)


def two_processes() -> None:
    """Total rate of 2 processes playing at once, lisboa then chess, and the ratio."""
    with multiprocessing.get_context("fork").Pool(2) as pool:
        ours = sum(pool.map(_worker, [("lisboa", 1), ("lisboa", 2)]))
        theirs = sum(pool.map(_worker, [("chess", 1), ("chess", 2)]))
    print(
        f"{'2 processes':>22}: {ours:8.0f}/s vs chess {theirs:8.0f}/s; "
        f"ratio {ours / theirs:.2f} (one round of {SECONDS * 2:g}s each)"
    )


def main() -> None:
    """Print the interleaved comparison for the build this interpreter loads."""
    print(f"lisboa_core {lisboa_core.__version__}, {lisboa_core.BUILD} build, "
          f"python-chess {chess.__version__}, Python {sys.version.split()[0]}")
    lisboa_playouts(0.5)  # warm-up: the catalogue, the grammar and the caches
    chess_playouts(0.2)
    interleaved("legal_moves + apply", lisboa_playouts)
    if hasattr(lisboa_core, "random_move"):
        interleaved("random_move + apply", random_move_playouts)
    else:
        print(f"{'random_move + apply':>22}: lisboa_core.random_move is not in this version")
    for name in games():
        if name != "lisboa":
            game_playouts(name)(0.5)  # warm-up
            interleaved(f"{name} legal_moves", game_playouts(name))
    two_processes()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
