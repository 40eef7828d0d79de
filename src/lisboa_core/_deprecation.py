"""Deprecated names: they keep working for at least one minor release and warn with
:class:`~lisboa_core.errors.LisboaDeprecationWarning`, naming the replacement and the
version that removes them (the stability policy in docs/guide/stability.md)."""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from lisboa_core.errors import LisboaDeprecationWarning

__all__ = ["at_path", "keyword_only", "moved", "renamed_parameters"]

F = TypeVar("F", bound=Callable[..., Any])


def at_path(path: str) -> Callable[[], Any]:
    """A function returning the object at the dotted ``path`` (``package.module.name``),
    imported when called: an old name's new home, loaded only when the old name is used."""

    def load() -> Any:
        import importlib

        module, _, name = path.rpartition(".")
        return getattr(importlib.import_module(module), name)

    return load


def moved(module: str, names: dict[str, tuple[str, Callable[[], Any]] | str],
          removed_in: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving old names: ``names`` maps an old name to the new
    name's dotted path and a function returning the new object (or to the path alone: the
    object there is imported, :func:`at_path`)."""

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        found = names[name]
        new, load = (found, at_path(found)) if isinstance(found, str) else found
        warnings.warn(
            f"{module}.{name} is deprecated and will be removed in lisboa_core {removed_in}; "
            f"use {new}",
            LisboaDeprecationWarning,
            stacklevel=2,
        )
        return load()

    return __getattr__


def renamed_parameters(names: dict[str, str], removed_in: str) -> Callable[[F], F]:
    """A decorator keeping a function's old keyword names working: ``names`` maps an old
    parameter name to its new one. An old name given as a keyword warns and is passed on
    as the new one; giving both is a ``TypeError``. The signature shown is the new one.

    Example::

        from lisboa_core._deprecation import renamed_parameters

        @renamed_parameters({"names": "bots"}, "0.3")
        def count(bots: list[str]) -> int:
            return len(bots)

        assert count(bots=["a"]) == 1
    """

    def decorate(function: F) -> F:
        order = list(inspect.signature(function).parameters)

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for old, new in names.items():
                if old not in kwargs:
                    continue
                if new in kwargs or new in order[:len(args)]:
                    raise TypeError(f"{function.__name__}(): give {new} only (not {old})")
                warnings.warn(
                    f"{function.__name__}({old}=...) is deprecated and will be removed in "
                    f"lisboa_core {removed_in}; use {new}",
                    LisboaDeprecationWarning,
                    stacklevel=2,
                )
                kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def keyword_only(names: tuple[str, ...], removed_in: str) -> Callable[[F], F]:
    """A decorator keeping old positional calls working once parameters became keyword-only:
    ``names`` are those parameters in the order the old signature took them, right after
    the parameters still positional. Given by position they warn and are passed on as
    keywords; one given both ways is a ``TypeError``. The signature shown is the new one.

    Example::

        from lisboa_core._deprecation import keyword_only

        @keyword_only(("rules",), "0.3")
        def count(bots: list[str], *, rules: object = None) -> int:
            return len(bots)

        assert count(["a"], rules=None) == 1
    """

    def decorate(function: F) -> F:
        kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        parameters = inspect.signature(function).parameters.values()
        positional = sum(p.kind in kinds for p in parameters)
        name = function.__name__

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            extra = args[positional:]
            if extra:
                if len(extra) > len(names):
                    raise TypeError(f"{name}() takes at most {positional + len(names)} "
                                    f"positional arguments ({len(args)} given)")
                given = names[:len(extra)]
                for old in given:
                    if old in kwargs:
                        raise TypeError(f"{name}(): {old} given by position and by name")
                warnings.warn(
                    f"{name}() with {', '.join(given)} given by position is deprecated and "
                    f"will be removed in lisboa_core {removed_in}; pass "
                    f"{', '.join(f'{old}=...' for old in given)}",
                    LisboaDeprecationWarning,
                    stacklevel=2,
                )
                kwargs.update(zip(given, extra, strict=True))
                args = args[:positional]
            return function(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate
