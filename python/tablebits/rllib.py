"""RLlib multi-agent envs over the PettingZoo env (the public path; the code is in
``tablebits.adapters.rllib``).

>>> from tablebits.rllib import MultiAgentGameEnv  # doctest: +SKIP
"""

from __future__ import annotations

from .adapters.rllib import MultiAgentGameEnv, aec_for_rllib, multi_agent_env

__all__ = ["MultiAgentGameEnv", "aec_for_rllib", "multi_agent_env"]
