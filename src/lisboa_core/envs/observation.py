"""Any game's observation vector, by its game (extra ``[rl]``, for numpy).

Each game writes its own encoder in its package (Lisboa's
:mod:`lisboa_core.games.lisboa.observation`, Puerto Rico's
:mod:`lisboa_core.games.puerto_rico.observation`, Tiletum's
:mod:`lisboa_core.games.tiletum.observation`), all laid out with the shared
:mod:`lisboa_core.envs.builder`; these functions find the game of the state or view they
are given and ask it (:meth:`~lisboa_core.games.Game.encode`,
:meth:`~lisboa_core.games.Game.observation_size`,
:meth:`~lisboa_core.games.Game.observation_layout`).

Example::

    from lisboa_core import new_game, observe
    from lisboa_core.envs.observation import encode, observation_size

    state = new_game(players=3, seed=1, game="puerto-rico")
    vector = encode(observe(state, 0))
    assert vector.shape == (observation_size(state),)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lisboa_core.envs.builder import Segment
from lisboa_core.errors import LisboaError
from lisboa_core.games import game_of
from lisboa_core.views import View

__all__ = ["Segment", "encode", "encode_state", "layout", "observation_size"]


def _state(state_or_view: Any) -> Any:
    return state_or_view.state if isinstance(state_or_view, View) else state_or_view


def encode(view: View, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """What ``view.seat`` sees, as its game's float32 vector (written into ``out`` when
    given).

    :raises TypeError: if ``view`` is not a :class:`~lisboa_core.views.View`.
    """
    if not isinstance(view, View):
        raise TypeError(f"encode() takes a View (lisboa_core.observe), not {type(view).__name__}")
    vector: npt.NDArray[np.float32] = game_of(view.state).encode(view)
    if out is None:
        return vector
    out[:] = vector
    return out


def encode_state(state: Any, seat: int,
                 out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """``encode(observe(state, seat))``, written straight from the state when the game
    lays its vector out with the shared builder (no view is built)."""
    game = game_of(state)
    built = game.observation_layout(state)
    if built is None:
        return encode(game.observe(state, seat), out)
    vector: npt.NDArray[np.float32] = built.encode(state, seat, out)
    return vector


def layout(state_or_view: Any) -> tuple[Segment, ...]:
    """The segments of the game's vector for this catalogue and player count.

    :raises LisboaError: for a game whose encoder is not laid out with the shared builder.
    """
    state = _state(state_or_view)
    game = game_of(state)
    built = game.observation_layout(state)
    if built is None:
        raise LisboaError(f"{game.title}'s observation has no declared layout")
    segments: tuple[Segment, ...] = built.segments
    return segments


def observation_size(state_or_view: Any) -> int:
    """The length of the game's vector for this catalogue and player count."""
    state = _state(state_or_view)
    size: int = game_of(state).observation_size(state)
    return size
