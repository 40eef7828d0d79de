"""The compiled card language: effect trees, behaviours, scoring expressions and what
every component has, shared by every game.

Behaviour stays data: an effect is a tree of :class:`Do` / :class:`Seq` / :class:`Choose` /
:class:`May` / :class:`If` nodes naming effect *kinds* from the game's vocabulary; the
interpreter never knows a card by its id. A game's components subclass
:class:`ComponentBase`.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from lisboa_core.dsl.ast import NOWHERE, Loc

__all__ = [
    "Behaviour",
    "Choose",
    "ComponentBase",
    "Do",
    "Effect",
    "If",
    "May",
    "Modifier",
    "Permission",
    "Provenance",
    "Quantity",
    "Score",
    "Seq",
    "Trigger",
    "elementary",
]


def _loc() -> Loc:
    return attrs.field(default=NOWHERE, eq=False, repr=False)


# --- effects ---------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Do:
    """One elementary effect: a kind from the vocabulary and its bound arguments."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()
    loc: Loc = _loc()

    def arg(self, name: str, default: Any = None) -> Any:
        """The argument bound to slot ``name`` (or ``default``)."""
        for key, value in self.args:
            if key == name:
                return value
        return default


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Seq:
    """Effects done in order."""

    steps: tuple[Effect, ...]
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Choose:
    """Choose exactly one option (``up_to is None``) or up to ``up_to`` different options."""

    options: tuple[Seq, ...]
    up_to: int | None = None
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class May:
    """An optional sequence: do all of it or none."""

    body: Seq
    loc: Loc = _loc()


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class If:
    """Effects done only when a test on a counted quantity holds (``if at least 3 stores
    (...)``): ``test`` is a condition of the vocabulary (``at-least``, ``at-most``,
    ``most``, ``fewest``), ``count`` its number where it has one."""

    test: str
    count: int
    quantity: Quantity
    body: Seq
    loc: Loc = _loc()


Effect: TypeAlias = Do | Seq | Choose | May | If


def elementary(effect: Effect | None) -> list[Do]:
    """Every elementary effect in a tree, options and optional parts included."""
    if effect is None:
        return []
    if isinstance(effect, Do):
        return [effect]
    if isinstance(effect, Seq):
        return [d for step in effect.steps for d in elementary(step)]
    if isinstance(effect, Choose):
        return [d for option in effect.options for d in elementary(option)]
    return elementary(effect.body)


@attrs.frozen(slots=True)
class Modifier:
    """A passive change at a hook point; ``amount`` ``None`` means the quantity becomes 0."""

    hook: str
    amount: int | None
    qualifiers: tuple[tuple[str, Any], ...] = ()
    loc: Loc = _loc()

    def qualifier(self, name: str, default: Any = None) -> Any:
        """A qualifier's value (e.g. ``noble`` for a visit-cost modifier)."""
        return dict(self.qualifiers).get(name, default)


@attrs.frozen(slots=True)
class Permission:
    """A passive permission such as paying influence costs with reis."""

    ability: str
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Trigger:
    """Effects run when an event happens to the holder (``qualifier`` narrows the event)."""

    event: str
    qualifier: str | None
    effect: Seq
    loc: Loc = _loc()


@attrs.frozen(slots=True)
class Behaviour:
    """Everything a held tile, tucked card or revealed house ability does while it is active."""

    modifiers: tuple[Modifier, ...] = ()
    permissions: tuple[Permission, ...] = ()
    triggers: tuple[Trigger, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.modifiers or self.permissions or self.triggers)


@attrs.frozen(slots=True, cache_hash=True)  # hashed by the hint caches
class Quantity:
    """Something counted for a decree: a subject and its filters."""

    subject: str
    filters: tuple[tuple[str, Any], ...] = ()


@attrs.frozen(slots=True)
class Score:
    """A decree's end-game condition: ``per`` (each ``every`` units), ``most``, ``fewest``,
    ``at-least`` (``count`` or more units) or ``every-type``. ``wigs`` may be negative
    (a penalty)."""

    form: str
    wigs: int
    quantity: Quantity
    every: int = 1
    loc: Loc = _loc()
    count: int = 0


# --- components ------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Provenance:
    """Where a component's values come from: ``rules`` (the rules text), ``published`` (a
    public source the component cites) or ``reconstructed`` (and which keys), with the
    citation or the reason as text."""

    source: str
    reconstructed: tuple[str, ...] = ()
    cite: str = ""
    """The source looked up, or why a value was reconstructed (may be empty)."""

    @property
    def is_reconstructed(self) -> bool:
        """True if any value of the component was reconstructed."""
        return self.source == "reconstructed"


@attrs.frozen(slots=True, kw_only=True)
class ComponentBase:
    """What every component of every game has: an id, a name, a provenance, a place."""

    id: str
    name: str
    provenance: Provenance
    loc: Loc = _loc()
