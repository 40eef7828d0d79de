"""The shapes a frame's data may take, declared beside each frame kind's handler.

A spec is a domain name (``"nat"``, ``"seat"``, ``"political"``: the names
:func:`lisboa_core.games.lisboa.state_check.check_state` knows), :class:`Many` (a tuple of any
length,
or of the length the catalogue gives a named size), :class:`Fixed` (a tuple of given items)
or :class:`Opt` (``None`` or a value). A loaded state's frames are checked against the
spec their kind registered (``core.register(..., data=...)``).
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

__all__ = ["EMPTY", "Fixed", "Many", "Opt", "Spec"]


@attrs.frozen
class Many:
    """A tuple of ``item``; of the catalogue's ``size`` (a key of the sizes table) if set."""

    item: Spec
    size: str | None = None


@attrs.frozen
class Fixed:
    """A tuple of exactly these items."""

    items: tuple[Spec, ...]


@attrs.frozen
class Opt:
    """``None`` or ``item``."""

    item: Spec


Spec: TypeAlias = str | Many | Fixed | Opt

EMPTY: Final = Fixed(())
"""The data of a frame that needs none."""
