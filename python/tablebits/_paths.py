"""Output paths checked before any work: a job fails at once, not after hours of games."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def check_writable(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, if a file can be written there; else ValueError (before any work).

    The folder must exist and take a new file: one is created there and removed again, which
    proves what ``os.access`` cannot (as root it says yes to a read-only or virtual filesystem
    such as /sys). An existing ``path`` must be a regular file: the writers replace it
    (``write_atomically`` renames a new file over it), and a device such as /dev/full would be
    replaced or fail only after the work.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a path must be a str or os.PathLike, not {type(path).__name__}")
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"cannot write {target}: the folder {folder} does not exist")
    if target.is_dir():
        raise ValueError(f"cannot write {target}: it is a folder")
    if target.exists() and not target.is_file():
        raise ValueError(f"cannot write {target}: it exists and is not a regular file")
    try:
        _probe(folder, target.name)
    except OSError as err:
        raise ValueError(
            f"cannot write {target}: no file can be created in {folder} ({_reason(err)})"
        ) from None
    return target


def _probe(folder: Path, name: str) -> None:
    """Creates a file in ``folder`` and removes it (``OSError`` if it cannot). Where the OS
    allows, the file is unnamed (O_TMPFILE), so a kill at any moment leaves nothing behind; a
    named one would stay if the process died between creating and removing it."""
    unnamed = getattr(os, "O_TMPFILE", 0)
    if unnamed:
        try:
            os.close(os.open(folder, unnamed | os.O_WRONLY, 0o600))
            return
        except OSError as err:
            if err.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise  # the folder takes no file: no need to try a named one
    fd, probe = tempfile.mkstemp(prefix=f".{name[:40]}.", suffix=".probe", dir=folder)
    os.close(fd)
    os.unlink(probe)


def _reason(err: OSError) -> str:
    """An OSError's reason without the path (``Permission denied``)."""
    return err.strerror or str(err) or type(err).__name__


def write_atomically(path: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> Path:
    """Calls ``write`` on a new file in ``path``'s folder, syncs it, then renames it over
    ``path``, which is written whole or not at all: a kill mid-write leaves the previous file,
    never a torn one. Where the OS allows, the data goes to an unnamed file (O_TMPFILE) that
    gets a name only once complete, so even SIGKILL, which runs no cleanup, leaves nothing else
    behind; on any error the temporary file is removed. Returns the path.

    ``path`` is checked first (``check_writable``): an existing one that is not a regular file
    (a device, a pipe) is refused, since the rename would replace it."""
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
