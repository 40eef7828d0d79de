"""A small deterministic random generator kept in the state as plain integers.

SplitMix64: the same seed gives the same numbers on every Python version and platform,
and the generator is just ``(seed, counter)``, so it serialises with the state.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from typing import Final, TypeVar

import attrs

from lisboa_core.core.memo import Memo

__all__ = ["Rng"]

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


@attrs.frozen(slots=True)
class Rng:
    """An immutable SplitMix64 generator: each draw returns a value and the next generator."""

    seed: int
    counter: int = 0

    def next(self) -> tuple[int, Rng]:
        """A uniformly distributed 64-bit integer and the advanced generator."""
        z = (self.seed + (self.counter + 1) * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31), Rng(self.seed, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """An integer in ``range(n)`` (rejection sampling, so without bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _limit(n)
        rng = self
        while True:
            value, rng = rng.next()
            if value < limit:
                return value % n, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates) and the advanced generator.

        The same draws as :meth:`below` for each position, from the last to the second."""
        out = list(items)
        counter = _fisher_yates(out, self.seed, self.counter, _limits(len(out)))
        return tuple(out), Rng(self.seed, counter)


def _limit(n: int) -> int:
    """The rejection bound of a draw in ``range(n)``: the largest multiple of ``n`` that
    fits in 64 bits (a draw at or above it is drawn again, so every value is equally
    likely)."""
    return (1 << 64) - ((1 << 64) % n)


_LIMITS: Final[list[int]] = [0] + [_limit(n) for n in range(1, 1025)]


def _limits(size: int) -> list[int]:
    """``_limit(n)`` at index ``n``, for every ``n`` up to ``size``."""
    if size < len(_LIMITS):
        return _LIMITS
    return [0] + [_limit(n) for n in range(1, size + 1)]


def _fisher_yates(out: list[T], seed: int, counter: int, limits: Sequence[int]) -> int:
    """Shuffle ``out`` in place with the draws of ``Rng(seed, counter)``, position ``i``
    taking a draw in ``range(i + 1)`` that is drawn again at or above ``limits[i + 1]``;
    return the counter after the last draw.

    The draws are computed in one batch (:func:`_draws`): a pass of big-integer arithmetic
    instead of a dozen operations per draw, for the same numbers."""
    size = len(out)
    if size < 2:
        return counter
    used = 0
    for i, value in zip(range(size - 1, 0, -1), _draws(seed, counter, size - 1), strict=True):
        n = i + 1
        if value >= limits[n]:  # rejected (about n draws in 2**64): go on one at a time
            return _fisher_yates_from(out, i, seed, counter + used, limits)
        used += 1
        j = value % n
        out[i], out[j] = out[j], out[i]
    return counter + used


def _fisher_yates_from(out: list[T], top: int, seed: int, counter: int,
                       limits: Sequence[int]) -> int:
    """:func:`_fisher_yates` from position ``top`` down, drawing one value at a time."""
    rng = Rng(seed, counter)
    for i in range(top, 0, -1):
        n = i + 1
        while True:
            value, rng = rng.next()
            if value < limits[n]:
                break
        j = value % n
        out[i], out[j] = out[j], out[i]
    return rng.counter


# The lanes of _draws(): each draw lives in 128 bits of one big integer, so a product of two
# 64-bit numbers never spills into the next lane.
_LANE_BITS: Final = 128
_LANES: Final[Memo[int, tuple[int, int, int]]] = Memo("core.rng._LANES", 4096)
_LITTLE: Final = sys.byteorder == "little"


def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: a 1 in each lane, ``k * golden`` (mod 2**64) in lane ``k``, and
    the 64-bit mask of each lane."""
    found = _LANES.get(count)
    if found is None:
        ones = steps = 0
        for k in range(count - 1, -1, -1):
            ones = (ones << _LANE_BITS) | 1
            steps = (steps << _LANE_BITS) | ((k * _GOLDEN) & _MASK)
        found = (ones, steps, ones * _MASK)
        _LANES.put(count, found)
    return found


def _draws(seed: int, counter: int, count: int) -> list[int]:
    """The next ``count`` values of ``Rng(seed, counter)`` (its counters ``counter + 1`` to
    ``counter + count``), computed for all at once: SplitMix64 on every lane of one big
    integer."""
    if count <= 0:
        return []
    ones, steps, mask = _lanes(count)
    z = (((seed + (counter + 1) * _GOLDEN) & _MASK) * ones + steps) & mask
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z = (z ^ (z >> 31)) & mask
    words = array("Q", z.to_bytes(count * 16, "little"))
    if not _LITTLE:
        words.byteswap()
    return words[::2].tolist()
