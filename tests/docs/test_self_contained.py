"""Nothing tracked refers to a path outside the repository.

A user gets this repository alone: a comment, doc or test that sends the reader to the team's
input files (``shared/...``, ``seeds/...``, the design note), to an absolute path on a
developer's machine, or "beside this repository" points at something the reader does not have.
A relative ``../`` path must resolve to a file inside the repository.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.docs.blocks import ROOT

# Path-like words that name the team's input files, never part of the repository.
_OUTSIDE = [
    (re.compile(r"(?<![\w./-])shared/"), "the shared/ input folder"),
    (re.compile(r"(?<![\w./-])seeds/"), "the seeds/ source texts"),
    (re.compile(r"(?<![\w./-])rules/\w+\.md"), "a rules/<game>.md spec"),
    (re.compile(r"(?<![\w./-])DESIGN\.md"), "the design note DESIGN.md"),
    (re.compile(r"(?<![\w.-])/work/"), "an absolute /work path"),
    (re.compile(r"beside this repository", re.IGNORECASE), "'beside this repository'"),
]
_RELATIVE = re.compile(r"(?:\.\./)+[\w./-]*")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.decode().split("\0") if name]


def escapes(path: Path, target: str) -> bool:
    """True if ``target`` (relative to ``path``'s folder) leaves the repository or is missing."""
    resolved = (path.parent / target.rstrip(".")).resolve()
    return not resolved.is_relative_to(ROOT) or not resolved.exists()


def outside_references(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, FileNotFoundError):
        return []  # binary or deleted in the work tree
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in _OUTSIDE:
            if pattern.search(line):
                found.append(f"{number}: {what}: {line.strip()[:100]}")
        for m in _RELATIVE.finditer(line):
            if escapes(path, m.group()):
                found.append(f"{number}: {m.group()} is not in the repository")
    return found


SELF = Path(__file__).resolve()


def test_nothing_tracked_refers_outside_the_repository():
    offenders = {
        str(path.relative_to(ROOT)): refs
        for path in tracked_files()
        if path.resolve() != SELF and (refs := outside_references(path))
    }
    report = "\n".join(
        f"{name}:{ref}" for name, refs in sorted(offenders.items()) for ref in refs
    )
    assert not offenders, f"{len(offenders)} tracked files refer outside the repository:\n{report}"
