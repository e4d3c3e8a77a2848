"""Slow, readable pure-Python reference implementations, one module per game.

Each module exposes ``make(**params) -> Game`` mirroring the public tablebits contract closely
enough for the rule scenarios and the differential tests to drive either implementation.
They share nothing with the C++ engine except the documented RNG algorithm (``rng.py``).
"""
