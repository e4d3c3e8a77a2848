"""Command line: ``tablebits simulate GAME --games N``,
``tablebits arena GAME --bots ismcts:1000 random --games N``,
``tablebits ladder GAME --bots random ismcts:100 ismcts:1000 --games N``, ``tablebits play GAME``
and ``tablebits replay FILE`` (also ``python -m tablebits``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def parse_param(text: str) -> tuple[str, Any]:
    """``name=value``; the value is read as JSON when it parses (numbers, bools, lists)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def add_job_options(parser: argparse.ArgumentParser, games: list[str], default_games: int) -> None:
    """The options every C++ job shares: game, games, seed, threads, parameters, progress."""
    parser.add_argument("game", choices=games)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument(
        "--param", type=parse_param, action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, e.g. --param variant=guess or players=4 (repeatable)",
    )
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--backend", choices=["local", "ray"], default="local",
        help="local threads, or Ray tasks (pip install 'tablebits[ray]'; docs/distributed.md)",
    )
    parser.add_argument(
        "--address", default=None,
        help="with --backend ray: 'auto' or ray://HOST:PORT joins a cluster (default: local)",
    )


#: Above this many games the CLI keeps only the summary (it prints nothing per game anyway).
KEEP_GAMES_LIMIT = 1_000_000

BOTS_HELP = (
    "random, ismcts or ismcts:BUDGET[@EXPLORATION], BUDGET being ITERATIONS, a time per "
    "decision (20ms, 0.5s; needs --allow-time-limits) or ITERATIONS/TIME"
)


def add_time_limit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-time-limits", action="store_true",
        help="let time-limited bots (ismcts:20ms) play: the results then depend on this "
        "machine's speed and load, and the same seed no longer gives the same games",
    )


def add_ladder_parser(sub: Any, games: list[str]) -> None:
    """``tablebits ladder GAME --bots random ismcts:100 ... --games N``."""
    from .cli_play import add_output_options

    ladder = sub.add_parser(
        "ladder", help="rate bots: every pair plays an arena; Elo ratings with random at 0"
    )
    add_job_options(ladder, games, 200)
    ladder.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                        help=BOTS_HELP + "; random must be among them")
    add_time_limit_option(ladder)
    add_output_options(ladder, records=False)


def run_ladder(args: argparse.Namespace) -> int:
    """``tablebits ladder``: the table (or JSON) and the plot; summary mode (the ladder needs
    only each arena's statistics); 2 on bad arguments."""
    from .cli_play import check_outputs, emit
    from .ladder import ladder

    try:
        check_outputs(args)
        result = ladder(
            args.game, args.bots, games=args.games, seed=args.seed, threads=args.threads,
            progress=not args.no_progress, backend=args.backend, address=args.address,
            keep_games=False, reproducible=not args.allow_time_limits, **dict(args.param),
        )
    except (ValueError, TypeError, ConnectionError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    emit(result, args)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Runs one command; Ctrl-C prints one line and exits 130 (128 + SIGINT), no traceback."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("tablebits: interrupted", file=sys.stderr)
        return 130


def run(argv: list[str] | None) -> int:
    import tablebits as tb

    from .cli_play import (
        add_output_options,
        add_play_parser,
        add_replay_parser,
        check_outputs,
        emit,
        run_play,
        run_replay,
    )

    parser = argparse.ArgumentParser(prog="tablebits", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games in C++ and summarise them")
    add_job_options(sim, tb.games(), 100_000)
    arena = sub.add_parser(
        "arena", help="play bots against each other in C++ (seats rotate) and summarise"
    )
    add_job_options(arena, tb.games(), 1000)
    arena.add_argument(
        "--bots", nargs="+", required=True, metavar="BOT",
        help=BOTS_HELP + "; with fewer bots than seats the last one fills the rest",
    )
    add_time_limit_option(arena)
    add_output_options(sim, records=False)
    add_output_options(arena, records=True)
    add_ladder_parser(sub, tb.games())
    add_play_parser(sub, tb.games())
    add_replay_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "ladder":
        return run_ladder(args)
    if args.command == "play":
        return run_play(args)
    if args.command == "replay":
        return run_replay(args)
    job = dict(
        games=args.games, seed=args.seed, threads=args.threads,
        progress=not args.no_progress, backend=args.backend, address=args.address,
        keep_games=args.games <= KEEP_GAMES_LIMIT, **dict(args.param),
    )
    try:
        check_outputs(args)
        per_game_output = args.json or args.plot is not None or getattr(args, "records", None)
        if per_game_output and not job["keep_games"]:
            raise ValueError(
                f"--json, --plot and --records work from every game's row: use --games "
                f"{KEEP_GAMES_LIMIT:,} or fewer (above that only the summary table is kept)"
            )
        if args.command == "arena":
            bots = [tb.bots.parse(spec) for spec in args.bots]
            result: Any = tb.arena(args.game, bots, records=args.records,
                                   reproducible=not args.allow_time_limits, **job)
        else:
            result = tb.simulate(args.game, **job)
    except (ValueError, TypeError, ConnectionError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    emit(result, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
