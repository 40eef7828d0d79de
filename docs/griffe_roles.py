"""A griffe extension for the API pages: Sphinx roles in docstrings become Markdown.

The docstrings of lisboa_core use reST roles (``:func:`load_rules```,
``:class:`~lisboa_core.errors.IllegalMoveError```) and literal-block markers
(``Example::``). mkdocstrings reads docstrings as Markdown, so this extension (listed
under the mkdocstrings options in ``mkdocs.yml``) rewrites them before rendering:

* a role whose target is documented on the site becomes a cross-reference link
  (``[`load_rules`][lisboa_core.games.lisboa.catalogue.load_rules]``);
* any other role becomes plain inline code, so ``mkdocs build --strict`` never fails on a
  reference to an internal name;
* a paragraph ending in ``::`` ends in ``:`` (the indented block after it is code).

The documented objects are the names exported by ``lisboa_core.__all__`` (and their
members), everything in the modules listed in :data:`DOCUMENTED_MODULES`, and the few
classes in :data:`DOCUMENTED_EXTRAS` that the State pages point to.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

DOCUMENTED_MODULES = ("lisboa_core.games.lisboa.testing", "lisboa_core.games.lisboa.model",
"lisboa_core.errors")
"""Modules whose whole public content has an API page (see ``docs/api/``)."""

DOCUMENTED_EXTRAS = (
    "lisboa_core.games.lisboa.state.PlayerState",
    "lisboa_core.games.lisboa.state.Frame",
    "lisboa_core.core.rng.Rng",
    "lisboa_core.action_space",
    "lisboa_core.describe",
)
"""Objects documented on their own (types reached from State, and functions documented
by their package name)."""

_ROLE = re.compile(r":(?:py:)?(?:func|class|data|meth|attr|mod|exc|obj):`(~?)([\w.]+)`")
_LITERAL_MARK = re.compile(r"::$", re.MULTILINE)


def _lookup(root: griffe.Object | griffe.Alias, dotted: str) -> Any:
    try:
        return root[dotted]
    except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


class SphinxRoles(griffe.Extension):
    """Rewrite reST roles of every docstring of the package once it is loaded."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Walk the loaded package and rewrite each docstring in place."""
        exported = {f"{pkg.path}.{name}" for name in (pkg.exports or ())}
        documented = set(exported) | set(DOCUMENTED_MODULES) | set(DOCUMENTED_EXTRAS)
        for name in pkg.exports or ():
            member = pkg.members.get(name)
            if isinstance(member, griffe.Alias):
                documented.add(member.target_path)
        self._documented = documented
        self._pkg = pkg
        self._walk(pkg)

    def _walk(self, obj: griffe.Object) -> None:
        if obj.docstring is not None:
            obj.docstring.value = self._rewrite(obj.docstring.value, obj)
        for member in obj.members.values():
            if not isinstance(member, griffe.Alias):
                self._walk(member)

    def _is_documented(self, path: str) -> bool:
        parts = path.split(".")
        return any(".".join(parts[:n]) in self._documented for n in range(2, len(parts) + 1))

    def _resolve(self, target: str, obj: griffe.Object) -> str | None:
        """The full path of ``target`` as seen from ``obj``, or None if it is unknown."""
        if target.startswith(self._pkg.path + "."):
            found = _lookup(self._pkg, target[len(self._pkg.path) + 1 :])
            return target if found is not None else None
        scope: griffe.Object | None = obj
        while scope is not None:
            found = _lookup(scope, target)
            if found is not None:
                return f"{scope.path}.{target}"
            scope = scope.parent
        return None

    def _rewrite(self, text: str, obj: griffe.Object) -> str:
        def role(match: re.Match[str]) -> str:
            short, target = match.group(1), match.group(2)
            shown = target.rsplit(".", 1)[-1] if short else target
            path = self._resolve(target, obj)
            if path is None or not self._is_documented(path):
                return f"`{shown}`"
            return f"[`{shown}`][{path}]"

        return _LITERAL_MARK.sub(":", _ROLE.sub(role, text))
