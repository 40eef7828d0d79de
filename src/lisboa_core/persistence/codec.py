"""The strict cattrs converter behind saved states and game records (plain JSON values).

cattrs turns the attrs classes into dictionaries and back. Its default structuring is
lenient (``"3"`` becomes ``3``, a string is a tuple of letters, a missing field takes its
default); the hooks here make it strict, so a tampered file is rejected rather than
half-read: integers, strings and booleans must have exactly that JSON type, tuples must be
JSON arrays (of the right length when the type says so) and every field of an attrs class
must be present, with no extra field.

Effect nodes of :mod:`lisboa_core.games.lisboa.model` (the half-done effects held by decision
frames)
are written as tagged objects (``{"do": "gain", "args": {"amount": 2, "what": "wigs"}}``,
``{"seq": [...]}``, ``{"choose": [...], "up_to": null}``, ``{"may": {...}}``) and checked
against the effect vocabulary when read. Their source location is not written (it takes
no part in equality).

Every error raised while structuring becomes :class:`Invalid`, whose ``where`` is the JSON
path of the wrong value (``players[2].goods[1]``).
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from lisboa_core.dsl.ast import Int, Ref, Word
from lisboa_core.dsl.patterns import ValueType, _Opt, _Slot
from lisboa_core.games.lisboa import model as m
from lisboa_core.games.lisboa.language import VOCABULARY
from lisboa_core.games.lisboa.stack import STACK
from lisboa_core.games.lisboa.state import Frame

__all__ = [
    "Invalid",
    "attrs_hooks",
    "converter",
    "decode_value",
    "describe",
    "encode_value",
    "locate",
    "plain_hooks",
]

Hook = Callable[[Any, Any], Any]


class Invalid(Exception):
    """A value that does not fit its type: ``where`` is its path, ``message`` says why."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.where = where

    @classmethod
    def at(cls, step: str, err: BaseException) -> Invalid:
        """``err`` (raised for a value inside this one) seen from one step further out."""
        where, message = locate(err)
        return cls(message, step + where)


def describe(value: Any) -> str:
    """A short description of a JSON value for a message (``'x'``, ``-1``, ``a list``)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def locate(err: BaseException) -> tuple[str, str]:
    """The path (relative to the value being structured) and the reason of the first
    problem inside a structuring error."""
    if isinstance(err, Invalid):
        return err.where, err.message
    if isinstance(err, cattrs.ClassValidationError):
        with_notes, without = err.group_exceptions()
        if with_notes:
            inner, note = with_notes[0]
            where, message = locate(inner)
            return f".{note.name}{where}", message
        if without:
            return locate(without[0])
    if isinstance(err, cattrs.IterableValidationError):
        items, rest = err.group_exceptions()
        if items:
            inner, item = items[0]
            where, message = locate(inner)
            return f"[{item.index}]{where}", message
        if rest:
            return locate(rest[0])
    if isinstance(err, cattrs.ForbiddenExtraKeysError):
        return f".{sorted(err.extra_fields)[0]}", "unknown field"
    if isinstance(err, RecursionError):
        return "", "nested too deeply"
    return "", f"invalid value ({type(err).__name__}: {err})"


# --- scalars and tuples ------------------------------------------------------------------


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise Invalid(f"expected an integer, got {describe(value)}")
    return value


def _str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise Invalid(f"expected a string, got {describe(value)}")
    return value


def _bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid(f"expected true or false, got {describe(value)}")
    return value


def _expect_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Invalid(f"expected a list, got {describe(value)}")
    return value


def _is_tuple(tp: Any) -> bool:
    return typing.get_origin(tp) is tuple


def _tuple_hook(tp: Any, conv: cattrs.Converter) -> Hook:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item_type = args[0]
        item_hook = conv.get_structure_hook(item_type)

        def many(value: Any, _: Any) -> tuple[Any, ...]:
            out = []
            for i, item in enumerate(_expect_list(value)):
                try:
                    out.append(item_hook(item, item_type))
                except Exception as err:
                    raise Invalid.at(f"[{i}]", err) from None
            return tuple(out)

        return many
    hooks = [(arg, conv.get_structure_hook(arg)) for arg in args]

    def fixed(value: Any, _: Any) -> tuple[Any, ...]:
        items = _expect_list(value)
        if len(items) != len(hooks):
            raise Invalid(f"expected a list of {len(hooks)} items, got {len(items)}")
        out = []
        for i, (item, (arg, hook)) in enumerate(zip(items, hooks, strict=True)):
            try:
                out.append(hook(item, arg))
            except Exception as err:
                raise Invalid.at(f"[{i}]", err) from None
        return tuple(out)

    return fixed


def attrs_hooks(
    conv: cattrs.Converter,
    cls: type,
    renames: Mapping[str, str] | None = None,
    fields: Mapping[str, tuple[Hook, Callable[[Any], Any]]] | None = None,
) -> None:
    """Register strict hooks for an attrs class: every field present, no extra field.

    ``renames`` maps attribute names to the keys written in JSON; ``fields`` gives some
    attributes their own (structure, unstructure) hooks.
    """
    renames = dict(renames or {})
    own = dict(fields or {})
    overrides: dict[str, Any] = {
        name: override(
            rename=renames.get(name),
            struct_hook=own[name][0] if name in own else None,
            unstruct_hook=own[name][1] if name in own else None,
        )
        for name in {*renames, *own}
    }
    generated: Hook = make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True, **overrides
    )
    keys = [renames.get(a.name, a.name) for a in attrs.fields(cls)]

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise Invalid(f"expected an object, got {describe(value)}")
        for key in keys:
            if key not in value:
                raise Invalid("missing field", f".{key}")
        for key in value:
            if key not in keys:
                raise Invalid("unknown field", f".{key}")
        try:
            return generated(value, cls)
        except Exception as err:
            where, message = locate(err)
            head, dot, rest = where[1:].partition(".")
            name, bracket, index = head.partition("[")
            if where.startswith(".") and name in renames:
                where = f".{renames[name]}{bracket}{index}{dot}{rest}"
            raise Invalid(message, where) from None

    conv.register_structure_hook(cls, structure)
    conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, **overrides))


def plain_hooks(conv: cattrs.Converter, cls: type, types: Mapping[str, Any]) -> None:
    """Register strict hooks for a plain class of :mod:`lisboa_core.games.lisboa.state` from an
    explicit
    table of its fields' types (in constructor order), so nothing depends on annotations
    read at run time (a compiled build has none to read).

    Written as a JSON object with the fields in that order; read back with every field
    present, no extra field, and each value checked by its type's hook.
    """
    names = tuple(types)
    if names != getattr(cls, "FIELDS", names):
        raise TypeError(f"{cls.__name__}: the type table does not list its FIELDS in order")
    structs = [(name, tp, conv.get_structure_hook(tp)) for name, tp in types.items()]
    unstructs = [(name, conv.get_unstructure_hook(tp)) for name, tp in types.items()]

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise Invalid(f"expected an object, got {describe(value)}")
        for key in names:
            if key not in value:
                raise Invalid("missing field", f".{key}")
        for key in value:
            if key not in types:
                raise Invalid("unknown field", f".{key}")
        args = []
        for name, tp, hook in structs:
            try:
                args.append(hook(value[name], tp))
            except Exception as err:
                raise Invalid.at(f".{name}", err) from None
        return cls(*args)

    def unstructure(obj: Any) -> dict[str, Any]:
        return {name: hook(getattr(obj, name)) for name, hook in unstructs}

    conv.register_structure_hook(cls, structure)
    conv.register_unstructure_hook(cls, unstructure)


# --- frame data and effect nodes -----------------------------------------------------------


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


def _known_kind(kind: str) -> bool:
    try:
        STACK.handler(kind)
    except KeyError:
        return False
    return True


def _structure_frame(value: Any, _: Any) -> Frame:
    if not isinstance(value, dict):
        raise Invalid(f"expected an object, got {describe(value)}")
    for key in ("kind", "seat", "data"):
        if key not in value:
            raise Invalid("missing field", f".{key}")
    for key in value:
        if key not in ("kind", "seat", "data"):
            raise Invalid("unknown field", f".{key}")
    kind = value["kind"]
    if not isinstance(kind, str) or not _known_kind(kind):
        raise Invalid(f"unknown frame kind {describe(kind)}", ".kind")
    try:
        seat = _int(value["seat"], int)
    except Invalid as err:
        raise Invalid.at(".seat", err) from None
    data = value["data"]
    try:
        _expect_list(data)
        decoded = decode_value(data)
    except Invalid as err:
        raise Invalid.at(".data", err) from None
    return Frame(kind, seat, decoded)


def _unstructure_frame(frame: Frame) -> dict[str, Any]:
    return {"kind": frame.kind, "seat": frame.seat, "data": encode_value(frame.data)}


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(str, _str)
    conv.register_structure_hook(bool, _bool)
    conv.register_structure_hook_factory(_is_tuple, lambda tp: _tuple_hook(tp, conv))
    conv.register_structure_hook(Frame, _structure_frame)
    conv.register_unstructure_hook(Frame, _unstructure_frame)
    return conv


converter = _make_converter()
"""The shared strict converter; :mod:`lisboa_core.persistence.serialize` and
:mod:`lisboa_core.persistence.records`
register their classes on it with :func:`attrs_hooks`."""
