"""The generated-position oracle of Lisboa's hints, long (issue 35): the strategies of
tests/hint_positions.py (positions built near each hint's preconditions through the
scenario builders), many more examples than tests/test_hint_properties.py runs in
``make test``, each compared with the bare search, every hint answer on the way checked.

    python benchmarks/hint_positions.py [EXAMPLES] [--seed S]

EXAMPLES per strategy (default 1000). Prints the positions checked and the hint answers
checked (by frame kind and answer); exits non-zero at the first mismatch (Hypothesis
shrinks it and prints the position's strategy draws). The figure is in README.md and
benchmarks/mutants.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hypothesis import HealthCheck, given, seed, settings

from hint_positions import (
    agrees,
    checked_hints,
    opening_positions,
    store_positions,
    visit_positions,
)


def _run(strategy: object, examples: int, seed_: int) -> Counter[str]:
    """The tally of one strategy's run (positions, then hint answers by kind)."""
    tally: Counter[str] = Counter()

    @seed(seed_)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)  # type: ignore[arg-type]
    def check(state: object) -> None:
        with checked_hints() as checked:
            agrees(state, checked)  # type: ignore[arg-type]
        tally.update(checked)

    check()
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", nargs="?", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    started = time.perf_counter()
    for name, strategy in (("store", store_positions()), ("opening", opening_positions()),
                           ("visit", visit_positions())):
        clock = time.perf_counter()
        tally = _run(strategy, args.examples, args.seed)
        total.update(tally)
        answers = sum(v for k, v in tally.items() if k != "positions")
        print(f"{name}: {tally['positions']} positions, {answers} hint answers checked, "
              f"{time.perf_counter() - clock:.0f} s", flush=True)
    answers = sum(v for k, v in total.items() if k != "positions")
    print(f"\nall: {total['positions']} positions, {answers} hint answers checked against "
          f"the bare search, no mismatch ({(time.perf_counter() - started) / 60:.1f} min)")
    for key, count in sorted(total.items()):
        if key != "positions":
            print(f"  {key}: {count}")


if __name__ == "__main__":
    main()
