"""Scenario builders for any game: moves by notation, and a position from a partial
description with the supplies balanced from the game's zone declaration and every check
run (:mod:`lisboa_core.core.zones`). Public in :mod:`lisboa_core.testing`; each game adds
its own builders (``lisboa_core.testing.puerto_rico``, ``lisboa_core.testing.tiletum``).

Example::

    from lisboa_core import new_game
    from lisboa_core.testing import play, position

    state = play(new_game(players=3, seed=1, game="puerto-rico"), "role mayor")
    rich = position(state, colonist_ship=2)  # the supply gives the colonists moved
    assert rich.colonist_supply + rich.colonist_ship == (
        state.colonist_supply + state.colonist_ship)
"""

from __future__ import annotations

from typing import Any, TypeVar

from lisboa_core.api import apply, is_chance, legal_moves, parse_move, sample_chance
from lisboa_core.core.immutable import GameState
from lisboa_core.errors import LisboaError
from lisboa_core.games import game_of

__all__ = ["balanced", "check_position", "play", "position", "settle_chance"]

S = TypeVar("S", bound=GameState)


def settle_chance(state: S) -> S:
    """``state`` with every chance step on top resolved as its own generator draws it (the
    seeded game's dice, draws and shuffles).

    Example::

        from lisboa_core import is_chance, new_game
        from lisboa_core.testing import settle_chance

        assert not is_chance(settle_chance(new_game(players=2, seed=1, game="tiletum")))
    """
    while is_chance(state):
        state = apply(state, sample_chance(state))
    return state


def play(state: S, *notations: str, settle: bool = False) -> S:
    """Apply moves written in their notation, each legal at its turn, whatever the game.

    A chance step met on the way is resolved by the move written for it (``roll DG3``,
    ``draw P01a``) or, when the next move is not one of its outcomes, as the state's
    generator draws it; with ``settle``, so is any chance step left at the end.

    :raises IllegalMoveError: naming the first move that is not legal, and why.

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import play

        state = play(new_game(players=3, seed=1, game="puerto-rico"), "role builder")
        assert state.phase.lower() == "builder"
    """
    for text in notations:
        while is_chance(state) and text not in {str(m) for m in legal_moves(state)}:
            state = apply(state, sample_chance(state))
        state = apply(state, parse_move(state, text))
    return settle_chance(state) if settle else state


def _rules(state: Any, rules: Any) -> Any:
    found = game_of(state)
    rules = rules if rules is not None else found.load_rules()
    if rules.digest != state.catalogue:
        raise LisboaError("the state was made with another catalogue: pass its rules=")
    return rules


def balanced(state: S, *, rules: Any = None) -> S:
    """``state`` with every conserved total its game declares made exact by its supply
    (a :class:`~lisboa_core.core.zones.Total` with a ``balance``): the goods a scenario
    gives a seat leave the supply, the colonists it places come from the supply, and so
    on. A game without a zone declaration is returned as it is.

    :param rules: the catalogue of the state (default: the game's shipped one).

    Example::

        from lisboa_core import new_game
        from lisboa_core.core.replace import replace
        from lisboa_core.testing import balanced

        state = new_game(players=3, seed=1, game="puerto-rico")
        more = replace(state, colonist_ship=state.colonist_ship + 3)
        assert balanced(more).colonist_supply == state.colonist_supply - 3
    """
    zones = game_of(state).zones()
    if zones is None:
        return state
    rules = _rules(state, rules)
    for total in tuple(zones.totals(state, rules)):
        if total.found != total.expected and total.balance is not None:
            state = total.balance(state, total.expected - total.found)
    return state


def check_position(state: Any, *, rules: Any = None) -> None:
    """Raise :class:`~lisboa_core.errors.LisboaError` naming the first thing wrong with a
    scenario's state: a value, a length, a piece or a total its game's zone declaration
    rules out (:func:`~lisboa_core.core.zones.check_declared`), or a broken invariant.

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import check_position

        check_position(new_game(players=4, seed=2, game="tiletum"))
    """
    found = game_of(state)
    zones = found.zones()
    if zones is not None:
        from lisboa_core.core.zones import check_declared
        from lisboa_core.persistence.codec import Invalid

        try:
            check_declared(zones, state, _rules(state, rules))
        except Invalid as err:
            raise LisboaError(f"not a position of {found.title}: {err}") from None
    problems = found.check_invariants(state)
    if problems:
        raise LisboaError(f"not a position of {found.title}: {problems[0]}")


def position(state: S, *, rules: Any = None, **fields: Any) -> S:
    """``state`` with the named fields replaced, the supplies balanced (:func:`balanced`)
    and the result checked (:func:`check_position`).

    :raises LisboaError: naming what no game could reach (a supply that would go below
        zero, a piece in two places, a broken invariant).

    Example::

        from lisboa_core import new_game
        from lisboa_core.testing import position

        state = new_game(players=3, seed=1, game="puerto-rico")
        moved = position(state, colonist_ship=0)
        assert moved.colonist_supply == state.colonist_supply + state.colonist_ship
    """
    if fields:
        state = state.replaced(fields)  # type: ignore[assignment]  # a copy of its class
    state = balanced(state, rules=rules)
    check_position(state, rules=rules)
    return state
