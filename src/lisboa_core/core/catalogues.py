"""The catalogues a game's states name by digest, for its rules (``rules_of(state)``): one
bounded memo in front of the game's loader, emptied by
:func:`~lisboa_core.core.memo.clear_caches` like every other memo (a catalogue evicted or
cleared is found again by the loader).

Example::

    from lisboa_core.core.catalogues import Catalogues

    loads = []
    found: Catalogues[str] = Catalogues("example.catalogues", lambda d: loads.append(d) or d)
    assert found.of("abc") == found.of("abc") == "abc" and loads == ["abc"]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from lisboa_core.core.memo import CATALOGUES, Memo

__all__ = ["Catalogues"]

R = TypeVar("R")


class Catalogues(Generic[R]):
    """A game's catalogues by digest: ``of(digest)`` is the one ``load(digest)`` gives,
    remembered in a :class:`~lisboa_core.core.memo.Memo` of at most
    :data:`~lisboa_core.core.memo.CATALOGUES` entries.

    Example::

        from lisboa_core.core.catalogues import Catalogues

        squares: Catalogues[int] = Catalogues("example.lengths", len)
        assert squares.of("four") == 4
    """

    def __init__(self, name: str, load: Callable[[str], R]) -> None:
        self._memo: Memo[str, R] = Memo(name, CATALOGUES)
        self._load = load

    def of(self, digest: str) -> R:
        """The catalogue with ``digest`` (loaded once, then remembered)."""
        found = self._memo.get(digest)
        if found is None:
            found = self._memo.put(digest, self._load(digest))
        return found
