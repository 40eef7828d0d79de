"""A tiny pattern language for reading the values of a field or the words of a phrase.

A pattern is written as text, e.g. ``"gain <amount:pos> <what:resource> [per <unit:unit>]"``:

* a plain word (``gain``) or alternatives (``good|goods``) must appear literally;
* ``<name:type>`` binds one value of a named type (:data:`BASE_TYPES` and the game's own);
* ``<name:type...>`` binds one or more values of that type (a tuple);
* ``[ ... ]`` is an optional group (one level); optional groups written next to each
  other may appear in any order, each at most once (``[facing S] [in row R]`` also reads
  ``in row B facing blue``).

Matching returns the bound values, or a :class:`Mismatch` that points at the value where
reading stopped and says what was expected there, so errors name the exact word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from lisboa_core.dsl.ast import Int, Ref, Value, Word

__all__ = ["BASE_TYPES", "Enum", "Mismatch", "Pattern", "ValueType", "compile_pattern", "int_type"]


@attrs.frozen(slots=True)
class ValueType:
    """A named kind of value: how to recognise it and what it means in words."""

    name: str
    description: str
    convert: Callable[[Value], Any]  # returns the Python value or raises ValueError
    members: tuple[str, ...] = ()  # for enumerations: the allowed words
    noun: str = ""  # what a member is called in messages ("good"); defaults to the name

    @property
    def called(self) -> str:
        """The noun used in messages such as "unknown good 'gld'"."""
        return self.noun or self.name.replace("_", " ")


def _int_type(name: str, description: str, low: int | None, high: int | None) -> ValueType:
    def convert(value: Value) -> int:
        if not isinstance(value, Int):
            raise ValueError
        if (low is not None and value.value < low) or (high is not None and value.value > high):
            raise ValueError
        return value.value

    return ValueType(name, description, convert)


def Enum(
    name: str,
    members: Sequence[str],
    description: str = "",
    *,
    ref: bool = False,
    noun: str = "",
    aliases: dict[str, str] | None = None,
) -> ValueType:
    """An enumeration of words (or of capitalised refs such as row letters).

    ``aliases`` maps accepted spellings to the canonical member they stand for.
    """
    allowed = tuple(members)
    wanted = Ref if ref else Word
    canonical = aliases or {}

    def convert(value: Value) -> str:
        if not isinstance(value, wanted) or value.text not in allowed:
            raise ValueError
        return canonical.get(value.text, value.text)

    return ValueType(name, description or f"{name} ({', '.join(allowed)})", convert, allowed, noun)


def _amount(name: str, description: str, sign: int, allow_free: bool) -> ValueType:
    def convert(value: Value) -> int | None:
        if allow_free and isinstance(value, Word) and value.text == "free":
            return None
        if not isinstance(value, Int) or value.value == 0 or (value.value > 0) != (sign > 0):
            raise ValueError
        return value.value

    return ValueType(name, description, convert, ("free",) if allow_free else ())


def _nonzero(value: Value) -> int:
    if not isinstance(value, Int) or value.value == 0:
        raise ValueError
    return value.value


def int_type(name: str, description: str, low: int | None, high: int | None) -> ValueType:
    """A number within ``low``..``high`` (``None``: unbounded), as a named value type."""
    return _int_type(name, description, low, high)


BASE_TYPES: dict[str, ValueType] = {
    t.name: t
    for t in (
        _int_type("int", "a number", None, None),
        _int_type("nat", "a number 0 or more", 0, None),
        _int_type("pos", "a number 1 or more", 1, None),
        ValueType("nonzero", "a number other than 0 (negative takes away)", _nonzero),
        _amount("minus", "a reduction such as -1", -1, False),
        _amount("plus", "an increase such as +2", +1, False),
        _amount("minus_or_free", "a reduction such as -1, or 'free'", -1, True),
        Enum("provenance", ("rules", "reconstructed"), "a provenance (rules, reconstructed)"),
        ValueType("word", "a word", lambda v: _word(v)),
    )
}
"""The value types every game's card language has (numbers, amounts, words, provenance);
a game's vocabulary adds its own (its goods, colours, ...)."""


def _word(value: Value) -> str:
    if not isinstance(value, Word):
        raise ValueError
    return value.text


@attrs.frozen(slots=True)
class Mismatch:
    """Where and why a pattern did not match: ``index`` into the values (or their end)."""

    index: int
    expected: str
    type: ValueType | None = None


@attrs.frozen(slots=True)
class _Lit:
    words: tuple[str, ...]


@attrs.frozen(slots=True)
class _Slot:
    name: str
    type: ValueType
    many: bool = False


@attrs.frozen(slots=True)
class _Opt:
    parts: tuple[_Lit | _Slot, ...]


_Part = _Lit | _Slot | _Opt


@attrs.frozen(slots=True)
class Pattern:
    """A compiled pattern; :meth:`match` binds values to slot names."""

    text: str
    parts: tuple[_Part, ...]

    def match(self, values: Sequence[Value]) -> dict[str, Any] | Mismatch:
        """Bind ``values`` to this pattern, or say where it stops matching."""
        bound: dict[str, Any] = {}
        end = _match_parts(self.parts, values, 0, bound)
        if isinstance(end, Mismatch):
            return end
        if end != len(values):
            return Mismatch(end, "nothing more")
        return bound

    def match_prefix(self, values: Sequence[Value]) -> tuple[dict[str, Any], int] | Mismatch:
        """Bind the start of ``values``; return the bindings and where the rest begins."""
        bound: dict[str, Any] = {}
        end = _match_parts(self.parts, values, 0, bound)
        return end if isinstance(end, Mismatch) else (bound, end)

    @property
    def literal_words(self) -> tuple[str, ...]:
        """Every literal word in the pattern (for 'did you mean' suggestions)."""
        out: list[str] = []
        for part in self.parts:
            for p in part.parts if isinstance(part, _Opt) else (part,):
                if isinstance(p, _Lit):
                    out.extend(p.words)
        return tuple(out)


def _match_one(
    part: _Lit | _Slot, values: Sequence[Value], i: int, bound: dict[str, Any]
) -> int | Mismatch:
    if isinstance(part, _Lit):
        if i < len(values) and isinstance(values[i], Word) and values[i].text in part.words:  # type: ignore[union-attr]
            return i + 1
        return Mismatch(i, " or ".join(repr(w) for w in part.words))
    if i >= len(values):
        return Mismatch(i, part.type.description, part.type)
    if not part.many:
        try:
            bound[part.name] = part.type.convert(values[i])
        except ValueError:
            return Mismatch(i, part.type.description, part.type)
        return i + 1
    items: list[Any] = []
    while i < len(values):
        try:
            items.append(part.type.convert(values[i]))
        except ValueError:
            break
        i += 1
    if not items:
        return Mismatch(i, part.type.description, part.type)
    bound[part.name] = tuple(items)
    return i


def _match_parts(
    parts: tuple[_Part, ...], values: Sequence[Value], i: int, bound: dict[str, Any]
) -> int | Mismatch:
    # Optional groups are tried and skipped when they fail; if the whole pattern then fails,
    # the mismatch reported is the one that got furthest, so errors point at the real word.
    furthest: Mismatch | None = None
    k = 0
    while k < len(parts):
        part = parts[k]
        if isinstance(part, _Opt):
            # A run of optional groups side by side: each may match once, in any order.
            run_end = k
            while run_end < len(parts) and isinstance(parts[run_end], _Opt):
                run_end += 1
            left = [p for p in parts[k:run_end] if isinstance(p, _Opt)]
            matched = True
            while matched and left:
                matched = False
                for group in left:
                    trial: dict[str, Any] = {}
                    end = _match_parts(group.parts, values, i, trial)
                    if isinstance(end, int) and end > i:
                        bound.update(trial)
                        i = end
                        left.remove(group)
                        matched = True
                        break
                    if isinstance(end, Mismatch) and end.index > i and (
                        furthest is None or end.index > furthest.index
                    ):
                        furthest = end
            k = run_end
            continue
        end = _match_one(part, values, i, bound)
        if isinstance(end, Mismatch):
            return furthest if furthest is not None and furthest.index > end.index else end
        i = end
        k += 1
    if furthest is not None and i < len(values) and furthest.index > i:
        return furthest
    return i


def compile_pattern(text: str, types: Mapping[str, ValueType] | None = None) -> Pattern:
    """Compile the pattern text described in the module docstring."""
    parts: list[_Part] = []
    group: list[_Lit | _Slot] | None = None
    for token in text.replace("[", " [ ").replace("]", " ] ").split():
        if token == "[":
            group = []
            continue
        if token == "]":
            assert group is not None, text
            parts.append(_Opt(tuple(group)))
            group = None
            continue
        part: _Lit | _Slot
        if token.startswith("<"):
            name, _, type_name = token[1:-1].partition(":")
            many = type_name.endswith("...")
            table = BASE_TYPES if types is None else types
            part = _Slot(name, table[type_name.removesuffix("...")], many)
        else:
            part = _Lit(tuple(token.split("|")))
        (group if group is not None else parts).append(part)
    return Pattern(text, tuple(parts))
