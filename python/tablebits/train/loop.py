"""The training loop: rounds of teacher games, each followed by epochs of supervised fitting of
the network (torch), a checkpoint and the exported numpy weights.

Files in ``out`` (every one written atomically: a temporary file, then ``os.replace``):

- ``checkpoint.pt``: the configuration, the round reached, the network and optimiser state,
  the replay window's positions and the history; the run resumes from it;
- ``<game>.npz``: the latest weights (``tablebits.weights``), ready for ``Baseline(weights=...)``;
- ``rounds/round<k>.npz``: the weights after each round (for training curves);
- ``history.json``: per round, games played so far, positions in the window, the loss.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from .._checks import check_positive_int, check_seed
from .._core import Game
from .._paths import write_atomically
from ..bots.weights import save_weights
from .selfplay import Batch, play_games

__all__ = ["TrainConfig", "train"]


@dataclass(frozen=True)
class TrainConfig:
    """What a run is: a checkpoint resumes only with the same configuration (``rounds``
    aside, which may grow)."""

    game: str
    params: dict[str, Any]
    seed: int = 0
    rounds: int = 20
    games_per_round: int = 50
    teacher_iterations: int = 2000
    explore_moves: int = 4
    window: int = 6  #: rounds of positions kept for fitting
    epochs: int = 4
    batch: int = 256
    lr: float = 2e-3
    hidden: tuple[int, ...] = (128, 128)
    value_mix: float = 0.0  #: 0: value targets are the game results; 1: the teacher's estimates
    weight_decay: float = 0.0  #: AdamW's decoupled weight decay (against over-fitting)
    teacher: str = "ismcts"  #: ``ismcts`` or ``pimc`` (cooperative games with the team solver)

    def same_run(self, other: TrainConfig) -> list[str]:
        """The fields (``rounds`` aside) in which ``other`` differs."""
        mine, theirs = asdict(self), asdict(other)
        return [k for k in mine if k != "rounds" and mine[k] != theirs[k]]


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise ImportError("training needs torch: pip install 'tablebits[train]'") from None
    return torch


def _model(torch: Any, config: TrainConfig, sizes: tuple[int, int, int]) -> Any:
    obs, actions, players = sizes
    nn = torch.nn

    class Net(torch.nn.Module):  # type: ignore[misc,name-defined]  # a module built at run time
        def __init__(self) -> None:
            super().__init__()
            widths = [obs, *config.hidden]
            pairs = zip(widths, widths[1:], strict=False)
            self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in pairs)
            self.policy = nn.Linear(widths[-1], actions)
            self.value = nn.Linear(widths[-1], players)

        def forward(self, x: Any) -> tuple[Any, Any]:
            for layer in self.hidden:
                x = torch.relu(layer(x))
            return self.policy(x), self.value(x)

    return Net()


def _arrays(net: Any) -> dict[str, np.ndarray]:
    """The network as ``tablebits.weights`` stores it (weights as (in, out) matrices)."""
    out = {}
    for i, layer in enumerate(net.hidden):
        out[f"hidden{i}_w"] = layer.weight.detach().numpy().T.copy()
        out[f"hidden{i}_b"] = layer.bias.detach().numpy().copy()
    for head in ("policy", "value"):
        layer = getattr(net, head)
        out[f"{head}_w"] = layer.weight.detach().numpy().T.copy()
        out[f"{head}_b"] = layer.bias.detach().numpy().copy()
    return out


def _fit(torch: Any, net: Any, optimiser: Any, data: Batch, config: TrainConfig,
         round_index: int) -> float:
    """Epochs over ``data``: cross-entropy towards the visit shares, plus the binary
    cross-entropy of each player's value (sigmoid) towards the returns; the mean loss of the
    last epoch."""
    gen = torch.Generator().manual_seed(config.seed * 1_000_003 + round_index)
    x, pi, v = (torch.from_numpy(a) for a in (data.obs, data.policy, data.value))
    net.train()
    total = 0.0
    for _ in range(config.epochs):
        order = torch.randperm(len(x), generator=gen)
        total, count = 0.0, 0
        for start in range(0, len(x), config.batch):
            idx = order[start:start + config.batch]
            logits, value = net(x[idx])
            policy_loss = -(pi[idx] * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
            value_loss = torch.nn.functional.binary_cross_entropy_with_logits(value, v[idx])
            loss = policy_loss + value_loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(idx)
            count += len(idx)
        total /= max(count, 1)
    return total


def _load_checkpoint(torch: Any, path: Path) -> dict[str, Any]:
    try:
        return dict(torch.load(path, weights_only=True))
    except Exception as err:  # torch raises many kinds for a damaged file
        raise ValueError(f"checkpoint {path} cannot be read ({err}); delete it to start over") \
            from None


def train(game: Game, out: str | os.PathLike[str], config: TrainConfig, *, threads: int = 1,
          progress: bool = True, rollout_mix: float = 0.0) -> list[dict[str, Any]]:
    """Runs (or resumes, if ``out/checkpoint.pt`` exists) the training run ``config`` of
    ``game`` into the folder ``out``; returns the history, one entry per round.

    The same configuration gives the same weights, whether run at once or interrupted and
    resumed any number of times: round ``k``'s games and fitting are seeded from
    ``(seed, k)`` only, and a checkpoint is written only between rounds. ``threads`` plays
    that many teacher games at once (the results do not depend on it). ``rollout_mix`` is
    stored with the weights: the mix ``Baseline`` plays them with by default (it does not change
    the training, so a run may be resumed with another). The fitting runs on one
    torch thread (``torch.set_num_threads(1)``, for the whole process): the networks are small,
    and a fixed thread count keeps the sums, so the weights, the same from run to run.
    """
    # The options first: a bad one is named even where torch is missing.
    check_seed(config.seed)
    for name in ("rounds", "games_per_round", "teacher_iterations", "epochs", "batch",
                 "window"):
        check_positive_int(getattr(config, name), name)
    check_positive_int(threads, "threads")
    for name, value in (("rollout_mix", rollout_mix), ("value_mix", config.value_mix)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be in [0, 1], got {value!r}")
    if config.teacher not in ("ismcts", "pimc"):
        raise ValueError(f"teacher must be 'ismcts' or 'pimc', got {config.teacher!r}")
    torch = _torch()
    torch.set_num_threads(1)
    folder = Path(out)
    (folder / "rounds").mkdir(parents=True, exist_ok=True)
    sizes = (int(np.prod(game.observation_shape)), game.num_actions, game.num_players)
    torch.manual_seed(config.seed)
    net = _model(torch, config, sizes)
    optimiser = torch.optim.AdamW(net.parameters(), lr=config.lr,
                                  weight_decay=config.weight_decay)
    window: list[Batch] = []
    history: list[dict[str, Any]] = []
    start = 0
    checkpoint = folder / "checkpoint.pt"
    if checkpoint.exists():
        saved = _load_checkpoint(torch, checkpoint)
        before = TrainConfig(**{**asdict(TrainConfig(game="", params={})), **saved["config"],
                                "hidden": tuple(saved["config"]["hidden"])})
        differ = before.same_run(config)
        if differ:
            raise ValueError(f"{checkpoint} belongs to another run (it differs in {differ}); "
                             "use another folder or the same settings")
        net.load_state_dict(saved["net"])
        optimiser.load_state_dict(saved["optimiser"])
        window = [Batch(*(t.numpy() for t in part)) for part in saved["window"]]
        history = json.loads(saved["history"])
        start = int(saved["round"])
    bar = _bar(progress, config, start)
    try:
        for k in range(start, config.rounds):
            bar.set_description(f"{game.id} round {k + 1}/{config.rounds}")
            data = play_games(game, config.games_per_round, config.teacher_iterations,
                              config.explore_moves, config.seed, k, threads,
                              config.value_mix, config.teacher,
                              on_game=lambda: bar.update(1))
            window = [*window, data][-config.window:]
            loss = _fit(torch, net, optimiser, Batch.concat(window), config, k)
            net.eval()
            entry = {"round": k + 1, "games": (k + 1) * config.games_per_round,
                     "positions": int(sum(len(b.obs) for b in window)), "loss": round(loss, 5)}
            history.append(entry)
            bar.set_postfix(loss=f"{loss:.3f}")
            arrays = _arrays(net)
            training = {**asdict(config), "rounds": k + 1, "games": entry["games"]}
            for path in (folder / "rounds" / f"round{k + 1:04d}.npz", folder / f"{game.id}.npz"):
                save_weights(path, game, arrays, training, rollout_mix)
            state = {
                "config": asdict(config), "round": k + 1, "net": net.state_dict(),
                "optimiser": optimiser.state_dict(), "history": json.dumps(history),
                "window": [[torch.from_numpy(a) for a in (b.obs, b.policy, b.value)]
                           for b in window],
            }
            write_atomically(checkpoint, partial(torch.save, state))
            write_atomically(folder / "history.json",
                             lambda f: f.write(json.dumps(history, indent=1).encode()))
    finally:
        bar.close()
    return history


def _bar(progress: bool, config: TrainConfig, start: int) -> Any:
    from tqdm import tqdm

    total = config.rounds * config.games_per_round
    return tqdm(total=total, initial=start * config.games_per_round, unit="game",
                disable=not progress, dynamic_ncols=True)
