"""Every registered game as a PettingZoo AEC environment (extra ``lisboa_core[rl]``).

``env(game="puerto-rico", players=4)`` chooses the game (default ``"lisboa"``); everything
game-specific comes from its :class:`~lisboa_core.games.Game` object: the action space
(:meth:`~lisboa_core.games.Game.action_space`), the observation
(:meth:`~lisboa_core.games.Game.encode` of :meth:`~lisboa_core.games.Game.observe`), the
score behind the reward and the text of ``render()``.

Agents are the seats, ``player_0`` to ``player_{n-1}``. ``agent_selection`` is always the
seat the engine waits for (``state.to_act``), so out-of-turn decisions (following a visit,
church scoring, end-of-period discards) come to the right agent, and one agent may act many
times in a row. Each observation is ``{"observation": encode(view), "action_mask": mask}``:
the game's float32 vector built from what the seat may see (Lisboa's:
:mod:`lisboa_core.envs.observation`; Puerto Rico's:
:mod:`lisboa_core.games.puerto_rico.observation`), and an int8 mask over the game's stable
action index, all zero for a seat that is not deciding.

Rewards come once, when the game ends: **rank reward**, for each seat
``(seats it beat - seats that beat it) / (players - 1)`` by final score total (Lisboa's
R16, Puerto Rico's PR16; a tie counts neither way), so rewards lie in [-1, 1] and sum to
zero. ``reset(seed=s)`` starts ``new_game(players, s, game=...)``: the same seed and the
same actions give the same game.

**Chance steps** (Tiletum's dice) are no agent's: the environment resolves each itself
with :func:`~lisboa_core.sample_chance`, drawn from the game's own seeded generator, so
agents never see a chance node and the same seed still gives the same game.

**Truncation.** A game whose players never end it (in Puerto Rico, seats that keep choosing
roles that change nothing) is cut after ``max_decisions`` decisions (default: the game's
:attr:`~lisboa_core.games.Game.max_decisions`, 1500 for Lisboa, 5000 for Puerto Rico):
every agent is then *truncated* with reward 0. Games played sensibly end long before.

An action outside ``Discrete(n)`` (negative, ``n`` or more, not an integer) raises a
``ValueError`` naming it and the range; a legal index whose move is not legal now raises
:class:`~lisboa_core.errors.IllegalMoveError`; neither changes the game. Render modes:
``"human"`` prints the game's :meth:`~lisboa_core.games.Game.render_text` of the position to
standard output, ``"ansi"`` returns it.

Example::

    from lisboa_core.envs.pettingzoo import env

    game = env(players=3)  # Lisboa; env(game="puerto-rico", players=4) for Puerto Rico
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

from lisboa_core.api import apply, is_over, new_game
from lisboa_core.envs.encoder import Encoder, rank_rewards
from lisboa_core.envs.encoder import settle_chance as _settled
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import Game
from lisboa_core.games import game as game_named

__all__ = ["OBSERVATION_HIGH", "LisboaEnv", "env", "rank_rewards"]

OBSERVATION_HIGH = 1000.0
"""Upper bound of every observation value in the declared space (counts stay far below)."""


class LisboaEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """The AEC environment of any registered game; build it with :func:`env`.

    :param players: how many seats (one of the game's player counts; default: its default).
    :param options: rule variants (default: the game's default).
    :param rules: the catalogue (default: the shipped one).
    :param render_mode: ``"human"`` (``render()`` prints the position as text to standard
        output), ``"ansi"`` (``render()`` returns that text) or None. The text is the game's
        :meth:`~lisboa_core.games.Game.render_text` of the whole position (Lisboa: the board
        and every seat's holdings, hands by their sizes).
    :param game: the game's name or :class:`~lisboa_core.games.Game` (default ``"lisboa"``).
    :param max_decisions: the decisions after which an unfinished game is truncated
        (default: the game's :attr:`~lisboa_core.games.Game.max_decisions`).
    :raises LisboaError: for an unknown game or a player count it does not support.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "lisboa_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int | None = None,
        *,
        options: Any = None,
        rules: Any = None,
        render_mode: str | None = None,
        game: str | Game = "lisboa",
        max_decisions: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode: expected None, 'human' or 'ansi', got {render_mode!r}")
        self.board_game: Game = game_named(game)
        """The game played (its :class:`~lisboa_core.games.Game` object)."""
        players = self.board_game.default_players if players is None else players
        if players not in self.board_game.players:
            raise LisboaError(f"{self.board_game.title} is played by "
                              f"{self.board_game.player_counts()} players, not {players!r}")
        # PettingZoo declares metadata on the class; each game names its own environment.
        self.__dict__["metadata"] = {
            **self.metadata, "name": f"{self.board_game.name.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_decisions = max_decisions or self.board_game.max_decisions
        """Decisions after which an unfinished game is truncated."""
        self._decisions = 0
        self.rules = rules or self.board_game.load_rules()
        self.players = players
        self.game_options = options or self.board_game.default_options()
        self.actions: tuple[Any, ...] = self.board_game.action_space(self.rules)
        self._index_of = {move: i for i, move in enumerate(self.actions)}
        probe = self._new_game(0)
        size = self.board_game.observation_size(probe)
        self._encoder = Encoder(self.board_game, probe, self._index_of)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
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
        self.state_space = spaces.Box(0.0, OBSERVATION_HIGH, (players * size,), np.float32)
        """The space of :meth:`state`: every seat's observation, seat 0 first."""
        self._seeds = np.random.default_rng()
        self.game: Any = probe
        """The current position (a state of :attr:`board_game`)."""
        self._started = False

    def _new_game(self, seed: int) -> Any:
        return _settled(new_game(self.players, seed, options=self.game_options,
                                 rules=self.rules, game=self.board_game))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the stable action index."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``new_game(players, seed, game=...)``; without a seed, one is
        drawn.

        :param seed: the game's seed.
        :param options: unused (PettingZoo's signature); rule variants go to :func:`env`.
        """
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        else:
            seed = int(self._seeds.integers(2**31))
        self.game = self._new_game(seed)
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._started = True
        self._select()

    def _check_started(self, method: str) -> None:
        if not self._started:
            raise LisboaError(f"{method}(): no game yet, call reset() first")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info.

        :raises LisboaError: before the first :meth:`reset` (no game yet).
        """
        self._check_started("last")
        found: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return found

    def state(self) -> npt.NDArray[np.float32]:
        """The global state for centralised critics: every seat's observation vector,
        seat 0 first (:attr:`state_space`), which together show everything any seat may
        see.

        :raises LisboaError: before the first :meth:`reset` (no game yet).
        """
        self._check_started("state")
        size = self._encoder.size
        out = np.empty(len(self.possible_agents) * size, dtype=np.float32)
        for seat in range(len(self.possible_agents)):
            self._encoder.observation(self.game, seat, out[seat * size:(seat + 1) * size])
        return out

    def _select(self) -> None:
        seat = self.game.to_act
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat sees, and its action mask (all zero unless it decides).

        :raises LisboaError: before the first :meth:`reset` (no game yet).
        """
        self._check_started("observe")
        seat = self._seat_of[agent]
        encoder = self._encoder
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if self.game.to_act == seat and self.game.pending:
            encoder.mask(self.game, mask)
        observation = encoder.observation(self.game, seat, np.empty(encoder.size, np.float32))
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index of the action space).

        :raises ValueError: if the action is not an integer of ``Discrete(n)`` (negative, n
            or more, or not an integer); the game is unchanged.
        :raises IllegalMoveError: if the action is not legal now (the game is unchanged).
        """
        self._check_started("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} must act: None is only for a finished agent")
        self.game = _settled(apply(self.game, self.actions[self._index(action)]))
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if is_over(self.game):
            for name, reward in zip(self.agents, rank_rewards(self.game), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
        elif self._decisions >= self.max_decisions:
            for name in self.agents:
                self.truncations[name] = True
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
        text = self.board_game.render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(players: int | None = None, **kwargs: Any) -> LisboaEnv:
    """A new AEC environment: Lisboa, or the game named by ``game=`` (see :class:`LisboaEnv`
    for the arguments).

    Example::

        from lisboa_core.envs.pettingzoo import env

        table = env(game="puerto-rico", players=5)
        table.reset(seed=1)
        assert table.observe(table.agent_selection)["action_mask"].sum() > 0
    """
    return LisboaEnv(players, **kwargs)
