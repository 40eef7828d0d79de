"""Many games stepped at once, observations and masks as arrays: a Gymnasium vector
environment for self-play (extra ``[rl]``).

``GameVectorEnv(8, game="tiletum", players=4)`` holds 8 games. Each step takes one action
per game (an index of the game's action space) for the seat that game waits for, and
returns every game's next observation as one ``(N, size)`` float32 array and its action
mask as one ``(N, actions)`` int8 array, with ``infos["to_act"]``, the seat each game
waits for now. It is **self-play**: one learner (or one batch of policies) moves every
seat, as in AlphaZero-style training; for one seat against bots, see
:mod:`lisboa_core.envs.gym`.

Why Gymnasium's vector API and not PettingZoo's parallel API: the parallel API has every
agent act at every step, while these games ask one seat at a time, in an order the rules
decide (out-of-turn decisions, one seat acting many times in a row); a vector of
turn-based games is a batch of independent single-decision steps, which is exactly what
``VectorEnv.step`` is, and array-based learners (CleanRL, pgx-style self-play, sb3's
vectorised rollouts) read it directly.

* **Rewards**: ``rewards[i]`` is the rank reward (:func:`~lisboa_core.envs.encoder.rank_rewards`)
  of the seat that just moved in game ``i`` when that move ended it, else 0; every seat's
  rank reward of a game that ended is ``infos["rewards"][i]`` (a ``(N, players)`` array,
  zero for games still running).
* **Autoreset** (Gymnasium's ``SAME_STEP`` mode): a game that ends (``terminations``) or
  reaches ``max_decisions`` (``truncations``) is replaced at once by a new game, whose
  first observation is what the step returns for it.
* **Chance steps** are resolved by the environment (each game's own seeded generator), as
  in the PettingZoo environment; ``reset(seed=s)`` seeds game ``i`` with ``s + i`` and the
  later games from a generator seeded with ``s``: the same seed and actions give the same
  games.
* An action whose mask place is 0 raises :class:`~lisboa_core.errors.IllegalMoveError`
  naming the game; no game is changed by that step.
* **Worker processes** (``workers=k``): the games are shared out among ``k`` processes
  that write their observations and masks straight into shared memory; worth it when a
  machine has cores to spare (the games of one process are stepped one after the other).

Example::

    import numpy as np
    from lisboa_core.envs.vector import GameVectorEnv

    envs = GameVectorEnv(4, game="puerto-rico", players=3)
    observations, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(20):
        actions = [rng.choice(np.flatnonzero(mask)) for mask in observations["action_mask"]]
        observations, rewards, terminations, truncations, infos = envs.step(actions)
    assert observations["observation"].shape[0] == 4
    envs.close()
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from lisboa_core.api import apply, is_over, new_game
from lisboa_core.envs.encoder import Encoder, rank_rewards, settle_chance
from lisboa_core.envs.pettingzoo import OBSERVATION_HIGH
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import Game
from lisboa_core.games import game as game_named

__all__ = ["GameVectorEnv"]


class _Games:
    """A run of games stepped in this process, writing into arrays it is given."""

    def __init__(self, spec: dict[str, Any], first: int, count: int,
                 observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> None:
        self.game: Game = game_named(spec["game"])
        self.players: int = spec["players"]
        self.options = spec["options"]
        self.rules = spec["rules"] or self.game.load_rules()
        self.max_decisions: int = spec["max_decisions"]
        self.actions = self.game.action_space(self.rules)
        probe = self._new(0)
        self.encoder = Encoder(self.game, probe, {m: i for i, m in enumerate(self.actions)})
        self.first, self.count = first, count
        self.observations, self.masks = observations, masks
        self.states: list[Any] = [probe] * count
        self.decisions = [0] * count
        self.seeds = np.random.default_rng()

    def _new(self, seed: int) -> Any:
        return settle_chance(new_game(self.players, seed, options=self.options,
                                      rules=self.rules, game=self.game))

    def _start(self, i: int, seed: int) -> None:
        self.states[i] = self._new(seed)
        self.decisions[i] = 0
        self._write(i)

    def _write(self, i: int) -> None:
        state = self.states[i]
        seat = state.to_act if state.to_act is not None else 0
        self.encoder.observation(state, seat, self.observations[i])
        mask = self.masks[i]
        mask.fill(0)
        self.encoder.mask(state, mask)

    def reset(self, seed: int | None) -> npt.NDArray[np.int64]:
        """Start every game (game ``i`` with ``seed + first + i``); the seats to act."""
        if seed is None:
            seeds = [int(s) for s in self.seeds.integers(2**31, size=self.count)]
        else:
            self.seeds = np.random.default_rng(seed + self.first)
            seeds = [seed + self.first + i for i in range(self.count)]
        for i, s in enumerate(seeds):
            self._start(i, s)
        return self.to_act()

    def to_act(self) -> npt.NDArray[np.int64]:
        """The seat each game waits for."""
        return np.array([s.to_act if s.to_act is not None else 0 for s in self.states],
                        dtype=np.int64)

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[Any, ...]:
        """One move in every game (the environment checked them against the masks)."""
        rewards = np.zeros(self.count, dtype=np.float64)
        finals = np.zeros((self.count, self.players), dtype=np.float32)
        terminated = np.zeros(self.count, dtype=np.bool_)
        truncated = np.zeros(self.count, dtype=np.bool_)
        for i, a in enumerate(actions):
            state = self.states[i]
            seat = state.to_act
            state = settle_chance(apply(state, self.actions[a]))
            self.decisions[i] += 1
            if is_over(state):
                ranks = rank_rewards(state)
                rewards[i] = ranks[seat]
                finals[i] = ranks
                terminated[i] = True
            elif self.decisions[i] >= self.max_decisions:
                truncated[i] = True
            if terminated[i] or truncated[i]:
                self._start(i, int(self.seeds.integers(2**31)))
            else:
                self.states[i] = state
                self._write(i)
        return rewards, terminated, truncated, finals, self.to_act()


def _serve(connection: Connection, spec: dict[str, Any], first: int, count: int,
           names: tuple[str, str], shapes: tuple[tuple[int, int], tuple[int, int]]) -> None:
    """A worker process: steps its games, writing into the shared arrays."""
    memory = [SharedMemory(name=name) for name in names]
    try:
        observations: Any = np.ndarray(shapes[0], np.float32, buffer=memory[0].buf)
        masks: Any = np.ndarray(shapes[1], np.int8, buffer=memory[1].buf)
        games = _Games(spec, first, count, observations[first:first + count],
                       masks[first:first + count])
        while True:
            command, argument = connection.recv()
            if command == "close":
                break
            try:
                answer = games.reset(argument) if command == "reset" else games.step(argument)
                connection.send((True, answer))
            except Exception as err:  # sent back and raised in the parent
                connection.send((False, err))
    finally:
        del observations, masks, games
        for m in memory:
            m.close()
        connection.close()


class GameVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one game, stepped together (see the module docstring).

    :param num_envs: how many games.
    :param game: the game's name or :class:`~lisboa_core.games.Game` (default Lisboa).
    :param players: its player count (default: the game's default).
    :param options: rule variants (default: the game's default).
    :param rules: the catalogue (default: the shipped one).
    :param max_decisions: the decisions after which a game is truncated (default: the
        game's :attr:`~lisboa_core.games.Game.max_decisions`).
    :param workers: processes to share the games among (0: every game in this process).
    :param copy: return copies of the observation arrays (default), or the environment's
        own arrays, overwritten by the next step.
    :raises LisboaError: for an unknown game, a player count it does not support, or a
        bad ``num_envs``/``workers``.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, game: str | Game = "lisboa", players: int | None = None,
                 *, options: Any = None, rules: Any = None, max_decisions: int | None = None,
                 workers: int = 0, copy: bool = True) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise LisboaError(f"num_envs: expected a positive integer, got {num_envs!r}")
        if not isinstance(workers, int) or not 0 <= workers <= num_envs:
            raise LisboaError(f"workers: expected 0 to num_envs ({num_envs}), got {workers!r}")
        chosen = game_named(game)
        players = chosen.default_players if players is None else players
        if players not in chosen.players:
            raise LisboaError(f"{chosen.title} is played by {chosen.player_counts()} "
                              f"players, not {players!r}")
        self.num_envs = num_envs
        self.board_game = chosen
        """The game played."""
        self.players = players
        self.copy = copy
        spec = {"game": chosen.name, "players": players, "options": options, "rules": rules,
                "max_decisions": max_decisions or chosen.max_decisions}
        probe = _Games(spec, 0, 1, np.zeros((1, 1), np.float32), np.zeros((1, 1), np.int8))
        size, actions = probe.encoder.size, len(probe.actions)
        self.actions: tuple[Any, ...] = probe.actions
        """The action space: index ``a`` is the move ``actions[a]``."""
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shapes = ((num_envs, size), (num_envs, actions))
        self._memory: list[SharedMemory] = []
        self._workers: list[tuple[Any, Connection]] = []
        if workers:
            self._memory = [SharedMemory(create=True, size=max(1, int(np.prod(shape)) * width))
                            for shape, width in zip(shapes, (4, 1), strict=True)]
            self._observations: Any = np.ndarray(shapes[0], np.float32,
                                                 buffer=self._memory[0].buf)
            self._masks: Any = np.ndarray(shapes[1], np.int8, buffer=self._memory[1].buf)
            names = (self._memory[0].name, self._memory[1].name)
            context = multiprocessing.get_context("spawn")
            edges = [int(x) for x in np.linspace(0, num_envs, workers + 1)]
            self._bounds = list(itertools.pairwise(edges))
            for first, last in self._bounds:
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_serve, args=(theirs, spec, int(first), int(last - first), names,
                                         shapes), daemon=True)
                process.start()
                theirs.close()
                self._workers.append((process, mine))
            self._games: _Games | None = None
        else:
            self._bounds = [(0, num_envs)]
            self._observations = np.zeros(shapes[0], np.float32)
            self._masks = np.zeros(shapes[1], np.int8)
            self._games = _Games(spec, 0, num_envs, self._observations, self._masks)
        self._started = False

    def _ask(self, command: str, arguments: list[Any]) -> list[Any]:
        for (_, connection), argument in zip(self._workers, arguments, strict=True):
            connection.send((command, argument))
        answers = []
        for _, connection in self._workers:
            ok, answer = connection.recv()
            if not ok:
                raise answer
            answers.append(answer)
        return answers

    def _observations_now(self) -> dict[str, npt.NDArray[Any]]:
        if self.copy:
            return {"observation": self._observations.copy(),
                    "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Start a new game everywhere; game ``i`` is seeded ``seed + i``.

        :param options: unused (Gymnasium's signature); rule variants go to the
            constructor.
        """
        if self._games is not None:
            to_act = self._games.reset(seed)
        else:
            to_act = np.concatenate(self._ask("reset", [seed] * len(self._workers)))
        self._started = True
        return self._observations_now(), {"to_act": to_act}

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One action per game (an index of the action space, for the seat it waits for).

        :raises LisboaError: before :meth:`reset`, or for a batch of the wrong length.
        :raises IllegalMoveError: for an action whose mask place is 0 (nothing changes).
        """
        if not self._started:
            raise LisboaError("step(): no games yet, call reset() first")
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1)
        if chosen.shape != (self.num_envs,):
            raise LisboaError(f"step(): expected {self.num_envs} actions, got {chosen.size}")
        n = len(self.actions)
        allowed = (chosen >= 0) & (chosen < n)
        allowed[allowed] = self._masks[np.flatnonzero(allowed), chosen[allowed]] == 1
        if not allowed.all():
            bad = int(np.flatnonzero(~allowed)[0])
            raise IllegalMoveError(f"game {bad}: action {int(chosen[bad])} is not legal now "
                                   "(its action_mask place is 0)")
        if self._games is not None:
            parts = [self._games.step(chosen)]
        else:
            parts = self._ask("step", [chosen[a:b] for a, b in self._bounds])
        rewards, terminated, truncated, finals, to_act = (
            np.concatenate([p[k] for p in parts]) for k in range(5))
        infos = {"to_act": to_act, "rewards": finals}
        return self._observations_now(), rewards, terminated, truncated, infos

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes and free the shared memory."""
        for process, connection in self._workers:
            with contextlib.suppress(BrokenPipeError, OSError):
                connection.send(("close", None))
            process.join(timeout=5)
            connection.close()
        self._workers = []
        self._observations = self._masks = None
        for memory in self._memory:
            memory.close()
            memory.unlink()
        self._memory = []
