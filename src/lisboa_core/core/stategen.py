"""Generate a game's immutable state classes from its field list (``--check``: are they
current?).

A game lists the fields of its state classes once, in ``games/<name>/fields.py``, as
:class:`ModuleSpec` values in a module-level ``MODULES`` tuple. This tool writes each
module: plain classes with one constructor, ``values()``, equality and hashing, refusing
``__setattr__``, pickling, a ``replaced(changes)`` copy that refuses a field name it does
not know, and the fast ``with_<field>`` copies the engine asks for. Compiled by mypyc they
are native classes; the pure build gives them a constructor that writes their instance
dictionary at once. So adding a field is one edit to the field list and one run::

    python -m lisboa_core.core.stategen            # rewrite every built-in game's modules
    python -m lisboa_core.core.stategen --check    # exit 1 if one is out of date
    python -m lisboa_core.core.stategen mypkg.fields   # a third-party game's field list
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import sys
import textwrap
from pathlib import Path

import attrs

from lisboa_core.persistence.files import write_atomic

__all__ = ["BUILT_IN", "Field", "ModuleSpec", "RecordSpec", "main", "render", "write"]

BUILT_IN = ("lisboa_core.games.lisboa.fields", "lisboa_core.games.puerto_rico.fields",
            "lisboa_core.games.tiletum.fields")
"""The field lists of the games that ship with the library."""

_CORE_STATE_FIELDS = ("pending", "rng", "catalogue")  # declared by GameState


@attrs.frozen(slots=True)
class Field:
    """One field: its name, its type (as source text), its docstring and, optionally, a
    default (as source text)."""

    name: str
    type: str
    doc: str
    default: str | None = None


@attrs.frozen(slots=True)
class RecordSpec:
    """One immutable class. ``state``: the game's state class (a
    :class:`~lisboa_core.core.immutable.GameState`, which has ``pending``, ``rng`` and
    ``catalogue``); ``fast``: fields that get a ``with_<name>`` copy method; ``extra``:
    more methods, as source indented for the class body."""

    name: str
    doc: str
    fields: tuple[Field, ...]
    state: bool = False
    fast: tuple[str, ...] = ()
    extra: str = ""
    summary: tuple[str, ...] = ()  # __repr__'s f-string parts, fields as {self.x}


@attrs.frozen(slots=True)
class ModuleSpec:
    """One generated module: its file name beside the field list, its docstring, the import
    lines its field types need, names it re-exports and its classes."""

    filename: str
    doc: str
    imports: tuple[str, ...]
    records: tuple[RecordSpec, ...]
    exports: tuple[str, ...] = ()


def _q(text: str) -> str:
    return '"""' + inspect.cleandoc(text) + '"""'


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def _record(spec: RecordSpec) -> list[str]:
    names = [f.name for f in spec.fields]
    if spec.state:
        missing = [n for n in _CORE_STATE_FIELDS if n not in names]
        if missing:
            raise ValueError(f"{spec.name}: a state class needs the fields {missing}")
    base = "(GameState)" if spec.state else "(Record)"
    out = [f"class {spec.name}{base}:", _indent(_q(spec.doc), 4), ""]
    out.append("    FIELDS: ClassVar[tuple[str, ...]] = (")
    out += [f'        "{n}",' for n in names]
    out += ["    )", '    """The field names, in constructor order."""', ""]
    out.append("    FIELD_TYPES: ClassVar[tuple[str, ...]] = (")
    out += [f'        "{f.type}",' for f in spec.fields]
    out += [
        "    )",
        '    """Each field\'s type as the field list writes it, in :attr:`FIELDS` order (a',
        '    compiled class keeps no annotations; the saved-state codec reads these)."""',
        "",
    ]
    for f in spec.fields:
        if spec.state and f.name in _CORE_STATE_FIELDS:
            continue  # declared by GameState
        out.append(f"    {f.name}: {f.type}")
        out.append(_indent(_q(f.doc), 4))
    out.append("")
    params = ",\n".join(
        f"        {f.name}: {f.type}" + (f" = {f.default}" if f.default is not None else "")
        for f in spec.fields
    )
    out += ["    def __init__(", "        self,", params + ",", "    ) -> None:"]
    out += [f"        self.{n} = {n}" for n in names]
    out.append("")
    out += [
        "    def values(self) -> tuple[Any, ...]:",
        '        """Every field\'s value, in :attr:`FIELDS` order."""',
        "        return (",
        *[f"            self.{n}," for n in names],
        "        )",
        "",
        "    def __eq__(self, other: object) -> bool:",
        f"        if type(other) is not {spec.name}:",
        "            return NotImplemented",
        f"        assert isinstance(other, {spec.name})",
        "        return self is other or self.values() == other.values()",
        "",
        "    def __hash__(self) -> int:",
        "        return hash(self.values())",
        "",
        "    def __setattr__(self, name: str, value: Any) -> NoReturn:",
        f'        raise AttributeError(f"{spec.name} is immutable: cannot set {{name!r}}")',
        "",
        "    def __delattr__(self, name: str) -> NoReturn:",
        f'        raise AttributeError(f"{spec.name} is immutable: cannot delete {{name!r}}")',
        "",
        "    def __reduce__(self) -> tuple[Any, ...]:",
        f"        return ({spec.name}, self.values())",
        "",
    ]
    # A state always has its fast copy of ``pending``: the decision stack calls it on every
    # step (core.replace.with_field).
    fast_fields = (*spec.fast, *(("pending",) if spec.state and "pending" not in spec.fast
                                 else ()))
    for fast in fast_fields:
        kind = next(f.type for f in spec.fields if f.name == fast)
        out += [
            f"    def with_{fast}(self, {fast}: {kind}) -> {spec.name}:",
            f'        """A copy with ``{fast}`` replaced (one of the engine\'s most frequent',
            '        copies)."""',
            f"        return {spec.name}(",
            *[f"            {n if n == fast else 'self.' + n}," for n in names],
            "        )",
            "",
        ]
    out += [
        f"    def replaced(self, changes: dict[str, Any]) -> {spec.name}:",
        '        """A copy with the fields named in ``changes`` set to new values; a name that',
        "        is not a field raises ``AttributeError``. Each change is read once: the engine",
        '        copies states on every step."""',
    ]
    out += [f"        {n} = self.{n}" for n in names]
    out.append("        for name, value in changes.items():")
    for i, n in enumerate(names):
        test = "if" if i == 0 else "elif"
        out += [f'            {test} name == "{n}":', f"                {n} = value"]
    out += [
        "            else:",
        f'                raise AttributeError(f"{spec.name} has no field {{name!r}}")',
        f"        return {spec.name}(",
        *[f"            {n}," for n in names],
        "        )",
        "",
    ]
    if spec.state and "players" in names:
        out += [
            "    @property",
            "    def player_count(self) -> int:",
            '        """Number of seats."""',
            "        return len(self.players)",
            "",
        ]
    if spec.summary:
        parts = [f'f"<{spec.name} "', *(f'f"{part}"' for part in spec.summary)]
        parts[-1] = parts[-1][:-1] + '>"'
        out += [
            "    def __repr__(self) -> str:",
            "        return (",
            *[f"            {part}" for part in parts],
            "        )",
            "",
        ]
    if spec.extra.strip():
        out += [_indent(textwrap.dedent(spec.extra).strip("\n"), 4), ""]
    while out and out[-1] == "":
        out.pop()
    return out


def render(module: ModuleSpec, source: str) -> str:
    """The text of one generated module (``source``: the field list's module name)."""
    classes = [r.name for r in module.records]
    names = sorted({*classes, *module.exports}, key=_isort_key)
    lines = [
        _q(module.doc),
        "",
        f"# Generated by `python -m lisboa_core.core.stategen` from {source}:",
        "# edit the field list there and run the generator; never edit this file.",
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, ClassVar, NoReturn",
        "",
        *_imports((*module.imports, "from lisboa_core.core.native import compiled, pure_init",
                   "from lisboa_core.core.immutable import "
                   + ("GameState" if any(r.state for r in module.records) else "Record"))),
        "",
        "__all__ = [" + ", ".join(f'"{n}"' for n in names) + "]",
        "",
    ]
    for record in module.records:
        lines += ["", *_record(record), ""]
    lines += [
        "",
        "if not compiled():",
        f"    for _cls in ({', '.join(classes)},):",
        "        pure_init(_cls)",
        "",
    ]
    return "\n".join(lines)


def _imports(lines: tuple[str, ...]) -> list[str]:
    """``from X import a`` lines merged per module and sorted as ruff's isort does (an
    ``as`` import keeps a line of its own)."""
    plain: dict[str, set[str]] = {}
    aliased: set[str] = set()
    for line in lines:
        module, _, names = line.removeprefix("from ").partition(" import ")
        for name in names.split(", "):
            if " as " in name:
                aliased.add(f"from {module} import {name}")
            else:
                plain.setdefault(module, set()).add(name)
    merged = [f"from {m} import {', '.join(sorted(n, key=_isort_key))}" for m, n in plain.items()]
    return sorted([*merged, *aliased], key=lambda line: (line.split(" ")[1], " as " in line))


def _isort_key(name: str) -> tuple[int, str]:
    # ruff's order for __all__: constants, then classes, then everything else
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


def _targets(source: str) -> list[tuple[Path, str]]:
    fields = importlib.import_module(source)
    folder = Path(fields.__file__ or "").parent
    return [(folder / m.filename, render(m, source)) for m in fields.modules()]


def write(sources: tuple[str, ...], check: bool) -> list[Path]:
    """Write (or with ``check``, compare) the modules of each field list; returns the files
    that were out of date."""
    stale = []
    for source in sources:
        for path, text in _targets(source):
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
                if not check:
                    write_atomic(path, text)
    return stale


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m lisboa_core.core.stategen")
    parser.add_argument("fields", nargs="*", help="field-list modules (default: built-in games)")
    parser.add_argument("--check", action="store_true", help="only report stale modules")
    args = parser.parse_args(argv)
    sources = tuple(args.fields) or tuple(s for s in BUILT_IN if _exists(s))
    stale = write(sources, args.check)
    for path in stale:
        print(("out of date: " if args.check else "wrote ") + str(path))
    return 1 if args.check and stale else 0


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


if __name__ == "__main__":
    sys.exit(main())
