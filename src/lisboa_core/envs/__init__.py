"""Bridges to AI frameworks: a numeric observation, a PettingZoo environment and an
OpenSpiel game.

Each submodule needs its optional extra and imports it only when imported itself, so
``import lisboa_core`` (and this package) never loads numpy, PettingZoo or OpenSpiel:

* :mod:`lisboa_core.envs.observation`: ``encode(view)``, a float32 vector of what a seat
  sees (extra ``[rl]``, for numpy);
* :mod:`lisboa_core.envs.pettingzoo`: the AEC environment (extra ``[rl]``);
* :mod:`lisboa_core.envs.openspiel`: the ``python_lisboa`` game (extra ``[openspiel]``).
"""

__all__: list[str] = []
