"""Extending the card language from user code: new effect kinds, events and scoring
subjects, without touching the package.

:func:`register_effect` adds a phrase to the vocabulary (the parser and the linter accept
it, :func:`~lisboa_core.describe` says it in English, saved states carry it) and tells the
interpreter what it does. The engine's lookahead shortcuts know nothing of a new kind, so
every decision that involves it is played out by the full search (R3.6): a registered
effect can never make an illegal move look legal. The same holds for a catalogue whose
cards listen to a registered event (:func:`register_event`, announced by :func:`fire`).
:func:`register_subject` adds something decrees and ``if`` conditions can count.

Example::

    from lisboa_core.extend import register_effect, unregister_effect

    def festival(state, seat, args):
        player = state.players[seat]
        stores = sum(1 for _land, owner, _street in state.stores if owner == seat)
        richer = player.replaced({"wigs": player.wigs + args["amount"] * stores})
        players = (*state.players[:seat], richer, *state.players[seat + 1:])
        return state.with_players(players)

    register_effect("festival", "festival <amount:pos>",
                    "gain {amount} wig(s) per store you own", festival)
    unregister_effect("festival")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from lisboa_core._args import expect
from lisboa_core.core.immutable import GameState
from lisboa_core.dsl.patterns import Pattern, compile_pattern
from lisboa_core.dsl.vocabulary import EffectKind, Event, Subject, Vocabulary
from lisboa_core.errors import LisboaError
from lisboa_core.games import Game, chosen_game, game_of

__all__ = [
    "ENTRY_POINT_GROUP",
    "CountFn",
    "EffectFn",
    "fire",
    "load_extensions",
    "loaded_extensions",
    "register_effect",
    "register_event",
    "register_subject",
    "unregister_effect",
    "unregister_event",
    "unregister_subject",
]

State = GameState

EffectFn = Callable[[Any, int, dict[str, Any]], Any]
"""What a registered effect does: ``(state, seat, arguments) -> new state``, where the
arguments are the phrase's slots by name (``{"amount": 2}``). The state is immutable:
return a new one (``State.with_players``, ``PlayerState.replaced``...)."""

ENTRY_POINT_GROUP = "lisboa_core.extensions"
"""The entry-point group of installed extensions: each entry names a module (importing it
registers its effects, events and subjects) or a function of no argument that registers
them. :func:`load_extensions` loads them; the ``lisboa`` command line does on start."""

_LOADED: set[str] = set()  # extensions already loaded in this process


def load_extensions(modules: Iterable[str] = (), *, installed: bool = True) -> list[str]:
    """Load user code that extends the card language: import each of ``modules`` (their
    import registers effects, events and subjects with the functions of this module) and,
    when ``installed``, every entry point of the group :data:`ENTRY_POINT_GROUP`. Each is
    loaded once per process. Returns the names loaded by this call.

    This is what ``lisboa --extension MODULE`` does, so a card using a new effect kind can
    be checked, simulated, played and studied from the command line.

    :raises LisboaError: for a module that cannot be imported or an entry point that
        fails to load, naming it.

    Example::

        from lisboa_core.extend import load_extensions

        assert load_extensions(["json"], installed=False) in (["json"], [])
    """
    import importlib
    from importlib.metadata import entry_points

    loaded: list[str] = []
    for name in modules:
        expect(name, str, "load_extensions", "modules[]")
        if name in _LOADED:
            continue
        try:
            importlib.import_module(name)
        except ImportError as err:
            raise LisboaError(f"extension {name!r}: cannot import it ({err})") from None
        _LOADED.add(name)
        loaded.append(name)
    if installed:
        for point in entry_points(group=ENTRY_POINT_GROUP):
            key = f"{point.name}={point.value}"
            if key in _LOADED:
                continue
            try:
                found = point.load()
            except Exception as err:  # whatever the package's import raises
                raise LisboaError(f"extension {point.name!r} ({point.value}, entry point "
                                  f"group {ENTRY_POINT_GROUP}): cannot load it ({err})") from err
            if callable(found):
                found()
            _LOADED.add(key)
            loaded.append(point.name)
    return loaded


def loaded_extensions() -> tuple[str, ...]:
    """The extension modules :func:`load_extensions` imported in this process, sorted
    (entry points aside): what worker processes and Ray tasks load before
    playing (:func:`lisboa_core.studies.simulation.simulate` passes them on).

    Example::

        from lisboa_core.extend import load_extensions, loaded_extensions

        load_extensions(["json"], installed=False)
        assert "json" in loaded_extensions()
    """
    return tuple(sorted(name for name in _LOADED if "=" not in name))


def _words(game: str | Game | None) -> tuple[Game, Vocabulary]:
    chosen = chosen_game(game)  # None: Lisboa
    return chosen, chosen.vocabulary


def _pattern(text: str, function: str, what: str, vocabulary: Vocabulary) -> Pattern:
    try:
        return compile_pattern(text, vocabulary.types)
    except Exception as err:  # the pattern compiler's own errors, whatever their class
        raise LisboaError(f"{function}(): the {what} {text!r} does not compile: {err}") from None


def register_effect(
    name: str,
    phrase: str,
    description: str,
    apply: EffectFn,
    *,
    needs: Iterable[str] = (),
    game: str | Game | None = None,
) -> None:
    """Add an effect kind to a game's card language (Lisboa's by default).

    :param name: the kind's name (``festival``), new: a shipped kind cannot be replaced.
    :param phrase: how card files write it, a pattern like the vocabulary's
        (``festival <amount:pos>``): literal words, then ``<slot:type>`` slots.
    :param description: its English, with the slots in braces (``gain {amount} wig(s)``).
    :param apply: what it does (see :data:`EffectFn`).
    :param needs: contexts it only makes sense in (Lisboa: ``produce``, ``take-rubble``,
        ``quantity``).
    :param game: the game whose language gains the phrase (default: Lisboa).
    :raises LisboaError: for a name already in use, a phrase that does not compile or
        does not start with a word, or an unknown context.

    After registering, load card files that use the phrase (``load_rules(...,
    reload=True)`` if they were loaded before).

    Example::

        from lisboa_core.extend import register_effect, unregister_effect

        def tithe(state, seat, args):
            player = state.players[seat]
            poorer = player.replaced({"reis": max(0, player.reis - args["amount"])})
            return state.with_players(
                (*state.players[:seat], poorer, *state.players[seat + 1:]))

        register_effect("tithe", "tithe <amount:pos>", "give up to {amount} reis", tithe)
        unregister_effect("tithe")
    """
    expect(name, str, "register_effect", "name")
    expect(phrase, str, "register_effect", "phrase")
    expect(description, str, "register_effect", "description")
    if not callable(apply):
        raise TypeError("register_effect(): apply must be callable (state, seat, args)")
    chosen, words = _words(game)
    if any(k.name == name for k in words.effect_kinds()):
        raise LisboaError(f"register_effect(): an effect kind {name!r} already exists")
    contexts = frozenset(needs)
    if not contexts <= set(words.contexts):
        known = ", ".join(sorted(words.contexts))
        raise LisboaError(f"register_effect(): needs must be among {known}")
    pattern = _pattern(phrase, "register_effect", "phrase", words)
    if not pattern.literal_words or not phrase.split()[0] == pattern.literal_words[0]:
        raise LisboaError(f"register_effect(): the phrase {phrase!r} must start with a word")
    words.user_effects[name] = EffectKind(name, pattern, description, contexts)

    def run(state: Any, seat: int, do: Any, ctx: Any) -> Any:
        after = apply(state, seat, dict(do.args))
        if not isinstance(after, type(state)):
            raise LisboaError(
                f"the effect {name!r} registered with register_effect returned "
                f"{type(after).__name__}, not a new state, {_played_by(do)}: its function "
                f"must return the state it makes (or the state it was given)"
            )
        return after

    chosen.effect_handlers[name] = run


def _played_by(do: Any) -> str:
    """``for card C90 (festival.lsb:3:20)``: the card whose text holds the effect ``do``."""
    loc = getattr(do, "loc", None)
    if loc is None or not loc.line:
        return "for a card"
    card = None
    try:
        from lisboa_core.dsl.parser import parse_file

        for component in parse_file(loc.file).components:
            if component.loc.line <= loc.line:
                card = component
    except (LisboaError, OSError):  # the file changed or went away: its place will do
        pass
    where = f"{loc.file}:{loc.line}:{loc.column}"
    return f"for card {card.id} ({where})" if card is not None else f"at {where}"


def unregister_effect(name: str, *, game: str | Game | None = None) -> None:
    """Take back an effect kind registered with :func:`register_effect` (card files that
    use it no longer load).

    :raises LisboaError: if ``name`` was not registered from user code.

    Example::

        from lisboa_core.extend import register_effect, unregister_effect

        register_effect("rest", "rest", "do nothing", lambda state, seat, args: state)
        unregister_effect("rest")
    """
    chosen, words = _words(game)
    if name not in words.user_effects:
        raise LisboaError(f"unregister_effect(): no user effect kind {name!r}")
    del words.user_effects[name]
    chosen.effect_handlers.pop(name, None)


def register_event(
    name: str, description: str, *, qualifier: str = "", game: str | Game | None = None
) -> None:
    """Add an event that card triggers can listen to (``on NAME: effects``), announced by
    your own code with :func:`fire` (typically inside a registered effect).

    :param name: the event's name (``festival``), new.
    :param description: when it happens, in words (``each time a festival is held``);
        ``{what}`` stands for the qualifier a card names.
    :param qualifier: an optional pattern of what may follow the name in ``on NAME ...``
        (``[<what:good>]``); the bound value is the ``what`` a :func:`fire` call names.
    :raises LisboaError: for a name already in use or a qualifier that does not compile.

    Example::

        from lisboa_core.extend import register_event, unregister_event

        register_event("festival", "each time a festival is held")
        unregister_event("festival")
    """
    expect(name, str, "register_event", "name")
    expect(description, str, "register_event", "description")
    expect(qualifier, str, "register_event", "qualifier")
    _, words = _words(game)
    if any(e.name == name for e in words.all_events()):
        raise LisboaError(f"register_event(): an event {name!r} already exists")
    pattern = _pattern(qualifier, "register_event", "qualifier", words)
    template = description.replace("{", "{{").replace("}", "}}").replace("{{what}}", "{what}")
    words.user_events[name] = Event(name, pattern, template)


def unregister_event(name: str, *, game: str | Game | None = None) -> None:
    """Take back an event registered with :func:`register_event`.

    :raises LisboaError: if ``name`` was not registered from user code.

    Example::

        from lisboa_core.extend import register_event, unregister_event

        register_event("market-day", "on market day")
        unregister_event("market-day")
    """
    _, words = _words(game)
    if name not in words.user_events:
        raise LisboaError(f"unregister_event(): no user event {name!r}")
    del words.user_events[name]


def fire(state: Any, seat: int, event: str, what: str | None = None) -> Any:
    """Announce ``event`` to ``seat``'s triggers: their effects run next, in card order,
    exactly as the engine's own events do. Returns the new state.

    :raises LisboaError: for an event that is neither shipped nor registered.

    Example::

        from lisboa_core import new_game
        from lisboa_core.extend import fire, register_event, unregister_event

        register_event("market-day", "on market day")
        state = new_game(players=2, seed=1)
        assert fire(state, 0, "market-day") == state  # no card listens to it
        unregister_event("market-day")
    """
    chosen = game_of(state)
    if not any(e.name == event for e in chosen.vocabulary.all_events()):
        raise LisboaError(f"fire(): no event {event!r}; register it with register_event")
    return chosen.emit(state, seat, event, what)


CountFn = Callable[[Any, int, dict[str, Any]], int]
"""How a registered subject is counted: ``(state, seat, filters) -> count``, the filters
bound by name from what the card wrote after the subject's word."""


def register_subject(
    name: str,
    words: Iterable[str],
    description: str,
    count: CountFn,
    *,
    filters: str = "",
    game: str | Game | None = None,
) -> None:
    """Add something decrees (``score 2 per NAME``) and conditions (``if at least 3 NAME
    (...)``) can count.

    :param name: the subject's name, new.
    :param words: the words card files write for it (singular and plural).
    :param description: what is counted, in words (``{your}`` becomes "your " where the
        owner's own are meant).
    :param count: how to count it (see :data:`CountFn`).
    :param filters: a pattern of optional filters after the word (``[<colour:rubble>]``).
    :raises LisboaError: for a name or word already in use, or filters that do not compile.

    Example::

        from lisboa_core import new_game
        from lisboa_core.extend import register_subject, unregister_subject

        register_subject("hand-cards", ["hand-card", "hand-cards"], "{your}cards in hand",
                         lambda state, seat, filters: len(state.players[seat].hand))
        unregister_subject("hand-cards")
    """
    expect(name, str, "register_subject", "name")
    expect(description, str, "register_subject", "description")
    if not callable(count):
        raise TypeError("register_subject(): count must be callable (state, seat, filters)")
    spelt = tuple(words)
    if not spelt or not all(isinstance(w, str) and w for w in spelt):
        raise LisboaError("register_subject(): words must be one or more non-empty strings")
    chosen, vocabulary = _words(game)
    taken = {w for s in vocabulary.all_subjects() for w in s.words}
    if any(s.name == name for s in vocabulary.all_subjects()):
        raise LisboaError(f"register_subject(): a subject {name!r} already exists")
    if taken & set(spelt):
        clash = ", ".join(sorted(taken & set(spelt)))
        raise LisboaError(f"register_subject(): the word(s) {clash} already name a subject")
    pattern = _pattern(filters, "register_subject", "filters", vocabulary)
    vocabulary.user_subjects[name] = Subject(name, spelt, pattern, description)
    chosen.subject_counts[name] = count


def unregister_subject(name: str, *, game: str | Game | None = None) -> None:
    """Take back a subject registered with :func:`register_subject`.

    :raises LisboaError: if ``name`` was not registered from user code.

    Example::

        from lisboa_core.extend import register_subject, unregister_subject

        register_subject("cash", ["cash"], "{your}reis", lambda s, seat, f: s.players[seat].reis)
        unregister_subject("cash")
    """
    chosen, vocabulary = _words(game)
    if name not in vocabulary.user_subjects:
        raise LisboaError(f"unregister_subject(): no user subject {name!r}")
    del vocabulary.user_subjects[name]
    chosen.subject_counts.pop(name, None)
