"""Every script in examples/ (but the demo, which `make demo` runs) runs and uses only the
public API (and, for the learning examples, the modules of the `rl` extra: skipped without
it)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import lisboa_core

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if p.name != "demo.py")
PUBLIC_MODULES = (
    "lisboa_core.games.lisboa", "lisboa_core.games.lisboa.testing", "lisboa_core.games.lisboa.model",
    "lisboa_core.errors",
)
# The optional extras an example may use (the AI-framework bridges and their packages).
EXTRA_MODULES = ("lisboa_core.envs.pettingzoo", "lisboa_core.envs.observation",
                 "lisboa_core.envs.gym", "lisboa_core.envs.vector")
EXTRA_PACKAGES = ("numpy", "gymnasium", "pettingzoo", "sb3_contrib", "torch")


def _extras(path: Path) -> list[str]:
    """The optional packages an example imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
    return sorted({name.split(".")[0] for name in names} & set(EXTRA_PACKAGES))


def test_there_are_examples() -> None:
    names = {p.stem for p in EXAMPLES}
    assert {"random_game", "greedy_bot", "position_summary", "custom_cards"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs_and_prints(path: Path, tmp_path: Path) -> None:
    for package in _extras(path):
        pytest.importorskip(package, reason=f"{path.name} needs the rl extra")
    result = subprocess.run(
        [sys.executable, str(path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stdout.splitlines()) >= 3, result.stdout


def _public_name(module: str, name: str) -> bool:
    if module == "lisboa_core":
        return name in lisboa_core.__all__ or f"lisboa_core.{name}" in PUBLIC_MODULES
    if module in PUBLIC_MODULES or module in EXTRA_MODULES:
        return name in importlib.import_module(module).__all__
    return False


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_uses_only_the_public_api(path: Path) -> None:
    for package in _extras(path):
        pytest.importorskip(package, reason=f"{path.name} needs the rl extra")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), "each example says what it shows"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            if top == "lisboa_core":
                bad = [a.name for a in node.names if not _public_name(node.module, a.name)]
                assert bad == [], f"{node.module}: {bad}"
            else:
                assert top in (*sys.stdlib_module_names, "__future__", *EXTRA_PACKAGES), \
                    node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                assert top in (*sys.stdlib_module_names, *EXTRA_PACKAGES) or alias.name in (
                    "lisboa_core", *PUBLIC_MODULES
                ), alias.name


def test_every_example_is_shown_on_the_examples_page() -> None:
    page = (ROOT / "docs" / "guide" / "examples.md").read_text(encoding="utf-8")
    missing = [p.name for p in EXAMPLES if f'--8<-- "examples/{p.name}"' not in page]
    assert missing == []
