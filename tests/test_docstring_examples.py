"""Every ``Example::`` block in the docstrings of the public modules runs as written (the
docstrings are the API reference, so their examples must be true)."""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import textwrap
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lisboa_core._api_snapshot import PUBLIC_MODULES

MODULES = (
    "lisboa_core",
    "lisboa_core.api",
    "lisboa_core.games.play",
    "lisboa_core.games.lisboa.actions",
    "lisboa_core.bots.basic",
    "lisboa_core.games.lisboa.catalogue",
    "lisboa_core.games.lisboa.descriptions",
    "lisboa_core.errors",
    "lisboa_core.core.memo",
    "lisboa_core.core.moves",
    "lisboa_core.games.lisboa.views",
    "lisboa_core.persistence.records",
    "lisboa_core.match",
    "lisboa_core.games.lisboa.state",
    "lisboa_core.games.lisboa.testing",
    "lisboa_core.studies.adversarial",
    "lisboa_core.studies.simulation",
    "lisboa_core.games.lisboa.events",
    "lisboa_core.games.lisboa.render",
    "lisboa_core.games.lisboa.svg",
    "lisboa_core.persistence.serialize",
    "lisboa_core.persistence.schema",
    "lisboa_core.fronts.serve",
    "lisboa_core.games.lisboa.rules.scoring",
)
PUBLIC = PUBLIC_MODULES  # the modules whose ``__all__`` is the public API


SRC = Path(__file__).resolve().parent.parent / "src"


def _doc(value: Any, name: str) -> str:
    """The docstring of ``value``; for a class the compiled build keeps without one (mypyc
    native classes), read from its source file."""
    doc = inspect.getdoc(value)
    if doc and doc != "mypyc filler docstring":
        return doc
    module = getattr(value, "__module__", "") or ""
    path = SRC.joinpath(*module.split(".")).with_suffix(".py")
    if not path.exists():
        return ""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef | ast.FunctionDef) and node.name == name:
            return ast.get_docstring(node) or ""
    return ""


def _docstrings(module_name: str) -> Iterator[tuple[str, str]]:
    module = importlib.import_module(module_name)
    yield module_name, inspect.getdoc(module) or ""
    for name in getattr(module, "__all__", ()):
        value: Any = getattr(module, name)
        if getattr(value, "__module__", module_name) != module_name:
            continue  # documented, and tested, where it is defined
        yield f"{module_name}.{name}", _doc(value, name)
        if inspect.isclass(value):
            for member_name, member in vars(value).items():
                if not member_name.startswith("_") and callable(member):
                    yield f"{module_name}.{name}.{member_name}", inspect.getdoc(member) or ""


def _examples(doc: str) -> list[str]:
    blocks = []
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == "Example::":
            body = []
            for later in lines[i + 1:]:
                if later.strip() and not later.startswith("    "):
                    break
                body.append(later)
            blocks.append(textwrap.dedent("\n".join(body)))
    return blocks


# Modules that need an optional extra, and the package that extra provides.
_EXTRA_NEEDED = {"lisboa_core.fronts.serve": "starlette"}


def _importable(module_name: str) -> bool:
    """Whether the extra ``module_name`` needs is installed (its examples are run only
    then; every other module must import)."""
    needed = _EXTRA_NEEDED.get(module_name)
    if needed is None:
        return True
    try:
        importlib.import_module(needed)
    except ModuleNotFoundError:
        return False
    return True


CASES = [(where, code) for module in MODULES if _importable(module)
         for where, doc in _docstrings(module) for code in _examples(doc)]


def test_there_are_examples_to_run() -> None:
    assert len(CASES) > 100


def test_every_public_class_and_function_has_an_example() -> None:
    """The docstrings are the API reference: each public name shows how it is used."""
    missing = [
        f"{module_name}.{name}"
        for module_name in PUBLIC
        for name in importlib.import_module(module_name).__all__
        if callable(value := getattr(importlib.import_module(module_name), name))
        and not inspect.ismodule(value)
        and typing.get_origin(value) is None  # a type alias (``EffectFn``) is no function
        and "Example::" not in _doc(value, name)
    ]
    assert missing == []


@pytest.mark.slow
@pytest.mark.parametrize(("where", "code"), CASES, ids=[w for w, _c in CASES])
def test_the_example_runs(where: str, code: str, tmp_path: Path) -> None:
    cwd = os.getcwd()
    os.chdir(tmp_path)  # examples that write files write them here
    try:
        exec(compile(code, where, "exec"), {"__name__": "docstring_example"})
    finally:
        os.chdir(cwd)
