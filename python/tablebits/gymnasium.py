"""Gymnasium environments of every tablebits game (the public path; the code is in
``tablebits.adapters.gymnasium``). Importing either registers ``tablebits/<Game>-v0`` ids.

>>> import gymnasium, tablebits.gymnasium
"""

from __future__ import annotations

from .adapters.gymnasium import GameEnv, VectorGameEnv, check_seat, env_id, make, register_all

__all__ = ["GameEnv", "VectorGameEnv", "check_seat", "env_id", "make", "register_all"]
