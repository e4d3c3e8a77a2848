"""The training loop: rounds of teacher games, each followed by epochs of supervised fitting of
the network (torch), a checkpoint and the exported numpy weights.

Files in ``out`` (every one written atomically: a temporary file, then ``os.replace``):

- ``checkpoint.pt``: the configuration, the round reached, the network and optimiser state,
  the replay window's positions and the history; the run resumes from it;
- ``<game>.npz``: the run's network (``tablebits.bots.weights``), ready for
  ``Baseline(weights=...)``: the latest weights, or with a PUCT teacher the last accepted
  generation;
- ``rounds/round<k>.npz``: the weights after each round (for training curves);
- ``generations/gen<n>.npz`` (PUCT teacher): each accepted generation, ``gen0000`` the start;
- ``history.json``: per round, games played so far, positions in the window, the loss, and with
  a PUCT teacher the gate's result (with ``gate_against``, also the candidate's and the
  accepted network's parts of the wins against that bot: the run's curve).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from .._checks import check_non_negative_int, check_positive_int, check_seed
from .._core import Game
from .._paths import write_atomically
from ..bots.weights import Network, load_weights, save_weights, shipped_path
from ..jobs import runner
from .gate import check_opponent, gate_share
from .selfplay import TEACHERS, Batch, Teacher, play_games, play_games_on_ray

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
    #: ``ismcts``; ``puct``: expert iteration, PUCT with the run's accepted network; ``pimc``
    #: (cooperative games with the team solver)
    teacher: str = "ismcts"
    teacher_mix: float = 0.5  #: a PUCT teacher's rollout_mix
    warm_start: bool = False  #: start from the shipped network for these parameters
    #: a weights file (``.npz``) of these parameters to start from instead, such as another
    #: run's network: a stronger teacher's run need not relearn what a weaker one taught
    start_from: str = ""
    gate_games: int = 200  #: PUCT teacher: games of each candidate against the accepted network
    gate_iterations: int = 200  #: PUCT iterations per decision in those games
    #: the candidate's share of the wins (a cooperative game: its team win rate over the
    #: accepted network's, plus share - 0.5) it needs to become the teacher
    gate_share: float = 0.55
    #: a reproducible bot (``ismcts:4000``): the gate plays each network, one seat among its
    #: copies, instead of the two networks against each other (``train.gate``)
    gate_against: str = ""

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


def _load_arrays(torch: Any, net: Any, network: Network) -> None:
    """Sets ``net``'s parameters to ``network``'s (a warm start); ``ValueError`` when the
    layers differ."""
    layers = [*net.hidden, net.policy, net.value]
    pairs = [*network.hidden, network.policy, network.value]
    shapes = [tuple(layer.weight.shape[::-1]) for layer in layers]
    if shapes != [w.shape for w, _ in pairs]:
        raise ValueError(f"the starting network's layers are {[w.shape for w, _ in pairs]}, "
                         f"this run's {shapes}: pass --hidden to match it, or start from "
                         "scratch")
    with torch.no_grad():
        for layer, (w, b) in zip(layers, pairs, strict=True):
            layer.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))
            layer.bias.copy_(torch.from_numpy(b))


def starting_weights(game: Game, start_from: str) -> Path:
    """The file a run that does not begin from scratch begins at: ``start_from``, else the
    network shipped for ``game``'s parameters (``ValueError`` when there is none)."""
    return Path(start_from) if start_from else shipped_path(game.id, game.params)


@dataclass(frozen=True)
class Accepted:
    """The network expert iteration's teacher searches with: generation ``generation``, kept in
    ``generations/gen<n>.npz`` (and as the run's ``<game>.npz``)."""

    generation: int
    path: Path
    network: Network

    @staticmethod
    def start(folder: Path, game: Game, arrays: dict[str, np.ndarray], generation: int,
              playing: dict[str, Any]) -> Accepted:
        """Generation ``generation`` of the run in ``folder`` (the checkpoint's); generation 0
        is written from ``arrays``, the network the run starts from, when it is not there, with
        ``playing`` (``save_weights``'s ``rollout_mix``, ``playout_visits`` and ``predict``)."""
        path = folder / "generations" / f"gen{generation:04d}.npz"
        if generation == 0 and not path.exists():
            path.parent.mkdir(exist_ok=True)
            save_weights(path, game, arrays, {"generation": 0}, **playing)
            save_weights(folder / f"{game.id}.npz", game, arrays, {"generation": 0}, **playing)
        return Accepted(generation, path, load_weights(path, game))

    def promote(self, candidate: Path, game: Game, folder: Path) -> Accepted:
        """The next generation: ``candidate``'s weights, written to ``generations/`` and as the
        run's network."""
        network = load_weights(candidate, game)
        generation = self.generation + 1
        path = folder / "generations" / f"gen{generation:04d}.npz"
        training = {**network.training, "generation": generation}
        for target in (path, folder / f"{game.id}.npz"):
            save_weights(target, game, network.arrays(), training, network.rollout_mix,
                         playout_visits=network.playout_visits, predict=network.predict)
        return Accepted(generation, path, load_weights(path, game))


def _load_checkpoint(torch: Any, path: Path) -> dict[str, Any]:
    try:
        return dict(torch.load(path, weights_only=True))
    except Exception as err:  # torch raises many kinds for a damaged file
        raise ValueError(f"checkpoint {path} cannot be read ({err}); delete it to start over") \
            from None


def train(game: Game, out: str | os.PathLike[str], config: TrainConfig, *, threads: int = 1,
          progress: bool = True, rollout_mix: float = 0.0, playout_visits: int = 0,
          predict: float = 0.0, backend: str = "local",
          address: str | None = None) -> list[dict[str, Any]]:
    """Runs (or resumes, if ``out/checkpoint.pt`` exists) the training run ``config`` of
    ``game`` into the folder ``out``; returns the history, one entry per round.

    The same configuration gives the same weights, whether run at once or interrupted and
    resumed any number of times: round ``k``'s games and fitting are seeded from
    ``(seed, k)`` only, and a checkpoint is written only between rounds. ``threads`` plays
    that many teacher games at once (the results do not depend on it). ``rollout_mix``,
    ``playout_visits`` and ``predict`` are stored with the weights: the settings ``Baseline``
    plays them with by default (they do not change a distilling run, so it may be resumed
    with others; an expert iteration run's gate plays the networks with them).
    ``backend="ray"`` plays each round's
    games, and the gate's, as Ray tasks (``address`` as in ``tb.simulate``), the same games as
    a local run; the fitting stays in this process. The fitting runs on one
    torch thread (``torch.set_num_threads(1)``, for the whole process): the networks are small,
    and a fixed thread count keeps the sums, so the weights, the same from run to run.
    """
    # The options first: a bad one is named even where torch is missing.
    check_seed(config.seed)
    for name in ("rounds", "games_per_round", "teacher_iterations", "epochs", "batch",
                 "window"):
        check_positive_int(getattr(config, name), name)
    check_positive_int(threads, "threads")
    runner.RunOptions(backend=backend, address=address)  # checks them
    playing: dict[str, Any] = {"rollout_mix": rollout_mix,
                               "playout_visits": check_non_negative_int(playout_visits,
                                                                        "playout_visits"),
                               "predict": predict}
    if isinstance(predict, bool) or not isinstance(predict, (int, float)) \
            or not 0.0 <= predict < 1.0:
        raise ValueError(f"predict must be in [0, 1), got {predict!r}")
    for name, value in (("rollout_mix", rollout_mix), ("value_mix", config.value_mix)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be in [0, 1], got {value!r}")
    if config.warm_start and config.start_from:
        raise ValueError("warm_start and start_from both name the network to start from: "
                         "pass one")
    if config.teacher not in TEACHERS:
        raise ValueError(f"teacher must be one of {', '.join(TEACHERS)}, got {config.teacher!r}")
    if config.teacher == "puct":
        check_positive_int(config.gate_games, "gate_games")
        check_positive_int(config.gate_iterations, "gate_iterations")
        for name in ("teacher_mix", "gate_share"):
            if not 0.0 <= getattr(config, name) <= 1.0:
                raise ValueError(f"{name} must be in [0, 1], got {getattr(config, name)!r}")
        if config.gate_against:
            check_opponent(game, config.gate_against)
    torch = _torch()
    torch.set_num_threads(1)
    folder = Path(out)
    (folder / "rounds").mkdir(parents=True, exist_ok=True)
    sizes = (int(np.prod(game.observation_shape)), game.num_actions, game.num_players)
    torch.manual_seed(config.seed)
    net = _model(torch, config, sizes)
    checkpoint = folder / "checkpoint.pt"
    # A resumed run has its weights in the checkpoint: the starting file may be gone by then.
    if (config.warm_start or config.start_from) and not checkpoint.exists():
        _load_arrays(torch, net, load_weights(starting_weights(game, config.start_from), game))
    optimiser = torch.optim.AdamW(net.parameters(), lr=config.lr,
                                  weight_decay=config.weight_decay)
    window: list[Batch] = []
    history: list[dict[str, Any]] = []
    start = 0
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
    generation = int(saved.get("generation", 0)) if checkpoint.exists() else 0
    accepted = Accepted.start(folder, game, _arrays(net), generation, playing) \
        if config.teacher == "puct" else None
    bar = _bar(progress, config, start)
    try:
        for k in range(start, config.rounds):
            bar.set_description(f"{game.id} round {k + 1}/{config.rounds}")
            teacher = Teacher(config.teacher, config.teacher_iterations,
                              accepted.network if accepted else None, config.teacher_mix)
            if backend == "ray":
                data = play_games_on_ray(game, config.games_per_round, teacher,
                                         config.explore_moves, config.seed, k, address,
                                         config.value_mix, on_game=lambda: bar.update(1))
            else:
                data = play_games(game, config.games_per_round, teacher, config.explore_moves,
                                  config.seed, k, threads, config.value_mix,
                                  on_game=lambda: bar.update(1))
            window = [*window, data][-config.window:]
            loss = _fit(torch, net, optimiser, Batch.concat(window), config, k)
            net.eval()
            entry: dict[str, Any] = {
                "round": k + 1, "games": (k + 1) * config.games_per_round,
                "positions": int(sum(len(b.obs) for b in window)), "loss": round(loss, 5)}
            history.append(entry)
            bar.set_postfix(loss=f"{loss:.3f}")
            arrays = _arrays(net)
            training = {**asdict(config), "rounds": k + 1, "games": entry["games"]}
            candidate = folder / "rounds" / f"round{k + 1:04d}.npz"
            save_weights(candidate, game, arrays, training, **playing)
            if accepted is None:
                save_weights(folder / f"{game.id}.npz", game, arrays, training, **playing)
            else:
                bar.set_description(f"{game.id} round {k + 1}/{config.rounds}: gate")
                gate = gate_share(game, candidate, accepted.path, config.gate_games,
                                  config.gate_iterations, config.seed, k, threads,
                                  config.gate_share, config.gate_against, backend, address)
                passed = gate.share >= gate.needed
                entry.update(gate_share=round(gate.share, 4), gate_needed=round(gate.needed, 4),
                             accepted=passed)
                if gate.against:
                    entry["gate_against"] = [round(part, 4) for part in gate.against]
                if passed:
                    accepted = accepted.promote(candidate, game, folder)
                entry["generation"] = accepted.generation
            state = {
                "config": asdict(config), "round": k + 1, "net": net.state_dict(),
                "optimiser": optimiser.state_dict(), "history": json.dumps(history),
                "generation": accepted.generation if accepted else 0,
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
