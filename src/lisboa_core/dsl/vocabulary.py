"""The card language's vocabulary: what each game's card text can say.

The syntax is one for every game (:mod:`lisboa_core.dsl.parser`); the words come from the
game's :class:`Vocabulary`: its value types, component kinds, effect phrases, hooks,
permissions, events, scoring subjects and score forms. The validator reads phrases against
these entries, the English descriptions come from their templates, the interpreter
dispatches on their names and the card-language reference is generated from them, so a new
word added to a vocabulary appears everywhere at once. User code adds words through
:mod:`lisboa_core.extend`, which puts them in the same vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from lisboa_core.dsl.patterns import Pattern, ValueType, compile_pattern

__all__ = [
    "CONDITIONS",
    "Condition",
    "EffectKind",
    "Event",
    "Hook",
    "ScoreForm",
    "Subject",
    "Vocabulary",
]


@attrs.frozen(slots=True)
class EffectKind:
    """An elementary effect: the phrase it is written as and what it does.

    ``needs`` names a context the effect only makes sense in: ``produce`` (inside
    ``on produce``), ``take-rubble`` (inside ``on take-rubble``) or ``quantity`` (a trigger
    whose event has a quantity, for ``per UNIT``).
    """

    name: str
    pattern: Pattern
    template: str
    needs: frozenset[str] = frozenset()

    @property
    def verb(self) -> str:
        """The first word of the phrase."""
        return self.pattern.literal_words[0]


@attrs.frozen(slots=True)
class Hook:
    """A number the rules compute that passive effects may change (``modify HOOK ...``)."""

    name: str
    pattern: Pattern  # the values after the hook name
    template: str
    scoring: bool = False  # consulted by final scoring rather than during play


@attrs.frozen(slots=True)
class Event:
    """Something the rules announce that triggers (``on EVENT ...: effects``) listen to."""

    name: str
    pattern: Pattern  # the values after the event name
    template: str
    unit: str | None = None  # the unit of the event's quantity, for ``per UNIT``
    provides: frozenset[str] = frozenset()


@attrs.frozen(slots=True)
class Subject:
    """Something a decree can count, with the filters it accepts."""

    name: str
    words: tuple[str, ...]  # the word(s) that name it, singular and plural
    filters: Pattern  # what may follow the word
    template: str


@attrs.frozen(slots=True)
class ScoreForm:
    """One way a decree scores: ``per``, ``most`` or ``every type``."""

    name: str
    pattern: Pattern
    template: str


@attrs.frozen(slots=True)
class Condition:
    """A test on a counted quantity that an ``if ... (effects)`` effect makes first."""

    name: str
    pattern: Pattern  # the words between ``if`` and the quantity
    template: str


CONDITIONS: tuple[Condition, ...] = (
    Condition("at-least", compile_pattern("at least <count:nat>"),
              "if you have at least {count} {quantity}"),
    Condition("at-most", compile_pattern("at most <count:nat>"),
              "if you have at most {count} {quantity}"),
    Condition("most", compile_pattern("most"), "if no other player has more {quantity}"),
    Condition("fewest", compile_pattern("fewest"), "if no other player has fewer {quantity}"),
)
"""The tests an ``if ... (effects)`` condition can make, in every game."""


@attrs.define(eq=False)
class Vocabulary:
    """Everything one game's card files may say, and what the shared language machinery
    needs to read them.

    ``kinds`` maps each component kind's card-file keyword to its schema
    (:class:`~lisboa_core.dsl.schemas.KindSchema`); ``check`` runs the game's own
    cross-component checks after every component compiled (``check(compiler, syntax,
    components, complete=..., counted=...)``); ``counts`` is how many components of each
    kind a complete catalogue has, and ``structural`` the kinds whose counts are still
    checked when an overlay changes some cards. ``hintless_events`` are events the game's
    lookahead shortcuts do not reason about: a catalogue listening to one (or to an event
    registered from user code) is judged by the full search.
    """

    game: str
    types: dict[str, ValueType]
    kinds: dict[str, Any]
    effects: tuple[EffectKind, ...] = ()
    hooks: tuple[Hook, ...] = ()
    permissions: dict[str, str] = attrs.Factory(dict)
    events: tuple[Event, ...] = ()
    subjects: tuple[Subject, ...] = ()
    score_forms: tuple[ScoreForm, ...] = ()
    conditions: tuple[Condition, ...] = CONDITIONS
    hintless_events: frozenset[str] = frozenset()
    counts: dict[str, int] = attrs.Factory(dict)
    structural: frozenset[str] = frozenset()
    check: Callable[..., None] | None = None
    finish: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None
    """The game's last word on a component's values before its class is built
    (``finish(kind, values)``): e.g. Lisboa splits a compound decree's score lines."""
    contexts: dict[str, str] = attrs.Factory(dict)
    """Where an effect that needs a context may stand, in words, by context name
    (``{"produce": "inside `on produce`"}``), for the linter's messages."""
    user_effects: dict[str, EffectKind] = attrs.Factory(dict)
    """Effect kinds registered from user code (:func:`lisboa_core.extend.register_effect`)."""
    digest_names_game: bool = True
    """Whether the catalogue digest starts from the game's name (``# game NAME``), so two
    games' identical card texts have different digests; off only for the unnamed first
    game (:attr:`lisboa_core.games.Game.unnamed`), whose digests predate the others."""
    user_events: dict[str, Event] = attrs.Factory(dict)
    """Events registered from user code (:func:`lisboa_core.extend.register_event`)."""
    user_subjects: dict[str, Subject] = attrs.Factory(dict)
    """Scoring subjects registered from user code (:func:`lisboa_core.extend.register_subject`)."""

    def pattern(self, text: str) -> Pattern:
        """``text`` compiled against this game's value types."""
        return compile_pattern(text, self.types)

    def __reduce_ex__(self, protocol: Any) -> Any:
        # A game's own vocabulary travels by the game's name: a worker process (spawned, or
        # a Ray task) uses its own, with the words of the extensions it loaded; the user's
        # effect patterns are closures that could not be pickled anyway. Any other
        # vocabulary is pickled as data.
        if _registered(self.game) is self:
            return (_registered, (self.game,))
        return object.__reduce_ex__(self, protocol)

    def effect_kinds(self) -> tuple[EffectKind, ...]:
        """The shipped effect kinds, then the user's, in registration order."""
        return (*self.effects, *self.user_effects.values())

    def all_events(self) -> tuple[Event, ...]:
        """The shipped events, then the user's, in registration order."""
        return (*self.events, *self.user_events.values())

    def all_subjects(self) -> tuple[Subject, ...]:
        """The shipped scoring subjects, then the user's, in registration order."""
        return (*self.subjects, *self.user_subjects.values())

    def kind_names(self) -> tuple[str, ...]:
        """Every component kind's card-file keyword and JSON name, in schema order."""
        return tuple(dict.fromkeys(
            name for kind, schema in self.kinds.items() for name in (kind, schema.json_kind)
        ))


def _registered(name: str) -> Vocabulary | None:
    """The vocabulary of the registered game ``name``, or None."""
    import importlib

    try:
        found = importlib.import_module("lisboa_core.games").game(name)
    except Exception:  # no such game (a toy vocabulary): pickled as data
        return None
    vocabulary: Vocabulary | None = getattr(found, "vocabulary", None)
    return vocabulary
