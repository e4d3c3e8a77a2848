"""VectorGameEnv(opponents=...): bots, networks and pools play the other seats in C++.

Every move an opponent makes is checked against the bot's own ``act`` on a state replayed
independently through the object API, from the game's seed and the learner's actions.
"""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import tablebits as tb  # noqa: E402
from tablebits import _batch  # noqa: E402
from tablebits.bots.weights import shipped_path  # noqa: E402
from tablebits.gymnasium import VectorGameEnv  # noqa: E402


def random_actions(rng, masks):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def play(env, steps, seed=0):
    """``steps`` random learner steps from a reset; every step's (actions, outputs)."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    history = [(None, (obs, info))]
    for _ in range(steps):
        actions = random_actions(rng, info["action_mask"])
        out = env.step(actions)
        obs, info = out[0], out[4]
        history.append((actions, out))
    return history


class Replay:
    """One env's game replayed in the object API: the learner's moves as given, the opponents'
    from ``make_bot(seed).act`` with the seed the env documents for the decision."""

    def __init__(self, game, game_seed, seat, make_bot):
        self.state = game.new_initial_state(seed=int(game_seed))
        self.game_seed, self.seat, self.make_bot = int(game_seed), int(seat), make_bot
        self.node = 0
        self.play_until_learner()

    def choice(self, player):
        seed = _batch.opponent_seed(self.game_seed, self.node, player)
        return self.make_bot(seed).act(self.state, player)

    def apply(self, learner_action=None):
        s = self.state
        if s.is_simultaneous_node():
            joint = [-1] * s.game.num_players
            for p in s.acting_players():
                joint[p] = learner_action if p == self.seat else self.choice(p)
            s.apply_actions(joint)
        else:
            p = s.current_player()
            s.apply_action(learner_action if p == self.seat else self.choice(p))
        self.node += 1

    def play_until_learner(self):
        while not self.state.is_terminal() and not self.state.legal_actions(self.seat):
            self.apply()

    def learner_moves(self, action):
        self.apply(action)
        self.play_until_learner()


@pytest.mark.parametrize(("game_id", "params", "spec", "make_bot", "steps"), [
    ("good_fortune", {}, "ismcts:30", lambda seed: tb.bots.ISMCTS(30, seed=seed), 25),
    ("color_mafia", {"players": 3, "max_rounds": 2}, "ismcts:20@1.0",
     lambda seed: tb.bots.ISMCTS(20, exploration=1.0, seed=seed), 25),
    ("fox_duet", {}, "pimc:3@1", lambda seed: tb.bots.PIMC(3, 1, seed=seed), 60),
    ("good_fortune", {}, "baseline:20",
     lambda seed: tb.bots.Baseline("good_fortune", 20, seed=seed), 25),
])
def test_opponents_play_the_bot_they_name(game_id, params, spec, make_bot, steps):
    """Each env's state after every step is the state reached by the learner's actions and
    the bot's own decisions (object API, the documented seed), across game ends too."""
    n = 6
    env = VectorGameEnv(game_id, n, seat=0, seed=4, threads=2, opponents=spec,
                        rotate_seats=True, **params)
    game = env.game
    _, info = env.reset()
    replays = [Replay(game, info["game_seed"][i], info["seat"][i], make_bot) for i in range(n)]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(steps):
        for i, r in enumerate(replays):
            assert env._env.state(i).to_bytes() == r.state.to_bytes()
        actions = random_actions(rng, info["action_mask"])
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i, r in enumerate(replays):
            r.learner_moves(int(actions[i]))
            if terminated[i] or truncated[i]:
                assert r.state.is_terminal()
                assert info["final_seat"][i] == r.seat
                assert rewards[i] == pytest.approx(r.state.returns()[r.seat])
                replays[i] = Replay(game, info["game_seed"][i], info["seat"][i], make_bot)
                ended += 1
            else:
                assert not r.state.is_terminal()
                assert np.array_equal(obs[i], r.state.observation_tensor(r.seat))
    assert ended > 0


def test_a_weights_file_plays_its_policy():
    """A weights file opponent is tb.bots.Policy: replayed with the bot's own act."""
    path = shipped_path("good_fortune")
    env = VectorGameEnv("good_fortune", 4, seed=2, threads=2, opponents=[str(path)])
    _, info = env.reset()
    assert env.opponent_names == [str(path)]
    replays = [Replay(env.game, info["game_seed"][i], 0,
                      lambda seed: tb.bots.Policy("good_fortune", path, seed=seed))
               for i in range(4)]
    rng = np.random.default_rng(3)
    for _ in range(8):
        actions = random_actions(rng, info["action_mask"])
        *_, info = env.step(actions)
        for i, r in enumerate(replays):
            r.learner_moves(int(actions[i]))
            if not r.state.is_terminal():
                assert env._env.state(i).to_bytes() == r.state.to_bytes()


def test_policy_bot_draws_from_the_softmax_and_greedy_takes_the_top():
    """Computed here from the network's logits in numpy: greedy is the argmax over the legal
    actions, and the draws' frequencies follow the masked softmax."""
    game = tb.make("good_fortune")
    path = shipped_path("good_fortune")
    net = tb.bots.weights.load_weights(path, game)
    state = game.new_initial_state(seed=11)
    p = state.current_player()
    logits, _ = net.forward(state.observation_tensor(p)[None])
    legal = state.legal_actions()
    z = logits[0, legal] - logits[0, legal].max()
    probs = np.exp(z) / np.exp(z).sum()
    assert tb.bots.Policy(game, path, greedy=True).act(state, p) == legal[int(np.argmax(probs))]
    bot = tb.bots.Policy(game, path)
    draws = []
    for seed in range(3000):  # one network loaded, seeded anew for each draw
        bot.seed = seed
        draws.append(bot.act(state, p))
    counts = np.array([draws.count(a) for a in legal]) / len(draws)
    assert np.abs(counts - probs).max() < 0.03


def test_same_seed_same_games_for_any_thread_count():
    runs = []
    for threads in (1, 2, 3):
        env = VectorGameEnv("color_mafia", 7, seed=9, threads=threads, players=4, max_rounds=2,
                            opponents=["ismcts:10", "random"], opponent_weights=[1, 2],
                            rotate_seats=True)
        runs.append(play(env, 12))
    for other in runs[1:]:
        for (a1, out1), (a2, out2) in zip(runs[0], other, strict=True):
            assert (a1 is None and a2 is None) or np.array_equal(a1, a2)
            for x, y in zip(out1, out2, strict=True):
                if isinstance(x, dict):
                    assert x.keys() == y.keys()
                    for k in x:
                        assert np.array_equal(x[k], y[k]), k
                else:
                    assert np.array_equal(x, y)


def test_the_pool_draws_by_weight_and_reports_each_game():
    """Over many games each entry is drawn in proportion to its weight, and the info credits
    every finished game to the opponent drawn at its start."""
    env = VectorGameEnv("good_fortune", 64, seed=3, threads=2,
                        opponents=["random", tb.bots.Random(), "random"],
                        opponent_weights=[1.0, 0.0, 3.0])
    obs, info = env.reset()
    drawn = list(info["opponent"])
    current = info["opponent"].copy()
    rng = np.random.default_rng(0)
    for _ in range(400):
        obs, rewards, terminated, truncated, info = env.step(
            random_actions(rng, info["action_mask"]))
        ended = terminated | truncated
        if ended.any():
            assert np.array_equal(info["final_opponent"][ended], current[ended])
            drawn += list(info["opponent"][ended])
        current = info["opponent"].copy()
    counts = np.bincount(drawn, minlength=3)
    assert counts[1] == 0
    share = counts[2] / counts.sum()
    assert len(drawn) > 1000 and abs(share - 0.75) < 0.05


def test_seats_rotate_per_game():
    env = VectorGameEnv("hoi_pho", 6, seat=1, seed=2, threads=2, rotate_seats=True, players=3)
    _, info = env.reset()
    assert info["seat"].tolist() == [(1 + i) % 3 for i in range(6)]
    games = np.zeros(6, int)
    rng = np.random.default_rng(0)
    for _ in range(300):
        *_, terminated, truncated, info = env.step(random_actions(rng, info["action_mask"]))
        games += terminated | truncated
        assert info["seat"].tolist() == [(1 + i + g) % 3 for i, g in enumerate(games)]
        for i in range(6):
            assert env._env.state(i).legal_actions(int(info["seat"][i]))
    assert games.min() >= 2
    fixed = VectorGameEnv("hoi_pho", 6, seat=2, seed=2, players=3)
    assert (fixed.reset()[1]["seat"] == 2).all()


def test_learner_rewards_are_its_seats_returns_under_rotation():
    env = VectorGameEnv("good_fortune", 32, seed=1, threads=2, rotate_seats=True)
    _, info = env.reset()
    rng = np.random.default_rng(2)
    total, games = 0.0, 0
    for _ in range(200):
        _, rewards, terminated, truncated, info = env.step(
            random_actions(rng, info["action_mask"]))
        ended = terminated | truncated
        if not ended.any():
            continue
        finals = env._env.final_returns[ended]
        assert np.array_equal(rewards[ended], finals[np.arange(len(finals)),
                                                     info["final_seat"][ended]])
        total += rewards.sum()
        games += ended.sum()
    assert games > 100 and 0.4 < total / games < 0.6  # random against random


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"opponents": "alphazero"}, ValueError, "unknown bot"),
    ({"opponents": "ismcts:0"}, ValueError, "iterations"),
    ({"opponents": "pimc:3"}, ValueError, "pimc bot needs a cooperative game"),
    ({"opponents": "ismcts:20ms"}, ValueError, "reproducible=False"),
    ({"opponents": "missing.npz"}, ValueError, "does not exist"),
    ({"opponents": []}, ValueError, "at least one"),
    ({"opponents": [lambda s, p: 0]}, TypeError, "built-in bot"),
    ({"opponents": 3}, TypeError, "opponents must be"),
    ({"opponents": ["random"], "opponent_weights": [1, 2]}, ValueError, "one weight per"),
    ({"opponents": ["random"], "opponent_weights": [-1]}, ValueError, ">= 0"),
    ({"opponents": ["random"], "opponent_weights": [float("nan")]}, ValueError, ">= 0"),
    ({"opponents": ["random"], "opponent_weights": [0]}, ValueError, "all be 0"),
    ({"opponents": ["random"], "opponent_weights": ["1"]}, TypeError, "number"),
    ({"opponents": ["random"], "opponent_weights": 1}, TypeError, "sequence"),
    ({"rotate_seats": 1}, TypeError, "rotate_seats"),
    ({"reproducible": "no"}, TypeError, "reproducible"),
])
def test_bad_opponents_raise_and_change_nothing(kwargs, error, match):
    with pytest.raises(error, match=match):
        VectorGameEnv("good_fortune", 2, **kwargs)
    env = VectorGameEnv("good_fortune", 4, seed=1, opponents="ismcts:5")
    _, info = env.reset()
    before = [env._env.state(i).to_bytes() for i in range(4)]
    opponents = {k: v for k, v in kwargs.items() if k.startswith("opponent")}
    if opponents:
        with pytest.raises(error, match=match):
            env.set_opponents(opponents.get("opponents"), opponents.get("opponent_weights"))
    assert env.opponent_names == ["ismcts:5"]
    assert [env._env.state(i).to_bytes() for i in range(4)] == before
    twin = VectorGameEnv("good_fortune", 4, seed=1, opponents="ismcts:5")
    twin.reset()
    actions = random_actions(np.random.default_rng(0), info["action_mask"])
    assert np.array_equal(env.step(actions)[0], twin.step(actions)[0])


def test_weights_of_another_game_are_refused():
    path = shipped_path("good_fortune")
    with pytest.raises(ValueError, match="good_fortune"):
        VectorGameEnv("fox_duet", 2, opponents=str(path))
    with pytest.raises(ValueError, match="parameters"):
        VectorGameEnv("good_fortune", 2, opponents=tb.bots.Baseline("good_fortune"),
                      variant="guess")


def test_time_limited_opponents_play_when_not_reproducible():
    env = VectorGameEnv("good_fortune", 3, seed=1, opponents="ismcts:1ms", reproducible=False)
    _, info = env.reset()
    _, _, _, _, info = env.step(random_actions(np.random.default_rng(0), info["action_mask"]))
    assert info["action_mask"].any(axis=1).all()


def test_a_new_pool_applies_from_each_envs_next_game():
    env = VectorGameEnv("good_fortune", 16, seed=5, threads=2, opponents="random")
    _, info = env.reset()
    env.set_opponents(["random", "ismcts:5"], [0, 1])
    assert env.opponent_names == ["random", "ismcts:5"]
    assert (info["opponent"] == 0).all()
    rng = np.random.default_rng(0)
    started = np.zeros(16, bool)
    for _ in range(60):
        *_, terminated, truncated, info = env.step(random_actions(rng, info["action_mask"]))
        started |= terminated | truncated
        assert (info["opponent"][started] == 1).all()
        assert (info["opponent"][~started] == 0).all()
    assert started.all()


def test_games_under_way_keep_their_bot_when_the_pool_turns_random():
    env = VectorGameEnv("good_fortune", 6, seed=8, threads=2, opponents="ismcts:5")
    _, info = env.reset()
    replays = [Replay(env.game, info["game_seed"][i], 0,
                      lambda seed: tb.bots.ISMCTS(5, seed=seed)) for i in range(6)]
    env.set_opponents("random")
    rng = np.random.default_rng(4)
    for _ in range(5):  # within the first game
        actions = random_actions(rng, info["action_mask"])
        *_, terminated, truncated, info = env.step(actions)
        assert not (terminated | truncated).any()
        for i, r in enumerate(replays):
            r.learner_moves(int(actions[i]))
            assert env._env.state(i).to_bytes() == r.state.to_bytes()
