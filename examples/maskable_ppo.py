"""Train sb3-contrib's MaskablePPO on one seat of any game against bots, then play it.

The learner is :class:`lisboa_core.envs.gym.SeatEnv`: seat 0 of the game, the other seats
random bots; ``MaskablePPO`` reads the legal moves from ``env.action_masks()``, so it never
tries an illegal one. A minute of training on a laptop core is far from a good player (the
games last hundreds of decisions and the reward comes at the end); the script shows the
path, from the environment to a trained policy to games played with it. Needs the ``ppo``
extra (``pip install 'lisboa_core[ppo]'``: sb3-contrib and the CPU build of PyTorch). Run:
``.venv/bin/python examples/maskable_ppo.py [game] [timesteps]`` (default: lisboa, 1024).
"""

from __future__ import annotations

import sys
import time

from sb3_contrib import MaskablePPO

from lisboa_core.envs.gym import SeatEnv


def main(game: str, timesteps: int) -> None:
    """Train for ``timesteps`` decisions of seat 0, then play two games with the policy."""
    env = SeatEnv(game=game, players=2 if game != "puerto-rico" else 3, opponents="random")
    print(f"{env.board_game.title}: {env.observation_space.shape[0]} observation values, "
          f"{env.action_space.n} actions")
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=2, seed=0,
                        verbose=0, device="cpu")
    start = time.perf_counter()
    model.learn(total_timesteps=timesteps)
    seconds = time.perf_counter() - start
    print(f"trained on {timesteps} decisions in {seconds:.0f} s "
          f"({timesteps / seconds:.0f} decisions/s)")
    for seed in (1, 2):
        observation, _info = env.reset(seed=seed)
        done, decisions, reward = False, 0, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, reward, terminated, truncated, _info = env.step(action)
            done, decisions = terminated or truncated, decisions + 1
        print(f"game {seed}: {decisions} decisions of the learner, rank reward {reward:+.1f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "lisboa",
         int(sys.argv[2]) if len(sys.argv) > 2 else 1024)
