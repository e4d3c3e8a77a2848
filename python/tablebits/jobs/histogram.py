"""Exact counts of per-game values, whose moments are exact (rational)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np

from ..stats import Interval, wilson


class Histogram(Counter[float]):
    """Exact counts of values; its moments are exact (rational), then rounded once."""

    @classmethod
    def of(cls, values: np.ndarray) -> Histogram:
        distinct, counts = np.unique(values, return_counts=True)
        return cls(dict(zip(distinct.tolist(), counts.tolist(), strict=True)))

    @property
    def n(self) -> int:
        return sum(self.values())

    def moment(self, power: int) -> Fraction:
        """The exact sum of ``value ** power`` over every counted value."""
        return sum((Fraction(v) ** power * c for v, c in self.items()), Fraction(0))

    @property
    def value_sum(self) -> float:
        return float(self.moment(1))

    @property
    def square_sum(self) -> float:
        return float(self.moment(2))

    def mean(self) -> float:
        n = self.n
        return float(self.moment(1) / n) if n else math.nan

    def share_interval(self) -> Interval:
        """Mean and 95% Wilson interval of counted win shares in [0, 1] (see stats.py)."""
        return wilson(self.value_sum, self.n)
