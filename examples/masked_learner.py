"""Train a masked policy-gradient learner on one seat for a few games (numpy only).

The PettingZoo action-masking pattern: every observation carries an ``action_mask`` over
the stable action index, and the learner gives illegal actions zero probability before it
samples. Here the learner plays seat 0 of a 2-player game against random opponents
through a single-agent Gymnasium view of the AEC environment, wrapped in a Gymnasium 1.x
wrapper; its policy is one preference per action index (a softmax over the legal ones),
updated by REINFORCE with a running baseline. Needs the ``rl`` extra. Run:
``.venv/bin/python examples/masked_learner.py [episodes]``.
"""

from __future__ import annotations

import sys
from typing import Any

import gymnasium
import numpy as np
from gymnasium.wrappers import RecordEpisodeStatistics

from lisboa_core.envs.pettingzoo import env, rank_rewards


class SeatEnv(gymnasium.Env[np.ndarray, int]):
    """One seat of the AEC environment as a single-agent environment: the other seats
    play uniformly random legal actions, and the reward is the seat's rank reward at the
    end. ``action_masks()`` is the mask of the seat's legal actions."""

    def __init__(self, players: int = 2, seat: int = 0) -> None:
        self.table = env(players=players)
        self.seat = seat
        self.agent = f"player_{seat}"
        self.observation_space = self.table.observation_space(self.agent)["observation"]
        self.action_space = self.table.action_space(self.agent)
        self.mask = np.zeros(self.action_space.n, dtype=np.int8)

    def action_masks(self) -> np.ndarray:
        """Which actions are legal now (bool per action index)."""
        return self.mask.astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)  # seeds self.np_random: the deal and the opponents
        self.table.reset(seed=int(self.np_random.integers(2**31)))
        observation, _over = self._until_my_turn()
        return observation, {"action_mask": self.mask}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.table.step(action)
        observation, over = self._until_my_turn()
        reward = rank_rewards(self.table.game)[self.seat] if over else 0.0
        return observation, reward, over, False, {"action_mask": self.mask}

    def _until_my_turn(self) -> tuple[np.ndarray, bool]:
        """Let the other seats play; the seat's observation, and whether the game ended."""
        while True:
            agent = self.table.agent_selection
            observation, _reward, terminated, truncated, _info = self.table.last()
            if terminated or truncated:
                self.mask = np.zeros_like(self.mask)
                return self.table.observe(self.agent)["observation"], True
            if agent == self.agent:
                self.mask = observation["action_mask"]
                return observation["observation"], False
            legal = np.flatnonzero(observation["action_mask"])
            self.table.step(int(self.np_random.choice(legal)))


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities over the actions: zero where ``mask`` is False."""
    masked = np.where(mask, logits, -np.inf)
    weights = np.exp(masked - masked.max())
    return weights / weights.sum()


def train(episodes: int) -> None:
    """Play ``episodes`` games, updating the preferences after each."""
    seat_env = RecordEpisodeStatistics(SeatEnv(players=2))
    # Gymnasium 1.x: a wrapper no longer forwards attributes it does not define, so the
    # mask is reached through get_wrapper_attr (or seat_env.unwrapped), not directly.
    try:
        seat_env.action_masks  # noqa: B018
    except AttributeError:
        print("Gymnasium 1.x: seat_env.action_masks is not forwarded; "
              "using seat_env.get_wrapper_attr('action_masks')")
    action_masks = seat_env.get_wrapper_attr("action_masks")

    preferences = np.zeros(seat_env.action_space.n)
    rng = np.random.default_rng(0)
    baseline, rate = 0.0, 0.5
    for episode in range(episodes):
        _observation, _info = seat_env.reset(seed=episode)
        steps: list[tuple[np.ndarray, int]] = []
        while True:
            mask = action_masks()
            probabilities = masked_softmax(preferences, mask)
            action = int(rng.choice(len(probabilities), p=probabilities))
            assert mask[action]  # the mask is respected by construction
            steps.append((probabilities, action))
            _observation, reward, terminated, truncated, info = seat_env.step(action)
            if terminated or truncated:
                break
        # REINFORCE: raise the chosen action's log-probability in proportion to how much
        # better than usual the game went (gradient of log-softmax: one-hot minus probs).
        advantage = float(reward) - baseline
        for probabilities, action in steps:
            gradient = -probabilities
            gradient[action] += 1.0
            preferences += rate * advantage * gradient / len(steps)
        baseline += 0.5 * (float(reward) - baseline)
        stats = info["episode"]  # added by RecordEpisodeStatistics: return and length
        print(f"episode {episode}: reward {float(stats['r']):+.1f} after "
              f"{int(stats['l'])} decisions of seat 0; baseline now {baseline:+.2f}")
    moved = np.flatnonzero(preferences)
    print(f"preferences changed for {moved.size} of {preferences.size} actions; "
          f"largest {preferences.max():+.3f}, smallest {preferences.min():+.3f}")


if __name__ == "__main__":
    train(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
