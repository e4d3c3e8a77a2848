"""The command line's shared options: ``--param`` (every command), the job options of
simulate, arena and ladder, the bots of arena and ladder (``--bots`` help,
``--allow-time-limits``), and their outputs (``--json``, ``--plot``, ``--records``) with
``emit``."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any

from .._paths import check_writable
from .._registry import short_repr
from .errors import output_error_line


def parse_param(text: str) -> tuple[str, Any]:
    """``name=value``; the value is read as JSON when it parses (numbers, bools, lists)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def add_param_option(parser: argparse.ArgumentParser, example: str) -> None:
    """``--param NAME=VALUE`` (repeatable): the game's parameters, for every command."""
    parser.add_argument(
        "--param", type=parse_param, action="append", default=[], metavar="NAME=VALUE",
        help=f"a game parameter, e.g. --param {example} (repeatable)",
    )


def add_params(job: dict[str, Any], params: list[tuple[str, Any]]) -> None:
    """Adds the ``--param`` pairs to ``job``'s keyword arguments; ValueError for a name that is
    one of the command's own options (``games=``, ``seed=``, ``keep_games=``, ``records=``...),
    which would otherwise override that option or clash with it."""
    for name, value in params:
        if name in job or name == "records":
            raise ValueError(f"--param {name}=...: {name} is not a game parameter "
                             "(use the command's own option)")
        job[name] = value


def game_choice(games: list[str]) -> Any:
    """An argparse type: a registered game id; the error cuts a long id short."""

    def parse(text: str) -> str:
        if text not in games:
            raise argparse.ArgumentTypeError(
                f"unknown game {short_repr(text)}; choose one of: {', '.join(games)}"
            )
        return text

    return parse


def parse_games(text: str) -> int:
    """A game count, also in scientific notation (``1e6``); the command checks its range."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of games, got {text!r}") from None
    if not math.isfinite(value) or value != int(value):
        raise argparse.ArgumentTypeError(f"expected a whole number of games, got {text!r}")
    return int(value)


def add_job_options(parser: argparse.ArgumentParser, games: list[str], default_games: int,
                    params: bool = True) -> None:
    """The options every C++ job shares (simulate, arena, ladder, sweep): game, games, seed,
    threads, progress, backend and address; with ``params``, ``--param NAME=VALUE`` too (sweep
    has its own, with lists of values)."""
    parser.add_argument("game", type=game_choice(games), metavar="GAME")
    parser.add_argument(
        "--games", type=parse_games, default=default_games, metavar="N",
        help="how many games to play (default: %(default)s); 1e6 reads as 1000000",
    )
    parser.add_argument(
        "--seed", type=int, default=0,
        help="game i is determined by (seed, i) alone: same seed, same games (default: 0)",
    )
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    if params:
        add_param_option(parser, "variant=guess or players=4")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--backend", choices=["local", "ray"], default="local",
        help="local threads, or Ray tasks (pip install 'tablebits[ray]'; docs/distributed.md)",
    )
    parser.add_argument(
        "--address", default=None,
        help="with --backend ray: 'auto' or ray://HOST:PORT joins a cluster (default: local)",
    )


#: How ``--bots`` names a bot (arena and ladder), as ``tablebits.bots.parse`` reads it.
BOTS_HELP = (
    "random, ismcts or ismcts:BUDGET[@EXPLORATION][^PREDICT], BUDGET being ITERATIONS, a "
    "time per decision (20ms, 0.5s; needs --allow-time-limits) or ITERATIONS/TIME, PREDICT "
    "the budget's share for predicting the others at simultaneous nodes; "
    "pimc:SAMPLES[@DEPTH] (Fox Duet; SAMPLES a count, a time or both, as BUDGET); baseline or "
    "baseline:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT] (PUCT with the "
    "shipped network; C_PUCT: the weight of its priors, MIX: the weight of playouts in its "
    "leaf values, PLAYOUT_VISITS: a new node's visits valued by a playout alone); "
    "PATH.npz:BUDGET[@C_PUCT][~MIX][+PLAYOUT_VISITS][^PREDICT] (the same with a network "
    "tablebits train wrote); PATH.npz[@greedy] (that network's policy, no search)"
)


def add_time_limit_option(parser: argparse.ArgumentParser) -> None:
    """``--allow-time-limits`` (arena and ladder): the ``reproducible=False`` opt-in."""
    parser.add_argument(
        "--allow-time-limits", action="store_true",
        help="let time-limited bots (ismcts:20ms) play: the results then depend on this "
        "machine's speed and load, and the same seed no longer gives the same games",
    )


def add_output_options(parser: argparse.ArgumentParser, records: bool) -> None:
    """``--json`` and ``--plot`` (simulate, arena and ladder), and ``--records`` (arena)."""
    parser.add_argument("--json", action="store_true",
                        help="print the summary as JSON instead of a table")
    parser.add_argument("--plot", metavar="PNG", default=None,
                        help="also draw the results to this image file (needs tablebits[plot])")
    if records:
        parser.add_argument("--records", metavar="JSONL", default=None,
                            help="save every game's record to this JSON Lines file")
        add_force_option(parser)


def add_force_option(parser: argparse.ArgumentParser) -> None:
    """``--force``: lets ``--records`` replace an existing file."""
    parser.add_argument("--force", action="store_true",
                        help="let --records replace an existing file (refused otherwise)")


def check_records_path(path: str, force: bool) -> None:
    """ValueError, before any work, when ``path`` cannot be written or would replace a file
    without ``--force`` (a record file is never silently overwritten)."""
    target = check_writable(path)
    if target.exists() and not force:
        raise ValueError(f"{path} exists; pass --force to replace it, or choose another file")


def check_outputs(args: argparse.Namespace) -> None:
    """Fails early (ValueError / ImportError) on an output that could not be written."""
    if args.plot is not None:
        from ..figures.results import check_plot_path

        check_plot_path(args.plot)
    if getattr(args, "records", None) is not None:
        check_records_path(args.records, args.force)


#: The hint after an output that failed once the results were printed: how to make it again.
AGAIN = ("the same command with another {flag} path makes it again (the same --seed plays the "
         "same games)")


def write_output(flag: str, path: str, write: Callable[[], object],
                 hint: str | None = None) -> bool:
    """Runs ``write``, an output written once the results are printed; if it fails, prints one
    line naming ``flag``, ``path`` and the reason, then ``hint`` (default: how to run again),
    and returns False."""
    try:
        write()
    except (OSError, ValueError) as err:
        advice = AGAIN.format(flag=flag) if hint is None else hint
        print(output_error_line(flag, path, err, advice), file=sys.stderr)
        return False
    return True


def emit(result: Any, args: argparse.Namespace) -> int:
    """Prints the summary (table or JSON), then draws the plot if one was asked for: 0, or 2
    (after the summary, with one line on stderr) if the plot could not be written."""
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.summary())
    sys.stdout.flush()  # the results come before any error line
    if args.plot is not None:
        if not write_output("--plot", args.plot, lambda: result.plot(args.plot)):
            return 2
        if not args.json:
            print(f"plot saved to {args.plot}")
    return 0
