"""Train a masked policy-gradient learner on one seat for a few games (numpy only).

The action-masking pattern: the environment gives the mask of the legal actions over the
stable action index, and the learner gives illegal actions zero probability before it
samples. Here the learner plays seat 0 of a 2-player game against random opponents
through the library's single-agent Gymnasium environment (:mod:`lisboa_core.envs.gym`),
wrapped in a Gymnasium 1.x wrapper; its policy is one preference per action index (a
softmax over the legal ones), updated by REINFORCE with a running baseline. Needs the
``rl`` extra. Run: ``.venv/bin/python examples/masked_learner.py [episodes]``.
"""

from __future__ import annotations

import sys

import numpy as np
from gymnasium.wrappers import RecordEpisodeStatistics

from lisboa_core.envs.gym import SeatEnv


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Probabilities over the actions: zero where ``mask`` is False."""
    masked = np.where(mask, logits, -np.inf)
    weights = np.exp(masked - masked.max())
    return weights / weights.sum()


def train(episodes: int) -> None:
    """Play ``episodes`` games, updating the preferences after each."""
    seat_env = RecordEpisodeStatistics(SeatEnv(players=2, opponents="random"))
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
