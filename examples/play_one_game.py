"""Play one random game of every registered game through the object API and print it."""

import random

import tablebits as tb

for game_id in tb.games():
    game = tb.make(game_id)
    state = game.new_initial_state(seed=7)
    rng = random.Random(7)
    moves = []
    while not state.is_terminal():
        if state.is_simultaneous_node():
            joint = [rng.choice(a) if (a := state.legal_actions(p)) else -1
                     for p in range(game.num_players)]
            moves.append(" | ".join(state.action_to_string(a, p) for p, a in enumerate(joint)
                                    if a >= 0))
            state.apply_actions(joint)
        else:
            action = rng.choice(state.legal_actions())
            moves.append(state.action_to_string(action))
            state.apply_action(action)
    print(f"== {game_id}: {len(moves)} moves, first: {moves[:3]}")
    print(state)
    print("returns", state.returns(), "scores", state.scores())
