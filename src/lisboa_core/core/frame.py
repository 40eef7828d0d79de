"""A pending step of the decision stack: :class:`Frame`, plain data that saves and compares.

Every game's state keeps its pending decisions and automatic steps as a tuple of frames
(``state.pending``, the last on top). A frame names its handler (``kind``), the seat that
decides (``-1`` for an automatic step) and the plain, hashable data the handler reads.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, NoReturn

from lisboa_core.core.native import compiled, pure_init

__all__ = ["Frame"]


class Frame:
    """One pending step: a decision for ``seat`` or an automatic step of the rules.

    ``kind`` names the handler; ``data`` is plain, hashable data the handler reads (ids,
    numbers, tuples and compiled effect nodes, never functions).
    """

    __slots__ = ("data", "kind", "seat")

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "seat", "data")
    """The field names, in constructor order."""

    kind: str
    """The handler's name (``turn``, ``sell``, ``store``...): what is being decided."""
    seat: int
    """The seat that decides (any seat, also out of turn); -1 for an automatic step."""
    data: tuple[Any, ...]
    """What the handler needs to continue (plain, hashable values)."""

    def __init__(
        self,
        kind: str,
        seat: int,
        data: tuple[Any, ...] = (),
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.data = data

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in :attr:`FIELDS` order."""
        return (self.kind, self.seat, self.data)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Frame:
            return NotImplemented
        assert isinstance(other, Frame)
        return self is other or self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"Frame is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Frame is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Frame, self.values())

    def replaced(self, changes: dict[str, Any]) -> Frame:
        """A copy with the fields named in ``changes`` set to new values; a name that is not
        a field raises ``AttributeError``."""
        if not changes.keys() <= _FIELD_SET:
            wrong = ", ".join(repr(n) for n in sorted(set(changes) - _FIELD_SET))
            raise AttributeError(f"Frame has no field {wrong}")
        return Frame(
            changes.get("kind", self.kind),
            changes.get("seat", self.seat),
            changes.get("data", self.data),
        )

    def __repr__(self) -> str:
        return f"Frame({self.kind!r}, {self.seat}, {self.data!r})"


_FIELD_SET: Final = frozenset(Frame.FIELDS)

if not compiled():
    pure_init(Frame)
