"""Command line: ``tablebits simulate GAME --games N``,
``tablebits arena GAME --bots ismcts:1000 random --games N``,
``tablebits ladder GAME --bots random ismcts:100 ismcts:1000 --games N``,
``tablebits exploitability GAME --bot ismcts:100``, ``tablebits play GAME``,
``tablebits replay FILE``, ``tablebits sweep GAME --param NAME=V1,V2`` and ``tablebits serve``
(also ``python -m tablebits``)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .. import _build_info
from .._registry import games
from .._version import __version__
from ..arena import arena
from ..errors import OutputError
from ..simulate import simulate
from ..strength.ladder import ladder
from ..train import command as train_command
from .errors import USAGE_ERRORS, error_line, output_error_line
from .exploitability import add_exploitability_parser, run_exploitability
from .options import (
    AGAIN,
    BOTS_HELP,
    add_job_options,
    add_output_options,
    add_params,
    add_time_limit_option,
    check_outputs,
    emit,
)
from .play import add_play_parser, add_replay_parser, run_play, run_replay
from .serve import add_serve_parser, run_serve
from .sweep import add_sweep_parser, run_sweep

#: Above this many games the CLI keeps only the summary (it prints nothing per game anyway).
KEEP_GAMES_LIMIT = 1_000_000



def main(argv: list[str] | None = None) -> int:
    """Runs one command; Ctrl-C prints one line and exits 130 (128 + SIGINT), no traceback; a
    closed output pipe (``| head``) exits 141 (128 + SIGPIPE) quietly, as Unix tools do."""
    try:
        code = run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's final flush
        return code
    except KeyboardInterrupt:
        print("tablebits: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Python's final flush of stdout would fail again and print a warning: point it at
        # /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


def version_line() -> str:
    """``tablebits --version``: the version, the engine build this CPU runs, and its target."""
    builds = ", ".join(_build_info.BUILDS)
    return (f"tablebits {__version__} (engine: {_build_info.ARCH}; builds: {builds}; "
            f"for {_build_info.TARGET})")


def run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="tablebits", description=__doc__)
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games in C++ and summarise them")
    add_job_options(sim, games(), 100_000)
    arena_cmd = sub.add_parser(
        "arena", help="play bots against each other in C++ (seats rotate) and summarise"
    )
    add_job_options(arena_cmd, games(), 1000)
    arena_cmd.add_argument(
        "--bots", nargs="+", required=True, metavar="BOT",
        help=BOTS_HELP + "; with fewer bots than seats the last one fills the rest",
    )
    add_time_limit_option(arena_cmd)
    add_output_options(sim, records=False)
    add_output_options(arena_cmd, records=True)
    add_ladder_parser(sub, games())
    add_exploitability_parser(sub, games())
    add_play_parser(sub, games())
    add_replay_parser(sub)
    add_sweep_parser(sub, games())
    add_serve_parser(sub)
    train_cmd = sub.add_parser("train", help="train a Baseline network (needs torch: [train])")
    train_command.add_arguments(train_cmd, games())
    args = parser.parse_args(argv)
    if args.command == "train":
        return train_command.run(args)
    if args.command == "ladder":
        return run_ladder(args)
    if args.command == "exploitability":
        return run_exploitability(args)
    if args.command == "play":
        return run_play(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "sweep":
        return run_sweep(args)
    if args.command == "serve":
        return run_serve(args)
    job = dict(
        games=args.games, seed=args.seed, threads=args.threads,
        progress=not args.no_progress, backend=args.backend, address=args.address,
        keep_games=args.games <= KEEP_GAMES_LIMIT,
    )
    unsaved: OutputError | None = None
    try:
        add_params(job, args.param)
        check_outputs(args)
        per_game_output = args.json or args.plot is not None or getattr(args, "records", None)
        if per_game_output and not job["keep_games"]:
            raise ValueError(
                f"--json, --plot and --records work from every game's row: use --games "
                f"{KEEP_GAMES_LIMIT:,} or fewer (above that only the summary table is kept)"
            )
        if args.command == "arena":
            seated = list(args.bots)  # arena parses them for its game (baseline needs it)
            try:
                result: Any = arena(args.game, seated, records=args.records,
                                    reproducible=not args.allow_time_limits, **job)
            except OutputError as err:  # the games were played: their results come first
                result, unsaved = err.result, err
        else:
            result = simulate(args.game, **job)
    except USAGE_ERRORS as err:
        print(error_line(err), file=sys.stderr)
        return 2
    code = emit(result, args)
    if unsaved is not None:
        print(output_error_line("--records", args.records, unsaved,
                                AGAIN.format(flag="--records")), file=sys.stderr)
        return 2
    return code


def add_ladder_parser(sub: Any, game_ids: list[str]) -> None:
    """``tablebits ladder GAME --bots random ismcts:100 ... --games N``."""
    ladder_cmd = sub.add_parser(
        "ladder", help="rate bots: every pair plays an arena; Elo ratings with random at 0"
    )
    add_job_options(ladder_cmd, game_ids, 200)
    ladder_cmd.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                            help=BOTS_HELP + "; random must be among them")
    add_time_limit_option(ladder_cmd)
    add_output_options(ladder_cmd, records=False)


def run_ladder(args: argparse.Namespace) -> int:
    """``tablebits ladder``: the table (or JSON) and the plot; summary mode (the ladder needs
    only each arena's statistics); 2 on bad arguments."""
    try:
        check_outputs(args)
        job: dict[str, Any] = dict(
            games=args.games, seed=args.seed, threads=args.threads,
            progress=not args.no_progress, backend=args.backend, address=args.address,
            keep_games=False, reproducible=not args.allow_time_limits,
        )
        add_params(job, args.param)
        result = ladder(args.game, args.bots, **job)
    except USAGE_ERRORS as err:
        print(error_line(err), file=sys.stderr)
        return 2
    return emit(result, args)


if __name__ == "__main__":
    sys.exit(main())
