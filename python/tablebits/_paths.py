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


def write_atomically(path: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> Path:
    """Calls ``write`` on a new file in ``path``'s folder, syncs it, then renames it over
    ``path``, which is written whole or not at all: a kill mid-write leaves the previous file,
    never a torn one. Where the OS allows, the data goes to an unnamed file (O_TMPFILE) that
    gets a name only once complete, so even SIGKILL, which runs no cleanup, leaves nothing else
    behind; on any error the temporary file is removed. Returns the path."""
    target = check_writable(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    unnamed = getattr(os, "O_TMPFILE", 0)
    try:
        fd = os.open(target.parent, unnamed | os.O_WRONLY, 0o666) if unnamed else -1
    except OSError:  # a filesystem without O_TMPFILE support
        fd = -1
    try:
        if fd >= 0:
            folder = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                with open(fd, "wb") as f:
                    _write_synced(f, write)
                    # linkat(AT_SYMLINK_FOLLOW), as open(2) documents for O_TMPFILE; a dir fd
                    # makes os.link call linkat rather than link.
                    os.link(f"/proc/self/fd/{fd}", tmp.name, dst_dir_fd=folder)
            finally:
                os.close(folder)
        else:
            with open(tmp, "wb") as f:
                _write_synced(f, write)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def _write_synced(f: BinaryIO, write: Callable[[BinaryIO], object]) -> None:
    write(f)
    f.flush()
    os.fsync(f.fileno())
