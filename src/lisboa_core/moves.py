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

from types import FunctionType
from typing import Any, NoReturn

__all__ = ["Move"]


def _normal(args: tuple[str | int, ...]) -> tuple[str | int, ...]:
    for arg in args:
        if isinstance(arg, str) and arg.isdigit() and arg.isascii():
            return tuple(int(a) if isinstance(a, str) and a.isdigit() and a.isascii() else a
                         for a in args)
    return args


class Move:
    """One choice for the seat to act: ``kind`` and its arguments.

    Immutable: setting or deleting an attribute raises :class:`AttributeError`. Arguments
    that are digit strings become integers (see the module docstring).

    Example::

        from lisboa_core import Move, legal_moves, new_game, parse_move

        state = new_game(players=2, seed=1)
        move = legal_moves(state)[0]
        assert parse_move(str(move), state) == move
        assert Move("slot", ("1",)) == Move("slot", (1,))  # digit strings become numbers
    """

    __slots__ = ("args", "kind")

    kind: str
    """What is chosen (``tuck``, ``sell``, ``slot``...)."""
    args: tuple[str | int, ...]
    """Card ids, goods, places and numbers, in notation order."""

    def __init__(self, kind: str, args: tuple[str | int, ...] = ()) -> None:
        self.kind = kind
        self.args = _normal(tuple(args))

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"Move is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Move is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
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


def _pure_init(self: Move, kind: str, args: tuple[str | int, ...] = ()) -> None:
    _set(self, "kind", kind)
    _set(self, "args", _normal(tuple(args)))


_set = object.__setattr__
if isinstance(_normal, FunctionType):  # the pure build: past the refusing __setattr__
    _pure_init.__qualname__ = "Move.__init__"
    setattr(Move, "__init__", _pure_init)  # noqa: B010
