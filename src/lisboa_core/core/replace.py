"""A fast ``replace`` for the immutable state classes (the engine's hot path).

``attrs.evolve`` walks the fields and calls ``__init__`` on every copy; the engine copies
states hundreds of thousands of times per second. The two big classes (``State`` and
``PlayerState``) keep their fields in an instance ``__dict__``, so a copy is one dict copy
and update; slotted classes get a generated function that copies the slots directly.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from lisboa_core.games.lisboa.state import Frame, PlayerState, State, compiled

__all__ = ["replace", "with_field"]

T = TypeVar("T")
_REPLACERS: dict[type, Any] = {}
_new = object.__new__
_set = object.__setattr__
_PLAIN = (Frame, PlayerState, State)
_COMPILED = compiled()


def _make(cls: type) -> Any:
    if "__slots__" not in cls.__dict__:

        def replace_dict(obj: Any, kw: dict[str, Any]) -> Any:
            new: Any = _new(cls)
            fields = obj.__dict__.copy()
            fields.update(kw)
            _set(new, "__dict__", fields)
            return new

        return replace_dict
    names = getattr(cls, "FIELDS", None) or [a.name for a in attrs.fields(cls)]
    lines = ["def replace(obj, kw):", "    new = new_(cls)"]
    for name in names:
        lines.append(f"    set_(new, {name!r}, kw[{name!r}] if {name!r} in kw else obj.{name})")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_": _new, "set_": _set, "cls": cls}
    exec("\n".join(lines), namespace)
    return namespace["replace"]


def replace(obj: T, **changes: Any) -> T:
    """A copy of the immutable ``obj`` (a state class or a frozen attrs instance) with
    ``changes`` applied (no validation: callers pass existing field names)."""
    if _COMPILED:  # native classes: no __dict__, a copy method (narrowed: a native call)
        if isinstance(obj, State):
            return obj.replaced(changes)  # type: ignore[return-value]
        if isinstance(obj, PlayerState):
            return obj.replaced(changes)  # type: ignore[return-value]
        if isinstance(obj, Frame):
            return obj.replaced(changes)  # type: ignore[return-value]
    else:
        fields = getattr(obj, "__dict__", None)
        if fields is not None:  # State and PlayerState: the hot path, inlined
            new: Any = _new(type(obj))
            fields = fields.copy()
            fields.update(changes)
            _set(new, "__dict__", fields)
            return new  # type: ignore[no-any-return]
        if isinstance(obj, Frame):
            return obj.replaced(changes)  # type: ignore[return-value]
    fn = _REPLACERS.get(type(obj))
    if fn is None:
        fn = _REPLACERS[type(obj)] = _make(type(obj))
    return fn(obj, changes)  # type: ignore[no-any-return]


def with_field(obj: T, name: str, value: Any) -> T:
    """``replace(obj, **{name: value})`` for State and PlayerState, without building keyword
    arguments (the decision stack pushes and pops frames this way on every step)."""
    if _COMPILED:
        if isinstance(obj, State):
            if name == "pending":
                return obj.with_pending(value)  # type: ignore[return-value]
            if name == "players":
                return obj.with_players(value)  # type: ignore[return-value]
        if isinstance(obj, PlayerState):
            return obj.replaced({name: value})  # type: ignore[return-value]
        return obj.replaced({name: value})  # type: ignore[attr-defined, no-any-return]
    new: Any = _new(type(obj))
    fields = obj.__dict__.copy()
    fields[name] = value
    _set(new, "__dict__", fields)
    return new  # type: ignore[no-any-return]
