"""Lisboa's effect nodes in saved frames: a half-done card effect as tagged JSON objects.

Effect nodes of :mod:`lisboa_core.games.lisboa.model` (the half-done effects held by
decision frames) are written as tagged objects (``{"do": "gain", "args": {"amount": 2,
"what": "wigs"}}``, ``{"seq": [...]}``, ``{"choose": [...], "up_to": null}``,
``{"may": {...}}``, ``{"if": ...}``) and checked against the effect vocabulary when read.
Their source location is not written (it takes no part in equality).
"""

from __future__ import annotations

from typing import Any

from lisboa_core.dsl.ast import Int, Ref, Word
from lisboa_core.dsl.patterns import ValueType, _Opt, _Slot
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.language import VOCABULARY
from lisboa_core.persistence.codec import Invalid, _expect_list, describe

__all__ = ["decode_value", "encode_value"]


def encode_value(value: Any) -> Any:
    """A frame's data as JSON values: tuples become lists, effect nodes tagged objects."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [encode_value(v) for v in value]
    if isinstance(value, m.Do):
        return {"do": value.kind, "args": {k: encode_value(v) for k, v in value.args}}
    if isinstance(value, m.Seq):
        return {"seq": [encode_value(step) for step in value.steps]}
    if isinstance(value, m.Choose):
        return {"choose": [encode_value(o) for o in value.options], "up_to": value.up_to}
    if isinstance(value, m.May):
        return {"may": encode_value(value.body)}
    if isinstance(value, m.If):
        return {
            "if": value.test, "count": value.count, "subject": value.quantity.subject,
            "filters": {k: encode_value(v) for k, v in value.quantity.filters},
            "then": encode_value(value.body),
        }
    raise TypeError(f"a frame holds a {type(value).__name__}, which cannot be saved")


def decode_value(value: Any) -> Any:
    """The inverse of :func:`encode_value` (raises :class:`Invalid`)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list):
        out = []
        for i, item in enumerate(value):
            try:
                out.append(decode_value(item))
            except Invalid as err:
                raise Invalid.at(f"[{i}]", err) from None
        return tuple(out)
    if isinstance(value, dict):
        return _decode_effect(value)
    raise Invalid(f"unexpected value {describe(value)}")


def _only(value: dict[str, Any], tag: str, *others: str) -> None:
    for key in value:
        if key != tag and key not in others:
            raise Invalid(f"unknown field in a {tag!r} effect", f".{key}")
    for key in others:
        if key not in value:
            raise Invalid("missing field", f".{key}")


def _seq(value: Any, where: str) -> m.Seq:
    try:
        node = decode_value(value)
    except Invalid as err:
        raise Invalid.at(where, err) from None
    if not isinstance(node, m.Seq):
        raise Invalid("expected a sequence of effects ({\"seq\": [...]})", where)
    return node


def _decode_effect(value: dict[str, Any]) -> m.Effect:
    if "do" in value:
        _only(value, "do", "args")
        return _decode_do(value["do"], value["args"])
    if "seq" in value:
        _only(value, "seq")
        steps = []
        for i, step in enumerate(_expect_list(value["seq"])):
            try:
                node = decode_value(step)
            except Invalid as err:
                raise Invalid.at(f".seq[{i}]", err) from None
            if not isinstance(node, m.Do | m.Seq | m.Choose | m.May | m.If):
                raise Invalid("expected an effect", f".seq[{i}]")
            steps.append(node)
        return m.Seq(tuple(steps))
    if "choose" in value:
        _only(value, "choose", "up_to")
        options = tuple(
            _seq(o, f".choose[{i}]") for i, o in enumerate(_expect_list(value["choose"]))
        )
        up_to = value["up_to"]
        if up_to is not None and (type(up_to) is not int or not 1 <= up_to <= len(options)):
            raise Invalid(f"expected null or 1 to {len(options)}, got {describe(up_to)}", ".up_to")
        if len(options) < 2:
            raise Invalid("a choice needs at least two options", ".choose")
        return m.Choose(options, up_to)
    if "may" in value:
        _only(value, "may")
        return m.May(_seq(value["may"], ".may"))
    if "if" in value:
        _only(value, "if", "count", "subject", "filters", "then")
        return _decode_if(value)
    raise Invalid("expected an effect (an object with 'do', 'seq', 'choose', 'may' or 'if')")


def _decode_if(value: dict[str, Any]) -> m.If:
    tests = {c.name for c in VOCABULARY.conditions}
    if value["if"] not in tests:
        raise Invalid(f"expected one of {sorted(tests)}, got {describe(value['if'])}", ".if")
    count = value["count"]
    if type(count) is not int or count < 0:
        raise Invalid(f"expected a number 0 or more, got {describe(count)}", ".count")
    found = {s.name: s for s in VOCABULARY.all_subjects()}.get(value["subject"])
    if found is None:
        raise Invalid(f"unknown scoring subject {describe(value['subject'])}", ".subject")
    filters = value["filters"]
    if not isinstance(filters, dict):
        raise Invalid(f"expected an object, got {describe(filters)}", ".filters")
    slots = {
        piece.name: piece.type
        for part in found.filters.parts
        for piece in (part.parts if isinstance(part, _Opt) else (part,))
        if isinstance(piece, _Slot)
    }
    for name, item in filters.items():
        if name not in slots:
            raise Invalid(f"the subject {found.name!r} has no filter {name!r}", f".filters.{name}")
        if not _fits(slots[name], item):
            raise Invalid(f"expected {slots[name].description}", f".filters.{name}")
    quantity = m.Quantity(found.name, tuple(sorted(filters.items())))
    return m.If(value["if"], count, quantity, _seq(value["then"], ".then"))


_Slots = dict[str, tuple[ValueType, bool, bool]]  # name -> (type, many, optional)


def _slots() -> dict[str, _Slots]:
    table: dict[str, _Slots] = {}
    for kind in VOCABULARY.effect_kinds():
        slots: _Slots = {}
        for part in kind.pattern.parts:
            for piece in part.parts if isinstance(part, _Opt) else (part,):
                if isinstance(piece, _Slot):
                    slots[piece.name] = (piece.type, piece.many, isinstance(part, _Opt))
        table[kind.name] = slots
    return table


def _fits(value_type: ValueType, value: Any) -> bool:
    """Does ``value`` read back from card text as itself (``gain 2 wigs``: 2, ``wigs``)?"""
    if type(value) is int:
        candidates: tuple[Any, ...] = (Int(value),)
    elif isinstance(value, str):
        candidates = (Word(value), Ref(value))
    elif value is None:
        candidates = (Word("free"),)
    else:
        return False
    for candidate in candidates:
        try:
            read = value_type.convert(candidate)
        except ValueError:
            continue
        if read == value and type(read) is type(value):
            return True
    return False


def _decode_do(kind: Any, args: Any) -> m.Do:
    effect_slots = _slots()
    if not isinstance(kind, str) or kind not in effect_slots:
        raise Invalid(f"unknown effect kind {describe(kind)}", ".do")
    if not isinstance(args, dict):
        raise Invalid(f"expected an object, got {describe(args)}", ".args")
    slots = effect_slots[kind]
    bound: list[tuple[str, Any]] = []
    for name, value in args.items():
        where = f".args.{name}"
        if name not in slots:
            raise Invalid(f"the effect {kind!r} has no argument {name!r}", where)
        value_type, many, _optional = slots[name]
        if many:
            items = _expect_list_at(value, where)
            for i, item in enumerate(items):
                if not _fits(value_type, item):
                    raise Invalid(f"expected {value_type.description}", f"{where}[{i}]")
            bound.append((name, tuple(items)))
        else:
            if not _fits(value_type, value):
                raise Invalid(f"expected {value_type.description}, got {describe(value)}", where)
            bound.append((name, value))
    for name, (_type, _many, optional) in slots.items():
        if not optional and name not in args:
            raise Invalid("missing argument", f".args.{name}")
    return m.Do(kind, tuple(bound))


def _expect_list_at(value: Any, where: str) -> list[Any]:
    try:
        return _expect_list(value)
    except Invalid as err:
        raise Invalid.at(where, err) from None
