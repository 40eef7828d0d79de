"""Moves and their text notation.

A move is a kind and a few plain arguments; ``str(move)`` is its canonical notation
(``tuck XX03``, ``sell gold p2.1``, ``trade build-ship books``). Every move a state offers
parses back from that text with :func:`lisboa_core.parse_move`.

Arguments are normalised on construction: a string made only of ASCII digits becomes the
integer it spells, so ``Move("slot", ("1",))`` equals the legal ``Move("slot", (1,))``. No
identifier of the catalogue or of the board is all digits, so this never changes the
meaning of a move.
"""

from __future__ import annotations

from operator import index
from types import FunctionType
from typing import Any, NoReturn

__all__ = ["Move"]


def _normal(args: tuple[Any, ...]) -> tuple[str | int, ...]:
    """The arguments with digit strings as integers, each checked to be a str or an int."""
    for arg in args:
        if type(arg) is str:
            if arg.isdigit() and arg.isascii():
                return _converted(args)
        elif type(arg) is not int:
            return _converted(args)
    return args


def _converted(args: tuple[Any, ...]) -> tuple[str | int, ...]:
    """The slow path of :func:`_normal`: digit strings read as numbers, integer-like values
    (``numpy.int64``) as ints, anything else refused naming its place."""
    out: list[str | int] = []
    for i, arg in enumerate(args):
        if isinstance(arg, str):
            out.append(int(arg) if arg.isdigit() and arg.isascii() else arg)
        elif isinstance(arg, bool) or not hasattr(arg, "__index__"):
            raise TypeError(f"Move(): args[{i}] must be a str or an int, not "
                            f"{type(arg).__name__} {_short(arg)}")
        else:
            out.append(index(arg))
    return tuple(out)


def _args(args: Any) -> tuple[Any, ...]:
    """``args`` given as a list, as a tuple; anything else refused (a string would become
    one argument per letter, a set or a dict has no order)."""
    if isinstance(args, list):
        return tuple(args)
    hint = f" (one argument: ({args!r},))" if isinstance(args, str | int) else ""
    raise TypeError(f"Move(): args must be a tuple of str and int, not "
                    f"{type(args).__name__} {_short(args)}{hint}")


def _kind(kind: Any) -> NoReturn:
    raise TypeError(f"Move(): kind must be a str (what is chosen: 'tuck', 'sell'...), not "
                    f"{type(kind).__name__} {_short(kind)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Move:
    """One choice for the seat to act: ``kind`` and its arguments.

    Immutable: setting or deleting an attribute raises :class:`AttributeError`. Arguments
    that are digit strings become integers (see the module docstring). ``kind`` must be a
    str and ``args`` a tuple (or list) of str and int; anything else raises
    :class:`TypeError` naming the argument (``Move(): kind must be a str ..., not int 5``).

    Example::

        from lisboa_core import Move, legal_moves, new_game, parse_move

        state = new_game(players=2, seed=1)
        move = legal_moves(state)[0]
        assert parse_move(state, str(move)) == move
        assert Move("slot", ("1",)) == Move("slot", (1,))  # digit strings become numbers
    """

    __slots__ = ("args", "kind")

    kind: str
    """What is chosen (``tuck``, ``sell``, ``slot``...)."""
    args: tuple[str | int, ...]
    """Card ids, goods, places and numbers, in notation order."""

    # ``Any``: the compiled build would check the annotations itself, with a bare message.
    def __init__(self, kind: Any, args: Any = ()) -> None:
        if type(kind) is not str:
            _kind(kind)
        self.kind = kind
        self.args = _normal(args if type(args) is tuple else _args(args))

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"Move is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Move is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Move:
            return NotImplemented
        assert isinstance(other, Move)
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, {self.args!r})"

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.kind, self.args))


def _pure_init(self: Move, kind: Any, args: Any = ()) -> None:
    if type(kind) is not str:
        _kind(kind)
    _set(self, "kind", kind)
    _set(self, "args", _normal(args if type(args) is tuple else _args(args)))


_set = object.__setattr__
if isinstance(_normal, FunctionType):  # the pure build: past the refusing __setattr__
    _pure_init.__qualname__ = "Move.__init__"
    setattr(Move, "__init__", _pure_init)  # noqa: B010
