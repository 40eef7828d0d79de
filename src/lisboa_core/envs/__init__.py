"""Bridges to AI frameworks for every registered game: a numeric observation, a PettingZoo
environment and an OpenSpiel game.

Each submodule needs its optional extra and imports it only when imported itself, so
``import lisboa_core`` (and this package) never loads numpy, PettingZoo or OpenSpiel. The
game-specific parts (action space, observation vector, rendering, length) come from the
game's :class:`~lisboa_core.games.Game` object:

* :mod:`lisboa_core.envs.observation`: Lisboa's ``encode(view)``, a float32 vector of what a
  seat sees (extra ``[rl]``, for numpy; Puerto Rico's is
  :mod:`lisboa_core.games.puerto_rico.observation`);
* :mod:`lisboa_core.envs.pettingzoo`: the AEC environment, ``env(game=..., players=...)``
  (extra ``[rl]``);
* :mod:`lisboa_core.envs.openspiel`: the OpenSpiel games ``python_lisboa``,
  ``python_puerto_rico`` (extra ``[openspiel]``).
"""

from lisboa_core.games import game, games

__all__ = ["adapted_games"]


def adapted_games() -> tuple[str, ...]:
    """The installed games the adapters can serve: those whose game object supplies its
    fixed action space and its observation (``action_space``, ``encode``,
    ``observation_size``: :meth:`Game.provides("learning") <lisboa_core.games.Game.provides>`);
    a game without them plays everywhere else in the library.

    Example::

        from lisboa_core.envs import adapted_games

        assert {"lisboa", "puerto-rico"} <= set(adapted_games())
    """
    return tuple(name for name in games() if game(name).provides("learning"))
