"""The engine's layout: every rules module reads as its rules, no module is over about 600
lines, and no engine module imports, at any level, a module that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "src" / "lisboa_core" / "engine"
LIMIT = 600


def _imports() -> dict[str, set[str]]:
    """Per engine module, the engine modules it imports (module or function level)."""
    modules = {path.stem for path in ENGINE.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module is not None:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = (found & modules) - {path.stem}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_circle_inside_the_engine() -> None:
    graph = _imports()
    graph.pop("__init__", None)  # the package imports every module to register it
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_engine_module_is_over_600_lines() -> None:
    long = {path.name: n for path in ENGINE.glob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}


def test_hints_live_beside_their_rules() -> None:
    """A rules module registers its frames; its lookahead hints attach from a module of
    their own, which the rules module never imports."""
    graph = _imports()
    for rules, hints in (("visits", "visit_hints"), ("stores", "store_hints"),
                         ("buildings", "building_hints")):
        assert (ENGINE / f"{hints}.py").exists()
        assert hints not in graph[rules]
        assert "hint(" in (ENGINE / f"{hints}.py").read_text(encoding="utf-8")
