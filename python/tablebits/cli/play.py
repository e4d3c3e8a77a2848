"""The command line's play and replay commands."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from typing import Any

from .._checks import check_seed
from .._core import SIMULTANEOUS, State
from .._registry import make
from ..bots.builtin import fill_seats
from ..bots.spec import parse
from ..jobs.summary import count
from ..pictures.narrate import legend, narrate
from ..records import GameRecord, load_records, replay, save_records
from .board import board_text
from .errors import output_error_line
from .human import HumanGame
from .options import add_force_option, add_param_option, check_records_path, game_choice


def add_play_parser(sub: Any, games: list[str]) -> None:
    play = sub.add_parser("play", help="play a game at the terminal against bots")
    play.add_argument("game", type=game_choice(games), metavar="GAME")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots", nargs="+", default=["ismcts"], metavar="BOT",
        help="the other seats in order: random, ismcts, ismcts:ITERATIONS[@EXPLORATION] or "
        "pimc:SAMPLES[@DEPTH]; "
        "with fewer bots than seats the last one fills the rest (default: ismcts)",
    )
    play.add_argument("--seed", type=int, default=None, help="default: a fresh random seed")
    add_param_option(play, "players=4")
    play.add_argument("--records", metavar="JSONL", default=None,
                      help="where to save the game's record "
                      "(default: tablebits-GAME-DATE-TIME.jsonl here)")
    add_force_option(play)


def run_play(args: argparse.Namespace) -> int:
    """``tablebits play``: 0 when the game ends or the player leaves, 2 on bad arguments."""
    _read_stdin_leniently()
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    path = args.records or f"tablebits-{args.game}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
    try:
        game = make(args.game, **dict(args.param))
        seed = check_seed(seed)
        check_records_path(path, args.force)
        if not 0 <= args.seat < game.num_players:
            raise ValueError(f"--seat must be in 0..{game.num_players - 1} for {game.id}")
        specs = [parse(spec, game) for spec in args.bots]
        others = game.num_players - 1
        if len(specs) > others:
            raise ValueError(
                f"{game.id} has {others} other seat{'s' if others > 1 else ''}; "
                f"got {len(specs)} bots"
            )
        seated = iter(fill_seats(specs, others))
        seats = [None if p == args.seat else next(seated) for p in range(game.num_players)]
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    record = HumanGame(game, args.seat, seats, seed).run()
    if record is not None:
        try:
            save_records([record], path)
        except (OSError, ValueError) as err:  # the game is played: never lose it
            print(output_error_line("--records", path, err, "the record follows: save that "
                                    "line as a .jsonl file (tablebits replay reads it)"),
                  file=sys.stderr)
            print(json.dumps(record.to_dict(), separators=(",", ":")))
            return 2
        print(f"Record saved to {path}")
    return 0


def _read_stdin_leniently() -> None:
    """Bytes typed at the prompt that are not UTF-8 arrive as lone surrogates (and are then an
    unknown move) instead of ending the game with a UnicodeDecodeError."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")


def add_replay_parser(sub: Any) -> None:
    rep = sub.add_parser("replay", help="print a recorded game step by step")
    rep.add_argument("file", help="a JSON Lines file of game records")
    rep.add_argument("--game", type=int, default=None, metavar="K",
                     help="which record of the file (0-based, default 0)")
    rep.add_argument("--seat", type=int, default=None, metavar="N",
                     help="show only what seat N sees (default: everything)")
    rep.add_argument("--html", default=None, metavar="OUT",
                     help="write a replay page (one self-contained HTML file, every game of "
                     "FILE, each seat's view) to OUT instead of printing")
    rep.add_argument("--no-progress", action="store_true",
                     help="with --html: no progress bar while the page is drawn")


def run_replay(args: argparse.Namespace) -> int:
    """``tablebits replay``: prints nothing unless the whole file reads and replays cleanly."""
    if args.html is not None:
        if args.game is not None or args.seat is not None:
            print("error: --game and --seat choose what replay prints; the --html page holds "
                  "every game of the file and lets the reader choose the seat", file=sys.stderr)
            return 2
        return _write_page(args.file, args.html, progress=not args.no_progress)
    if args.game is None:
        args.game = 0
    try:
        records = load_records(args.file)
        if not records:
            raise ValueError(f"{args.file} holds no game records")
        if not 0 <= args.game < len(records):
            raise ValueError(f"{args.file} holds {count(len(records), 'game')}; --game must be in "
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


def _write_page(source: str, out: str, progress: bool) -> int:
    """``tablebits replay FILE --html OUT``: writes nothing unless every game replays; a bar of
    the games drawn on stderr (40 Hội Phố games take seconds)."""
    from ..pictures.page import write_replay_page

    try:
        path = write_replay_page(source, out, progress=progress)
    except (OSError, ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"Replay page written to {path}")
    return 0


def replay_text(record: GameRecord, seat: int | None, label: str) -> str:
    """The game of ``record`` step by step: every state, or what ``seat`` sees, as the
    terminal's board shows it (``board_text``: pieces spelled out, the phase in words)."""

    def view(state: State) -> str:
        return board_text(state, seat)

    who = ", ".join(f"seat {p}: {name}" for p, name in enumerate(record.bots))
    lines = [
        f"{record.game_id} ({label}), seed {record.seed}, params {record.params}",
        f"players: {who}",
        "view: everything" if seat is None else f"view: what seat {seat} sees",
    ]
    states = replay(record)
    before = next(states)
    if seat is not None:
        lines += legend(before, seat)
    lines += ["", "-- start --", view(before)]
    steps = zip(record.players, record.strings, record.actions, states, strict=True)
    for k, (player, text, action, state) in enumerate(steps):
        if player == SIMULTANEOUS:
            assert isinstance(text, list)
            moves = "; ".join(f"seat {p} {t}" for p, t in enumerate(text) if t is not None)
            lines += ["", f"-- step {k}: at once: {moves} --"]
        else:
            lines += ["", f"-- step {k}: seat {player} plays {text} --"]
        # told with the move played: a move searched for can be one of several that lead
        # to the same position, and its reasons would be lost
        lines += [f"  > {line}" for line in narrate(before, state, seat, action)]
        lines.append(view(state))
        before = state
    results = ", ".join(
        f"seat {p}: return {r:g}, score {s:g}"
        for p, (r, s) in enumerate(zip(record.returns, record.scores, strict=True))
    )
    lines += ["", f"== over after {len(record.actions)} steps: {results} =="]
    return "\n".join(lines)
