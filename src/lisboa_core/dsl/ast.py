"""Syntax tree of the card language.

Every node is an immutable ``attrs`` class with ``slots=True``. Each node remembers where it
came from (:class:`Loc`), but the location takes no part in equality, so a tree parsed from
the canonical text of another tree compares equal to it (``parse(format(ast)) == ast``).

The tree is deliberately close to the text: a component is a list of *items* (fields,
clauses and sections); effects are *phrases* (``gain 2 reis``) combined by sequences and the
three choice nodes. What the words mean is decided by :mod:`lisboa_core.dsl.vocabulary`.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

__all__ = [
    "NOWHERE",
    "Alternative",
    "CardFile",
    "Choice",
    "Clause",
    "Component",
    "Conditional",
    "Effect",
    "Field",
    "Int",
    "Item",
    "Loc",
    "Optional",
    "Phrase",
    "Ref",
    "Section",
    "Sequence",
    "Text",
    "Value",
    "Word",
]


@attrs.frozen(slots=True)
class Loc:
    """A position in a card file: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


NOWHERE = Loc("<generated>", 0, 0)
"""The location given to nodes built in code rather than parsed."""


def _loc() -> Loc:
    return attrs.field(default=NOWHERE, eq=False, repr=False)


@attrs.frozen(slots=True)
class Int:
    """An integer value; ``plus`` records an explicit ``+`` sign (``+2``)."""

    value: int
    plus: bool = False
    loc: Loc = _loc()

    def __str__(self) -> str:
        return f"+{self.value}" if self.plus and self.value >= 0 else str(self.value)


@attrs.frozen(slots=True)
class Word:
    """A lower-case word: a key, a verb, an enumeration member (``gold``, ``west``)."""

    text: str
    loc: Loc = _loc()

    def __str__(self) -> str:
        return self.text


@attrs.frozen(slots=True)
class Ref:
    """A capitalised name: a component id (``C99``) or a row letter (``B``)."""

    text: str
    loc: Loc = _loc()

    def __str__(self) -> str:
        return self.text


@attrs.frozen(slots=True)
class Text:
    """A quoted string, stored without its quotes."""

    text: str
    loc: Loc = _loc()

    def __str__(self) -> str:
        return f'"{self.text}"'


Value: TypeAlias = Int | Word | Ref | Text


@attrs.frozen(slots=True)
class Phrase:
    """One elementary effect: a verb and its arguments, e.g. ``gain 2 reis``."""

    verb: Word
    args: tuple[Value, ...] = ()
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Sequence:
    """Effects done in order, written with commas: ``move cardinal 1, take clergy``."""

    effects: tuple[Effect, ...]
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Alternative:
    """One option of a :class:`Choice`."""

    body: Sequence
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Choice:
    """Pick options: ``choose one (A | B)`` (exactly one) or ``choose up to N (A | B)``.

    ``up_to`` is ``None`` for *choose one*; otherwise the player picks between 0 and
    ``up_to`` different options.
    """

    options: tuple[Alternative, ...]
    up_to: int | None = None
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Optional:
    """``may (A, B)``: the player may do the whole body or skip it."""

    body: Sequence
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Conditional:
    """``if TEST QUANTITY (A, B)``: the body is done only when the test holds, e.g.
    ``if at least 3 stores (gain 2 wigs)``; ``words`` are the values between ``if`` and
    the parenthesis."""

    words: tuple[Value, ...]
    body: Sequence
    loc: Loc = _loc()


Effect: TypeAlias = Phrase | Choice | Optional | Conditional


@attrs.frozen(slots=True)
class Field:
    """``key value ...``: a property of a component (``wigs 2``, ``deck red``)."""

    key: Word
    values: tuple[Value, ...] = ()
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Clause:
    """``key value ...: effects``: behaviour, e.g. ``on sell gold: gain 2 reis``."""

    key: Word
    values: tuple[Value, ...]
    effects: Sequence
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Section:
    """``key value ... { items }``: a nested group, e.g. a treasury card's permanent."""

    key: Word
    values: tuple[Value, ...]
    items: tuple[Item, ...]
    loc: Loc = _loc()


Item: TypeAlias = Field | Clause | Section


@attrs.frozen(slots=True)
class Component:
    """A whole definition: ``kind ID "name" { items }``."""

    kind: str
    id: str
    name: str | None
    items: tuple[Item, ...]
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class CardFile:
    """The components of one file, in file order."""

    components: tuple[Component, ...]
    path: str = attrs.field(default="<string>", eq=False)
