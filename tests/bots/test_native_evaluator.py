"""The network run in C++ (``tablebits._core.NetworkEvaluator``, csrc/tablebits/core/mlp.hpp)
that Baseline plays with: it must give what ``weights.Network.evaluate`` (numpy) gives on the
positions of every game, play legal and reproducible moves, and refuse bad weights and inputs
with a ValueError/TypeError instead of crashing."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

import tablebits as tb
from tablebits._core import NetworkEvaluator
from tablebits.bots import PUCT, Baseline, weights
from tests.support.helpers import random_step

GAMES = tb.games()


def positions(game: tb.Game, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every acting player's observation and legal mask along random games."""
    rng = random.Random(seed)
    obs, masks = [], []
    for g in range(games):
        state = game.new_initial_state(seed=seed * 1000 + g)
        while not state.is_terminal():
            acting = (state.acting_players() if state.is_simultaneous_node()
                      else [state.current_player()])
            for p in acting:
                obs.append(np.asarray(state.observation_tensor(p), np.float32).ravel())
                mask = np.zeros(game.num_actions, bool)
                mask[state.legal_actions(p)] = True
                masks.append(mask)
            random_step(state, game.num_players, rng)
    return np.array(obs), np.array(masks)


@pytest.mark.parametrize("game_id", GAMES)
def test_shipped_network_agrees_with_numpy_on_every_game(game_id: str) -> None:
    bot = Baseline(game_id)
    net, game = bot.network, bot.game
    obs, masks = positions(game, games=8, seed=1)
    assert len(obs) > 100
    want_priors, want_values = net.evaluate(obs, masks)
    priors, values = net.native().evaluate(obs, masks)
    assert priors.shape == want_priors.shape and values.shape == want_values.shape
    np.testing.assert_allclose(priors, want_priors, atol=1e-5, rtol=1e-5)
    np.testing.assert_allclose(values, want_values, atol=1e-5, rtol=1e-5)
    assert (priors[~masks] == 0).all()  # illegal actions get no prior
    assert np.allclose(priors.max(axis=1, where=masks, initial=0), 1)  # the best legal: exp(0)


#: Every shipped network: (game id, its file, the parameters it was trained on).
SHIPPED = [(game_id, path, params) for game_id in GAMES
           for path, params in weights.shipped_networks(game_id)]

#: The C++ kernel evaluates rows in groups of 4: batches of 1 to 9 rows take every remainder.
BATCH_SIZES = range(1, 10)


def assert_agrees(net: weights.Network, obs: np.ndarray, masks: np.ndarray) -> None:
    """The native evaluator gives what numpy computes, batch by batch of BATCH_SIZES rows."""
    native = net.native()
    start = 0
    for rows in BATCH_SIZES:
        o, m = obs[start:start + rows], masks[start:start + rows]
        start += rows
        want_priors, want_values = net.evaluate(o, m)
        priors, values = native.evaluate(o, m)
        assert priors.shape == (rows, m.shape[1]) and values.shape == want_values.shape
        for got, want in ((priors, want_priors), (values, want_values)):
            np.testing.assert_allclose(got, want, atol=1e-5, rtol=1e-5, err_msg=f"{rows} rows")


@pytest.mark.parametrize(("game_id", "path", "params"), SHIPPED,
                         ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(SHIPPED)])
def test_every_shipped_network_agrees_with_numpy_on_every_batch_size(game_id: str, path: Path,
                                                                     params: dict) -> None:
    game = tb.make(game_id, **params)
    net = weights.load_weights(path, game)
    obs, masks = positions(game, games=2, seed=3)
    assert_agrees(net, obs, masks)


def random_network(sizes: list[int], actions: int, players: int, seed: int) -> weights.Network:
    rng = np.random.default_rng(seed)
    hidden = [(rng.normal(0, 0.3, (a, b)).astype(np.float32),
               rng.normal(0, 0.3, b).astype(np.float32)) for a, b in pairwise(sizes)]
    policy = (rng.normal(0, 0.5, (sizes[-1], actions)).astype(np.float32),
              rng.normal(0, 0.5, actions).astype(np.float32))
    value = (rng.normal(0, 0.5, (sizes[-1], players)).astype(np.float32),
             rng.normal(0, 0.5, players).astype(np.float32))
    return weights.Network(meta={"game": "test", "observation_size": sizes[0]}, hidden=hidden,
                           policy=policy, value=value)


@pytest.mark.parametrize("sizes", [[53], [53, 8], [53, 37, 5, 64], [9, 129, 31], [1, 1],
                                   [300, 17]])
def test_any_depth_and_width_agrees_with_numpy(sizes: list[int]) -> None:
    """Widths that are no multiple of any C++ tile or vector, no hidden layer at all, sparse
    0/1 rows as the observations are, dense rows with negative values, rows of zeros and of
    negative zeros, a row with nothing legal (all priors 0, as numpy gives)."""
    rng = np.random.default_rng(len(sizes) * 100 + sizes[0])
    net = random_network(sizes, actions=7, players=3, seed=sizes[-1])
    rows = sum(BATCH_SIZES)
    obs = (rng.random((rows, sizes[0])) < 0.15).astype(np.float32)
    dense = rng.random(rows) < 0.4
    obs[dense] = rng.normal(0, 1, (int(dense.sum()), sizes[0]))
    obs[3] = 0.0
    obs[7] = -0.0
    masks = rng.random((rows, 7)) < 0.5
    masks[0] = False
    native = net.native()
    assert (native.observation_size, native.num_actions, native.num_players) == (sizes[0], 7, 3)
    assert_agrees(net, obs, masks)
    assert (native.evaluate(obs[:1], masks[:1])[0] == 0).all()


@pytest.mark.parametrize(("actor", "critic"), [([53, 8], [53, 5]), ([40, 16, 9], [40, 3, 21])])
@pytest.mark.parametrize("linear", [False, True])
def test_a_separate_critic_agrees_with_numpy(actor: list[int], critic: list[int],
                                             linear: bool) -> None:
    """An actor-critic network (separate trunks, as PPO's) runs in C++ as one trunk of both
    halves side by side; numpy computes each trunk alone. Linear values skip the sigmoid."""
    net = random_network(actor, actions=7, players=3, seed=5)
    other = random_network(critic, actions=7, players=3, seed=6)
    net.critic, net.value = other.hidden, other.value
    net.meta["linear_values"] = linear
    rng = np.random.default_rng(1)
    rows = sum(BATCH_SIZES)
    obs = (rng.random((rows, actor[0])) < 0.3).astype(np.float32)
    masks = rng.random((rows, 7)) < 0.6
    assert_agrees(net, obs, masks)
    x = obs
    for w, b in other.hidden:
        x = np.maximum(x @ w + b, 0)
    z = x @ other.value[0] + other.value[1]
    np.testing.assert_allclose(net.forward(obs)[1], z if linear else 1 / (1 + np.exp(-z)),
                               rtol=1e-5, atol=1e-6)


def test_a_separate_critic_round_trips_and_bad_ones_are_refused(tmp_path: Path) -> None:
    game = tb.make("good_fortune")
    size, actions, players = game.observation_shape[0], game.num_actions, game.num_players
    net = random_network([size, 12], actions, players, seed=1)
    critic = random_network([size, 6], actions, players, seed=2)
    arrays = {**net.arrays(), "critic0_w": critic.hidden[0][0], "critic0_b": critic.hidden[0][1],
              "value_w": critic.value[0], "value_b": critic.value[1]}
    path = tmp_path / "ac.npz"
    weights.save_weights(path, game, arrays, linear_values=True)
    loaded = weights.load_weights(path, game)
    assert loaded.linear_values and len(loaded.critic) == 1
    obs, masks = positions(game, games=3, seed=2)
    assert_agrees(loaded, obs, masks)
    deeper = {**arrays, "critic1_w": np.zeros((6, 6), np.float32),
              "critic1_b": np.zeros(6, np.float32)}
    meta = np.frombuffer(json.dumps(weights._meta_of(game)).encode(), np.uint8)
    np.savez(tmp_path / "deep.npz", **deeper, meta=meta)  # save_weights would refuse it
    with pytest.raises(ValueError, match="critic has 2 hidden layers, its actor 1"):
        weights.load_weights(tmp_path / "deep.npz", game)
    wrong = {**arrays, "value_w": np.zeros((12, players), np.float32)}  # reads the actor's width
    with pytest.raises(ValueError, match="value has shapes"):
        weights.save_weights(tmp_path / "wrong.npz", game, wrong)
    with pytest.raises(TypeError, match="linear_values"):
        weights.save_weights(tmp_path / "flag.npz", game, arrays, linear_values=1)  # type: ignore[arg-type]


def test_baseline_is_native_by_default_and_both_paths_search() -> None:
    native, python = Baseline("good_fortune"), Baseline("good_fortune", native=False)
    assert isinstance(native._evaluator, NetworkEvaluator)
    assert not isinstance(python._evaluator, NetworkEvaluator)
    state = tb.make("good_fortune").new_initial_state(seed=5)
    for bot in (native, python):
        assert bot.act(state, state.current_player()) in state.legal_actions()
    with pytest.raises(TypeError, match="native must be a bool"):
        Baseline("good_fortune", native=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_native_baseline_plays_legal_moves_and_leaves_the_state(game_id: str) -> None:
    bot = Baseline(game_id, iterations=40)
    state = bot.game.new_initial_state(seed=7)
    while not state.is_terminal():
        before = state.clone()
        if state.is_simultaneous_node():
            joint = [-1] * bot.game.num_players
            for p in state.acting_players():
                joint[p] = bot.act(state, p)
                assert joint[p] in state.legal_actions(p)
            assert state == before
            state.apply_actions(joint)
        else:
            p = state.current_player()
            action = bot.act(state, p)
            assert action in state.legal_actions()
            assert state == before
            state.apply_action(action)


def test_native_baseline_is_reproducible_from_its_seed() -> None:
    game = tb.make("good_fortune")
    states = [game.new_initial_state(seed=s) for s in range(6)]

    def decisions(seed: int, threads: int) -> list[int]:
        bot = Baseline(game, iterations=120, seed=seed, threads=threads)
        return [bot.act(s, s.current_player()) for s in states]

    assert decisions(3, 1) == decisions(3, 1)
    assert decisions(3, 2) == decisions(3, 2)  # root-parallel, no GIL: the same per (seed, threads)


def test_arena_with_native_baseline_is_the_same_on_any_thread_count() -> None:
    bot = Baseline("good_fortune", iterations=30)
    one = tb.arena("good_fortune", [bot, "ismcts:30"], games=6, seed=2, threads=1)
    two = tb.arena("good_fortune", [bot, "ismcts:30"], games=6, seed=2, threads=2)
    np.testing.assert_array_equal(one.returns, two.returns)
    assert one.bots == ["baseline:30", "ismcts:30"]


def test_search_gives_the_native_evaluators_statistics() -> None:
    game = tb.make("color_mafia", players=4)
    net = Baseline(game).network
    state = game.new_initial_state(seed=4)
    player = state.acting_players()[0]  # a simultaneous node
    result = tb.search(state, player, iterations=64, seed=1, evaluator=net.native(),
                       relative_values=True)
    assert result.visits.sum() > 0
    assert set(np.flatnonzero(result.visits)) <= set(state.legal_actions(player))


def test_bad_weights_are_refused() -> None:
    rng = np.random.default_rng(0)
    w = rng.normal(size=(10, 4)).astype(np.float32)
    b = np.zeros(4, np.float32)
    head = (rng.normal(size=(4, 3)).astype(np.float32), np.zeros(3, np.float32))
    NetworkEvaluator([(w, b)], head, head)  # well formed
    with pytest.raises(ValueError, match="takes 5 inputs, but the layer before gives 4"):
        NetworkEvaluator([(w, b)], (np.zeros((5, 3), np.float32), np.zeros(3, np.float32)), head)
    with pytest.raises(ValueError, match="hidden layer 0 must be a weight of shape"):
        NetworkEvaluator([(w, np.zeros(5, np.float32))], head, head)
    with pytest.raises(ValueError, match="hidden layer 0 holds NaN"):
        NetworkEvaluator([(np.full((10, 4), np.nan, np.float32), b)], head, head)
    with pytest.raises(ValueError, match="policy head has an empty shape"):
        NetworkEvaluator([(w, b)], (np.zeros((4, 0), np.float32), np.zeros(0, np.float32)), head)
    with pytest.raises(TypeError, match="pair"):
        NetworkEvaluator([w], head, head)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="numeric"):
        NetworkEvaluator([(w, "bias")], head, head)  # type: ignore[list-item]
    native = NetworkEvaluator([(w, b)], head, head)
    with pytest.raises(ValueError, match=r"observations must have shape \(rows, 10\)"):
        native.evaluate(np.zeros((2, 9), np.float32), np.ones((2, 3), bool))
    with pytest.raises(ValueError, match=r"masks must have shape \(2, 3\)"):
        native.evaluate(np.zeros((2, 10), np.float32), np.ones((2, 4), bool))


def test_corrupt_weight_files_still_raise_before_any_evaluator(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match=r"bad\.npz is corrupt"):
        Baseline("good_fortune", weights=path)


def test_overflowing_network_stops_the_search_with_a_value_error() -> None:
    """Finite weights whose activations overflow float32: the search stops and the caller gets
    a ValueError (numpy's evaluator answers NaN, which the search refuses the same way)."""
    game = tb.make("good_fortune")
    obs = int(np.prod(game.observation_shape))
    huge = np.full((obs, 4), 3e38, np.float32)
    hidden = [(huge, np.zeros(4, np.float32))]
    policy = (np.full((4, game.num_actions), 3e38, np.float32),
              np.zeros(game.num_actions, np.float32))
    value = (np.ones((4, game.num_players), np.float32), np.zeros(game.num_players, np.float32))
    bot = PUCT(NetworkEvaluator(hidden, policy, value), iterations=20, relative_values=True)
    state = game.new_initial_state(seed=1)
    before = state.clone()
    with pytest.raises(ValueError, match="output is not finite"):
        bot.act(state, state.current_player())
    assert state == before
    with pytest.raises(ValueError, match="output is not finite"):  # and again: the error was reset
        bot.act(state, state.current_player())
    with pytest.raises(ValueError, match="output is not finite"):
        tb.arena(game, [bot, "random"], games=2, seed=0)


def test_a_network_for_another_game_is_refused_at_the_search() -> None:
    bot = Baseline("good_fortune", iterations=20)
    state = tb.make("fox_duet").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="plays good_fortune .*not fox_duet"):
        bot.act(state, state.current_player())
    with pytest.raises(ValueError, match="its evaluator serves good_fortune, not fox_duet"):
        state.bot_action(bot.config, state.current_player())
    with pytest.raises(ValueError, match="plays good_fortune"):
        tb.arena("fox_duet", [bot], games=1)
    # The same network unbound to its game: the search itself refuses the sizes.
    net = bot.network
    unbound = PUCT(NetworkEvaluator(net.hidden, net.policy, net.value), iterations=20)
    with pytest.raises(ValueError, match="the network takes observations of size 332"):
        unbound.act(state, state.current_player())
