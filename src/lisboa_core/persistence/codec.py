"""The strict cattrs converters behind saved states and game records (plain JSON values),
and :class:`StateCodec`, how one game's states are written and read.

cattrs turns the state classes into dictionaries and back. Its default structuring is
lenient (``"3"`` becomes ``3``, a string is a tuple of letters, a missing field takes its
default); the hooks here make it strict, so a tampered file is rejected rather than
half-read: integers, strings and booleans must have exactly that JSON type, tuples must be
JSON arrays (of the right length when the type says so) and every field of a class must be
present, with no extra field.

Each game has its own converter (its frames may hold data of its own: Lisboa's hold effect
nodes, :mod:`lisboa_core.games.lisboa.codec`); :data:`converter` is the shared one game
records use. Every error raised while structuring becomes :class:`Invalid`, whose
``where`` is the JSON path of the wrong value (``players[2].goods[1]``).
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from lisboa_core.core.frame import Frame
from lisboa_core.core.immutable import Record
from lisboa_core.core.rng import Rng
from lisboa_core.errors import StateFormatError

__all__ = [
    "Invalid",
    "StateCodec",
    "attrs_hooks",
    "converter",
    "decode_plain",
    "describe",
    "encode_plain",
    "locate",
    "make_converter",
    "plain_hooks",
    "type_tables",
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
    """Register strict hooks for a generated state class (a
    :class:`~lisboa_core.core.immutable.Record`) from an explicit table of its fields'
    types (in constructor order), so nothing depends on annotations read at run time (a
    compiled build has none to read).

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


# --- frame data ----------------------------------------------------------------------------


def encode_plain(value: Any) -> Any:
    """A frame's plain data as JSON values: tuples become lists (numbers, text, booleans
    and ``None`` stay as they are)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [encode_plain(v) for v in value]
    raise TypeError(f"a frame holds a {type(value).__name__}, which cannot be saved")


def decode_plain(value: Any) -> Any:
    """The inverse of :func:`encode_plain` (raises :class:`Invalid`)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list):
        out = []
        for i, item in enumerate(value):
            try:
                out.append(decode_plain(item))
            except Invalid as err:
                raise Invalid.at(f"[{i}]", err) from None
        return tuple(out)
    raise Invalid(f"unexpected value {describe(value)}")


def _frame_hooks(conv: cattrs.Converter, encode: Callable[[Any], Any],
                 decode: Callable[[Any], Any], known: Callable[[str], bool]) -> None:
    def structure(value: Any, _: Any) -> Frame:
        if not isinstance(value, dict):
            raise Invalid(f"expected an object, got {describe(value)}")
        for key in ("kind", "seat", "data"):
            if key not in value:
                raise Invalid("missing field", f".{key}")
        for key in value:
            if key not in ("kind", "seat", "data"):
                raise Invalid("unknown field", f".{key}")
        kind = value["kind"]
        if not isinstance(kind, str) or not known(kind):
            raise Invalid(f"unknown frame kind {describe(kind)}", ".kind")
        try:
            seat = _int(value["seat"], int)
        except Invalid as err:
            raise Invalid.at(".seat", err) from None
        data = value["data"]
        try:
            _expect_list(data)
            decoded = decode(data)
        except Invalid as err:
            raise Invalid.at(".data", err) from None
        return Frame(kind, seat, decoded)

    def unstructure(frame: Frame) -> dict[str, Any]:
        return {"kind": frame.kind, "seat": frame.seat, "data": encode(frame.data)}

    conv.register_structure_hook(Frame, structure)
    conv.register_unstructure_hook(Frame, unstructure)


def make_converter(
    encode: Callable[[Any], Any] = encode_plain,
    decode: Callable[[Any], Any] = decode_plain,
    known: Callable[[str], bool] = lambda _kind: True,
) -> cattrs.Converter:
    """A new strict converter: exact JSON scalars, tuples as arrays, frames written with
    ``encode`` and read with ``decode`` (their kind accepted when ``known`` says so), and
    the generator (:class:`~lisboa_core.core.rng.Rng`)."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(str, _str)
    conv.register_structure_hook(bool, _bool)
    conv.register_structure_hook_factory(_is_tuple, lambda tp: _tuple_hook(tp, conv))
    _frame_hooks(conv, encode, decode, known)
    attrs_hooks(conv, Rng)
    return conv


converter = make_converter()
"""The shared strict converter (plain frame data); :mod:`lisboa_core.persistence.records`
registers its classes on it with :func:`attrs_hooks`."""


# --- one game's states ---------------------------------------------------------------------


def _records_in(tp: Any) -> list[type]:
    """The record classes a field type names (``tuple[PlayerState, ...]``: PlayerState)."""
    if isinstance(tp, type) and issubclass(tp, Record):
        return [tp]
    return [found for arg in typing.get_args(tp) for found in _records_in(arg)]


def type_tables(state_type: type) -> dict[type, dict[str, Any]]:
    """The field types of a state class and of the record classes it holds, read from the
    annotations of their constructors (a pure-Python class; a compiled one has none, and
    its game gives the tables to :class:`StateCodec`), the held classes first.

    :raises TypeError: for a class whose constructor has no annotation for a field.
    """
    tables: dict[type, dict[str, Any]] = {}

    def visit(cls: type) -> None:
        if cls in tables:
            return
        hints = typing.get_type_hints(cls.__init__)  # type: ignore[misc]
        fields = getattr(cls, "FIELDS", ())
        written = getattr(cls, "FIELD_TYPES", ())
        if fields and len(written) == len(fields) and any(n not in hints for n in fields):
            # A compiled class: its types as the field list writes them, read in its module.
            scope = dict(vars(sys.modules[cls.__module__]))
            hints = {name: eval(tp, scope) for name, tp in zip(fields, written, strict=True)}
        missing = [name for name in fields if name not in hints]
        if missing or not fields:
            raise TypeError(f"{cls.__name__}: no annotated constructor to read the field "
                            f"types of {missing or 'its fields'} from")
        table = {name: hints[name] for name in fields}
        for tp in table.values():
            for held in _records_in(tp):
                visit(held)
        tables[cls] = table

    visit(state_type)
    return tables


def _pretty(where: str) -> str:
    return where.removeprefix(".") or "state"


class StateCodec:
    """How one game's states are saved and read back: the body of a saved state (the
    envelope, format and version, is :mod:`lisboa_core.persistence.serialize`'s).

    This base class serves any game as it is: every field of the state (and of the records
    it holds, such as the players) is written under its name, in the order of the field
    list, with its JSON type checked when read; frames hold plain data (numbers, text,
    booleans, ``None`` and tuples of them). A game refines it by subclassing (Lisboa keys
    its vectors by name, saves effect nodes in its frames and checks every value against
    its catalogue: :class:`lisboa_core.games.lisboa.codec.LisboaCodec`) and returns an
    instance from :meth:`Game.codec <lisboa_core.games.Game.codec>`.

    :param game: the game (its ``state_type``, ``options_type`` and ``stack``).
    :param types: the field types of the state class and of each record class it holds,
        held classes first (default: read from their annotations, :func:`type_tables`).

    Example::

        from lisboa_core import new_game
        from lisboa_core.games import game

        codec = game("lisboa").codec()
        state = new_game(players=2, seed=1)
        body = codec.write(state)
        catalogue = body.pop("catalogue")  # the envelope holds it
        assert codec.read(body, codec.version, catalogue) == state
    """

    version: int = 1
    """The layout version written."""
    read_versions: tuple[int, ...] = (1,)
    """The layout versions read."""

    def __init__(self, game: Any, types: Mapping[type, Mapping[str, Any]] | None = None) -> None:
        self.game = game
        """The game whose states this codec reads and writes."""
        self.converter: cattrs.Converter = make_converter(
            self.encode_data, self.decode_data, self._known_kind)
        """Its strict converter."""
        if game.options_type is not None:
            attrs_hooks(self.converter, game.options_type)
        tables = dict(types) if types is not None else type_tables(game.state_type)
        self.types: dict[type, dict[str, Any]] = {cls: dict(t) for cls, t in tables.items()}
        """The field types of every record class, held classes first."""
        for cls, table in self.types.items():
            plain_hooks(self.converter, cls, table)

    def _known_kind(self, kind: str) -> bool:
        return kind in self.game.stack.kinds()

    def encode_data(self, value: Any) -> Any:
        """A frame's data as JSON values (default: :func:`encode_plain`)."""
        return encode_plain(value)

    def decode_data(self, value: Any) -> Any:
        """A frame's data read back (default: :func:`decode_plain`); raises
        :class:`Invalid`."""
        return decode_plain(value)

    def write(self, state: Any) -> dict[str, Any]:
        """The body of a saved state (the catalogue included; the envelope takes it out)."""
        body: dict[str, Any] = self.converter.unstructure(state, self.game.state_type)
        return body

    def canonical(self, state: Any) -> dict[str, Any]:
        """The layout :func:`~lisboa_core.persistence.serialize.state_digest` hashes
        (default: :meth:`write`'s; a game whose layout changed keeps its first, so digests
        never change)."""
        return self.write(state)

    def read(self, body: dict[str, Any], version: int, catalogue: str) -> Any:
        """The state of a body written by :meth:`write` in layout ``version``, made with the
        catalogue of digest ``catalogue``.

        :raises StateFormatError: naming the path of the first wrong value.
        """
        if "catalogue" in body:
            raise StateFormatError("state.catalogue: unknown field (the catalogue is given "
                                   "once)")
        try:
            return self.converter.structure({**body, "catalogue": catalogue},
                                            self.game.state_type)
        except Exception as err:
            where, message = locate(err)
            raise StateFormatError(f"{self.path(_pretty(where), version)}: {message}") from None

    def path(self, where: str, version: int) -> str:
        """A path in the structured state (``players[2].goods[1]``) as the layout of
        ``version`` writes it (default: the same)."""
        return where

    def prepare(self, rules: Any) -> None:
        """Make ``rules`` known to the states that name its digest before they are checked
        or played (default: nothing to do)."""

    def check(self, state: Any, rules: Any) -> None:
        """Check every value of a structured state against the catalogue and the player
        count (default: what the game's zone declaration gives,
        :func:`~lisboa_core.core.zones.check_declared`, if it declares one; the invariants
        and the decision stack are checked next, for every game).

        :raises StateFormatError: naming the first wrong value.
        """
        zones = self.game.zones()
        if zones is None:
            return
        from lisboa_core.core.zones import check_declared

        try:
            check_declared(zones, state, rules)
        except Invalid as err:
            raise StateFormatError(str(err)) from None

    def options_out(self, options: Any) -> Any:
        """The rule variants as JSON values (``None`` for a game without any)."""
        if options is None:
            return None
        return self.converter.unstructure(options, type(options))

    def options_in(self, value: Any) -> Any:
        """The rule variants read back (raises :class:`Invalid`)."""
        if self.game.options_type is None:
            if value is not None:
                raise Invalid(f"expected null (the game has no rule variants), got "
                              f"{describe(value)}")
            return None
        return self.converter.structure(value, self.game.options_type)

    def schema(self) -> dict[str, Any] | None:
        """The JSON Schema ``$defs`` of a saved body (``state``, ``frame`` and one per
        record class the state holds), or ``None`` (the default) for the schema
        :mod:`lisboa_core.persistence.schema` reads off :attr:`types`."""
        return None
