"""Tampered saves and records, many of them: every one must be refused cleanly or load
consistent and playable (``make tamper``; the test suite runs a few thousand).

    python benchmarks/tamper.py [CASES] [JOBS]

Cases alternate between saved states and game records, taken from random games of 2, 3
and 4 players at many points; each is changed once by :func:`lisboa_core.studies.adversarial.tamper`
and judged by :func:`~lisboa_core.studies.adversarial.judge_state` /
:func:`~lisboa_core.studies.adversarial.judge_record` (200 random moves after a successful load).
"""

from __future__ import annotations

import collections
import multiprocessing
import random
import sys
import time

from lisboa_core.studies.adversarial import (
    judge_record,
    judge_state,
    sample_records,
    sample_saves,
    tamper,
)

_SAVES: list[str] = []
_RECORDS: list[str] = []


def _setup() -> None:
    _SAVES.extend(sample_saves(games=12))
    _RECORDS.extend(sample_records(games=6))


def _case(number: int) -> tuple[str, str, str]:
    rng = random.Random(number)
    is_record = number % 4 == 3
    source = rng.choice(_RECORDS if is_record else _SAVES)
    text, what = tamper(source, rng)
    verdict = (judge_record if is_record else judge_state)(text, rng)
    return verdict.outcome, what, verdict.detail


def main() -> None:
    """Run the cases and print the outcome counts."""
    cases = int(float(sys.argv[1])) if len(sys.argv) > 1 else 100_000
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    started = time.monotonic()
    outcomes: collections.Counter[str] = collections.Counter()
    with multiprocessing.Pool(jobs, initializer=_setup) as pool:
        for done, (outcome, what, detail) in enumerate(
            pool.imap_unordered(_case, range(cases), chunksize=50), 1
        ):
            outcomes[outcome] += 1
            if outcome == "broken":
                print(f"BROKEN: {what}: {detail}", flush=True)
            if done % 10_000 == 0:
                print(f"  {done:,} cases: {dict(outcomes)}", flush=True)
    elapsed = time.monotonic() - started
    print(
        f"tamper: {cases:,} cases in {elapsed:.0f} s: {outcomes['rejected']:,} rejected "
        f"cleanly, {outcomes['playable']:,} loaded and played on, "
        f"{outcomes['broken']:,} accepted then broken"
    )
    sys.exit(1 if outcomes["broken"] else 0)


if __name__ == "__main__":
    main()
