"""The learning step against the engine: the PettingZoo loop and the batched environment,
per game, in one process.

For each installed game with an observation (4 players), rounds alternate between
``random_move`` playouts (the engine alone: ``random_move`` + ``apply``) and the PettingZoo
loop a learner runs (``last()`` for the observation vector and the action mask, a random
legal action from the mask, ``step``), each for the same wall time; the ratio of the two
rates is taken per round (the machine is shared: rates drift, ratios in one process hold)
and its median printed. Then the batched environment
(:class:`lisboa_core.envs.vector.GameVectorEnv`, self-play, every game in this process)
with N = 1, 8 and 64 games: decisions per second over all games. Decisions are counted
alike everywhere (a chance step resolved by the environment is not a decision).

Run it with each build's interpreter (``make bench`` runs the compiled one)::

    .venv/bin/python benchmarks/bench_env.py [seconds per side and round]
    .venv-compiled/bin/python benchmarks/bench_env.py
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

import numpy as np

import lisboa_core
from lisboa_core import apply, is_chance, is_over, new_game, random_move
from lisboa_core.envs import adapted_games
from lisboa_core.envs.pettingzoo import env
from lisboa_core.envs.vector import GameVectorEnv

PLAYERS = 4
ROUNDS = 5
BATCHES = (1, 8, 64)


def engine_rate(name: str, seconds: float, seed: int) -> float:
    """Decisions per second of ``random_move`` playouts (chance steps not counted)."""
    rng = random.Random(seed)
    decisions, game_seed = 0, seed * 1000
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(PLAYERS, game_seed, game=name)
        game_seed += 1
        while not is_over(state):
            decisions += not is_chance(state)
            state = apply(state, random_move(state, rng))
    return decisions / (time.perf_counter() - start)


def pettingzoo_rate(table: object, seconds: float, seed: int) -> float:
    """Decisions per second of the PettingZoo loop: last(), a random legal action from
    the mask, step()."""
    rng = np.random.default_rng(seed)
    decisions, game_seed = 0, seed * 1000
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=game_seed)  # type: ignore[attr-defined]
        game_seed += 1
        for _agent in table.agent_iter():  # type: ignore[attr-defined]
            observation, _reward, terminated, truncated, _info = table.last()  # type: ignore[attr-defined]
            if terminated or truncated:
                table.step(None)  # type: ignore[attr-defined]
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[int(rng.random() * len(legal))]))  # type: ignore[attr-defined]
            decisions += 1
    return decisions / (time.perf_counter() - start)


def batched_rate(name: str, games: int, seconds: float, seed: int) -> float:
    """Decisions per second over ``games`` games stepped together."""
    envs = GameVectorEnv(games, game=name, players=PLAYERS, copy=False)
    observations, _infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = observations["action_mask"]
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)  # a random legal one
        observations, _r, _te, _tr, _infos = envs.step(actions)
        steps += games
    rate = steps / (time.perf_counter() - start)
    envs.close()
    return rate


def main(seconds: float) -> None:
    """Print every game's figures."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"build: {lisboa_core.BUILD}; {os.cpu_count()} cores, load {load:.1f}; "
          f"{PLAYERS} players, {ROUNDS} rounds of {seconds:.1f} s per side")
    for name in adapted_games():
        table = env(game=name, players=PLAYERS)
        engine, loop, ratios = [], [], []
        for r in range(ROUNDS):
            engine.append(engine_rate(name, seconds, r))
            loop.append(pettingzoo_rate(table, seconds, r))
            ratios.append(loop[-1] / engine[-1])
        print(f"{name:12} random_move {statistics.median(engine):8.0f}/s  "
              f"PettingZoo loop {statistics.median(loop):7.0f}/s  "
              f"ratio {statistics.median(ratios):.2f} "
              f"({min(ratios):.2f}-{max(ratios):.2f})", flush=True)
        rates = [batched_rate(name, n, seconds, 1) for n in BATCHES]
        print(f"{'':12} batched env " + "  ".join(
            f"N={n}: {rate:7.0f}/s" for n, rate in zip(BATCHES, rates, strict=True)),
            flush=True)


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
