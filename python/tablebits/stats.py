"""Confidence intervals for win rates and win shares."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np


class Interval(NamedTuple):
    mean: float
    low: float  #: lower end of the 95% confidence interval
    high: float  #: upper end


def wilson(successes: float, n: int, z: float = 1.96) -> Interval:
    """The Wilson score interval of a rate: sound near 0 and 1, where the normal one collapses."""
    if n == 0:
        return Interval(math.nan, 0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # The interval always holds p, but at p = 0 or 1 its end is a difference of two equal
    # numbers, and rounding can put it a hair on the wrong side (0 of 3,000 gave a low end of
    # 1e-19 above the mean): a negative error bar, which matplotlib refuses.
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def share_interval(shares: np.ndarray) -> Interval:
    """Mean and 95% interval of per-game win shares in [0, 1] (ties split).

    Uses the Wilson interval of the mean: shares in [0, 1] vary at most as much as 0/1
    outcomes with the same mean, so the interval is conservative.
    """
    n = int(shares.shape[0])
    return wilson(float(shares.sum(dtype=np.float64)), n)
