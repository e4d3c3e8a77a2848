"""The command line of training, shared by ``tablebits train`` and ``python -m
tablebits.train``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields
from typing import Any

from .._core import Game
from .._registry import make
from ..bots.weights import load_weights
from .loop import TrainConfig, starting_weights, train

__all__ = ["add_arguments", "run"]

_HELP = {
    "seed": "seed of the run (the same seed and settings give the same weights)",
    "rounds": "rounds of games + fitting (a finished run given more rounds continues)",
    "games_per_round": "teacher games per round",
    "teacher_iterations": "ISMCTS iterations per teacher decision",
    "explore_moves": "decisions per game drawn from the visit shares (variety), then best",
    "window": "rounds of positions the network is fitted to",
    "epochs": "passes over the window per round",
    "batch": "positions per gradient step",
    "lr": "AdamW learning rate",
    "value_mix": "0: value targets are the game results; up to 1: the teacher's estimate",
    "weight_decay": "AdamW weight decay",
    "teacher": "ismcts; puct (expert iteration: PUCT with the run's accepted network plays "
               "itself); or pimc (Fox Duet: PIMC with --teacher-iterations samples)",
    "teacher_mix": "the PUCT teacher's rollout_mix",
    "warm_start": "start from the network shipped for these parameters (default: with "
                  "--teacher puct)",
    "start_from": "a weights file (.npz) of these parameters to start from instead of the "
                  "shipped network, such as another run's",
    "gate_games": "PUCT teacher: games of each new network against the accepted one",
    "gate_iterations": "PUCT iterations per decision in those games",
    "gate_share": "the share of the wins a new network needs to become the teacher",
    "gate_against": "a bot with iterations (e.g. ismcts:4000): the gate plays each network "
                    "against copies of it, and a new network needs the accepted one's part of "
                    "the wins + gate-share - 0.5 (default: the networks play each other)",
}


def add_arguments(parser: argparse.ArgumentParser, game_ids: list[str]) -> None:
    """The options of a training run."""
    parser.add_argument("game", choices=game_ids, metavar="GAME", help=", ".join(game_ids))
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a game parameter (JSON value for lists), repeatable")
    parser.add_argument("--out", default=None,
                        help="run folder (default: train-GAME); an existing checkpoint there "
                             "is resumed")
    defaults = TrainConfig(game="", params={})
    for f in fields(TrainConfig):
        if f.name == "warm_start":
            parser.add_argument("--warm-start", action=argparse.BooleanOptionalAction,
                                default=None, help=_HELP[f.name])
        elif f.name in _HELP:
            default = getattr(defaults, f.name)
            shown = " (default: %(default)s)" if default != "" else ""
            parser.add_argument(f"--{f.name.replace('_', '-')}", type=type(default),
                                default=default, help=_HELP[f.name] + shown)
    parser.add_argument("--hidden", type=int, nargs="+", default=None,
                        help="widths of the hidden layers (default: the shipped network's with "
                             f"--warm-start, the --start-from file's with it, else "
                             f"{' '.join(map(str, defaults.hidden))})")
    parser.add_argument("--rollout-mix", type=float, default=0.0,
                        help="the rollout_mix Baseline plays the network with by default, stored "
                             "with the weights (docs/strength.md; default: %(default)s)")
    parser.add_argument("--playout-visits", type=int, default=0,
                        help="the playout_visits Baseline plays the network with by default, "
                             "stored with the weights (docs/strength.md; default: %(default)s)")
    parser.add_argument("--predict", type=float, default=0.0,
                        help="the predict share Baseline plays the network with by default "
                             "(simultaneous nodes), stored with the weights (docs/search.md; "
                             "default: %(default)s)")
    parser.add_argument("--threads", type=int, default=1,
                        help="teacher games played at once (results do not depend on it; "
                             "default: %(default)s)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--backend", choices=["local", "ray"], default="local",
                        help="play each round's games, and the gate's, on local threads or as "
                             "Ray tasks (the same games; docs/distributed.md)")
    parser.add_argument("--address", default=None,
                        help="with --backend ray: 'auto' or ray://HOST:PORT joins a cluster "
                             "(default: this machine)")


def _params(pairs: list[str]) -> dict[str, Any]:
    import json

    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError(f"--param wants NAME=VALUE, got {pair!r}")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def _starting_widths(game: Game, start_from: str) -> tuple[int, ...]:
    """The hidden widths of the network a run begins from (``loop.starting_weights``)."""
    network = load_weights(starting_weights(game, start_from), game)
    return tuple(w.shape[1] for w, _ in network.hidden)


def run(args: argparse.Namespace) -> int:
    """Runs the training the options describe: 0 when done, 2 on bad options, 130 when
    interrupted (the last checkpoint stays: the same command resumes)."""
    try:
        game = make(args.game, **_params(args.param))
        if args.warm_start is None:
            args.warm_start = args.teacher == "puct" and not args.start_from
        if args.hidden is None:
            starts = args.warm_start or args.start_from
            args.hidden = _starting_widths(game, args.start_from) if starts \
                else TrainConfig.hidden
        config = TrainConfig(
            game=game.id, params=game.params, hidden=tuple(args.hidden),
            **{f.name: getattr(args, f.name) for f in fields(TrainConfig) if f.name in _HELP},
        )
        out = args.out or f"train-{game.id}"
        history = train(game, out, config, threads=args.threads, progress=not args.no_progress,
                        rollout_mix=args.rollout_mix, playout_visits=args.playout_visits,
                        predict=args.predict,
                        backend=args.backend, address=args.address)
    except (ValueError, TypeError, ImportError, ConnectionError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: run the same command again to resume from the last checkpoint",
              file=sys.stderr)
        return 130
    last = history[-1] if history else {}
    print(f"done: {last.get('games', 0)} games, loss {last.get('loss')}; weights in "
          f"{out}/{game.id}.npz")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m tablebits.train GAME [options]``."""
    from .._registry import games

    parser = argparse.ArgumentParser(prog="python -m tablebits.train",
                                     description="train a Baseline network (needs torch)")
    add_arguments(parser, list(games()))
    return run(parser.parse_args(argv))
