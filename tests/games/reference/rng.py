"""The engine's PRNG, restated in Python (see ``csrc/tablebits/core/rng.hpp``).

SplitMix64: the state is one unsigned 64-bit integer. ``uniform(n)`` is the high word of a
64x64-bit product (bias below n / 2**64, irrelevant for n <= 64). ``shuffle`` is Fisher-Yates
from the last index down. These three definitions are the whole contract that lets the
references reproduce the engine's chance events exactly.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64 generator whose state is the plain integer ``state``."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def uniform(self, n: int) -> int:
        """An integer in ``[0, n)``."""
        return (self.next() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: for i = len-1 down to 1, swap items[i], items[uniform(i+1)]."""
        for i in range(len(items) - 1, 0, -1):
            j = self.uniform(i + 1)
            items[i], items[j] = items[j], items[i]
