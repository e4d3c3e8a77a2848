"""RLlib PPO with action masking in self-play over the PettingZoo env: every seat of Good
Fortune is played by one shared policy, RLlib's ``ActionMaskingTorchRLModule``. The env is
``tablebits.rllib.MultiAgentGameEnv``: RLlib's ``PettingZooEnv`` over the AEC env, with the
observation under ``"observations"`` beside ``"action_mask"`` (what the module reads) and
PettingZoo's classic rule for an illegal action (the game ends, the offender gets -1), so that
RLlib's env pre-check, which steps an unmasked random action, passes.

    python examples/clients/rllib_ppo.py [iterations]
"""

from __future__ import annotations

import sys
from typing import Any

from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

from tablebits.rllib import MultiAgentGameEnv


def config(game: str = "good_fortune", batch: int = 512, seed: int = 0) -> PPOConfig:
    """A small PPO self-play configuration: one local env runner, one shared masked module."""
    return (
        PPOConfig()
        .environment(MultiAgentGameEnv, env_config={"game": game})
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
        .multi_agent(policies={"shared"},
                     policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                   model_config={"fcnet_hiddens": [64, 64]}),
        }))
        .training(train_batch_size_per_learner=batch, minibatch_size=128, num_epochs=2,
                  lr=3e-4, gamma=1.0)
        .debugging(seed=seed)
    )


def train(iterations: int = 3, **kwargs: Any) -> list[dict[str, Any]]:
    """The results of ``iterations`` training iterations."""
    algo = config(**kwargs).build_algo()
    try:
        return [algo.train() for _ in range(iterations)]
    finally:
        algo.stop()


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for i, result in enumerate(train(iterations)):
        runners = result["env_runners"]
        print(f"iteration {i + 1}: {runners['num_env_steps_sampled_lifetime']} steps, "
              f"{runners['num_episodes_lifetime']} games, mean returns (all seats) "
              f"{runners['episode_return_mean']:.3f}")


if __name__ == "__main__":
    main()
