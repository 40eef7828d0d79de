"""The public API as text: every name of ``lisboa_core.__all__`` and of the public modules,
with its signature, one per line. ``tests/api_snapshot.txt`` keeps the current text, and a
test compares them, so a change to the public API is always a deliberate one:

    .venv/bin/python -m lisboa_core._api_snapshot > tests/api_snapshot.txt   # after a change
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any

__all__ = ["PUBLIC_MODULES", "snapshot"]

PUBLIC_MODULES = (
    "lisboa_core",
    "lisboa_core.games.lisboa.testing",
    "lisboa_core.errors",
    "lisboa_core.studies.adversarial",
    "lisboa_core.studies.simulation",
    "lisboa_core.games.lisboa.events",
    "lisboa_core.games.lisboa.render",
    "lisboa_core.games.lisboa.svg",
    "lisboa_core.persistence.serialize",
    "lisboa_core.persistence.schema",
    "lisboa_core.extend",
    "lisboa_core.studies.balance",
    "lisboa_core.games",
    "lisboa_core.games.options",
    "lisboa_core.games.declaration",
    "lisboa_core.games.generic",
    "lisboa_core.games.actions",
    "lisboa_core.games.lisboa",
)
"""Modules whose ``__all__`` is the public API (the framework bridges in
``lisboa_core.envs`` have optional dependencies and are versioned with them)."""


def _signature(value: Any) -> str:
    """Parameter names, kinds and defaults; no annotations, which the compiled build drops
    (both builds must give the same snapshot)."""
    try:
        parameters = inspect.signature(value).parameters.values()
    except (TypeError, ValueError):
        return "(...)"
    bare = [p.replace(annotation=inspect.Parameter.empty) for p in parameters]
    return str(inspect.Signature(bare))


def _describe(value: Any) -> str:
    if inspect.isclass(value):
        signature = _signature(value)
        methods = sorted(
            name for name, member in vars(value).items()
            if not name.startswith("_")
            # Methods only: a compiled class shows properties and fields alike as
            # descriptors, so they would differ between the two builds.
            and (callable(member) or isinstance(member, classmethod | staticmethod))
        )
        return f"class{signature} [{', '.join(methods)}]"
    if callable(value):
        return f"def{_signature(value)}"
    return f"value: {type(value).__name__}"


def snapshot() -> str:
    """The public API, one ``module.name: signature`` line per name, sorted, under a first
    line naming the version it is the API of (so a release rewrites it on purpose)."""
    from lisboa_core._version import __version__

    lines = [f"# the public API of lisboa_core {__version__}"]
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            lines.append(f"{module_name}.{name}: {_describe(getattr(module, name))}")
    # Default values that are functions print with their address: keep only the name.
    return re.sub(r" at 0x[0-9a-f]+", "", "\n".join(lines)) + "\n"


if __name__ == "__main__":
    print(snapshot(), end="")
