"""Lisboa as a PettingZoo AEC environment (extra ``lisboa_core[rl]``).

Agents are the seats, ``player_0`` to ``player_{n-1}``. ``agent_selection`` is always the
seat the engine waits for (``state.to_act``), so out-of-turn decisions (following a visit,
church scoring, end-of-period discards) come to the right agent, and one agent may act many
times in a row. Each observation is ``{"observation": encode(view), "action_mask": mask}``:
the float32 vector of :mod:`lisboa_core.envs.observation` built from what the seat may see,
and an int8 mask over the stable action index
(:func:`~lisboa_core.games.lisboa.actions.action_space`), all zero for a seat that is not deciding.

Rewards come once, when the game ends: **rank reward**, for each seat
``(seats it beat - seats that beat it) / (players - 1)`` by final score (R16; a tie counts
neither way), so rewards lie in [-1, 1] and sum to zero. ``reset(seed=s)`` starts
``new_game(players, s)``: the same seed and the same actions give the same game.

An action outside ``Discrete(n)`` (negative, ``n`` or more, not an integer) raises a
``ValueError`` naming it and the range; a legal index whose move is not legal now raises
:class:`~lisboa_core.errors.IllegalMoveError`; neither changes the game. Render modes:
``"human"`` prints :func:`lisboa_core.games.lisboa.render.render_text` of the position to standard
output, ``"ansi"`` returns it.

Example::

    from lisboa_core.envs.pettingzoo import env

    game = env(players=3)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        action = None if terminated or truncated else \\
            game.action_space(agent).sample(observation["action_mask"])
        game.step(action)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from lisboa_core.api import apply, is_over, legal_moves, new_game
from lisboa_core.envs.observation import encode, observation_size
from lisboa_core.errors import IllegalMoveError
from lisboa_core.games.lisboa.actions import action_index, action_space
from lisboa_core.games.lisboa.catalog import Rules, load_rules
from lisboa_core.games.lisboa.render import render_text
from lisboa_core.games.lisboa.rules.scoring import score
from lisboa_core.games.lisboa.state import Options, State
from lisboa_core.games.lisboa.views import observe

__all__ = ["OBSERVATION_HIGH", "LisboaEnv", "env", "rank_rewards"]

OBSERVATION_HIGH = 1000.0
"""Upper bound of every observation value in the declared space (counts stay far below)."""


def rank_rewards(state: State) -> list[float]:
    """The rank reward of every seat of a finished game (see the module docstring)."""
    totals = [seat.total for seat in score(state).seats]
    n = len(totals)
    return [
        sum((mine > other) - (mine < other) for other in totals) / (n - 1) for mine in totals
    ]


class LisboaEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """The AEC environment; build it with :func:`env`.

    :param players: 2, 3 or 4 seats.
    :param options: rule variants (default: none).
    :param rules: the catalogue (default: the shipped one).
    :param render_mode: ``"human"`` (``render()`` prints the position as text to standard
        output), ``"ansi"`` (``render()`` returns that text) or None. The text is
        :func:`lisboa_core.games.lisboa.render.render_text` of the whole position (the board and
        every
        seat's holdings; hands by their sizes).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "lisboa_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        *,
        options: Options | None = None,
        rules: Rules | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode: expected None, 'human' or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.rules = rules or load_rules()
        self.players = players
        self.game_options = options or Options()
        self.actions = action_space(self.rules)
        probe = new_game(players, 0, options=self.game_options, rules=self.rules)
        size = observation_size(probe)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, OBSERVATION_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(len(self.actions)) for agent in self.possible_agents
        }
        self._seeds = np.random.default_rng()
        self.game: State = probe

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the stable action index."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``new_game(players, seed)``; without a seed, one is drawn.

        :param seed: the game's seed.
        :param options: unused (PettingZoo's signature); rule variants go to :func:`env`.
        """
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        else:
            seed = int(self._seeds.integers(2**31))
        self.game = new_game(self.players, seed, options=self.game_options, rules=self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game.to_act
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat sees, and its action mask (all zero unless it decides)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if not is_over(self.game) and self.game.to_act == seat:
            for move in legal_moves(self.game):
                mask[action_index(self.game, move)] = 1
        return {"observation": encode(observe(self.game, seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index of the action space).

        :raises ValueError: if the action is not an integer of ``Discrete(n)`` (negative, n
            or more, or not an integer); the game is unchanged.
        :raises IllegalMoveError: if the action is not legal now (the game is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} must act: None is only for a finished agent")
        self.game = apply(self.game, self.actions[self._index(action)])
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if is_over(self.game):
            for name, reward in zip(self.agents, rank_rewards(self.game), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()

    def _index(self, action: object) -> int:
        """``action`` as an index of the action space, or a ValueError that names it."""
        n = len(self.actions)
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()  # a 0-d array, as some learners hand back
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise ValueError(
                f"action {action!r}: expected an integer of Discrete({n}), 0 to {n - 1}")
        if not 0 <= action < n:
            raise ValueError(f"action {action!r} is outside Discrete({n}): expected 0 to {n - 1}")
        return int(action)

    def render(self) -> str | None:
        """The position as text: printed to standard output in render mode ``"human"``
        (returns None), returned in ``"ansi"``; None without a render mode."""
        if self.render_mode is None:
            return None
        text = render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(players: int = 4, **kwargs: Any) -> LisboaEnv:
    """A new Lisboa AEC environment (see :class:`LisboaEnv` for the arguments)."""
    return LisboaEnv(players, **kwargs)
