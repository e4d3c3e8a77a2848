"""The library's errors. The engine's two are ``ValueError`` subclasses, so ``except
ValueError`` still works:

- ``IllegalActionError``: an action or joint action that is not legal for that player at that
  node, or no action at all where the game is over (``apply_action``, ``apply_actions``,
  ``VectorEnv.step``, a bot's answer in ``tb.play``). The state is left unchanged.
- ``InvalidStateError``: state bytes or a state dict that are malformed or describe a state the
  rules cannot reach (``Game.state_from_bytes``, ``Game.state_from_dict``, unpickling).

``OutputError`` (an ``OSError``) is a file that could not be written after the work that made
it was done (``tb.arena(..., records=path)``): it keeps the result, and says how to save the
output elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ._core import IllegalActionError, InvalidStateError

__all__ = ["IllegalActionError", "InvalidStateError", "OutputError"]


class OutputError(OSError):
    """``what`` could not be written to ``path`` (``reason``: the operating system's words)
    once the work was done. ``result`` is what the call would have returned; ``save(other)``
    writes the same output to another path (and returns that path)."""

    def __init__(self, what: str, path: str | os.PathLike[str], cause: Exception, result: Any,
                 save: Callable[[str | os.PathLike[str]], Path]) -> None:
        self.what = what
        self.path = Path(path)
        strerror = cause.strerror if isinstance(cause, OSError) else None
        self.reason = strerror or str(cause) or type(cause).__name__
        self.result = result
        self._save = save
        super().__init__(
            f"cannot write {what} to {path} ({self.reason}); the work is done: the error's "
            f".result holds it, and .save(path) writes the {what} elsewhere"
        )
        self.errno = cause.errno if isinstance(cause, OSError) else None

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Writes the output that failed to ``path`` instead; returns the path."""
        return self._save(path)
