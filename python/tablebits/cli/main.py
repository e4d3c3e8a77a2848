"""Command line: ``tablebits simulate GAME --games N``,
``tablebits arena GAME --bots ismcts:1000 random --games N``, ``tablebits play GAME`` and
``tablebits replay FILE``, ``tablebits sweep GAME --param NAME=V1,V2`` (also
``python -m tablebits``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import bots
from .._registry import games
from ..arena import arena
from ..simulate import simulate
from .options import add_job_options, add_output_options, check_outputs, emit
from .play import add_play_parser, add_replay_parser, run_play, run_replay
from .sweep import add_sweep_parser, run_sweep

#: Above this many games the CLI keeps only the summary (it prints nothing per game anyway).
KEEP_GAMES_LIMIT = 1_000_000


def main(argv: list[str] | None = None) -> int:
    """Runs one command; Ctrl-C prints one line and exits 130 (128 + SIGINT), no traceback."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("tablebits: interrupted", file=sys.stderr)
        return 130


def run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="tablebits", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games in C++ and summarise them")
    add_job_options(sim, games(), 100_000)
    arena_cmd = sub.add_parser(
        "arena", help="play bots against each other in C++ (seats rotate) and summarise"
    )
    add_job_options(arena_cmd, games(), 1000)
    arena_cmd.add_argument(
        "--bots", nargs="+", required=True, metavar="BOT",
        help="random, ismcts or ismcts:ITERATIONS[@EXPLORATION]; with fewer bots than seats "
        "the last one fills the rest",
    )
    add_output_options(sim, records=False)
    add_output_options(arena_cmd, records=True)
    add_play_parser(sub, games())
    add_replay_parser(sub)
    add_sweep_parser(sub, games())
    args = parser.parse_args(argv)
    if args.command == "play":
        return run_play(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "sweep":
        return run_sweep(args)
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
            seated = [bots.parse(spec) for spec in args.bots]
            result: Any = arena(args.game, seated, records=args.records, **job)
        else:
            result = simulate(args.game, **job)
    except (ValueError, TypeError, MemoryError, ConnectionError, ImportError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    emit(result, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
