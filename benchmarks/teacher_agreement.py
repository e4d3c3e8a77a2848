"""How closely a network imitates its teacher: `python -m benchmarks.teacher_agreement GAME
--teacher ismcts:2000 [--weights PATH] [--param NAME=VALUE] [--deals N]`.

Plays ``--deals`` games (seed 0, 1, ...) in which the teacher makes every decision, so the
positions are of the kind the network was trained on. At each decision with more than one legal
action it compares the teacher's choice with the network's most probable legal action (its
policy played greedily, ``tb.bots.Policy(..., greedy=True)``), and asks the teacher a second
time with another seed. Prints, as JSON:

- ``network``: the share of those decisions where the network chose the teacher's action;
- ``teacher_self``: the share where the teacher's second search chose its first one. A search's
  choice varies with its seed; a network that always played the teacher's most frequent choice
  would agree with it at least this often (two draws agree no more often than the likeliest
  choice is drawn), so it is a yardstick that close imitation reaches or passes (1 for a
  teacher that ignores the seed, such as a network's greedy policy);
- ``decisions``: how many decisions were compared.

The network is the shipped one for the game's parameters unless ``--weights`` names a file that
``tablebits train`` wrote. The teacher is any bot spec (``ismcts:2000``, ``pimc:10@1``); the
same arguments give the same numbers on any machine (iteration budgets, seeded decisions).
docs/strength.md reads these numbers against each network's strength at equal time.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import tablebits as tb
from tablebits.bots import Policy, parse
from tablebits.bots.weights import shipped_path


@dataclass(frozen=True)
class Agreement:
    """The result of :func:`agreement` (shares of ``decisions``)."""

    network: float
    teacher_self: float
    decisions: int


def agreement(game: tb.Game, weights: Path, teacher: str, deals: int) -> Agreement:
    """The network in ``weights`` and the teacher (a bot spec) against the teacher's choices
    along ``deals`` games of the teacher's own play (module docstring)."""
    policy = Policy(game, weights, greedy=True)
    bot = parse(teacher, game)  # kept alive: a network bot's config names its live evaluator
    config = bot.config
    same = repeated = decisions = 0
    for deal in range(deals):
        state = game.new_initial_state(seed=deal)
        step = 0
        while not state.is_terminal():
            acting = (state.acting_players() if state.is_simultaneous_node()
                      else [state.current_player()])
            joint = [-1] * game.num_players
            for player in acting:
                step += 1
                seed = deal << 20 | step  # a decision's seed: its deal and its step
                joint[player] = state.bot_action(config, player, seed=seed)
                if len(state.legal_actions(player)) > 1:
                    decisions += 1
                    same += policy.act(state, player) == joint[player]
                    again = state.bot_action(config, player, seed=seed | 1 << 19)
                    repeated += again == joint[player]
            if state.is_simultaneous_node():
                state.apply_actions(joint)
            else:
                state.apply_action(joint[acting[0]])
    if decisions == 0:
        raise ValueError(f"no decision with a choice in {deals} deals")
    return Agreement(same / decisions, repeated / decisions, decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game id")
    parser.add_argument("--teacher", required=True, help="the teacher's bot spec, e.g. ismcts:2000")
    parser.add_argument("--weights", type=Path, help="a network file (default: the shipped one)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a game parameter, the value as JSON or a word (repeatable)")
    parser.add_argument("--deals", type=int, default=20, help="games played (default 20)")
    args = parser.parse_args()
    params = {}
    for item in args.param:
        name, _, value = item.partition("=")
        try:
            params[name] = json.loads(value)
        except ValueError:  # a bare word: a string parameter, --param variant=guess
            params[name] = value
    game = tb.make(args.game, **params)
    weights = args.weights or shipped_path(args.game, game.params)
    result = agreement(game, weights, args.teacher, args.deals)
    print(json.dumps({"game": args.game, "params": params, "weights": str(weights),
                      "teacher": args.teacher, "deals": args.deals, **asdict(result)}))


if __name__ == "__main__":
    main()
