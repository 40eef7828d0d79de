"""Any registered game as a single-agent Gymnasium environment: one learning seat, the
others played by bots (extra ``[rl]``).

``SeatEnv(game="tiletum", players=3, opponents="greedy")`` is a ``gymnasium.Env`` that
passes :func:`gymnasium.utils.env_checker.check_env`. The learner plays ``seat`` (default
0); every other seat is a bot (:func:`~lisboa_core.bots.basic.make_bot` names, seeded from
the game's seed, or bot objects), which move between the learner's decisions, as do the
chance steps (each game's own seeded generator).

* **Observation**: the game's float32 vector of what the learner's seat sees
  (:meth:`~lisboa_core.games.Game.encode`), a ``Box``. The **action mask** of the legal
  moves is ``env.action_masks()`` (the method sb3-contrib's ``MaskablePPO`` calls) and
  ``info["action_mask"]`` after every ``reset`` and ``step``.
* **Action**: an index of the game's action space (``Discrete``).
* **Reward**: 0 until the game ends, then the learner's rank reward
  (:func:`~lisboa_core.envs.encoder.rank_rewards`: ``(seats beaten - seats beating it) /
  (players - 1)``). A game unfinished after ``max_decisions`` decisions is truncated with
  reward 0.
* **Illegal actions**, by ``illegal=``: ``"lose"`` (default) ends the game at once with
  reward -1 (a loss) and ``info["illegal"] = True``, so any action of the space is a valid
  step (what Gymnasium's checker and learners that cannot mask expect); ``"raise"``
  refuses the action with :class:`~lisboa_core.errors.IllegalMoveError`, leaving the game
  as it was.

Example::

    import numpy as np
    from lisboa_core.envs.gym import SeatEnv

    env = SeatEnv(game="puerto-rico", players=3, opponents="random")
    observation, info = env.reset(seed=3)
    done = False
    while not done:
        action = int(np.flatnonzero(env.action_masks())[0])
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert -1.0 <= reward <= 1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from lisboa_core.api import apply, is_over, legal_moves, new_game
from lisboa_core.bots.basic import Bot, make_bot
from lisboa_core.envs.encoder import Encoder, rank_rewards, settle_chance
from lisboa_core.envs.pettingzoo import OBSERVATION_HIGH
from lisboa_core.errors import IllegalMoveError, LisboaError
from lisboa_core.games import Game
from lisboa_core.games import game as game_named

__all__ = ["SeatEnv"]

_ILLEGAL = ("raise", "lose")


class SeatEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of any game against bots (see the module docstring).

    :param game: the game's name or :class:`~lisboa_core.games.Game` (default Lisboa).
    :param players: its player count (default: the game's default).
    :param seat: the learner's seat.
    :param opponents: a bot name for every other seat (``"random"``, ``"greedy"``,
        ``"ismcts"`` or ``module:name``), or one name or bot object per other seat, in seat
        order.
    :param illegal: ``"lose"`` or ``"raise"`` (see the module docstring).
    :param options: rule variants (default: the game's default).
    :param rules: the catalogue (default: the shipped one).
    :param max_decisions: decisions (all seats) after which a game is truncated (default:
        the game's :attr:`~lisboa_core.games.Game.max_decisions`).
    :param render_mode: ``"ansi"`` (``render()`` returns the position as text) or None.
    :raises LisboaError: for an unknown game or bot, a player count the game does not
        support, a seat that is not in the game, or an unknown ``illegal``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, game: str | Game = "lisboa", players: int | None = None, *,
                 seat: int = 0, opponents: str | Sequence[str | Bot] = "random",
                 illegal: str = "lose", options: Any = None, rules: Any = None,
                 max_decisions: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.board_game = game_named(game)
        """The game played."""
        players = self.board_game.default_players if players is None else players
        if players not in self.board_game.players:
            raise LisboaError(f"{self.board_game.title} is played by "
                              f"{self.board_game.player_counts()} players, not {players!r}")
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise LisboaError(f"seat: expected 0 to {players - 1}, got {seat!r}")
        if illegal not in _ILLEGAL:
            raise LisboaError(f"illegal: expected 'raise' or 'lose', got {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise LisboaError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        others = players - 1
        if isinstance(opponents, str):
            opponents = [opponents] * others
        if len(opponents) != others:
            raise LisboaError(f"opponents: expected one per other seat ({others}), "
                              f"got {len(opponents)}")
        for bot in opponents:
            if isinstance(bot, str):
                make_bot(bot)  # an unknown name fails now, not at the first reset
        self._opponents = list(opponents)
        self.players, self.seat, self.illegal = players, seat, illegal
        self.render_mode = render_mode
        self.options = options
        self.rules = rules or self.board_game.load_rules()
        self.max_decisions = max_decisions or self.board_game.max_decisions
        """Decisions after which an unfinished game is truncated."""
        self.actions: tuple[Any, ...] = self.board_game.action_space(self.rules)
        """The action space: index ``a`` is the move ``actions[a]``."""
        self._index_of = {move: i for i, move in enumerate(self.actions)}
        probe = new_game(players, 0, options=options, rules=self.rules, game=self.board_game)
        self._encoder = Encoder(self.board_game, probe, self._index_of)
        self.observation_space = spaces.Box(0.0, OBSERVATION_HIGH, (self._encoder.size,),
                                            np.float32)
        self.action_space = spaces.Discrete(len(self.actions))
        self.game: Any = None
        """The current position (None before the first :meth:`reset`)."""
        self._bots: list[Bot | None] = []
        self._mask = np.zeros(len(self.actions), dtype=np.int8)
        self._decisions = 0
        self._done = False

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game (``new_game(players, seed)``; without a seed, one drawn from
        the environment's generator) and play the bots up to the learner's first decision.

        :param options: unused (Gymnasium's signature); rule variants go to the
            constructor.
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else seed
        bots: list[Bot | None] = []
        others = iter(self._opponents)
        for s in range(self.players):
            if s == self.seat:
                bots.append(None)
                continue
            bot = next(others)
            bots.append(make_bot(bot, game_seed * 31 + s) if isinstance(bot, str) else bot)
        self._bots = bots
        self._decisions = 0
        self._done = False
        self.game = new_game(self.players, game_seed, options=self.options, rules=self.rules,
                             game=self.board_game)
        self._play_bots()
        return self._observation(), self._info()

    def _play_bots(self) -> None:
        """Chance steps and bots' moves until the learner decides or the game is over."""
        state = settle_chance(self.game)
        while state.pending and state.to_act != self.seat \
                and self._decisions < self.max_decisions:
            bot = self._bots[state.to_act]
            assert bot is not None
            move = bot.choose(self.board_game.observe(state, state.to_act), legal_moves(state))
            state = settle_chance(apply(state, move))
            self._decisions += 1
        self.game = state

    def _observation(self) -> npt.NDArray[np.float32]:
        return self._encoder.observation(self.game, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Per action: whether it is legal now (all False once the game is over)."""
        mask = self._mask
        mask.fill(0)
        if self.game is not None and not self._done and self.game.to_act == self.seat:
            self._encoder.mask(self.game, mask)
        return mask.astype(np.bool_)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), **extra}

    def step(self, action: Any
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots up to its next decision.

        :raises LisboaError: before :meth:`reset`, or after the game ended.
        :raises IllegalMoveError: for an action that is not legal now, with
            ``illegal="raise"`` (the game is unchanged).
        """
        if self.game is None:
            raise LisboaError("step(): no game yet, call reset() first")
        if self._done:
            raise LisboaError("step(): the game is over, call reset()")
        index = int(action) if isinstance(action, int | np.integer) or (
            isinstance(action, np.ndarray) and action.shape == ()) else -1
        if not 0 <= index < len(self.actions) or not self.action_masks()[index]:
            if self.illegal == "raise":
                raise IllegalMoveError(f"action {action!r} is not legal now "
                                       "(see action_masks())")
            self._done = True  # the position stays as it was; the learner loses
            return self._observation(), -1.0, True, False, self._info(illegal=True)
        self.game = apply(self.game, self.actions[index])
        self._decisions += 1
        self._play_bots()
        if is_over(self.game):
            self._done = True
            reward = rank_rewards(self.game)[self.seat]
            return self._observation(), float(reward), True, False, self._info()
        truncated = self._done = self._decisions >= self.max_decisions
        return self._observation(), 0.0, False, truncated, self._info()

    def render(self) -> str | None:
        """The position as text (render mode ``"ansi"``), or None."""
        if self.render_mode is None or self.game is None:
            return None
        text: str = self.board_game.render_text(self.game)
        return text
