"""The machinery of the immutable state classes every game generates from its field list.

A game writes one field list per state class (``games/<name>/fields.py``) and
:mod:`lisboa_core.core.stategen` turns it into plain classes: compiled by mypyc they are
native classes whose fields are read as fast as local variables; in the pure build they
keep their fields in an instance ``__dict__`` so a copy is one dictionary copy. Either
way a state never changes: the engine builds new ones.

:class:`GameState` is the base of every game's state class: the decision stack reads
``pending`` and ``catalogue`` through it, so one compiled core serves every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from lisboa_core.core.frame import Frame
from lisboa_core.core.rng import Rng

__all__ = ["GameState", "Record", "acting", "dump_fields", "game_of_state", "set_game_lookup"]

_GAME_OF: list[Callable[[Any], Any]] = []  # the registry's game_of (see set_game_lookup)


def set_game_lookup(game_of: Callable[[Any], Any]) -> None:
    """Tell the core how to find a state's game (:func:`lisboa_core.games.game_of`, which
    calls this when imported): the core never imports the registry, which is built on it."""
    _GAME_OF[:] = [game_of]


def game_of_state(state: Any) -> Any:
    """The game ``state`` belongs to (:func:`lisboa_core.games.game_of`, for modules the
    registry builds on); raises ``TypeError`` for a state no registered game claims."""
    if not _GAME_OF:
        importlib.import_module("lisboa_core.games")  # registers the lookup (built on this)
    return _GAME_OF[0](state)


# A game from outside the package (an interpreted module) builds its state classes on these
# two bases, so the compiled build must let interpreted classes inherit from them.
@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """The base of every generated immutable class: its fields in order and a checked copy."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The field names, in constructor order (set by each generated class)."""
    FIELD_TYPES: ClassVar[tuple[str, ...]] = ()
    """Each field's type as its field list writes it, in :attr:`FIELDS` order."""

    # Each generated class overrides these. In the compiled build a class built outside it
    # (an interpreted game's) is still reached through the compiled callers' native
    # dispatch, which lands here: these hand the call to the class's own method.

    def values(self) -> tuple[Any, ...]:
        """Every field's value, in :attr:`FIELDS` order."""
        own = type(self).values
        if own is Record.values:
            raise NotImplementedError
        return own(self)

    def replaced(self, changes: dict[str, Any]) -> Record:
        """A copy with the fields named in ``changes`` set to new values; a name that is not
        a field raises ``AttributeError``."""
        own = type(self).replaced
        if own is Record.replaced:
            raise NotImplementedError
        return own(self, changes)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(Record):
    """What the core needs of any game's state (the generated classes fill it in).

    ``pending`` is the decision stack (the last frame
    on top), ``rng`` the random generator's state and ``catalogue`` the digest of the
    catalogue the game is played with. A game's own fields come from its field list.
    """

    pending: tuple[Frame, ...]
    """Decision stack; the last frame is on top."""
    rng: Rng
    """The random generator's state: every later shuffle or draw comes from it."""
    catalogue: str
    """Digest of the rules catalogue the state was made with."""

    def replaced(self, changes: dict[str, Any]) -> GameState:
        """A copy with the fields named in ``changes`` set to new values; a name that is not
        a field raises ``AttributeError``."""
        own = type(self).replaced
        if own is GameState.replaced:
            raise NotImplementedError
        return own(self, changes)

    def with_pending(self, pending: tuple[Frame, ...]) -> GameState:
        """A copy with ``pending`` replaced (the decision stack's most frequent copy)."""
        own = type(self).with_pending
        if own is GameState.with_pending:
            raise NotImplementedError
        return own(self, pending)

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.pending[-1].seat if self.pending else None

    def dump(self) -> str:
        """Every field as ``name=value``, one per line (``repr`` is a one-line summary)."""
        return dump_fields(self)

    def _repr_svg_(self) -> str:
        """The game's picture of the position, for Jupyter."""
        picture: str = _GAME_OF[0](self).svg(self)
        return picture


def dump_fields(obj: Any) -> str:
    """Every field of a generated class as ``name=value``, one per line, nested records
    (a tuple of them, such as the players) indented."""
    lines = [f"{type(obj).__name__}("]
    for name, value in zip(obj.FIELDS, obj.values(), strict=True):
        if isinstance(value, tuple) and value and hasattr(value[0], "FIELDS"):
            lines.append(f"  {name}=(")
            for record in value:
                lines.extend("    " + line for line in (dump_fields(record) + ",").splitlines())
            lines.append("  ),")
        else:
            lines.append(f"  {name}={value!r},")
    lines.append(")")
    return "\n".join(lines)


def acting(state: GameState) -> str:
    """Who decides what now, for a state's one-line summary."""
    if not state.pending:
        return "over"
    top = state.pending[-1]
    return f"seat {top.seat} decides {top.kind}"
