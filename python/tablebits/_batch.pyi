"""Type stubs for tablebits._batch (Cython); see tablebits.VectorEnv and tablebits.simulate."""

import numpy as np
import numpy.typing as npt

def simulate_chunk(
    game_id: str,
    params_blob: bytes,
    seed: int,
    first: int,
    returns: npt.NDArray[np.float32],
    scores: npt.NDArray[np.float32],
    lengths: npt.NDArray[np.uint32],
    truncated: npt.NDArray[np.uint8],
    threads: int,
    starts: npt.NDArray[np.uint8] | None = None,
) -> None: ...

def arena_chunk(
    game_id: str,
    params_blob: bytes,
    bots_blob: bytes,
    seed: int,
    first: int,
    seats: npt.NDArray[np.int32],
    returns: npt.NDArray[np.float32],
    scores: npt.NDArray[np.float32],
    lengths: npt.NDArray[np.uint32],
    truncated: npt.NDArray[np.uint8],
    threads: int,
    record: bool = False,
    allow_time_limits: bool = False,
    starts: npt.NDArray[np.uint8] | None = None,
) -> list[list[int]] | None: ...
def arena_game_seed(seed: int, game_index: int) -> int: ...
def opponent_seed(game_seed: int, node: int, player: int) -> int: ...

class BatchCore:
    current_player: npt.NDArray[np.int32]
    legal: npt.NDArray[np.uint64]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    episode_steps: npt.NDArray[np.int32]
    observations: npt.NDArray[np.float32] | None
    final_returns: npt.NDArray[np.float32]
    final_observations: npt.NDArray[np.float32] | None
    def __init__(
        self,
        game_id: str,
        params_blob: bytes,
        num_envs: int,
        players: int,
        obs_size: int,
        observations: bool,
    ) -> None: ...
    def reset(self, seed: int, threads: int) -> None: ...
    def step(self, actions: npt.NDArray[np.int32], threads: int) -> int: ...
    def sample_actions(self, out: npt.NDArray[np.int32], threads: int) -> None: ...
    def state_bytes(self, i: int) -> bytes: ...
    def expand_masks(self, out: npt.NDArray[np.uint8]) -> None: ...
    learner_seat: npt.NDArray[np.int32] | None
    opponent: npt.NDArray[np.int32] | None
    game_seed: npt.NDArray[np.uint64] | None
    final_seat: npt.NDArray[np.int32] | None
    final_opponent: npt.NDArray[np.int32] | None
    learner_reward: npt.NDArray[np.float32] | None
    learner_final_obs: npt.NDArray[np.float32] | None
    def set_learner(
        self,
        seat: int,
        rotate: bool,
        bots: bytes,
        weights: npt.NDArray[np.float64],
        allow_time_limits: bool,
    ) -> None: ...
    def learner_reset(
        self,
        seed: int,
        threads: int,
        obs_out: npt.NDArray[np.float32],
        masks_out: npt.NDArray[np.uint8],
    ) -> None: ...
    def learner_step(
        self,
        actions: npt.NDArray[np.int32],
        threads: int,
        obs_out: npt.NDArray[np.float32],
        masks_out: npt.NDArray[np.uint8],
    ) -> int: ...
