"""Command line: ``tablebits simulate GAME --games N``,
``tablebits arena GAME --bots ismcts:1000 random --games N``, ``tablebits play GAME`` and
``tablebits replay FILE`` (also ``python -m tablebits``)."""

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


def main(argv: list[str] | None = None) -> int:
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
        help="random, ismcts or ismcts:ITERATIONS[@EXPLORATION]; with fewer bots than seats "
        "the last one fills the rest",
    )
    add_output_options(sim, records=False)
    add_output_options(arena, records=True)
    add_play_parser(sub, tb.games())
    add_replay_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "play":
        return run_play(args)
    if args.command == "replay":
        return run_replay(args)
    job = dict(
        games=args.games, seed=args.seed, threads=args.threads,
        progress=not args.no_progress, **dict(args.param),
    )
    try:
        check_outputs(args)
        if args.command == "arena":
            bots = [tb.bots.parse(spec) for spec in args.bots]
            result: Any = tb.arena(args.game, bots, records=args.records, **job)
        else:
            result = tb.simulate(args.game, **job)
    except (ValueError, TypeError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    emit(result, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
