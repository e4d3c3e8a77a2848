"""The shell commands README.md tells a new user to run, printed one per line, so that .ci/run
runs exactly those (they cannot drift apart).

``python .ci/readme_commands.py quickstart``: the commands of the fenced ``bash`` block under
"## Quick start" (install and run the main job; install and run the tests), comments dropped.
``python .ci/readme_commands.py apidoc``: the command after "API reference" (pdoc).
Exits 1 with a message when README.md no longer has them in that shape.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def quickstart(text: str) -> list[str]:
    """The Quick start block's commands: exactly two (the main job, then the tests)."""
    section = text.partition("\n## Quick start\n")[2]
    block = re.search(r"^```bash\n(.*?)^```", section, re.DOTALL | re.MULTILINE)
    if not section or block is None:
        raise ValueError("README.md has no ```bash block under '## Quick start'")
    commands = [
        line.strip() for line in block.group(1).splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if len(commands) != 2:
        raise ValueError(f"README.md's Quick start block has {len(commands)} commands, not 2")
    return commands


def apidoc(text: str) -> list[str]:
    """The API reference command (one inline code span, possibly wrapped over lines)."""
    found = re.search(r"API reference:[^`]*`([^`]+)`", text)
    if found is None:
        raise ValueError("README.md has no `command` after 'API reference:'")
    return [" ".join(found.group(1).split())]


def main(argv: list[str]) -> int:
    kinds = {"quickstart": quickstart, "apidoc": apidoc}
    if len(argv) != 1 or argv[0] not in kinds:
        print(f"usage: readme_commands.py {{{','.join(kinds)}}}", file=sys.stderr)
        return 2
    try:
        commands = kinds[argv[0]](README.read_text(encoding="utf-8"))
    except ValueError as err:
        print(f"readme_commands.py: {err}", file=sys.stderr)
        return 1
    print("\n".join(commands))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
