"""The requirements of one or more extras of pyproject.toml, one per line, with the extras'
references to tablebits itself (``tablebits[plot,ray]``) expanded: what ``pip install ".[NAME]"``
installs besides the package, so that CI can install an extra's tools without building the
engine again.

``python .ci/extras.py all`` prints every requirement of the ``all`` extra;
``python .ci/extras.py --file test > requirements-test.txt`` writes the README's test
requirements file (what ``pip install ".[test]"`` installs besides the package, installable
without building the engine again), which tests/docs/test_requirements_file.py checks.
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


def requirements_file(extras: dict[str, list[str]], names: list[str]) -> str:
    """The text of a requirements file of ``names``' requirements, with a header saying where
    it comes from."""
    header = (f"# The requirements of the {', '.join(names)} extra of pyproject.toml, expanded:\n"
              f"# python .ci/extras.py --file {' '.join(names)} > requirements-{names[0]}.txt\n")
    return header + "".join(line + "\n" for line in requirements(extras, names))


def main(argv: list[str]) -> int:
    extras = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    as_file = argv[:1] == ["--file"]
    names = argv[1:] if as_file else argv
    try:
        if as_file:
            print(requirements_file(extras, names), end="")
        else:
            print("\n".join(requirements(extras, names)))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
