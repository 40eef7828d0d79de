"""How a component kind is described: the keys a card file may give for it, the shape of
each key's values and the typed class it builds. A game's vocabulary holds one
:class:`KindSchema` per kind; :class:`~.compiler.Compiler` reads a component against it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from lisboa_core.dsl.patterns import Pattern, ValueType, compile_pattern

__all__ = [
    "BEHAVIOUR",
    "KindSchema",
    "Spec",
    "clause_spec",
    "field_spec",
    "flag_spec",
    "one",
    "several",
]


@attrs.frozen(slots=True)
class Spec:
    """One key a component kind may give: its form and how its values are read."""

    key: str
    form: str  # field | flag | clause | section | behaviour
    pattern: Pattern | None = None
    attr: str | None = None
    required: bool = True
    repeat: bool = False
    build: Callable[[dict[str, Any]], Any] | None = None


def field_spec(
    key: str,
    pattern: str,
    attr: str | None = None,
    *,
    types: Mapping[str, ValueType],
    required: bool = True,
    repeat: bool = False,
    build: Callable[[dict[str, Any]], Any] | None = None,
) -> Spec:
    """A field ``key VALUES`` read by ``pattern`` over the game's value ``types``; ``build``
    turns the bound values into the attribute (default: the dictionary of them)."""
    return Spec(
        key,
        "field",
        compile_pattern(pattern, types),
        attr or key.replace("-", "_"),
        required,
        repeat,
        build,
    )


def flag_spec(key: str, attr: str | None = None) -> Spec:
    """A key written alone (``complete``): true when present."""
    return Spec(key, "flag", None, attr or key.replace("-", "_"), False)


def clause_spec(key: str, *, required: bool = False) -> Spec:
    """A clause ``key: effects``."""
    return Spec(key, "clause", None, key, required)


def one(name: str) -> Callable[[dict[str, Any]], Any]:
    """``build`` of a field with one value: the value bound to ``name``."""
    return lambda b: b[name]


def several(*names: str) -> Callable[[dict[str, Any]], Any]:
    """``build`` of a field with several values: the tuple of those bound to ``names``."""
    return lambda b: tuple(b.get(n) for n in names)


BEHAVIOUR = Spec("", "behaviour")
"""The passive behaviour (``modify``, ``allow``, ``on``) a component may carry."""


@attrs.frozen(slots=True)
class KindSchema:
    """One component kind: the class it compiles to, its name in JSON and its keys."""

    cls: type
    json_kind: str
    specs: tuple[Spec, ...]
