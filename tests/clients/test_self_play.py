"""Self-play against past policies (docs/adapters/trainers.md): an exported MaskablePPO policy
plays in C++ what the trained policy plays, and the recipe runs end to end at a small size."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

import tablebits as tb
from tablebits.bots.weights import load_weights
from tablebits.sb3 import export_policy, vec_env


def trained(game_id: str, steps: int = 512, **params) -> MaskablePPO:
    env = vec_env(game_id, 8, seed=0, rotate_seats=True, **params)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=128, gamma=1.0, seed=0,
                        policy_kwargs={"activation_fn": torch.nn.ReLU}, device="cpu")
    return model.learn(steps)


def model_outputs(model: MaskablePPO, obs: np.ndarray, masks: np.ndarray):
    """The policy's action probabilities and the critic's value, from SB3 itself."""
    with torch.no_grad():
        tensor = torch.as_tensor(obs)
        dist = model.policy.get_distribution(tensor, action_masks=masks)
        return dist.distribution.probs.numpy(), model.policy.predict_values(tensor).numpy()[:, 0]


@pytest.mark.parametrize(("game_id", "params"), [("good_fortune", {}),
                                                 ("hoi_pho", {"players": 3})])
def test_the_exported_policy_is_the_trained_one(tmp_path: Path, game_id: str, params) -> None:
    model = trained(game_id, **params)
    path = tmp_path / "snap.npz"
    export_policy(model, path)
    game = tb.make(game_id, **params)
    net = load_weights(path, game)
    env = vec_env(game_id, 32, seed=7, **params)
    obs = env.reset()
    masks = env.action_masks()
    probs, value = model_outputs(model, obs, masks)
    # numpy (two trunks) and C++ (one joined trunk) against torch
    logits, values = net.forward(obs)
    priors, native_values = net.native().evaluate(obs, masks)
    for got in (np.where(masks, np.exp(logits - logits.max(1, keepdims=True)), 0), priors):
        np.testing.assert_allclose(got / got.sum(1, keepdims=True), probs, atol=1e-5)
    others = value if game.info.cooperative else (1 - value) / (game.num_players - 1)
    for got in (values, native_values):
        np.testing.assert_allclose(got[:, 0], value, atol=1e-5)
        np.testing.assert_allclose(got[:, 1:], np.repeat(others[:, None], game.num_players - 1,
                                                         axis=1), atol=1e-5)
    # the greedy Policy bot plays model.predict's deterministic move
    greedy = tb.bots.Policy(game, path, greedy=True)
    wanted, _ = model.predict(obs, action_masks=masks, deterministic=True)
    for i in range(32):
        state = env.env._env.state(i)
        assert greedy.act(state, 0) == wanted[i]


def test_export_refuses_what_the_cpp_network_cannot_run(tmp_path: Path) -> None:
    env = vec_env("good_fortune", 2)
    tanh = MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=16, device="cpu")
    with pytest.raises(ValueError, match="ReLU"):
        export_policy(tanh, tmp_path / "x.npz")
    assert not (tmp_path / "x.npz").exists()


def test_the_recipe_runs_small_and_credits_opponents(tmp_path: Path) -> None:
    import sb3_self_play

    snapshots = sb3_self_play.self_play(tmp_path, generations=2, steps=1024, num_envs=8)
    assert [p.name for p in snapshots] == ["gen01.npz", "gen02.npz"]
    ladder = sb3_self_play.rate(snapshots, games=10)
    assert ladder.bots == ["random", *(str(p) for p in snapshots)]
    assert len(ladder.ratings) == 3 and ladder.ratings[0].mean == 0
    # the env of the recipe's last generation: the pool and its opponents' credit
    env = vec_env("good_fortune", 8, seed=3, opponents=["random", *map(str, snapshots)])
    obs = env.reset()
    credited = []
    for _ in range(200):
        masks = env.action_masks()
        actions = [int(np.flatnonzero(m)[0]) for m in masks]
        obs, rewards, dones, infos = env.step(np.array(actions))
        credited += [infos[i]["opponent"] for i in np.flatnonzero(dones)]
    assert set(credited) == {0, 1, 2}
