"""What the PettingZoo and Gymnasium adapters share: agent names, spaces, seeds, masks."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .._checks import check_optional_seed
from .._core import Game

# Observation tensors hold flags, fractions and counts (coins, gems, rounds): never negative,
# with no common upper bound, so the Box is [0, inf). The adapters' tests check every
# observation they see against it.
OBS_LOW = 0.0
OBS_HIGH = np.inf


def agent_names(game: Game) -> list[str]:
    """``player_0`` ... ``player_{n-1}``: PettingZoo's naming, seat i is ``player_i``."""
    return [f"player_{i}" for i in range(game.num_players)]


def observation_box(game: Game) -> spaces.Box:
    """The game's observation tensor as a float32 ``Box``."""
    return spaces.Box(OBS_LOW, OBS_HIGH, shape=game.observation_shape, dtype=np.float32)


def mask_box(game: Game) -> spaces.Box:
    """An int8 action mask over the game's action ids (1 = legal)."""
    return spaces.Box(0, 1, shape=(game.num_actions,), dtype=np.int8)


def mask_of(game: Game, legal: list[int]) -> np.ndarray:
    """The int8 mask of the action ids in ``legal``."""
    mask = np.zeros(game.num_actions, np.int8)
    mask[legal] = 1
    return mask


class Seeder:
    """Game seeds for successive resets, the way Gymnasium seeds episodes.

    ``reset(seed=s)`` plays exactly the object API's game ``new_initial_state(s)`` and reseeds
    the stream; a later ``reset()`` without a seed takes the stream's next value. Before any
    seed is given the stream starts from operating-system entropy.
    """

    def __init__(self) -> None:
        self._rng = np.random.default_rng()

    def next(self, seed: int | None) -> int:
        seed = check_optional_seed(int(seed) if isinstance(seed, np.integer) else seed)
        if seed is None:
            return int(self._rng.integers(2**63))
        self._rng = np.random.default_rng(seed)
        return seed
