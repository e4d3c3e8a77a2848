"""Command line: ``tablebits simulate GAME --games N`` and
``tablebits arena GAME --bots ismcts:1000 random --games N`` (also ``python -m tablebits``)."""

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


def main(argv: list[str] | None = None) -> int:
    import tablebits as tb

    parser = argparse.ArgumentParser(prog="tablebits", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games in C++ and summarise them")
    sim.add_argument("game", choices=tb.games())
    sim.add_argument("--games", type=int, default=100_000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--threads", type=int, default=None, help="default: every core")
    sim.add_argument(
        "--param", type=parse_param, action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, e.g. --param variant=guess (repeatable)",
    )
    sim.add_argument("--no-progress", action="store_true")
    add_arena_parser(sub, tb.games())
    args = parser.parse_args(argv)
    if args.command == "arena":
        return run_arena(args)

    try:
        result = tb.simulate(
            args.game, args.games, seed=args.seed, threads=args.threads,
            progress=not args.no_progress, **dict(args.param),
        )
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(result.summary())
    return 0


def add_arena_parser(sub: Any, game_ids: list[str]) -> None:
    arena = sub.add_parser(
        "arena", help="play bots against each other in C++ (seats rotate) and summarise"
    )
    arena.add_argument("game", choices=game_ids)
    arena.add_argument(
        "--bots", nargs="+", required=True, metavar="BOT",
        help="random, ismcts or ismcts:ITERATIONS[@EXPLORATION]; with fewer bots than seats "
        "the last one fills the rest",
    )
    arena.add_argument("--games", type=int, default=1000)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--threads", type=int, default=None, help="default: every core")
    arena.add_argument(
        "--param", type=parse_param, action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, e.g. --param players=4 (repeatable)",
    )
    arena.add_argument("--no-progress", action="store_true")


def run_arena(args: argparse.Namespace) -> int:
    import tablebits as tb

    try:
        bots = [tb.bots.parse(spec) for spec in args.bots]
        result = tb.arena(
            args.game, bots, games=args.games, seed=args.seed, threads=args.threads,
            progress=not args.no_progress, **dict(args.param),
        )
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(result.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
