"""Print the parameter table of each game, in the docs' format, from the engine's own specs.

Every game declares its parameters once, in C++ (the `kParamSpecs` of its params.hpp); the
engine exposes them as `game.param_specs` and the defaults as `game.params`. This writes the
Markdown table that docs/games/<game>.md carries under `<!-- check: params game=<id> -->`:

    python tools/param_tables.py            # every game
    python tools/param_tables.py hoi_pho    # one game
"""

from __future__ import annotations

import sys

import tablebits as tb


def param_table(game_id: str) -> str:
    """The `| name | type | default | range | meaning |` table of `game_id`."""
    game = tb.make(game_id)
    rows = [
        "| name | type | default | range | meaning |",
        "|---|---|---|---|---|",
    ]
    for spec in game.param_specs:
        default = repr(game.params[spec["name"]])
        rows.append(
            f"| `{spec['name']}` | {spec['type']} | `{default}` | {spec['range']} "
            f"| {spec['meaning']} |"
        )
    return "\n".join(rows)


def main(argv: list[str]) -> None:
    for game_id in argv or tb.games():
        print(f"<!-- check: params game={game_id} -->")
        print(param_table(game_id))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
