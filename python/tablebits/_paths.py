"""Output paths checked before any work: a job fails at once, not after hours of games."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def check_writable(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, if a file can be written there; else ValueError (before any work)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a path must be a str or os.PathLike, not {type(path).__name__}")
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"cannot write {target}: the folder {folder} does not exist")
    if target.is_dir():
        raise ValueError(f"cannot write {target}: it is a folder")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"cannot write {target}: the folder {folder} is not writable")
    return target


def write_atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Calls ``write`` on a temporary file beside ``path``, syncs it, then renames it to
    ``path``: a kill mid-write leaves the previous file, never a torn one."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        write(f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
