"""Solve a Good Fortune endgame exactly and show the optimal moves."""

import random

import tablebits as tb

game = tb.make("good_fortune")
state = game.new_initial_state(seed=11)
rng = random.Random(11)
while state.to_dict()["round"] < 6:  # random play up to four rounds before the end
    state.apply_action(rng.choice(state.legal_actions()))
print(state)
solution = tb.solve(state)
print(f"value (player 0 minus player 1 under optimal play): {solution.value:+d}")
print("optimal moves for player", state.current_player(), ":",
      [state.action_to_string(a) for a in solution.best_actions])
print(f"{solution.nodes:,} positions in {solution.seconds:.3f} s")
