"""The engine's errors: both are ``ValueError`` subclasses, so ``except ValueError`` still works.

- ``IllegalActionError``: an action or joint action that is not legal for that player at that
  node, or no action at all where the game is over (``apply_action``, ``apply_actions``,
  ``VectorEnv.step``, a bot's answer in ``tb.play``). The state is left unchanged.
- ``InvalidStateError``: state bytes or a state dict that are malformed or describe a state the
  rules cannot reach (``Game.state_from_bytes``, ``Game.state_from_dict``, unpickling).
"""

from __future__ import annotations

from ._core import IllegalActionError, InvalidStateError

__all__ = ["IllegalActionError", "InvalidStateError"]
