"""PettingZoo environments of every tablebits game (the public path; the code is in
``tablebits.adapters.pettingzoo``).

>>> from tablebits.pettingzoo import env, parallel_env
"""

from __future__ import annotations

from .adapters.pettingzoo import AECGame, ParallelGame, env, parallel_env

__all__ = ["AECGame", "ParallelGame", "env", "parallel_env"]
