"""Deprecated names: they keep working for at least one minor release and warn with
:class:`~lisboa_core.errors.LisboaDeprecationWarning`, naming the replacement and the
version that removes them (the stability policy in docs/guide/stability.md)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from lisboa_core.errors import LisboaDeprecationWarning

__all__ = ["moved"]


def moved(module: str, names: dict[str, tuple[str, Callable[[], Any]]],
          removed_in: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving old names: ``names`` maps an old name to the new
    name's dotted path and a function returning the new object."""

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, load = names[name]
        warnings.warn(
            f"{module}.{name} is deprecated and will be removed in lisboa_core {removed_in}; "
            f"use {new}",
            LisboaDeprecationWarning,
            stacklevel=2,
        )
        return load()

    return __getattr__
