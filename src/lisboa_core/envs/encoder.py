"""What the environments write per step: a seat's observation vector and the action mask,
into arrays they own (extra ``[rl]``).

:class:`Encoder` serves one game, catalogue and player count. With a game whose vector is
laid out with the shared builder (:meth:`~lisboa_core.games.Game.observation_layout`) it
writes the vector straight from the state (no view is built: the layout's writers read only
what the seat may see); otherwise it encodes the seat's view. The mask comes from the one
list of legal moves the engine derives (and keeps for the :func:`~lisboa_core.apply` that
follows), each move looked up in the action index once.

Example::

    import numpy as np
    from lisboa_core import action_space, new_game
    from lisboa_core.envs.encoder import Encoder
    from lisboa_core.games import game

    state = new_game(players=2, seed=1)
    actions = game("lisboa").action_space(game("lisboa").load_rules())
    encoder = Encoder(game("lisboa"), state, {m: i for i, m in enumerate(actions)})
    mask = np.zeros(len(actions), np.int8)
    encoder.mask(state, mask)
    assert mask.sum() > 0 and encoder.observation(state, 0).shape == (encoder.size,)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lisboa_core.api import apply, is_chance, legal_moves, sample_chance
from lisboa_core.core.immutable import GameState
from lisboa_core.games import Game, game_of

__all__ = ["Encoder", "rank_rewards", "settle_chance"]


def rank_rewards(state: GameState) -> list[float]:
    """The rank reward of every seat of a finished game of any game: ``(seats it beat -
    seats that beat it) / (players - 1)`` by final score total (a tie counts neither way),
    so rewards lie in [-1, 1] and sum to zero."""
    totals = [seat.total for seat in game_of(state).score(state).seats]
    n = len(totals)
    return [
        sum((mine > other) - (mine < other) for other in totals) / (n - 1) for mine in totals
    ]


def settle_chance(state: Any) -> Any:
    """``state`` with every chance step on top resolved from its own generator
    (:func:`~lisboa_core.sample_chance`): the environments' agents never see a chance
    step, and the same seed still gives the same game."""
    while is_chance(state):
        state = apply(state, sample_chance(state))
    return state


class Encoder:
    """Observations and masks of one game, catalogue and player count.

    :param game: the game.
    :param probe: any state of the game with that catalogue and player count.
    :param index_of: the action index (each move of the game's action space to its index).
    """

    def __init__(self, game: Game, probe: Any, index_of: dict[Any, int]) -> None:
        self.game = game
        self.size: int = game.observation_size(probe)
        """The observation vector's length."""
        self._layout = game.observation_layout(probe)
        self._index_of = index_of

    def observation(self, state: Any, seat: int,
                    out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state`` (``encode(observe(state, seat))``), written into
        ``out`` (float32, :attr:`size` long; a new array when None)."""
        if self._layout is not None:
            vector: npt.NDArray[np.float32] = self._layout.encode(state, seat, out)
            return vector
        found = self.game.encode(self.game.observe(state, seat))
        if out is None:
            return np.asarray(found, dtype=np.float32)
        out[:] = found
        return out

    def mask(self, state: Any, out: npt.NDArray[Any]) -> int:
        """Sets ``out`` (zeros, one place per action) to 1 at each legal move of ``state``;
        returns how many there are (0 when the game is over)."""
        if not state.pending:
            return 0
        index_of = self._index_of
        found = [index_of[move] for move in legal_moves(state)]
        out[found] = 1
        return len(found)
