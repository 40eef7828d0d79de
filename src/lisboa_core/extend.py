"""Extending the card language from user code: new effect kinds, without touching the
package.

:func:`register_effect` adds a phrase to the vocabulary (the parser and the linter accept
it, :func:`~lisboa_core.describe` says it in English, saved states carry it) and tells the
interpreter what it does. The engine's lookahead shortcuts know nothing of a new kind, so
every decision that involves it is played out by the full search (R3.6): a registered
effect can never make an illegal move look legal.

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

from ._args import expect
from .dsl.patterns import compile_pattern
from .dsl.vocabulary import EFFECT_KINDS, USER_EFFECT_KINDS, EffectKind
from .engine.effects import DO_HANDLERS
from .errors import LisboaError
from .state import State

__all__ = ["EffectFn", "register_effect", "unregister_effect"]

EffectFn = Callable[[State, int, dict[str, Any]], State]
"""What a registered effect does: ``(state, seat, arguments) -> new state``, where the
arguments are the phrase's slots by name (``{"amount": 2}``). The state is immutable:
return a new one (``State.with_players``, ``PlayerState.replaced``...)."""

_CONTEXTS = frozenset({"produce", "take-rubble", "quantity"})


def register_effect(
    name: str,
    phrase: str,
    description: str,
    apply: EffectFn,
    *,
    needs: Iterable[str] = (),
) -> None:
    """Add an effect kind to the card language.

    :param name: the kind's name (``festival``), new: a shipped kind cannot be replaced.
    :param phrase: how card files write it, a pattern like the vocabulary's
        (``festival <amount:pos>``): literal words, then ``<slot:type>`` slots.
    :param description: its English, with the slots in braces (``gain {amount} wig(s)``).
    :param apply: what it does (see :data:`EffectFn`).
    :param needs: contexts it only makes sense in: ``produce``, ``take-rubble``,
        ``quantity``.
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
    if any(k.name == name for k in EFFECT_KINDS) or name in USER_EFFECT_KINDS:
        raise LisboaError(f"register_effect(): an effect kind {name!r} already exists")
    contexts = frozenset(needs)
    if not contexts <= _CONTEXTS:
        known = ", ".join(sorted(_CONTEXTS))
        raise LisboaError(f"register_effect(): needs must be among {known}")
    try:
        pattern = compile_pattern(phrase)
    except Exception as err:  # the pattern compiler's own errors, whatever their class
        raise LisboaError(
            f"register_effect(): the phrase {phrase!r} does not compile: {err}") from None
    if not pattern.literal_words or not phrase.split()[0] == pattern.literal_words[0]:
        raise LisboaError(f"register_effect(): the phrase {phrase!r} must start with a word")
    USER_EFFECT_KINDS[name] = EffectKind(name, pattern, description, contexts)

    def run(state: State, seat: int, do: Any, ctx: Any) -> State:
        return apply(state, seat, dict(do.args))

    DO_HANDLERS[name] = run


def unregister_effect(name: str) -> None:
    """Take back an effect kind registered with :func:`register_effect` (card files that
    use it no longer load).

    :raises LisboaError: if ``name`` was not registered from user code.

    Example::

        from lisboa_core.extend import register_effect, unregister_effect

        register_effect("rest", "rest", "do nothing", lambda state, seat, args: state)
        unregister_effect("rest")
    """
    if name not in USER_EFFECT_KINDS:
        raise LisboaError(f"unregister_effect(): no user effect kind {name!r}")
    del USER_EFFECT_KINDS[name]
    DO_HANDLERS.pop(name, None)
