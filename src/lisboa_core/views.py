"""What one seat may see of a game, for every game: :class:`View`, :func:`observe`,
:func:`determinize` and :func:`as_view`.

A state holds everything, hidden parts included. :func:`observe` turns it into a
:class:`View`: the seat and the state as that seat sees it (each game replaces what the seat
cannot see by placeholders of its own; Lisboa's are in
:mod:`lisboa_core.games.lisboa.views`). :func:`determinize` goes the other way: a whole,
playable state the seat could not tell from the real one. Both dispatch to the state's
game (:func:`lisboa_core.games.game_of`), so bots, saves, the AI adapters and the front
ends use one View for every game.

A game without hidden information (:attr:`Game.hidden_information
<lisboa_core.games.Game.hidden_information>` false) needs nothing: its view is the state
itself, and determinizing it gives the state back.

Example::

    from lisboa_core import new_game
    from lisboa_core.views import View, as_view, determinize, observe

    state = new_game(players=3, seed=2)
    view = observe(state, 1)
    assert isinstance(view, View) and view.seat == 1
    assert observe(determinize(view, seed=5), 1) == view
    assert as_view(state).seat == state.to_act
"""

from __future__ import annotations

from typing import Any

import attrs

from lisboa_core._args import expect_int
from lisboa_core.core.chance import CHANCE
from lisboa_core.core.immutable import GameState
from lisboa_core.errors import LisboaError
from lisboa_core.games import game_of

__all__ = ["View", "as_view", "determinize", "observe"]


@attrs.frozen(slots=True)
class View:
    """What ``seat`` may see of a game: the seat, and the state with every piece the seat
    cannot see replaced by a placeholder (how, each game says).

    A view is a plain value: two views are equal when the seat could not tell the positions
    apart. Its ``state`` is read with the game's usual field names but is **not**
    playable when it holds placeholders; :func:`determinize` gives a state to try moves
    on. A game may give its views more properties (Lisboa's ``hand`` and ``hand_sizes``)
    by subclassing.

    Example::

        from lisboa_core import new_game
        from lisboa_core.views import View, observe

        view = observe(new_game(players=2, seed=1), 0)
        assert isinstance(view, View) and view.to_act == view.state.to_act
    """

    seat: int
    """The seat whose view this is (``0`` to ``players - 1``)."""
    state: Any
    """The position as the seat sees it: the real state with hidden pieces replaced."""

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now (``None`` when the game is over)."""
        to_act: int | None = self.state.to_act
        return to_act

    def _repr_svg_(self) -> str:
        """The game's picture of the position as the seat sees it, for Jupyter."""
        return game_of(self.state).svg(self)


def observe(state: GameState, seat: int) -> View:
    """What ``seat`` may see of ``state``, whatever its game.

    :param state: any state of a registered game, finished or not.
    :param seat: the seat that looks (``0`` to ``players - 1``).
    :returns: the view; equal views mean the seat cannot tell the states apart.
    :raises LisboaError: if there is no such seat.
    :raises TypeError: for something that is not the state of a registered game.

    Example::

        from lisboa_core import new_game
        from lisboa_core.views import observe

        state = new_game(players=2, seed=1)
        assert observe(state, 0).state.players[0].hand == state.players[0].hand
        assert set(observe(state, 0).state.players[1].hand) == {"?card"}
    """
    view: View = game_of(state).observe(state, seat)
    return view


def determinize(view: View, seed: int = 0) -> Any:
    """A complete, playable state the view's seat could not tell from the real one, its
    hidden pieces sampled with ``seed`` (the same seed, the same state), whatever its game.

    ``observe(determinize(view, seed), view.seat) == view``.

    :param view: what one seat sees (:func:`observe`).
    :param seed: seeds the sampling.
    :raises LisboaError: if the view cannot come from a real game.

    Example::

        from lisboa_core import legal_moves, new_game
        from lisboa_core.views import determinize, observe

        view = observe(new_game(players=3, seed=2), 0)
        sample = determinize(view, seed=5)
        assert observe(sample, 0) == view and legal_moves(sample)
    """
    if not isinstance(view, View):
        raise TypeError(f"determinize(): view must be a View, not {type(view).__name__}")
    expect_int(seed, "determinize", "seed")
    return game_of(view.state).determinize(view, seed)


def as_view(view_or_state: View | GameState) -> View:
    """A view as is, or what the seat to act may see of a state (any game).

    :param view_or_state: a view, or a state with a seat to act.
    :raises LisboaError: for a finished game (nobody acts), or a chance step on top (no
        seat decides it: :func:`~lisboa_core.sample_chance` resolves it).

    Example::

        from lisboa_core import as_view, new_game

        state = new_game(players=2, seed=1)
        assert as_view(state).seat == state.to_act
    """
    if isinstance(view_or_state, View):
        return view_or_state
    seat = view_or_state.to_act
    if seat is None:
        raise LisboaError("the game is over: no seat to decide")
    if seat == CHANCE:
        raise LisboaError("a chance step is on top: no seat decides it (sample_chance(state) "
                          "gives its outcome)")
    return observe(view_or_state, seat)


def __getattr__(name: str) -> Any:
    # ``lisboa_core.views`` was Lisboa's view module until 0.2: its placeholders are served
    # from their new home, with a deprecation warning.
    if name.startswith("HIDDEN_"):
        import importlib

        from lisboa_core._deprecation import moved

        lisboa = importlib.import_module("lisboa_core.games.lisboa.views")
        return moved(__name__, {name: (f"lisboa_core.games.lisboa.views.{name}",
                                       lambda: getattr(lisboa, name))}, "0.3")(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
