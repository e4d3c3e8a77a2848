"""Steps per second through each trainer's path, in one run: ``python -m benchmarks.clients``
(in the trainers' venv, ``.ci/clients``).

Random legal moves (uniform among the mask) on Good Fortune through: the object API; the
PettingZoo AEC env; SB3's VecEnv over VectorGameEnv (``tablebits.sb3``, 16 envs) and over
``DummyVecEnv`` of 4 ``GameEnv``; Tianshou's ``PettingZooEnv``; Shimmy's
``OpenSpielCompatibilityV0``; OpenSpiel's ``rl_environment``; and PettingZoo's own classic
``tictactoe_v3`` and ``connect_four_v3`` AEC envs beside them. A "step" is one call of the
path's step (one decision; 16 or 4 learner decisions for the vector envs, counted as such).
Then MaskablePPO's training steps/s on ``tablebits.sb3`` (16 envs) and on 4 ``GameEnv``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

SECONDS = 2.0


def rate(step: Callable[[], int]) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        done += step()
    return done / elapsed


def aec_loop(env, rng) -> Callable[[], int]:
    env.reset(seed=0)

    def step() -> int:
        if not env.agents:
            env.reset()
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            return 1
        mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        return 1
    return step


def main() -> None:
    import torch
    from open_spiel.python import rl_environment
    from pettingzoo.classic import connect_four_v3, tictactoe_v3
    from sb3_contrib import MaskablePPO
    from shimmy import OpenSpielCompatibilityV0
    from stable_baselines3.common.vec_env import DummyVecEnv
    from tianshou.env.pettingzoo_env import PettingZooEnv

    import tablebits as tb
    from tablebits.gymnasium import GameEnv
    from tablebits.openspiel import load_game
    from tablebits.pettingzoo import env as aec_env
    from tablebits.sb3 import vec_env

    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    rows: list[tuple[str, float]] = []
    game = tb.make("good_fortune")
    box = {"s": game.new_initial_state(0)}

    def object_api() -> int:
        s = box["s"]
        if s.is_terminal():
            s = box["s"] = game.new_initial_state(int(rng.integers(2**31)))
        s.apply_action(int(rng.choice(s.legal_actions())))
        return 1
    rows.append(("object API (State.apply_action)", rate(object_api)))
    rows.append(("tablebits PettingZoo AEC env", rate(aec_loop(aec_env("good_fortune"), rng))))

    def vec_stepper(env, n) -> Callable[[], int]:
        env.reset()

        def step() -> int:
            masks = np.stack(env.env_method("action_masks"))
            env.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            return n
        return step
    sb3_env = vec_env("good_fortune", 16)
    rows.append(("tablebits.sb3 VecEnv, 16 envs", rate(vec_stepper(sb3_env, 16))))
    dummy = DummyVecEnv([lambda: GameEnv("good_fortune") for _ in range(4)])
    rows.append(("SB3 DummyVecEnv of 4 GameEnv", rate(vec_stepper(dummy, 4))))

    ts_env = PettingZooEnv(aec_env("good_fortune"))
    ts_box = {"obs": ts_env.reset(seed=0)[0]}

    def tianshou() -> int:
        legal = np.flatnonzero(ts_box["obs"]["mask"])
        obs, _, term, trunc, _ = ts_env.step(int(rng.choice(legal)))
        ts_box["obs"] = ts_env.reset()[0] if term or trunc else obs
        return 1
    rows.append(("Tianshou PettingZooEnv", rate(tianshou)))
    shim = OpenSpielCompatibilityV0(game_name="tablebits_good_fortune",
                                    config={"chance_seed": True})
    rows.append(("Shimmy OpenSpielCompatibilityV0", rate(aec_loop(shim, rng))))
    rl_env = rl_environment.Environment(load_game("good_fortune", chance_seed=True), seed=0)
    rl_box = {"t": rl_env.reset()}

    def rl() -> int:
        t = rl_box["t"]
        if t.last():
            t = rl_env.reset()
        p = t.observations["current_player"]
        rl_box["t"] = rl_env.step([int(rng.choice(t.observations["legal_actions"][p]))])
        return 1
    rows.append(("OpenSpiel rl_environment", rate(rl)))
    rows.append(("PettingZoo tictactoe_v3 (theirs)", rate(aec_loop(tictactoe_v3.env(), rng))))
    rows.append(("PettingZoo connect_four_v3 (theirs)",
                 rate(aec_loop(connect_four_v3.env(), rng))))

    for name, env in (("MaskablePPO.learn on tablebits.sb3, 16 envs", vec_env("good_fortune", 16)),
                      ("MaskablePPO.learn on DummyVecEnv of 4 GameEnv", DummyVecEnv(
                          [lambda: GameEnv("good_fortune") for _ in range(4)]))):
        model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4, seed=0)
        start = time.perf_counter()
        model.learn(8192)
        rows.append((name, 8192 / (time.perf_counter() - start)))

    print("| path (Good Fortune unless named) | steps/s |\n|---|---:|")
    for name, value in rows:
        print(f"| {name} | {value:,.0f} |")


if __name__ == "__main__":
    main()
