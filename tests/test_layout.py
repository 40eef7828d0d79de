"""The package's layout: a newcomer can read it.

No import circle larger than two modules anywhere in ``lisboa_core`` (module-level and late
imports both count; imports under ``if TYPE_CHECKING:`` do not, as they never run), no module over 700 lines, about 20 modules at most directly under
``src/lisboa_core/``, and in every game the lookahead hints live apart from the rules they
shorten: a rules module never imports a hints module.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "lisboa_core"
LIMIT = 700
TOP_LEVEL_LIMIT = 20


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` that can run: the bodies of ``if TYPE_CHECKING:`` left out
    (their ``else`` kept)."""
    found: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        if _type_checking(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def imports() -> dict[str, set[str]]:
    """Per module of the package, the package's modules it imports, at any level."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:
                    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                    base = ".".join([*package[: len(package) - node.level + 1], node.module])
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def components(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _without_package_inits(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    # A package's __init__ importing its own submodules (to register them or re-export
    # their names) is how Python packages work; the submodules never import it back for
    # anything but those names, so such edges are not circles a reader has to untangle.
    inits = {n for n, p in _modules().items() if p.name == "__init__.py"}
    return {
        n: {t for t in targets if not (n in inits and t.startswith(n + "."))
            and not (t in inits and n.startswith(t + "."))}
        for n, targets in graph.items()
    }


def test_no_import_circle_larger_than_two_modules() -> None:
    graph = _without_package_inits(imports())
    graph.pop("lisboa_core", None)  # the public face re-exports from everywhere
    graph = {n: targets - {"lisboa_core"} for n, targets in graph.items()}
    big = [group for group in components(graph) if len(group) > 2]
    assert big == [], "\n".join(" <-> ".join(g) for g in big)


def test_the_circle_finder_finds_circles() -> None:
    assert components({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c"]]
    assert sorted(map(len, components({"a": {"b"}, "b": set()}))) == [1, 1]


def test_no_module_is_over_700_lines() -> None:
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}


def test_about_twenty_modules_at_the_top() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_LEVEL_LIMIT, top


def test_hints_live_apart_from_the_rules_they_shorten() -> None:
    graph = imports()
    games = [p for p in (PACKAGE / "games").iterdir() if (p / "rules").is_dir()]
    assert games, "no game has a rules package"
    for game in games:
        prefix = f"lisboa_core.games.{game.name}"
        hints = {n for n in graph if n.startswith(f"{prefix}.hints.")}
        rules = {n for n in graph if n.startswith(f"{prefix}.rules.")}
        for module in rules:
            assert not (graph[module] & hints), f"{module} imports {graph[module] & hints}"
        # Every hint attaches from the hints package: no rules module calls ``.hint(``
        # or hands a hint to ``register`` (other than the stack's own generic verdicts).
        for module in rules:
            text = _modules()[module].read_text(encoding="utf-8")
            assert ".hint(" not in text, f"{module} attaches a hint"
            for hint in ("prune=", "alike="):
                assert hint not in text, f"{module} registers a {hint[:-1]} hint"
