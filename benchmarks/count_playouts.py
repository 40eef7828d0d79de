"""Seeded random 4-player Lisboa games for instruction counting under callgrind.

Wall time on a shared machine drifts; instruction counts do not. Run the same games in
two builds (or before and after a change) under ``valgrind --tool=callgrind`` and compare
the totals, or where they go (``callgrind_annotate --inclusive=yes``)::

    valgrind --tool=callgrind --callgrind-out-file=cg.out --collect-atstart=no \\
        --toggle-collect=functools_reduce \\
        .venv-compiled/bin/python benchmarks/count_playouts.py legal_moves 8

Only the games are counted with ``--collect-atstart=no --toggle-collect=functools_reduce``:
they run inside one ``functools.reduce`` call, which the library itself never makes, so
importing and loading the catalogue fall outside the count.

``legal_moves`` picks each move with ``rng.choice(legal_moves(state))``, ``random_move``
with :func:`lisboa_core.random_move`; ``setup`` only imports the library and sets up one
game (the cost to subtract from the other two). Game ``i`` is ``new_game(4, i)`` with
``random.Random(i)`` choosing. Prints the decisions played, so two builds can be checked
to have played the same games.
"""

from __future__ import annotations

import functools
import random
import sys

from lisboa_core import apply, is_over, legal_moves, new_game, random_move


def play_one(mode: str, seed: int) -> int:
    """Play game ``seed`` choosing by ``mode``; return the decisions made."""
    decisions = 0
    state = new_game(4, seed)
    rng = random.Random(seed)
    while not is_over(state):
        move = rng.choice(legal_moves(state)) if mode == "legal_moves" else random_move(state, rng)
        state = apply(state, move)
        decisions += 1
    return decisions


def play(mode: str, games: int) -> int:
    """Play ``games`` seeded games choosing by ``mode`` (inside one ``functools.reduce``,
    the span callgrind counts); return the decisions made."""
    return functools.reduce(lambda done, seed: done + play_one(mode, seed), range(games), 0)


def main() -> None:
    """``count_playouts.py MODE [GAMES]``: MODE is legal_moves, random_move or setup."""
    mode = sys.argv[1] if len(sys.argv) > 1 else "legal_moves"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    if mode not in ("legal_moves", "random_move", "setup"):
        raise SystemExit(f"unknown mode {mode!r}: legal_moves, random_move or setup")
    new_game(4, 0)  # the catalogue and the caches of a first game, outside the count
    if mode == "setup":
        print("setup")
        return
    print(f"{mode}: {games} games, {play(mode, games)} decisions")


if __name__ == "__main__":
    main()
