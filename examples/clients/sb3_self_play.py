"""sb3-contrib's MaskablePPO trains against a growing pool of its own past policies.

Each generation trains ``steps`` steps in a ``VectorGameEnv`` whose other seat is drawn per game
from the pool (random play and every earlier snapshot, equally likely), with the learner's seat
rotating per game. After each generation the policy is exported to the weights format
(``tablebits.sb3.export_policy``) and joins the pool: the snapshots play as ``tb.bots.Policy``,
in C++ inside the env's step, so no Python runs per opponent move. At the end ``tb.ladder``
rates every snapshot (Elo, random at 0) from games between all of them.

    python examples/clients/sb3_self_play.py [generations] [steps] [folder]

writes ``folder/gen<k>.npz`` (default: a temporary folder) and prints the ladder.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO

import tablebits as tb
from tablebits.sb3 import export_policy, vec_env

GAME = "good_fortune"


def self_play(folder: Path, generations: int, steps: int, num_envs: int = 32,
              seed: int = 0) -> list[Path]:
    """Trains ``generations`` times ``steps`` steps; the snapshots' files, oldest first."""
    env = vec_env(GAME, num_envs, seed=seed, rotate_seats=True)  # random opponents at first
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=4, learning_rate=1e-3,
        gamma=1.0,  # the only reward is the win share at the end of the game
        policy_kwargs={"activation_fn": torch.nn.ReLU},  # the C++ network's activation
        seed=seed, device="cpu",
    )
    snapshots: list[Path] = []
    for generation in range(1, generations + 1):
        model.learn(steps, reset_num_timesteps=False)
        path = folder / f"gen{generation:02d}.npz"
        export_policy(model, path, training={"generation": generation,
                                             "steps": generation * steps})
        snapshots.append(path)
        # From each env's next game on: random play or any snapshot, equally likely.
        env.env.set_opponents(["random", *snapshots])
    return snapshots


def rate(snapshots: list[Path], games: int, seed: int = 1) -> tb.LadderResult:
    """Every snapshot and random play, each pair ``games`` games (seats rotating)."""
    return tb.ladder(GAME, ["random", *(str(p) for p in snapshots)], games=games, seed=seed,
                     threads=2)


def main(generations: int, steps: int, folder: Path) -> None:
    torch.set_num_threads(1)  # small networks: threads cost more than they give
    snapshots = self_play(folder, generations, steps)
    ladder = rate(snapshots, games=200)
    print(ladder.summary())
    best = max(range(len(snapshots)), key=lambda k: ladder.ratings[k + 1].mean)
    print(f"strongest snapshot: {snapshots[best].name}, Elo {ladder.ratings[best + 1].mean:+.0f} "
          "(random: 0)")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
    if len(sys.argv) > 3:
        out = Path(sys.argv[3])
        out.mkdir(parents=True, exist_ok=True)
        main(count, per, out)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(count, per, Path(tmp))
