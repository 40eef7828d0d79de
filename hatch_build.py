"""Hatchling build hook: compile the engine's hot modules with mypyc into the wheel.

Only a regular wheel is compiled; an editable install (``pip install -e``) and the sdist
stay pure Python. ``LISBOA_BUILD=pure`` skips the compile, and so does a machine where it
fails (no C compiler, no Python headers): the wheel is then pure Python, with the same
behaviour. ``lisboa_core.BUILD`` says which build is loaded.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The hot path of legal_moves/apply: the shared core (decision stack, moves, copies, the
# generator) and every game's state classes, rules and hints (package __init__ files stay
# Python); each game's invariants, which the test suite checks after every move; and each
# game's evaluation of a position, which the bots call for every move they try.
HOT = [
    "core/*.py",
    "games/*/state.py",
    "games/*/player.py",
    "games/*/rules/**/*.py",
    "games/*/hints/**/*.py",
    "games/*/invariants.py",
    "games/*/evaluation.py",
    "games/*/heuristic.py",
    "games/*/heuristics.py",
]


# Not hot, and its attrs declarations (fields with factory defaults) do not compile: the zone
# declarations read once per loaded state (core/zones.py).
COLD = {"core/zones.py"}


def hot_modules(package: Path) -> list[str]:
    """The module files to compile, relative to the package's parent, sorted."""
    found = {p for pattern in HOT for p in package.glob(pattern)
             if p.name != "__init__.py" and str(p.relative_to(package)) not in COLD}
    return sorted(str(p.relative_to(package.parent)) for p in found)


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("LISBOA_BUILD", "").lower() == "pure":
            self.app.display_info("LISBOA_BUILD=pure: building a pure-Python wheel")
            return
        try:
            built = self._compile()
        except Exception as err:  # no compiler, no headers, no mypyc: stay pure
            self.app.display_warning(f"mypyc compile failed, pure-Python wheel: {err}")
            return
        for path, target in built.items():
            build_data["force_include"][path] = target
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _compile(self) -> dict[str, str]:
        from mypyc.build import mypycify
        from setuptools import setup

        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="lisboa-mypyc-"))
        shutil.copytree(root / "src", work / "src",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        out = work / "out"
        here = Path.cwd()
        os.chdir(work / "src")
        argv = sys.argv
        try:
            modules = hot_modules(Path("lisboa_core"))
            extensions = mypycify(modules, opt_level="3", group_name="lisboa_core")
            sys.argv = ["setup.py"]
            setup(name="lisboa_core_ext", ext_modules=extensions,
                  script_args=["build_ext", "--build-lib", str(out)])
        finally:
            sys.argv = argv
            os.chdir(here)
        built = {str(p): str(p.relative_to(out)) for p in out.rglob("*.so")}
        built |= {str(p): str(p.relative_to(out)) for p in out.rglob("*.pyd")}
        if not any("lisboa_core/games/lisboa/state" in target for target in built.values()):
            raise RuntimeError("mypyc produced no extension for lisboa_core.games.lisboa.state")
        return built
