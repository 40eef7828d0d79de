"""Bounded memos for the engine's derived answers, and :func:`clear_caches` to empty them.

The rules and hints remember answers that depend only on a catalogue and a few holdings
(a land's facts, a seat's passive behaviours, a site's index). Every such memo is a
:class:`Memo` with a size limit, registered here, so a long-running server or a study that
loads many catalogues holds a bounded amount, and :func:`clear_caches` forgets everything
at once. One-answer memos kept by identity (the last state priced) register their list or
dict with :func:`tracked`.

A memo only saves work: emptying one never changes an answer.
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar

__all__ = ["CATALOGUES", "Memo", "clear_caches", "memos", "tracked"]

CATALOGUES: Final = 64
"""The limit of a memo with one entry per catalogue (or per catalogue and player count): a
study varying cards rarely has more live at once, and an evicted one is rebuilt cheaply."""

K = TypeVar("K")
V = TypeVar("V")
C = TypeVar("C", bound="list[Any] | dict[Any, Any]")


class Memo(Generic[K, V]):
    """A dict of remembered answers holding at most ``limit`` entries.

    ``get`` answers None for a key not held; ``put`` stores and returns the value. When
    full, ``put`` first forgets the ``evict`` oldest entries (insertion order; by default
    the older half): a catalogue's working set stays, a study's long-gone catalogues go.

    Example::

        from lisboa_core.core.memo import Memo

        squares: Memo[int, int] = Memo("example.squares", 4)
        for n in range(6):
            if squares.get(n) is None:
                squares.put(n, n * n)
        assert len(squares) <= 4 and squares[5] == 25
    """

    def __init__(self, name: str, limit: int, *, evict: int = 0) -> None:
        if limit < 1 or evict < 0:
            raise ValueError(f"memo {name!r}: limit must be at least 1 and evict at least 0")
        self.name = name
        self.limit = limit
        self.evict = min(evict, limit) if evict else max(1, limit // 2)
        self.data: dict[K, V] = {}
        _MEMOS.append(self)

    def get(self, key: K) -> V | None:
        """The value remembered for ``key``, or None."""
        return self.data.get(key)

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` (forgetting the older half when full); return it."""
        data = self.data
        if len(data) >= self.limit and key not in data:
            old = list(data)[: self.evict]
            for gone in old:
                del data[gone]
        data[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry."""
        self.data.clear()

    def __contains__(self, key: K) -> bool:
        return key in self.data

    def __getitem__(self, key: K) -> V:
        return self.data[key]

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return f"<Memo {self.name}: {len(self.data)} of {self.limit}>"


_MEMOS: Final[list[Memo[Any, Any]]] = []
_TRACKED: Final[list[list[Any] | dict[Any, Any]]] = []


def tracked(container: C) -> C:
    """Register a small list or dict that keeps the last answer (bounded by its own use)
    so :func:`clear_caches` empties it too; return it.

    Example::

        from lisboa_core.core.memo import clear_caches, tracked

        last: list[tuple[str, int]] = tracked([])
        last[:] = [("answer", 42)]
        clear_caches()
        assert last == []
    """
    _TRACKED.append(container)
    return container


def memos() -> tuple[Memo[Any, Any], ...]:
    """Every registered :class:`Memo` (for tests and diagnostics).

    Example::

        from lisboa_core.core.memo import memos

        assert all(len(memo) <= memo.limit for memo in memos())
    """
    return tuple(_MEMOS)


def clear_caches() -> None:
    """Forget every remembered answer of the engine: the per-catalogue and per-holdings
    memos of the rules and hints, the catalogue-loading cache and the last-answer memos.

    Games, catalogues already loaded and registered, and every result stay as they were;
    the next calls only recompute what they need. Call it in a long-running server or
    between the catalogues of a study to give the memory back.

    Example::

        from lisboa_core import clear_caches, new_game, state_digest

        state = new_game(players=2, seed=1)
        clear_caches()
        assert state_digest(new_game(players=2, seed=1)) == state_digest(state)
    """
    for memo in _MEMOS:
        memo.clear()
    for container in _TRACKED:
        container.clear()
