"""OpenSpiel's own bots play tablebits games: MCTS against random in Good Fortune, and two
ISMCTS bots as the Fox Duet team (turn-based, so the gift swap is a hidden sequence).

Requires: open_spiel  (pip install "tablebits[openspiel]")
"""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

from tablebits.openspiel import load_game

rng = np.random.RandomState(0)
game = load_game("good_fortune", rng_seed=1)
evaluator = mcts.RandomRolloutEvaluator(1, rng)
wins = 0.0
for g in range(4):
    seat = g % 2  # MCTS alternates seats
    bots = [pyspiel.make_uniform_random_bot(p, g * 10 + p) for p in range(2)]
    bots[seat] = mcts.MCTSBot(game, 1.4, 60, evaluator, random_state=rng)
    wins += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[seat]
print(f"Good Fortune: MCTS (60 simulations) won {wins:g} of 4 games against random")

fox = load_game("fox_duet", rng_seed=2, turn_based=True)
team = [ismcts.ISMCTSBot(fox, evaluator, 1.4, 20, random_state=rng, use_observation_string=True)
        for _ in range(2)]
state = fox.new_initial_state()
while not state.is_terminal():
    state.apply_action(team[state.current_player()].step(state))
print(f"Fox Duet: the ISMCTS team's result {state.returns()} after {len(state.history())} choices")
