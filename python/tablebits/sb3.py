"""Stable-Baselines3 ``VecEnv`` of ``VectorGameEnv`` (the public path; the code is in
``tablebits.adapters.sb3``).

>>> from tablebits.sb3 import vec_env  # doctest: +SKIP
"""

from __future__ import annotations

from .adapters.sb3 import VecEnv, export_policy, vec_env

__all__ = ["VecEnv", "export_policy", "vec_env"]
