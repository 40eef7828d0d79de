"""Catalogue parse + validation time (median of repeated cold builds) and cached lookup time."""

from __future__ import annotations

import statistics
import time

from lisboa_core import load_rules
from lisboa_core.dsl.parser import _parser
from lisboa_core.dsl.resources import cards_dir
from lisboa_core.games.lisboa.catalogue import _build, _card_files


def _median_ms(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    """Print the figures quoted in the README."""
    start = time.perf_counter()
    _parser()
    grammar_ms = (time.perf_counter() - start) * 1000
    files = _card_files([cards_dir()])
    parse_ms = _median_ms(lambda: _build(files, True), 15)
    load_rules()
    cached_us = _median_ms(load_rules, 1000) * 1000
    n = len(load_rules())
    print(f"grammar build (once per process): {grammar_ms:8.1f} ms")
    print(f"catalogue parse + validate ({n} components, median of 15): {parse_ms:8.1f} ms")
    print(f"cached load_rules() (median of 1000): {cached_us:8.2f} us")


if __name__ == "__main__":
    main()
