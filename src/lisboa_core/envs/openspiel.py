"""Lisboa as an OpenSpiel game, ``python_lisboa`` (extra ``lisboa_core[openspiel]``).

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_lisboa", {"players": 3, "seed": 7})`` makes it. The game is
sequential, imperfect-information and *sampled stochastic*: the shuffles happen inside the
engine (no chance nodes), each ``new_initial_state()`` drawing the next seed from the game's
own generator (seeded by the ``seed`` parameter), so the same game object gives the same
sequence of deals. Actions are the stable action index
(:func:`~lisboa_core.actions.action_space`); the reward is terminal, the rank reward
of :func:`lisboa_core.envs.pettingzoo.rank_rewards` (zero-sum, in [-1, 1]).

Information-state and observation strings and tensors come from what the seat may see
(:func:`~lisboa_core.views.observe`): the tensor is :func:`lisboa_core.envs.observation.encode`,
the string a readable summary of the position plus a fingerprint of that tensor. For
IS-MCTS, ``state.resample_from_infostate(player, sampler)`` returns a state sampled with
:func:`lisboa_core.determinize`, consistent with the seat's view.

Example::

    import pyspiel
    import lisboa_core.envs.openspiel  # registers python_lisboa

    game = pyspiel.load_game("python_lisboa", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pyspiel

from ..actions import action_index, action_space
from ..api import apply, is_over, legal_moves, new_game
from ..catalog import load_rules
from ..engine.ops import rules_of
from ..moves import Move
from ..state import State
from ..views import determinize, observe
from .observation import encode, observation_size
from .pettingzoo import rank_rewards

__all__ = ["GAME_NAME", "LisboaGame", "LisboaObserver", "LisboaState"]

GAME_NAME = "python_lisboa"
"""The short name the game is registered under."""

_MAX_GAME_LENGTH = 1500  # decisions; random 4-player games take about 300
_DEFAULTS = {"players": 4, "seed": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Lisboa (lisboa_core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class LisboaGame(pyspiel.Game):
    """The OpenSpiel game: parameters ``players`` (2-4) and ``seed``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        players = int(params["players"])
        self.rules = load_rules()
        self.actions = action_space(self.rules)
        probe = new_game(players, 0, rules=self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.players = players
        self.observation_length = observation_size(probe)
        self._seeds = random.Random(int(params["seed"]))

    def new_initial_state(self) -> LisboaState:
        """A new game, dealt from the next seed of the game's generator."""
        return LisboaState(self, new_game(self.players, self._seeds.randrange(2**31),
                                          rules=self.rules))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LisboaObserver:
        """The observer behind the information-state and observation tensors and strings."""
        return LisboaObserver(self, params)


def _actions(state: State) -> tuple[Move, ...]:
    return action_space(rules_of(state))


class LisboaState(pyspiel.State):
    """An OpenSpiel state wrapping an immutable :class:`lisboa_core.State`."""

    def __init__(self, game: LisboaGame, state: State) -> None:
        super().__init__(game)
        self.lisboa = state

    def current_player(self) -> int:
        """The seat to decide, or ``pyspiel.PlayerId.TERMINAL``."""
        seat = self.lisboa.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.lisboa.to_act:
            return []
        return sorted(action_index(self.lisboa, move) for move in legal_moves(self.lisboa))

    def _apply_action(self, action: int) -> None:
        self.lisboa = apply(self.lisboa, _actions(self.lisboa)[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return f"seat {player}: {_actions(self.lisboa)[action]}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return is_over(self.lisboa)

    def returns(self) -> list[float]:
        """The rank rewards once the game is over; zeros before."""
        if not is_over(self.lisboa):
            return [0.0] * self.lisboa.player_count
        return rank_rewards(self.lisboa)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LisboaState:
        """A state the seat cannot tell from this one (:func:`lisboa_core.determinize`)."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        sampled = determinize(observe(self.lisboa, player_id), seed)
        return LisboaState(self.get_game(), sampled)

    def __str__(self) -> str:
        state = self.lisboa
        who = "game over" if state.to_act is None else (
            f"seat {state.to_act} decides '{state.pending[-1].kind}'")
        return f"turn {state.turn}, period {state.period}: {who}"


class LisboaObserver:
    """What a seat sees, as OpenSpiel's observer: ``tensor`` (the float32 vector of
    :func:`lisboa_core.envs.observation.encode`), ``dict`` and a string."""

    def __init__(self, game: LisboaGame, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.tensor = np.zeros(game.observation_length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LisboaState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        self.tensor[:] = encode(observe(state.lisboa, player))

    def string_from(self, state: LisboaState, player: int) -> str:
        """A readable summary of what ``player`` sees, with a fingerprint of the rest."""
        view = observe(state.lisboa, player)
        s = view.state
        fingerprint = hashlib.sha256(encode(view).tobytes()).hexdigest()[:16]
        me = s.players[player]
        return (f"seat {player} | turn {s.turn} period {s.period} | to act {s.to_act} | "
                f"hand {' '.join(me.hand)} | wigs {[p.wigs for p in s.players]} | "
                f"{fingerprint}")


pyspiel.register_game(_GAME_TYPE, LisboaGame)
