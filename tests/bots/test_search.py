"""tb.search, threads=N (root-parallel ISMCTS) and PUCT with a batched learned evaluator.

The evaluators here are small numpy functions whose answers make the expected search outcome
known in advance (a prior on one action, a constant value per player), so the tests check the
search against those, never against its own earlier output.
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import tablebits as tb
from tests.support.helpers import random_step

PYTHON_DIR = str(Path(tb.__file__).resolve().parents[1])


def midgame(game_id: str, seed: int, steps: int = 6) -> tb.State:
    """A state a few random steps in whose player to move is not simultaneous."""
    rng = random.Random(seed)
    state = tb.make(game_id).new_initial_state(seed=seed)
    for _ in range(steps):
        random_step(state, state.game.num_players, rng)
    while state.current_player() == tb.SIMULTANEOUS:
        random_step(state, state.game.num_players, rng)
    return state


def two_choices(seed: int = 3) -> tb.State:
    """A Good Fortune state (sequential, perfect information) with several legal actions."""
    state = tb.make("good_fortune").new_initial_state(seed=seed)
    assert len(state.legal_actions()) > 2
    return state


class Recorder:
    """An evaluator with fixed answers that records the batches it was asked."""

    def __init__(self, num_players: int, prior=None, values=None) -> None:
        self.rows: list[int] = []
        self.num_players = num_players
        self.prior = prior
        self.values = values

    def __call__(self, obs: np.ndarray, masks: np.ndarray):
        assert obs.dtype == np.float32 and masks.dtype == np.bool_
        assert obs.shape[0] == masks.shape[0]
        self.rows.append(obs.shape[0])
        b, a = masks.shape
        priors = np.ones((b, a), np.float32) if self.prior is None else np.tile(self.prior, (b, 1))
        values = (np.full((b, self.num_players), 0.5, np.float32) if self.values is None
                  else np.tile(np.asarray(self.values, np.float32), (b, 1)))
        return priors, values


# -- ISMCTS through tb.search, and threads -----------------------------------------------------

@pytest.mark.parametrize("game_id", ["good_fortune", "fox_duet", "color_mafia", "hoi_pho"])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_search_without_evaluator_is_the_ismcts_bot(game_id: str, threads: int) -> None:
    state = midgame(game_id, 11)
    for seed in (0, 7):
        result = tb.search(state, iterations=300, seed=seed, threads=threads)
        bot = tb.bots.ISMCTS(300, seed=seed, threads=threads)
        assert result.best_action == bot.act(state, state.current_player())
        assert result.best_action in state.legal_actions()
        assert result.player == state.current_player()


@pytest.mark.parametrize("game_id", ["good_fortune", "hoi_pho"])
def test_same_seed_and_threads_same_result(game_id: str) -> None:
    state = midgame(game_id, 5)
    a = tb.search(state, iterations=800, seed=3, threads=2)
    b = tb.search(state, iterations=800, seed=3, threads=2)
    assert a.best_action == b.best_action
    assert np.array_equal(a.visits, b.visits)
    assert a.principal_variation == b.principal_variation


def test_threads_split_the_budget_and_sum_the_visits() -> None:
    state = two_choices()
    legal = set(state.legal_actions())
    for threads in (1, 2, 4):
        result = tb.search(state, iterations=1000, seed=1, threads=threads)
        # The player to move acts at the root: each iteration visits exactly one of its arms.
        assert result.iterations == 1000
        assert int(result.visits.sum()) == 1000
        assert {a for a in range(len(result.visits)) if result.visits[a]} <= legal
        assert result.best_action == int(np.argmax(result.visits)) or (
            result.visits[result.best_action] == result.visits.max()
        )


def test_two_threads_are_not_one_tree_repeated() -> None:
    # Tree 1 has its own seed: the summed visits differ from twice a one-tree search of half
    # the budget from the same seed.
    state = two_choices()
    one = tb.search(state, iterations=500, seed=1, threads=1)
    two = tb.search(state, iterations=1000, seed=1, threads=2)
    assert not np.array_equal(two.visits, 2 * one.visits)


def test_threads_one_keeps_the_one_tree_visits() -> None:
    state = midgame("fox_duet", 3)
    result = tb.search(state, iterations=400, seed=9)
    assert result.visits.sum() == 400 and result.iterations == 400
    assert result.best_action == tb.bots.ISMCTS(400, seed=9).act(state, state.current_player())


def test_result_fields() -> None:
    state = two_choices()
    result = tb.search(state, iterations=2000, seed=2)
    legal = state.legal_actions()
    assert result.visits.shape == result.values.shape == (state.game.num_actions,)
    for a in range(state.game.num_actions):
        if a in legal and result.visits[a]:
            assert 0.0 <= result.values[a] <= 1.0  # mean win share
        else:
            assert result.visits[a] == 0 and math.isnan(result.values[a])
    assert result.seconds > 0 and result.iterations == 2000
    # Good Fortune is of perfect information: the principal variation replays on the state.
    replay = state.clone()
    assert result.principal_variation
    assert result.principal_variation[0] == state.action_to_string(int(np.argmax(result.visits)))
    for text in result.principal_variation:
        replay.apply_action(replay.string_to_action(text))


def test_single_legal_action_needs_no_search() -> None:
    rng = random.Random(0)
    state = tb.make("good_fortune").new_initial_state(seed=1)
    while len(state.legal_actions()) != 1:
        random_step(state, state.game.num_players, rng)
        assert not state.is_terminal()
    result = tb.search(state, iterations=100, evaluator=Recorder(2))
    assert result.best_action == state.legal_actions()[0] and result.iterations == 0


def test_ismcts_bot_threads() -> None:
    state = two_choices()
    bot = tb.bots.ISMCTS(iterations=600, seed=4, threads=2)
    assert bot.act(state, state.current_player()) == tb.search(
        state, iterations=600, seed=4, threads=2
    ).best_action
    result = tb.arena("good_fortune", [bot, "random"], games=4, seed=1, threads=2)
    again = tb.arena("good_fortune", [bot, "random"], games=4, seed=1, threads=1)
    assert np.array_equal(result.returns, again.returns)


# -- PUCT with an evaluator --------------------------------------------------------------------

def test_prior_near_one_makes_the_action_most_visited() -> None:
    for seed in (3, 8, 21):
        state = two_choices(seed)
        legal = state.legal_actions()
        for favoured in (legal[-1], legal[len(legal) // 2]):
            prior = np.full(state.game.num_actions, 1e-4, np.float32)
            prior[favoured] = 1.0
            result = tb.search(state, iterations=200, evaluator=Recorder(2, prior), batch_size=4)
            assert int(np.argmax(result.visits)) == favoured
            assert result.best_action == favoured


@pytest.mark.parametrize("values", [(0.9, 0.1), (0.2, 0.7)])
def test_values_flow_back_to_the_right_players(values) -> None:
    # Every leaf is worth values[p] to player p: the root player's actions then all have mean
    # value values[root player] (no walk reaches the end of the game in 64 iterations).
    state = two_choices()
    for _ in range(2):
        me = state.current_player()
        result = tb.search(state, iterations=64, evaluator=Recorder(2, values=values), batch_size=8)
        visited = result.visits > 0
        assert visited.sum() > 1
        assert np.allclose(result.values[visited], values[me], atol=1e-6)
        state.apply_action(result.best_action)
        if state.current_player() == me:  # Good Fortune: a player may move twice in a row
            state.apply_action(state.legal_actions()[0])


def test_values_at_a_simultaneous_node_credit_each_player() -> None:
    state = tb.make("color_mafia").new_initial_state(seed=2)
    rng = random.Random(2)
    while state.current_player() != tb.SIMULTANEOUS:
        random_step(state, state.game.num_players, rng)
    values = (0.1, 0.3, 0.6, 0.8)
    for player in range(4):
        if not state.legal_actions(player):
            continue
        result = tb.search(state, player, iterations=40, evaluator=Recorder(4, values=values))
        visited = result.visits > 0
        assert visited.any()
        assert np.allclose(result.values[visited], values[player], atol=1e-6)


@pytest.mark.parametrize("batch_size", [1, 5, 16])
def test_batches_are_as_large_as_asked(batch_size: int) -> None:
    recorder = Recorder(2)
    tb.search(two_choices(), iterations=103, evaluator=recorder, batch_size=batch_size)
    assert recorder.rows, "the evaluator was never called"
    assert recorder.rows[0] == 1  # the root, alone
    assert all(rows == batch_size for rows in recorder.rows[1:-1])
    assert 1 <= recorder.rows[-1] <= batch_size
    assert sum(recorder.rows) <= 103  # a walk adds at most one row in a sequential game


@pytest.mark.parametrize("iterations", [2, 8, 100])
def test_the_root_is_evaluated_before_any_walk_chooses_there(iterations: int) -> None:
    # With iterations <= batch_size every walk used to choose at the root before the root's
    # priors came back, i.e. uniformly: a prior of almost 1 on one action changed nothing.
    for seed in (3, 8, 21):
        state = two_choices(seed)
        favoured = state.legal_actions()[-1]  # ties go to the lowest action: not this one
        prior = np.full(state.game.num_actions, 1e-4, np.float32)
        prior[favoured] = 1.0
        recorder = Recorder(2, prior)
        result = tb.search(state, iterations=iterations, evaluator=recorder, batch_size=8)
        assert recorder.rows[0] == 1
        assert result.best_action == favoured
        assert result.visits[favoured] == result.visits.sum() == iterations - 1


def test_a_huge_batch_size_takes_memory_for_the_rows_a_search_can_make() -> None:
    # batch_size=10**6 asks for 10**6 rows of 332 floats (1.3 GB); a 50-iteration search makes
    # at most 50. Run where the address space leaves 400 MB: the search must fit.
    code = textwrap.dedent("""
        import resource
        import tablebits as tb
        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (mapped + 400 * 2**20, resource.RLIM_INFINITY))
        state = tb.make("good_fortune").new_initial_state(3)
        bot = tb.bots.Baseline("good_fortune", iterations=50, batch_size=10**6)
        print(bot.act(state, state.current_player()) in state.legal_actions())
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": PYTHON_DIR}, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "True"


def test_illegal_moves_never_get_visits() -> None:
    state = two_choices()
    legal = np.zeros(state.game.num_actions, bool)
    legal[state.legal_actions()] = True

    def adversarial(obs: np.ndarray, masks: np.ndarray):
        priors = (~masks).astype(np.float32) * 1e6  # all the mass on illegal actions
        return priors, np.full((len(obs), 2), 0.5, np.float32)

    result = tb.search(state, iterations=300, evaluator=adversarial, batch_size=8)
    assert result.visits[~legal].sum() == 0
    assert result.visits[legal].sum() > 0
    assert result.best_action in state.legal_actions()


def test_observations_are_the_acting_players_view() -> None:
    state = two_choices()
    seen: list[np.ndarray] = []

    def record(obs: np.ndarray, masks: np.ndarray):
        seen.extend(obs)
        return np.ones(masks.shape, np.float32), np.full((len(obs), 2), 0.5, np.float32)

    tb.search(state, iterations=1, evaluator=record, batch_size=1)
    # The first walk evaluates the root for the player to move.
    assert np.array_equal(seen[0], state.observation_tensor(state.current_player()))


def test_puct_threads_and_determinism() -> None:
    state = midgame("hoi_pho", 4)
    n = state.game.num_players
    a = tb.search(state, iterations=200, evaluator=Recorder(n), threads=2, seed=5)
    b = tb.search(state, iterations=200, evaluator=Recorder(n), threads=2, seed=5)
    assert np.array_equal(a.visits, b.visits) and a.best_action == b.best_action
    assert a.best_action in state.legal_actions()


def test_evaluator_bot_plays_and_fights_in_arena() -> None:
    bot = tb.bots.PUCT(Recorder(2), iterations=64, batch_size=8)
    record = tb.play("good_fortune", [bot, tb.bots.Random(seed=1)], seed=3)
    assert sum(record.returns) == pytest.approx(1.0)
    result = tb.arena("good_fortune", [bot, "random"], games=6, seed=2, threads=2)
    assert result.games == 6
    again = tb.arena("good_fortune", [bot, "random"], games=6, seed=2, threads=1)
    assert np.array_equal(result.returns, again.returns)
    summary = tb.arena("good_fortune", [bot, "random"], games=6, seed=2, keep_games=False)
    assert summary.games == 6
    with pytest.raises(ValueError, match="learned evaluator.*backend='local'"):
        tb.arena("good_fortune", [bot, "random"], games=6, backend="ray")


def test_rollout_mix_values_a_leaf_by_evaluator_and_playout() -> None:
    # Two walks: the first evaluates the root, the second takes one arm to a new node and
    # ends there, so that arm's value is one leaf's: (1 - m) * the evaluator's value + m * the
    # result of one playout from there, a game result of 0, 1/2 or 1 for the root player.
    v, m = 0.2, 0.5
    seen = set()
    for seed in range(30):
        state = two_choices(seed % 10 + 3)
        me = state.current_player()
        values = (v, 1 - v) if me == 0 else (1 - v, v)
        result = tb.search(state, iterations=2, evaluator=Recorder(2, values=values), batch_size=1,
                           rollout_mix=m, seed=seed)
        (arm,) = np.flatnonzero(result.visits)
        playout = (result.values[arm] - (1 - m) * v) / m
        assert min(abs(playout - r) for r in (0.0, 0.5, 1.0)) < 1e-6, playout
        seen.add(round(playout * 2) / 2)
    assert {0.0, 1.0} <= seen  # the playouts really play: both results occur


def test_rollout_mix_one_ignores_the_evaluators_values() -> None:
    state = next(s for s in (midgame("color_mafia", seed) for seed in range(50))
                 if len(s.legal_actions()) > 2)
    n = state.game.num_players

    def run(values, mix):
        return tb.search(state, iterations=300, evaluator=Recorder(n, values=values), seed=4,
                         rollout_mix=mix)
    low, high = (0.1,) * n, (0.9,) * n
    assert np.array_equal(run(low, 1.0).visits, run(high, 1.0).visits)
    assert np.allclose(run(low, 1.0).values, run(high, 1.0).values, equal_nan=True)
    assert not np.allclose(run(low, 0.5).values, run(high, 0.5).values, equal_nan=True)


def test_playout_visits_value_a_new_node_by_its_playout_until_it_is_evaluated() -> None:
    # All the prior on one root action a, values (v, 1 - v). Walk 1 evaluates the root; walk 2
    # takes a to a new node and, with one playout visit, values it by a playout alone (a game
    # result r of 0, 1/2 or 1) without asking the evaluator; walk 3 takes a again (the other
    # arms have prior 0) and now evaluates that node: a's mean is (r + v) / 2. Without playout
    # visits walk 2 evaluates the node and walk 3 a node below it: a's mean is v.
    v = 0.2
    seen = set()
    for seed in range(20):
        state = two_choices(seed % 10 + 3)
        me = state.current_player()
        a = state.legal_actions()[seed % len(state.legal_actions())]
        prior = np.zeros(state.game.num_actions, np.float32)
        prior[a] = 1.0
        values = (v, 1 - v) if me == 0 else (1 - v, v)
        for visits, rows in ((1, [1, 1]), (0, [1, 1, 1])):
            recorder = Recorder(2, prior=prior, values=values)
            result = tb.search(state, iterations=3, evaluator=recorder, batch_size=1, seed=seed,
                               playout_visits=visits)
            assert recorder.rows == rows
            assert result.visits[a] == 2 and result.visits.sum() == 2
            if visits:
                playout = 2 * result.values[a] - v
                assert min(abs(playout - r) for r in (0.0, 0.5, 1.0)) < 1e-6, playout
                seen.add(round(playout * 2) / 2)
            else:
                assert result.values[a] == pytest.approx(v)
    assert {0.0, 1.0} <= seen  # the playouts really play: both results occur


def test_baseline_spec_takes_a_rollout_mix() -> None:
    gf = tb.make("good_fortune")
    bot = tb.bots.parse("baseline:100~0.25", gf)
    assert bot.rollout_mix == 0.25 and bot.name == "baseline:100~0.25"
    default = tb.bots.parse("baseline:100", gf)  # the game's default mix, not named
    assert default.rollout_mix == 0.5  # the measured default of the competitive games
    assert default.name == "baseline:100"
    assert tb.bots.parse("baseline:100~0", gf).name == "baseline:100~0"
    with pytest.raises(ValueError, match="rollout_mix"):
        tb.bots.parse("baseline:100~2", tb.make("good_fortune"))


# -- bad input ---------------------------------------------------------------------------------

def answer(priors, values):
    return lambda obs, masks: (priors(len(obs), masks.shape[1]), values(len(obs)))


@pytest.mark.parametrize(
    ("evaluator", "match"),
    [
        (answer(lambda b, a: np.ones((b, a + 1)), lambda b: np.zeros((b, 2))),
         r"priors has shape \(\d+, 26\), expected \(\d+, 25\)"),
        (answer(lambda b, a: np.ones((b, a)), lambda b: np.zeros(b)),
         r"values has shape \(\d+,\), expected \(\d+, 2\)"),
        (answer(lambda b, a: np.full((b, a), np.nan), lambda b: np.zeros((b, 2))),
         r"priors of shape \(\d+, 25\) has a non-finite value"),
        (answer(lambda b, a: -np.ones((b, a)), lambda b: np.zeros((b, 2))),
         r"priors of shape \(\d+, 25\) has a negative value"),
        (answer(lambda b, a: np.ones((b, a)), lambda b: np.full((b, 2), np.inf)),
         r"values of shape \(\d+, 2\) has a non-finite value"),
    ],
    ids=["priors_shape", "values_shape", "nan_prior", "negative_prior", "inf_value"],
)
def test_bad_evaluator_answers_raise_value_error(evaluator, match: str) -> None:
    state = two_choices()
    before = state.to_bytes()
    with pytest.raises(ValueError, match=match):
        tb.search(state, iterations=100, evaluator=evaluator)
    assert state.to_bytes() == before
    assert tb.search(state, iterations=50).best_action in state.legal_actions()  # still usable


def test_evaluator_exception_propagates_unchanged() -> None:
    class Boom(Exception):
        pass

    raised = Boom("from the evaluator")
    calls = []

    def failing(obs, masks):
        calls.append(1)
        raise raised

    with pytest.raises(Boom) as info:
        tb.search(two_choices(), iterations=1000, evaluator=failing, batch_size=4)
    assert info.value is raised
    assert len(calls) == 1  # the search stopped at the first failure
    bot = tb.bots.PUCT(failing, iterations=100)
    with pytest.raises(Boom):
        tb.arena("good_fortune", [bot, "random"], games=3, seed=0)
    with pytest.raises(Boom):
        tb.play("good_fortune", [bot, bot], seed=0)


def test_bad_arguments() -> None:
    state = two_choices()
    with pytest.raises(ValueError, match="threads"):
        tb.search(state, threads=0)
    with pytest.raises(ValueError, match="batch_size"):
        tb.search(state, evaluator=Recorder(2), batch_size=0)
    with pytest.raises(ValueError, match="threads"):
        tb.search(state, threads=0)
    with pytest.raises(ValueError, match="threads"):
        tb.bots.ISMCTS(threads=0)
    with pytest.raises(ValueError, match="batch_size"):
        tb.bots.PUCT(Recorder(2), batch_size=0)
    with pytest.raises(TypeError, match="callable"):
        tb.search(state, evaluator=42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="evaluator"):
        tb._core.BotConfig("puct", evaluator=12345)
    for mix in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="rollout_mix"):
            tb.search(state, evaluator=Recorder(2), rollout_mix=mix)
    with pytest.raises(ValueError, match="rollout_mix needs an evaluator"):
        tb.search(state, rollout_mix=0.5)
    with pytest.raises(TypeError, match="rollout_mix"):
        tb.bots.ISMCTS(rollout_mix=0.5)  # type: ignore[call-arg]  # PUCT's option
    with pytest.raises(TypeError, match="needs an evaluator"):
        tb.bots.PUCT(None)  # type: ignore[arg-type]
