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
    "lisboa_core.testing",
    "lisboa_core.errors",
    "lisboa_core.adversarial",
    "lisboa_core.simulation",
)
"""Modules whose ``__all__`` is the public API (the framework bridges in
``lisboa_core.envs`` have optional dependencies and are versioned with them)."""


def _describe(value: Any) -> str:
    if inspect.isclass(value):
        try:
            signature = str(inspect.signature(value))
        except (TypeError, ValueError):
            signature = "(...)"
        methods = sorted(
            name for name, member in vars(value).items()
            if not name.startswith("_")
            and (callable(member) or isinstance(member, property | classmethod | staticmethod))
        )
        return f"class{signature} [{', '.join(methods)}]"
    if callable(value):
        try:
            return f"def{inspect.signature(value)}"
        except (TypeError, ValueError):
            return "def(...)"
    return f"value: {type(value).__name__}"


def snapshot() -> str:
    """The public API, one ``module.name: signature`` line per name, sorted."""
    lines = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            lines.append(f"{module_name}.{name}: {_describe(getattr(module, name))}")
    # Default values that are functions print with their address: keep only the name.
    return re.sub(r" at 0x[0-9a-f]+", "", "\n".join(lines)) + "\n"


if __name__ == "__main__":
    print(snapshot(), end="")
