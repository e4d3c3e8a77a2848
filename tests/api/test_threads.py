"""Many Python threads calling the object API at once.

Every State method runs with the GIL held except the searches (``bot_action`` and ``_search``,
behind ``bot.act`` and ``tb.search``), which copy the state before releasing it: calls on
different states run concurrently and are safe, and calls on the same State are serialized (a
search sees the state as it was when the call began).
"""

from __future__ import annotations

import random
import threading

import tablebits as tb
from tests.support.helpers import random_step

GAMES = ["good_fortune", "color_mafia", "fox_duet", "hoi_pho"]


def play_and_search(game_id: str, seed: int) -> list:
    """A record of everything one thread does: moves, searches, bytes, dicts, observations."""
    state = tb.make(game_id).new_initial_state(seed=seed)
    rng = random.Random(seed)
    record: list = []
    while not state.is_terminal():
        if len(record) % 7 == 0:
            player = state.acting_players()[0]
            record.append(tb.search(state, player, iterations=30, seed=seed).best_action)
            record.append(state.observation_tensor(player).tobytes())
        record.append(state.to_bytes())
        record.append(state.clone().to_dict())
        random_step(state, state.game.num_players, rng)
    record.append(state.returns())
    return record


def run_threads(target, count: int) -> list:
    results: list = [None] * count
    errors: list = []

    def body(i: int) -> None:
        try:
            results[i] = target(i)
        except BaseException as err:  # noqa: BLE001 -- reported below
            errors.append(err)

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


def test_different_states_from_many_threads_match_a_sequential_run() -> None:
    jobs = [(GAMES[i % 4], 100 + i) for i in range(16)]
    expected = [play_and_search(g, s) for g, s in jobs]
    got = run_threads(lambda i: play_and_search(*jobs[i]), len(jobs))
    assert got == expected


def test_same_state_searched_while_another_thread_moves_it() -> None:
    # Searches on one shared State while a thread plays moves on it: every search returns a
    # legal action of the state it started from, and the moves all apply cleanly.
    state = tb.make("fox_duet").new_initial_state(seed=5)
    moves = 12
    stop = threading.Event()

    def mover(_: int) -> int:
        rng = random.Random(1)
        for _ in range(moves):
            random_step(state, state.game.num_players, rng)
        stop.set()
        return moves

    def searcher(i: int) -> int:
        count = 0
        while not stop.is_set() or count == 0:
            snapshot = state.clone()
            if snapshot.is_terminal():
                break
            player = snapshot.acting_players()[0]
            action = tb.search(snapshot, player, iterations=50, seed=i).best_action
            assert action in snapshot.legal_actions(player)
            # The shared state itself, searched directly, is also fine.
            if not state.is_terminal():
                tb.search(state, state.acting_players()[0], iterations=20, seed=i)
            count += 1
        return count

    results = run_threads(lambda i: mover(i) if i == 0 else searcher(i), 5)
    assert results[0] == moves
    assert all(r >= 1 for r in results[1:])


def test_simulate_and_vector_env_from_several_threads() -> None:
    expected = tb.simulate("color_mafia", 300, seed=3, threads=2, players=3).returns

    def job(i: int):
        if i % 2:
            return tb.simulate("color_mafia", 300, seed=3, threads=2, players=3).returns
        env = tb.VectorEnv("good_fortune", 64, seed=i, threads=2)
        for _ in range(50):
            env.step(env.sample_actions())
        return None

    for returns in run_threads(job, 6):
        if returns is not None:
            assert (returns == expected).all()
