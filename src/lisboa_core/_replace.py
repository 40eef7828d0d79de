"""A fast ``replace`` for the frozen state classes (the engine's hot path).

``attrs.evolve`` walks the fields and calls ``__init__`` on every copy; the engine copies
states hundreds of thousands of times per second, so each class gets a generated function
that copies the slots directly.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

T = TypeVar("T")
_REPLACERS: dict[type, Any] = {}


def _make(cls: type) -> Any:
    names = [a.name for a in attrs.fields(cls)]
    lines = ["def replace(obj, kw):", "    new = new_(cls)"]
    for name in names:
        lines.append(f"    set_(new, {name!r}, kw[{name!r}] if {name!r} in kw else obj.{name})")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_": object.__new__, "set_": object.__setattr__, "cls": cls}
    exec("\n".join(lines), namespace)
    return namespace["replace"]


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen attrs instance ``obj`` with ``changes`` applied (no validation:
    callers pass existing field names)."""
    cls = type(obj)
    fn = _REPLACERS.get(cls)
    if fn is None:
        fn = _REPLACERS[cls] = _make(cls)
    return fn(obj, changes)  # type: ignore[no-any-return]
