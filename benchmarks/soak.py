"""Soak: random legal play with every invariant checked after every move.

``make soak`` (not part of ``make test``) plays random games over 2, 3 and 4 players, in
turn, until DECISIONS decisions have been made (default 10^6), on JOBS processes, checking
:func:`lisboa_core.games.lisboa.testing.check_invariants` after every move and that a decision is
always
offered until the game ends. It prints decisions, games, failures and time; a failure
prints the seed, the move number and what went wrong, so it can be replayed.

    python benchmarks/soak.py [DECISIONS] [JOBS]
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time

from lisboa_core import apply, is_over, legal_moves, new_game
from lisboa_core.games.lisboa.testing import check_invariants


def _game(seed: int) -> tuple[int, str | None]:
    """Play the game of ``seed``; return its decisions and the first failure (or None)."""
    players = 2 + seed % 3
    state = new_game(players, seed)
    chooser = random.Random(seed)
    decisions = 0
    try:
        while not is_over(state):
            moves = legal_moves(state)
            if not moves:
                return decisions, f"seed {seed}: no legal move at decision {decisions}"
            state = apply(state, chooser.choice(moves))
            decisions += 1
            problems = check_invariants(state)
            if problems:
                return decisions, f"seed {seed}, decision {decisions}: {problems[0]}"
    except Exception as err:  # the soak is there to find exactly these
        return decisions, f"seed {seed}, decision {decisions}: {type(err).__name__}: {err}"
    return decisions, None


def main() -> None:
    """Run the soak and print its figures."""
    target = int(float(sys.argv[1])) if len(sys.argv) > 1 else 1_000_000
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    started = time.monotonic()
    decisions = games = 0
    failures: list[str] = []
    with multiprocessing.Pool(jobs) as pool:
        for made, failure in pool.imap(_game, range(10**9), chunksize=4):
            decisions += made
            games += 1
            if failure:
                failures.append(failure)
                print("FAILURE", failure, flush=True)
            if games % 500 == 0:
                rate = decisions / (time.monotonic() - started)
                print(f"  {decisions:,} decisions, {games:,} games ({rate:,.0f}/s)", flush=True)
            if decisions >= target:
                pool.terminate()
                break
    elapsed = time.monotonic() - started
    print(
        f"soak: {decisions:,} decisions in {games:,} games (2/3/4 players in turn), "
        f"{len(failures)} failures, {elapsed:.0f} s on {jobs} processes, "
        "invariants checked after every move"
    )
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
