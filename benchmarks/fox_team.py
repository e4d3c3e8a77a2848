"""Fox Duet team strength: `python -m benchmarks.fox_team`.

Prints, for the cooperative Fox Duet at the default level:

1. The ceiling: the team win rate of the perfect-information team search
   (``tablebits.bots.solve.team_solve``), which sees both hands and the deck and searches
   ``--depth`` tricks ahead at every decision. A bound, not a bot.
2. The team win rate of bots that see only their own hand: PIMC teams (``tb.bots.PIMC``) and,
   with ``--ismcts``, an ISMCTS team, played by ``tb.arena`` (both seats the same bot), with 95%
   intervals.
3. Per PIMC configuration, the milliseconds per decision of one bot searching on ``--threads``
   threads, timed over the decisions of ``--timing-games`` games (decisions with one legal
   action are answered without a search and left out).

With ``--network-mix M ...``, every PIMC spec also plays with the shipped network valuing its
leaves at each ``leaf_mix`` M (``PIMC(evaluator=...)``, docs/search.md).

``--quick`` is a smoke test (a few games), not a measurement.
"""

from __future__ import annotations

import argparse
import time

import tablebits as tb
from tablebits._core import SIMULTANEOUS
from tablebits.bots.solve import team_solve
from tablebits.bots.weights import load_weights, shipped_path
from tablebits.stats import wilson


def ceiling(games: int, depth: int, seed: int) -> tuple[int, float]:
    """(wins, seconds) of the perfect-information team over ``games`` games from ``seed``."""
    game = tb.make("fox_duet")
    wins = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new_initial_state(seed + i)
        while not state.is_terminal():
            joint = team_solve(state, depth=depth, table_bits=14).joint_action
            if state.current_player() == SIMULTANEOUS:
                state.apply_actions(joint)
            else:
                state.apply_action(joint[state.current_player()])
        wins += state.returns()[0] == 1.0
    return wins, time.perf_counter() - start


def team_rate(bot: tb.bots.BuiltinBot, games: int, seed: int, threads: int) -> tuple[int, float]:
    """(wins, seconds) of a team of two ``bot`` over ``games`` arena games."""
    start = time.perf_counter()
    result = tb.arena("fox_duet", [bot, bot], games=games, seed=seed, threads=threads)
    return int((result.returns[:, 0] == 1.0).sum()), time.perf_counter() - start


def ms_per_decision(bot: tb.bots.BuiltinBot, games: int, seed: int) -> float:
    """Mean wall milliseconds of ``bot.act`` over the searched decisions of ``games`` games."""
    game = tb.make("fox_duet")
    spent, count = 0.0, 0
    for i in range(games):
        state = game.new_initial_state(seed + i)
        while not state.is_terminal():
            cur = state.current_player()
            players = [0, 1] if cur == SIMULTANEOUS else [cur]
            joint = [-1, -1]
            for p in players:
                legal = state.legal_actions(p)
                if len(legal) == 1:
                    joint[p] = legal[0]
                    continue
                t = time.perf_counter()
                joint[p] = bot.act(state, p)
                spent += time.perf_counter() - t
                count += 1
            if cur == SIMULTANEOUS:
                state.apply_actions(joint)
            else:
                state.apply_action(joint[cur])
    return 1000.0 * spent / max(count, 1)


def show(label: str, wins: int, games: int, seconds: float, extra: str = "") -> None:
    lo, hi = wilson(wins, games)[1:]
    rate = f"{wins / games:>9.3f}   [{lo:.3f}, {hi:.3f}]"
    print(f"{label:<28}{games:>7}{rate}{seconds:>9.0f}s  {extra}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="arena games per bot (default 400)")
    ap.add_argument("--ceiling-games", type=int, default=400,
                    help="games of the perfect-information team")
    ap.add_argument("--depth", type=int, default=2,
                    help="tricks the perfect-information team looks ahead")
    ap.add_argument("--pimc", nargs="*", default=["pimc:10@1"],
                    help="PIMC bot specs (pimc:SAMPLES@DEPTH)")
    ap.add_argument("--network-mix", nargs="*", type=float, default=[],
                    help="also play each PIMC spec with the shipped network at these leaf_mix")
    ap.add_argument("--ismcts", nargs="*", default=[], help="ISMCTS bot specs to compare")
    ap.add_argument("--threads", type=int, default=2,
                    help="arena threads, and the timed bot's threads")
    ap.add_argument("--timing-games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--quick", action="store_true", help="a smoke test: a few games of each")
    args = ap.parse_args()
    if args.quick:
        args.games, args.ceiling_games, args.timing_games = 8, 4, 1
    print(f"Fox Duet (level 1, Side A) team win rate; seed {args.seed}")
    print(f"{'team':<28}{'games':>7}{'wins':>9}   {'95% CI':<16}{'time':>8}")
    if args.ceiling_games:
        wins, seconds = ceiling(args.ceiling_games, args.depth, args.seed)
        show(f"ceiling (sees all, {args.depth} tricks)", wins, args.ceiling_games, seconds)
    game = tb.make("fox_duet")
    network = load_weights(shipped_path(game.id, game.params), game).native()
    entries: list[tuple[str, tb.bots.BuiltinBot]] = []
    for spec in args.pimc:
        pimc = tb.bots.parse(spec)
        assert isinstance(pimc, tb.bots.PIMC)
        entries.append((spec, pimc))
        entries += [(f"{spec} network~{mix:g}",
                     tb.bots.PIMC(pimc.samples, pimc.depth, evaluator=network, leaf_mix=mix))
                    for mix in args.network_mix]
    entries += [(spec, tb.bots.parse(spec)) for spec in args.ismcts]
    for label, bot in entries:
        wins, seconds = team_rate(bot, args.games, args.seed, args.threads)
        extra = ""
        if isinstance(bot, tb.bots.PIMC):
            timed = tb.bots.PIMC(bot.samples, bot.depth, threads=args.threads,
                                 evaluator=bot.evaluator, leaf_mix=bot.leaf_mix)
            ms = ms_per_decision(timed, args.timing_games, args.seed)
            extra = f"{ms:.1f} ms/decision on {args.threads} threads"
        show(label, wins, args.games, seconds, extra)


if __name__ == "__main__":
    main()
