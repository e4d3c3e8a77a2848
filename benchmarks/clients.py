"""Steps per second through each adapter and trainer path, in one run: ``python -m
benchmarks.clients`` (in the trainers' venv, ``.ci/clients``; it prints the Markdown table of
docs/adapters/trainers.md and the load average before and after).

Random legal moves (uniform among the mask) on Good Fortune through: the object API; the
OpenSpiel game's states; the PettingZoo AEC and Parallel envs; the Gymnasium ``GameEnv`` and
``VectorGameEnv``; SB3's VecEnv over ``VectorGameEnv`` (``tablebits.sb3``) and ``DummyVecEnv``
of ``GameEnv``; Tianshou's ``PettingZooEnv``; Shimmy's ``OpenSpielCompatibilityV0``;
OpenSpiel's ``rl_environment``; RLlib's ``MultiAgentGameEnv`` (``tablebits.rllib``); and
PettingZoo's own classic AEC envs beside them (``leduc_holdem_v4``, ``tictactoe_v3``,
``connect_four_v3``). A "step" is one decision: one call of the path's step, or each env's
decision in a vector env (16 or 4 per call). In the Gymnasium envs the other seat's random
moves are played inside the step and not counted. Then training steps/s: MaskablePPO on
``tablebits.sb3`` and on ``DummyVecEnv``, and RLlib PPO self-play (masked module, one local
env runner): environment steps sampled per second of ``train()``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

SECONDS = 2.0
GAME = "good_fortune"


def rate(step: Callable[[], int]) -> float:
    """Decisions per second of ``step`` (which returns how many it made) over ``SECONDS``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        done += step()
    return done / elapsed


def legal_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def aec_loop(env: Any, rng: np.random.Generator) -> Callable[[], int]:
    """A PettingZoo AEC env (mask in the observation or, Shimmy's, in the infos)."""
    env.reset(seed=0)

    def step() -> int:
        if not env.agents:
            env.reset()
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            return 1
        mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
        env.step(legal_choice(rng, mask))
        return 1
    return step


def engine_rows(rng: np.random.Generator) -> list[tuple[str, float]]:
    """The object API and tablebits' own adapters."""
    import tablebits as tb
    from tablebits.gymnasium import GameEnv, VectorGameEnv
    from tablebits.openspiel import load_game
    from tablebits.pettingzoo import env as aec_env
    from tablebits.pettingzoo import parallel_env

    game = tb.make(GAME)
    box: dict[str, Any] = {"s": game.new_initial_state(0)}

    def object_api() -> int:
        s = box["s"]
        if s.is_terminal():
            s = box["s"] = game.new_initial_state(int(rng.integers(2**31)))
        s.apply_action(int(rng.choice(s.legal_actions())))
        return 1

    os_game = load_game(GAME)
    box["o"] = os_game.new_initial_state()

    def openspiel_state() -> int:
        s = box["o"]
        if s.is_terminal():
            s = box["o"] = os_game.new_initial_state()
        s.apply_action(int(rng.choice(s.legal_actions())))
        return 1

    par = parallel_env(GAME)
    box["p"] = par.reset(seed=0)[0]

    def parallel() -> int:
        obs = box["p"]
        actions = {a: legal_choice(rng, o["action_mask"]) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs = par.step(actions)[0]
        box["p"] = par.reset()[0] if not par.agents else obs
        return 1

    gym_env = GameEnv(GAME)
    gym_env.reset(seed=0)

    def gymnasium_env() -> int:
        _, _, term, trunc, _ = gym_env.step(legal_choice(rng, gym_env.action_masks()))
        if term or trunc:
            gym_env.reset()
        return 1

    vec = VectorGameEnv(GAME, 16, seed=0)
    box["v"] = vec.reset()[1]["action_mask"]

    def vector_env() -> int:
        actions = np.array([legal_choice(rng, m) for m in box["v"]])
        box["v"] = vec.step(actions)[4]["action_mask"]
        return 16

    return [
        ("object API (`State.apply_action`)", rate(object_api)),
        ("tablebits OpenSpiel game (`state.apply_action`)", rate(openspiel_state)),
        ("tablebits PettingZoo AEC env", rate(aec_loop(aec_env(GAME), rng))),
        ("tablebits PettingZoo Parallel env", rate(parallel)),
        ("tablebits Gymnasium `GameEnv` (one seat)", rate(gymnasium_env)),
        ("tablebits Gymnasium `VectorGameEnv`, 16 envs", rate(vector_env)),
    ]


def client_rows(rng: np.random.Generator) -> list[tuple[str, float]]:
    """The trainers' own paths over the adapters, and PettingZoo's classic envs."""
    from open_spiel.python import rl_environment
    from pettingzoo.classic import connect_four_v3, leduc_holdem_v4, tictactoe_v3
    from shimmy import OpenSpielCompatibilityV0
    from stable_baselines3.common.vec_env import DummyVecEnv
    from tianshou.env.pettingzoo_env import PettingZooEnv

    from tablebits.gymnasium import GameEnv
    from tablebits.openspiel import load_game
    from tablebits.pettingzoo import env as aec_env
    from tablebits.rllib import multi_agent_env
    from tablebits.sb3 import vec_env

    def vec_stepper(env: Any, n: int) -> Callable[[], int]:
        env.reset()

        def step() -> int:
            masks = np.stack(env.env_method("action_masks"))
            env.step(np.array([legal_choice(rng, m) for m in masks]))
            return n
        return step

    ts_env = PettingZooEnv(aec_env(GAME))
    box: dict[str, Any] = {"ts": ts_env.reset(seed=0)[0]}

    def tianshou() -> int:
        obs, _, term, trunc, _ = ts_env.step(legal_choice(rng, box["ts"]["mask"]))
        box["ts"] = ts_env.reset()[0] if term or trunc else obs
        return 1

    rl_env = rl_environment.Environment(load_game(GAME, chance_seed=True), seed=0)
    box["rl"] = rl_env.reset()

    def rl() -> int:
        t = box["rl"]
        if t.last():
            t = rl_env.reset()
        p = t.observations["current_player"]
        box["rl"] = rl_env.step([int(rng.choice(t.observations["legal_actions"][p]))])
        return 1

    ma_env = multi_agent_env(GAME)
    box["ma"] = ma_env.reset(seed=0)[0]

    def rllib_env() -> int:
        ((agent, obs),) = box["ma"].items()
        new, _, term, trunc, _ = ma_env.step({agent: legal_choice(rng, obs["action_mask"])})
        box["ma"] = ma_env.reset()[0] if term["__all__"] or trunc["__all__"] else new
        return 1

    shim = OpenSpielCompatibilityV0(env=load_game(GAME, chance_seed=True))
    return [
        ("`tablebits.sb3` VecEnv, 16 envs", rate(vec_stepper(vec_env(GAME, 16), 16))),
        ("SB3 `DummyVecEnv` of 4 `GameEnv`",
         rate(vec_stepper(DummyVecEnv([lambda: GameEnv(GAME) for _ in range(4)]), 4))),
        ("Tianshou `PettingZooEnv`", rate(tianshou)),
        ("Shimmy `OpenSpielCompatibilityV0`", rate(aec_loop(shim, rng))),
        ("OpenSpiel `rl_environment`", rate(rl)),
        ("RLlib `tablebits.rllib.MultiAgentGameEnv`", rate(rllib_env)),
        ("PettingZoo's own `leduc_holdem_v4`", rate(aec_loop(leduc_holdem_v4.env(), rng))),
        ("PettingZoo's own `tictactoe_v3`", rate(aec_loop(tictactoe_v3.env(), rng))),
        ("PettingZoo's own `connect_four_v3`", rate(aec_loop(connect_four_v3.env(), rng))),
    ]


def training_rows() -> list[tuple[str, float]]:
    """Training steps per second: MaskablePPO (SB3) and RLlib PPO self-play."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from tablebits.gymnasium import GameEnv
    from tablebits.sb3 import vec_env

    rows = []
    for name, env in (
        ("MaskablePPO training on `tablebits.sb3`, 16 envs", vec_env(GAME, 16)),
        ("MaskablePPO training on `DummyVecEnv` of 4 `GameEnv`",
         DummyVecEnv([lambda: GameEnv(GAME) for _ in range(4)])),
    ):
        model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4, seed=0)
        start = time.perf_counter()
        model.learn(8192)
        rows.append((name, 8192 / (time.perf_counter() - start)))
    rows.append(("RLlib PPO self-play training (masked module, 1 local env runner)", rllib_ppo()))
    return rows


def rllib_ppo(iterations: int = 3, batch: int = 2048) -> float:
    """Env steps sampled per second of RLlib PPO's ``train()`` (built outside the timing)."""
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    from tablebits.rllib import MultiAgentGameEnv

    algo = (
        PPOConfig()
        .environment(MultiAgentGameEnv, env_config={"game": GAME})
        .env_runners(num_env_runners=0)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, episode, **kw: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(
            rl_module_specs={"shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule)}))
        .training(train_batch_size_per_learner=batch, minibatch_size=256, num_epochs=4)
        .debugging(seed=0)
        .build_algo()
    )
    try:
        algo.train()  # warm-up: the first iteration builds what it needs
        start = time.perf_counter()
        before = algo.train()["env_runners"]["num_env_steps_sampled_lifetime"]
        for _ in range(iterations - 1):
            after = algo.train()["env_runners"]["num_env_steps_sampled_lifetime"]
        return float(after - before + batch) / (time.perf_counter() - start)
    finally:
        algo.stop()
        ray.shutdown()


def main() -> None:
    import torch

    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    load_before = os.getloadavg()
    rows = engine_rows(rng) + client_rows(rng) + training_rows()
    load_after = os.getloadavg()
    print("| path (Good Fortune unless named) | steps/s |\n|---|---:|")
    for name, value in rows:
        print(f"| {name} | {value:,.0f} |")
    print(f"\nload average (1, 5, 15 min): before {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} "
          f"{load_after[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
