"""The command line's play and replay commands, and the output options of simulate and arena
(``--json``, ``--plot``, ``--records``)."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from typing import Any

from ._checks import check_seed
from ._core import SIMULTANEOUS, State
from .records import GameRecord, check_writable, load_records, replay, save_records


def add_output_options(parser: argparse.ArgumentParser, records: bool) -> None:
    """``--json`` and ``--plot`` (simulate and arena), and ``--records`` (arena)."""
    parser.add_argument("--json", action="store_true",
                        help="print the summary as JSON instead of a table")
    parser.add_argument("--plot", metavar="PNG", default=None,
                        help="also draw the results to this image file (needs tablebits[plot])")
    if records:
        parser.add_argument("--records", metavar="JSONL", default=None,
                            help="save every game's record to this JSON Lines file")


def check_outputs(args: argparse.Namespace) -> None:
    """Fails early (ValueError / ImportError) on an output that could not be written."""
    if args.plot is not None:
        from .plot import check_plot_path

        check_plot_path(args.plot)
    if getattr(args, "records", None) is not None:
        check_writable(args.records)


def emit(result: Any, args: argparse.Namespace) -> None:
    """Prints the summary (table or JSON) and draws the plot if one was asked for."""
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.summary())
    if args.plot is not None:
        result.plot(args.plot)
        if not args.json:
            print(f"plot saved to {args.plot}")


def add_play_parser(sub: Any, games: list[str]) -> None:
    from .__main__ import parse_param

    play = sub.add_parser("play", help="play a game at the terminal against bots")
    play.add_argument("game", choices=games)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots", nargs="+", default=["ismcts"], metavar="BOT",
        help="the other seats in order: random, ismcts, ismcts:ITERATIONS[@EXPLORATION] or "
        "pimc:SAMPLES[@DEPTH]; "
        "with fewer bots than seats the last one fills the rest (default: ismcts)",
    )
    play.add_argument("--seed", type=int, default=None, help="default: a fresh random seed")
    play.add_argument(
        "--param", type=parse_param, action="append", default=[], metavar="NAME=VALUE",
        help="a game parameter, e.g. --param players=4 (repeatable)",
    )
    play.add_argument("--records", metavar="JSONL", default=None,
                      help="where to save the game's record "
                      "(default: tablebits-GAME-DATE-TIME.jsonl here)")


def run_play(args: argparse.Namespace) -> int:
    """``tablebits play``: 0 when the game ends or the player leaves, 2 on bad arguments."""
    import tablebits as tb

    from .human import HumanGame

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    path = args.records or f"tablebits-{args.game}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
    try:
        game = tb.make(args.game, **dict(args.param))
        check_seed(seed)
        check_writable(path)
        if not 0 <= args.seat < game.num_players:
            raise ValueError(f"--seat must be in 0..{game.num_players - 1} for {game.id}")
        specs = [tb.bots.parse(spec) for spec in args.bots]
        others = game.num_players - 1
        if len(specs) > others:
            raise ValueError(
                f"{game.id} has {others} other seat{'s' if others > 1 else ''}; "
                f"got {len(specs)} bots"
            )
        seated = iter(specs[min(i, len(specs) - 1)] for i in range(others))
        bots = [None if p == args.seat else next(seated) for p in range(game.num_players)]
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    record = HumanGame(game, args.seat, bots, seed).run()
    if record is not None:
        save_records([record], path)
        print(f"Record saved to {path}")
    return 0


def add_replay_parser(sub: Any) -> None:
    rep = sub.add_parser("replay", help="print a recorded game step by step")
    rep.add_argument("file", help="a JSON Lines file of game records")
    rep.add_argument("--game", type=int, default=0, metavar="K",
                     help="which record of the file (0-based, default 0)")
    rep.add_argument("--seat", type=int, default=None, metavar="N",
                     help="show only what seat N sees (default: everything)")


def run_replay(args: argparse.Namespace) -> int:
    """``tablebits replay``: prints nothing unless the whole file reads and replays cleanly."""
    try:
        records = load_records(args.file)
        if not records:
            raise ValueError(f"{args.file} holds no game records")
        if not 0 <= args.game < len(records):
            raise ValueError(f"{args.file} holds {len(records)} games; --game must be in "
                             f"0..{len(records) - 1}")
        record = records[args.game]
        players = len(record.bots)
        if args.seat is not None and not 0 <= args.seat < players:
            raise ValueError(f"--seat must be in 0..{players - 1} for this {record.game_id} game")
        text = replay_text(record, args.seat, f"game {args.game} of {len(records)}")
    except (OSError, ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(text)
    return 0


def replay_text(record: GameRecord, seat: int | None, label: str) -> str:
    """The game of ``record`` step by step: every state, or what ``seat`` sees."""

    def view(state: State) -> str:
        return str(state) if seat is None else state.observation_string(seat)

    who = ", ".join(f"seat {p}: {name}" for p, name in enumerate(record.bots))
    lines = [
        f"{record.game_id} ({label}), seed {record.seed}, params {record.params}",
        f"players: {who}",
        "view: everything" if seat is None else f"view: what seat {seat} sees",
    ]
    states = replay(record)
    lines += ["", "-- start --", view(next(states))]
    steps = zip(record.players, record.strings, states, strict=True)
    for k, (player, text, state) in enumerate(steps):
        if player == SIMULTANEOUS:
            assert isinstance(text, list)
            moves = "; ".join(f"seat {p} {t}" for p, t in enumerate(text) if t is not None)
            lines += ["", f"-- step {k}: at once: {moves} --"]
        else:
            lines += ["", f"-- step {k}: seat {player} plays {text} --"]
        lines.append(view(state))
    results = ", ".join(
        f"seat {p}: return {r:g}, score {s:g}"
        for p, (r, s) in enumerate(zip(record.returns, record.scores, strict=True))
    )
    lines += ["", f"== over after {len(record.actions)} steps: {results} =="]
    return "\n".join(lines)
