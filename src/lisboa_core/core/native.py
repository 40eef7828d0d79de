"""Which build runs (compiled by mypyc or pure Python), and the pure build's constructors of
the immutable classes."""

from __future__ import annotations

import inspect
from types import FunctionType
from typing import Any

__all__ = ["compiled", "pure_init"]

def compiled() -> bool:
    """Whether this module runs compiled by mypyc (its functions are then not Python
    functions)."""
    return not isinstance(compiled, FunctionType)


_set = object.__setattr__


def pure_init(cls: type) -> None:
    """Give ``cls`` (pure build) an ``__init__`` with the same signature that writes the
    fields past the class's own refusing ``__setattr__``: all at once into a fresh
    ``__dict__``, or slot by slot. Compiled, ``self.x = x`` in ``__init__`` sets the native
    field directly, so the source ``__init__`` stays."""
    source = cls.__dict__["__init__"]
    params = list(inspect.signature(source).parameters.values())[1:]
    namespace: dict[str, Any] = {"_set": _set}
    head = []
    for param in params:
        if param.default is param.empty:
            head.append(param.name)
        else:
            namespace[f"_d_{param.name}"] = param.default
            head.append(f"{param.name}=_d_{param.name}")
    # A field a compiled base declares (an interpreted game's state on the compiled
    # GameState) lives in the base's native storage, reached only through its descriptor.
    native = {
        name for base in cls.__mro__[1:] for name, value in vars(base).items()
        if inspect.isdatadescriptor(value) and not isinstance(value, property)
        and name not in ("__dict__", "__weakref__")
    }
    if "__slots__" in cls.__dict__ or native & {p.name for p in params}:
        body = "\n".join(f"    _set(self, {p.name!r}, {p.name})" for p in params)
    else:
        items = ", ".join(f"{p.name!r}: {p.name}" for p in params)
        body = f"    _set(self, '__dict__', {{{items}}})"
    exec(f"def __init__(self, {', '.join(head)}):\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__name__}.__init__"
    init.__doc__ = source.__doc__
    # The source's annotations, read in its module (typing.get_type_hints follows
    # __wrapped__): the default saved-state codec reads a state's field types from them.
    init.__annotations__ = dict(source.__annotations__)
    init.__wrapped__ = source
    setattr(cls, "__init__", init)  # noqa: B010
