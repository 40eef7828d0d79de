"""A fast ``replace`` for the immutable classes (the engine's hot path).

``attrs.evolve`` walks the fields and calls ``__init__`` on every copy; the engine copies
states hundreds of thousands of times per second. Compiled, every generated class has a
native copy method (``replaced``, ``with_pending``). Pure, the generated classes keep their
fields in an instance ``__dict__``, so a copy is one dictionary copy and update; slotted
classes (``Frame``, frozen attrs classes) get a generated function that copies the slots.
Either way a name that is not a field of the class is an error, never a silent new field.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from lisboa_core.core.frame import Frame
from lisboa_core.core.immutable import GameState, Record
from lisboa_core.core.native import compiled

__all__ = ["replace", "with_field"]

T = TypeVar("T")
_REPLACERS: dict[type, Any] = {}
_FIELD_NAMES: dict[type, frozenset[str]] = {}
_new = object.__new__
_set = object.__setattr__
_COMPILED = compiled()


def _names(cls: type) -> frozenset[str]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        fields = getattr(cls, "FIELDS", None) or [a.name for a in attrs.fields(cls)]
        names = _FIELD_NAMES[cls] = frozenset(fields)
    return names


def _unknown(cls: type, changes: dict[str, Any]) -> AttributeError:
    wrong = sorted(set(changes) - _names(cls))
    return AttributeError(f"{cls.__name__} has no field {', '.join(map(repr, wrong))}")


def _make(cls: type) -> Any:
    names = _names(cls)
    if "__slots__" not in cls.__dict__:

        def replace_dict(obj: Any, kw: dict[str, Any]) -> Any:
            if not kw.keys() <= names:
                raise _unknown(cls, kw)
            new: Any = _new(cls)
            fields = obj.__dict__.copy()
            fields.update(kw)
            _set(new, "__dict__", fields)
            return new

        return replace_dict
    ordered = getattr(cls, "FIELDS", None) or [a.name for a in attrs.fields(cls)]
    lines = ["def replace(obj, kw):", "    if not kw.keys() <= names: raise unknown(cls, kw)",
             "    new = new_(cls)"]
    for name in ordered:
        lines.append(f"    set_(new, {name!r}, kw[{name!r}] if {name!r} in kw else obj.{name})")
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_": _new, "set_": _set, "cls": cls, "names": names,
                                 "unknown": _unknown}
    exec("\n".join(lines), namespace)
    return namespace["replace"]


def replace(obj: T, **changes: Any) -> T:
    """A copy of the immutable ``obj`` (a generated state class, a frame or a frozen attrs
    instance) with ``changes`` applied; a name that is not a field raises
    ``AttributeError``."""
    if _COMPILED:  # native classes: no __dict__, a copy method (narrowed: a native call)
        if isinstance(obj, Record):
            return obj.replaced(changes)  # type: ignore[return-value]
        if isinstance(obj, Frame):
            return obj.replaced(changes)  # type: ignore[return-value]
    fn = _REPLACERS.get(type(obj))
    if fn is None:
        fn = _REPLACERS[type(obj)] = _make(type(obj))
    return fn(obj, changes)  # type: ignore[no-any-return]


def with_field(obj: T, name: str, value: Any) -> T:
    """``replace(obj, **{name: value})`` for a generated class, without building keyword
    arguments (the decision stack pushes and pops frames this way on every step; the engine
    passes field names it knows)."""
    if _COMPILED:
        if isinstance(obj, GameState) and name == "pending":
            return obj.with_pending(value)  # type: ignore[return-value]
        return obj.replaced({name: value})  # type: ignore[attr-defined, no-any-return]
    new: Any = _new(type(obj))
    fields = obj.__dict__.copy()
    fields[name] = value
    _set(new, "__dict__", fields)
    return new  # type: ignore[no-any-return]
