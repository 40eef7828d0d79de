"""A core with no game in it (issue 31.6): no module outside ``games/<name>/`` compares a
game's name or imports a game's package; shared code reads the game's declaration instead
(as the card-id rule of tests/test_project.py keeps card behaviour out of Python)."""

from __future__ import annotations

import ast
from pathlib import Path

from lisboa_core.games import games

SRC = Path(__file__).resolve().parent.parent / "src" / "lisboa_core"
GAMES = SRC / "games"
PACKAGES = tuple(sorted(p.parent.name for p in GAMES.glob("*/game.py")))
NAMES = frozenset(games()) | frozenset(PACKAGES)

# The registry lists the built-in games' packages by name: that is its job.
REGISTRY = GAMES / "__init__.py"
# Modules another part of issue 31 moves into their game's package (31.6: Lisboa's
# observation encoder; 31.5: the scenario builders of lisboa_core.testing).
MOVING = {SRC / "testing.py"}


def _shared_modules() -> list[Path]:
    inside = tuple(GAMES / name for name in PACKAGES)
    return sorted(p for p in SRC.rglob("*.py")
                  if not any(p.is_relative_to(package) for package in inside)
                  and p != REGISTRY and p not in MOVING)


def _game_package(module: str) -> bool:
    parts = module.split(".")
    return parts[:2] == ["lisboa_core", "games"] and len(parts) > 2 and parts[2] in PACKAGES


def _constants(node: ast.expr) -> list[object]:
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return []


def naming(source: str) -> list[str]:
    """Where ``source`` compares a game's name or imports a game's package (line: text)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [c for side in sides for c in _constants(side) if c in NAMES]
            if named:
                found.append(f"{node.lineno}: compares with the game name {named[0]!r}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _game_package(node.module):
                found.append(f"{node.lineno}: imports {node.module}")
            elif node.module == "lisboa_core.games":
                found += [f"{node.lineno}: imports the game package {a.name}"
                          for a in node.names if a.name in PACKAGES]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: imports {a.name}" for a in node.names
                      if _game_package(a.name)]
    return found


def test_no_shared_module_names_a_game_or_imports_one() -> None:
    problems = [f"{path.relative_to(SRC)}:{where}" for path in _shared_modules()
                for where in naming(path.read_text())]
    assert problems == []


def test_the_finder_finds_each_way_of_naming_a_game() -> None:
    planted = (
        'if found.name == "tiletum":\n    pass\n'
        'ok = name in ("x", "puerto-rico")\n'
        "from lisboa_core.games.lisboa.state import State\n"
        "from lisboa_core.games import lisboa\n"
        "import lisboa_core.games.tiletum.svg\n"
        'fine = found.name == "no-such-game"\n'
        "from lisboa_core.games import game_of\n"
    )
    assert sorted(line.split(":")[0] for line in naming(planted)) == ["1", "3", "4", "5", "6"]
    assert {"lisboa", "puerto_rico", "tiletum"} <= set(PACKAGES)
    assert len(_shared_modules()) > 50
