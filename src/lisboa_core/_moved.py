"""Old module paths of the 0.1 layout, served from their new homes with a deprecation warning.

The package was re-laid out in 0.2 (core, games, persistence, bots, studies, fronts). Code
that imports a module by its old path (``lisboa_core.state``, ``lisboa_core.engine.scoring``,
``lisboa_core.simulation`` ...) still gets the module, the same object as under its new path,
and a :class:`~lisboa_core.errors.LisboaDeprecationWarning` naming the new path. The old
paths go away in 0.3 (the stability policy in docs/guide/stability.md).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

from lisboa_core.errors import LisboaDeprecationWarning

__all__ = ["MOVED", "install"]

MOVED: dict[str, str] = {
    "lisboa_core._cli_args": "lisboa_core.fronts.cli_args",
    "lisboa_core._codec": "lisboa_core.persistence.codec",
    "lisboa_core._files": "lisboa_core.persistence.files",
    "lisboa_core._invariants": "lisboa_core.games.lisboa.invariants",
    "lisboa_core._ray_backend": "lisboa_core.studies.ray_backend",
    "lisboa_core._replace": "lisboa_core.core.replace",
    "lisboa_core._stack_check": "lisboa_core.persistence.stack_check",
    "lisboa_core._state_check": "lisboa_core.games.lisboa.state_check",
    "lisboa_core.actions": "lisboa_core.games.lisboa.actions",
    "lisboa_core.adversarial": "lisboa_core.studies.adversarial",
    "lisboa_core.balance": "lisboa_core.studies.balance",
    "lisboa_core.catalog": "lisboa_core.games.lisboa.catalogue",
    "lisboa_core.cli": "lisboa_core.fronts.cli",
    "lisboa_core.cli_balance": "lisboa_core.fronts.cli_balance",
    "lisboa_core.cli_play": "lisboa_core.fronts.cli_play",
    "lisboa_core.cli_records": "lisboa_core.fronts.cli_records",
    "lisboa_core.descriptions": "lisboa_core.games.lisboa.descriptions",
    "lisboa_core.dsl.checks": "lisboa_core.games.lisboa.checks",
    "lisboa_core.engine": "lisboa_core.games.lisboa.rules",
    "lisboa_core.engine.bounds": "lisboa_core.games.lisboa.hints.bounds",
    "lisboa_core.engine.building_hints": "lisboa_core.games.lisboa.hints.building_hints",
    "lisboa_core.engine.buildings": "lisboa_core.games.lisboa.rules.buildings",
    "lisboa_core.engine.core": "lisboa_core.core.stack",
    "lisboa_core.engine.draft": "lisboa_core.games.lisboa.rules.draft",
    "lisboa_core.engine.effect_facts": "lisboa_core.games.lisboa.hints.effect_facts",
    "lisboa_core.engine.effects": "lisboa_core.games.lisboa.rules.effects",
    "lisboa_core.engine.ops": "lisboa_core.games.lisboa.rules.ops",
    "lisboa_core.engine.payment": "lisboa_core.games.lisboa.rules.payment",
    "lisboa_core.engine.portfolio": "lisboa_core.games.lisboa.rules.portfolio",
    "lisboa_core.engine.quiet": "lisboa_core.games.lisboa.hints.quiet",
    "lisboa_core.engine.scoring": "lisboa_core.games.lisboa.rules.scoring",
    "lisboa_core.engine.setup": "lisboa_core.games.lisboa.rules.setup",
    "lisboa_core.engine.slots": "lisboa_core.games.lisboa.rules.slots",
    "lisboa_core.engine.specs": "lisboa_core.core.specs",
    "lisboa_core.engine.state_actions": "lisboa_core.games.lisboa.rules.state_actions",
    "lisboa_core.engine.store_hints": "lisboa_core.games.lisboa.hints.store_hints",
    "lisboa_core.engine.stores": "lisboa_core.games.lisboa.rules.stores",
    "lisboa_core.engine.trade": "lisboa_core.games.lisboa.rules.trade",
    "lisboa_core.engine.turn": "lisboa_core.games.lisboa.rules.turn",
    "lisboa_core.engine.visit_hints": "lisboa_core.games.lisboa.hints.visit_hints",
    "lisboa_core.engine.visits": "lisboa_core.games.lisboa.rules.visits",
    "lisboa_core.engine_protocol": "lisboa_core.fronts.engine_protocol",
    "lisboa_core.games.lisboa.catalog": "lisboa_core.games.lisboa.catalogue",
    "lisboa_core.games.puerto_rico.catalog": "lisboa_core.games.puerto_rico.catalogue",
    "lisboa_core.model": "lisboa_core.games.lisboa.model",
    "lisboa_core.moves": "lisboa_core.core.moves",
    "lisboa_core.player": "lisboa_core.games.lisboa.player",
    "lisboa_core.records": "lisboa_core.persistence.records",
    "lisboa_core.rng": "lisboa_core.core.rng",
    "lisboa_core.search_bot": "lisboa_core.bots.ismcts",
    "lisboa_core.serve": "lisboa_core.fronts.serve",
    "lisboa_core.simulation": "lisboa_core.studies.simulation",
    "lisboa_core.state": "lisboa_core.games.lisboa.state",
}
"""Old dotted module path -> new one."""

REMOVED_IN = "0.3.0"


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """The module was run under its new name already."""


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        warnings.warn(
            f"{fullname} is deprecated and will be removed in lisboa_core {REMOVED_IN}; "
            f"use {new}",
            LisboaDeprecationWarning,
            stacklevel=2,
        )
        return importlib.machinery.ModuleSpec(fullname, _Alias(new), is_package=fullname ==
        "lisboa_core.engine")


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
