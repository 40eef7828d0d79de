"""A small deterministic random generator kept in the state as plain integers.

SplitMix64: the same seed gives the same numbers on every Python version and platform,
and the generator is just ``(seed, counter)``, so it serialises with the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

__all__ = ["Rng"]

T = TypeVar("T")
_MASK = (1 << 64) - 1


@attrs.frozen(slots=True)
class Rng:
    """An immutable SplitMix64 generator: each draw returns a value and the next generator."""

    seed: int
    counter: int = 0

    def next(self) -> tuple[int, Rng]:
        """A uniformly distributed 64-bit integer and the advanced generator."""
        z = (self.seed + (self.counter + 1) * 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(self.seed, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """An integer in ``range(n)`` (rejection sampling, so without bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next()
            if value < limit:
                return value % n, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates) and the advanced generator.

        The same draws as :meth:`below` for each position, computed inline: setting up a
        game shuffles several hundred cards."""
        out = list(items)
        seed, counter = self.seed, self.counter
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                counter += 1
                z = (seed + counter * 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(seed, counter)
