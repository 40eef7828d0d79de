"""Tampered saves, seat views and game records of every game, many of them: every one must
be refused cleanly or load and play random games to the end with the invariants holding
(``make tamper``; the conformance suite runs a seeded few per game).

    python benchmarks/tamper.py [CASES] [WORKERS] [GAME ...]

For each game (default: every registered game) and each kind, interleaved (saves; views,
for a game with hidden information; records), ``CASES`` inputs (default 10,000) taken from
random games of every player count at many points, each changed once by
:func:`lisboa_core.studies.adversarial.tamper` and judged by
:func:`~lisboa_core.studies.adversarial.judge_state`,
:func:`~lisboa_core.studies.adversarial.judge_view` or
:func:`~lisboa_core.studies.adversarial.judge_record`. ``WORKERS`` processes (default 2).
"""

from __future__ import annotations

import collections
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from lisboa_core.games import game, games
from lisboa_core.studies import adversarial as a

_SOURCES: dict[tuple[str, str], list[str]] = {}
_JUDGES: dict[str, Callable[..., Any]] = {
    "save": a.judge_state, "view": a.judge_view, "record": a.judge_record,
}


def _sources(name: str, kind: str) -> list[str]:
    found = _SOURCES.get((name, kind))
    if found is None:
        if kind == "save":
            found = a.sample_saves(12, game=name)
        elif kind == "view":
            found = a.sample_views(8, game=name)
        else:
            found = a.sample_records(6, game=name)
        _SOURCES[(name, kind)] = found
    return found


def _case(job: tuple[str, str, int]) -> tuple[str, str, str, str, str]:
    name, kind, number = job
    rng = random.Random(f"{name}:{kind}:{number}")
    text, what = a.tamper(rng.choice(_sources(name, kind)), rng)
    verdict = _JUDGES[kind](text, rng)
    return name, kind, verdict.outcome, what, verdict.detail


def _report(outcomes: collections.Counter[tuple[str, str, str]], name: str, kind: str) -> None:
    counts = {o: outcomes[(name, kind, o)] for o in ("rejected", "playable", "broken")}
    print(f"tamper {name} {kind}s: {sum(counts.values()):,}: {counts['rejected']:,} refused, "
          f"{counts['playable']:,} loaded and played to the end, {counts['broken']:,} "
          "accepted then broken", flush=True)


def main() -> None:
    """Run the cases and print the outcome counts per game and kind."""
    cases = int(float(sys.argv[1])) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    names = sys.argv[3:] or list(games())
    blocks = [(name, kind) for name in names for kind in ("save", "view", "record")
              if kind != "view" or game(name).hidden_information]
    jobs = [(name, kind, number) for number in range(cases) for name, kind in blocks]
    started = time.monotonic()
    outcomes: collections.Counter[tuple[str, str, str]] = collections.Counter()
    with multiprocessing.Pool(workers) as pool:
        for done, (name, kind, outcome, what, detail) in enumerate(
                pool.imap(_case, jobs, chunksize=25), 1):
            outcomes[(name, kind, outcome)] += 1
            if outcome == "broken":
                print(f"BROKEN {name} {kind}: {what}: {detail}", flush=True)
            if done % 3000 == 0 or done == len(jobs):
                print(f"{done:,} of {len(jobs):,} cases, {time.monotonic() - started:.0f} s:",
                      flush=True)
                for block in blocks:
                    _report(outcomes, *block)
    elapsed = time.monotonic() - started
    broken = sum(n for (_name, _kind, outcome), n in outcomes.items() if outcome == "broken")
    print(f"tamper: {len(jobs):,} cases in {elapsed:.0f} s, {broken} accepted then broken")
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
