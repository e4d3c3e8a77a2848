"""The requirements of one or more extras of pyproject.toml, one per line, with the extras'
references to tablebits itself (``tablebits[plot,ray]``) expanded: what ``pip install ".[NAME]"``
installs besides the package, so that CI can install an extra's tools without building the
engine again.

``python .ci/extras.py all`` prints every requirement of the ``all`` extra.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
SELF = re.compile(r"^tablebits\[([^\]]+)\]$")


def requirements(extras: dict[str, list[str]], names: list[str]) -> list[str]:
    """The requirement strings of ``names``, self-references expanded, each once, in order."""
    found: list[str] = []
    seen: set[str] = set()
    pending = list(names)
    while pending:
        name = pending.pop(0)
        if name in seen:
            continue
        if name not in extras:
            raise ValueError(f"pyproject.toml has no extra {name!r}")
        seen.add(name)
        for line in extras[name]:
            inner = SELF.match(line.replace(" ", ""))
            if inner:
                pending.extend(inner.group(1).split(","))
            elif line not in found:
                found.append(line)
    return found


def main(names: list[str]) -> int:
    extras = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    try:
        print("\n".join(requirements(extras, names)))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
