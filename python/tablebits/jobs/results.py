"""What the results of simulate and arena share: the per-game arrays of a job."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .positions import positions


def json_number(x: float) -> float | None:
    """``x``, or None (JSON null) where it is not a number: a mean over no games."""
    return x if math.isfinite(x) else None



@dataclass(frozen=True, kw_only=True)
class GameArrays:
    """Per-game arrays of a job; row ``i`` is game ``i``, determined by ``(seed, i)`` alone."""

    game_id: str
    params: dict[str, Any]
    seed: int
    #: float32 (games, players): win shares by seat (float32(1/3) for a three-way share, where
    #: State.returns() gives the exact Python float 1/3)
    returns: np.ndarray
    scores: np.ndarray  #: float32 (games, players): raw game points by seat
    lengths: np.ndarray  #: uint32 (games,): decision nodes per game
    truncated: np.ndarray  #: bool (games,): the game was ended by a safety cap (State.is_truncated)
    #: uint8 (games,): the seat at position 0 of the game's turn order (jobs/positions.py)
    starts: np.ndarray
    seconds: float  #: wall-clock time of the run
    startup_seconds: float = 0.0  #: backend="ray": starting or joining Ray, before ``seconds``

    @property
    def games(self) -> int:
        return int(self.lengths.shape[0])

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def positions(self) -> np.ndarray:
        """int (games, players): each seat's position in its game's turn order (0 = starts)."""
        return positions(self.starts, self.returns.shape[1])

    def _job_dict(self) -> dict[str, Any]:
        """The job's description and speed, shared by the results' ``to_dict``."""
        return {
            "game": self.game_id,
            "params": self.params,
            "seed": self.seed,
            "games": self.games,
            "seconds": self.seconds,
            "startup_seconds": self.startup_seconds,
            "games_per_second": self.games_per_second if self.seconds > 0 else None,
            "mean_length": float(self.lengths.mean()) if self.games else 0.0,
            "truncated": int(self.truncated.sum()),
        }
