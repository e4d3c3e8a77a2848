"""The Python package's import rules (docs/architecture.md, "Python import rules"), read from
the source with ``ast``: imports only point down the layers below, rooms on one floor do not
import each other, and nothing imports in a circle.

Every import counts, also those inside functions and under ``TYPE_CHECKING``: a lazy import
still ties the modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "tablebits"

#: Floors from the bottom up; each floor holds rooms (a module, or a sub-package with everything
#: in it). A module may import its own room and any room of a lower floor, never a higher floor
#: nor another room of its own floor. The package root (``__init__``) and ``__main__`` are the
#: doors: nothing in the package imports them.
LAYERS: list[list[str]] = [
    ["_core", "_batch", "_build_info"],  # the compiled engine
    ["_cpu", "_checks", "_memory", "_paths", "_registry"],  # private engine layer
    ["errors", "stats"],  # one-game public API, leaves
    ["bots", "solve"],
    ["search", "vector", "records"],
    ["jobs", "adapters"],  # many-game jobs and backends; ecosystem adapters
    ["plot"],
    ["simulate", "arena", "plot_sweep"],  # entry points over jobs/; sweep pictures
    ["sweep"],  # a grid of simulate / arena jobs as a table
    ["pettingzoo", "gymnasium", "openspiel"],  # public paths of the adapters
    ["cli"],  # the top floor
]
DOORS = ("__init__", "__main__")

#: Rooms whose imports are narrower than their floor allows.
ONLY: dict[str, set[str]] = {
    "adapters": {"_core", "_batch", "_cpu", "_checks", "_memory", "_paths", "_registry",
                 "errors", "bots", "vector"},
    "jobs": {"_core", "_batch", "_cpu", "_checks", "_memory", "_paths", "_registry",
             "errors", "stats", "bots", "records"},
    "plot": {"_paths", "stats", "jobs"},
    "plot_sweep": {"_paths", "plot"},
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def is_module(root: Path, dotted: str) -> bool:
    base = root.joinpath(*dotted.split(".")) if dotted else root
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists() or any(
        base.parent.glob(base.name + ".*.so")
    ) or base.with_suffix(".pyx").exists()


def imports_of(path: Path, root: Path) -> set[str]:
    """The package's modules that ``path`` imports (``__init__`` for the package root)."""
    name = module_name(path, root)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    if path.name == "__init__.py" and name == "__init__":
        package = []
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tablebits" or alias.name.startswith("tablebits."):
                    found.add(alias.name.removeprefix("tablebits").lstrip(".") or "__init__")
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module != "tablebits" and not (node.module or "").startswith("tablebits."):
                    continue
                base = (node.module or "").removeprefix("tablebits").lstrip(".").split(".")
                base = [p for p in base if p]
            else:
                base = package[: len(package) - (node.level - 1)] + (
                    node.module.split(".") if node.module else []
                )
            for alias in node.names:
                sub = ".".join([*base, alias.name])
                if is_module(root, sub):
                    found.add(sub)
                else:
                    found.add(".".join(base) or "__init__")
    found.discard(name)
    return found


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    return {module_name(p, root): imports_of(p, root) for p in sorted(root.rglob("*.py"))}


def room_of(module: str) -> str:
    return module.split(".")[0]


def floor_of(room: str) -> int:
    for i, rooms in enumerate(LAYERS):
        if room in rooms:
            return i
    raise KeyError(room)


def violations(edges: dict[str, set[str]]) -> list[str]:
    """Every import against the table, then every circle."""
    found = []
    for source, targets in sorted(edges.items()):
        if room_of(source) in DOORS:
            continue
        for target in sorted(targets):
            src, dst = room_of(source), room_of(target)
            if dst in DOORS:
                found.append(f"{source} imports the package door {target}")
            elif src == dst:
                continue
            elif src in ONLY and dst not in ONLY[src]:
                found.append(f"{source} imports {target}, outside what {src} may use")
            elif floor_of(dst) >= floor_of(src):
                found.append(f"{source} imports {target}: upward or sideways")
    found.extend(f"circle: {' -> '.join(c)}" for c in circles(edges))
    return found


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_every_module_has_a_floor() -> None:
    for module in graph():
        if room_of(module) not in DOORS:
            floor_of(room_of(module))  # KeyError names a module missing from LAYERS


def test_imports_only_point_down_without_circles() -> None:
    assert violations(graph()) == []


def test_nothing_imports_the_command_line() -> None:
    users = {s for s, targets in graph().items() for t in targets if room_of(t) == "cli"}
    assert users - {"__main__"} == {s for s in users if room_of(s) == "cli"}


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"records.py": "from .arena import arena\n", "arena.py": ""},
         "records imports arena: upward or sideways"),
        ({"bots.py": "from . import make\n"}, "bots imports the package door __init__"),
        ({"jobs/__init__.py": "", "jobs/spec.py": "from ..plot import x\n", "plot.py": ""},
         "jobs.spec imports plot, outside what jobs may use"),
        ({"jobs/__init__.py": "", "jobs/a.py": "from . import b\n",
          "jobs/b.py": "def f():\n    from .a import g\n"},
         "circle: jobs.a -> jobs.b"),
        ({"simulate.py": "import tablebits.arena\n", "arena.py": ""},
         "simulate imports arena: upward or sideways"),
    ],
)
def test_a_violation_is_caught(tmp_path: Path, files: dict[str, str], expected: str) -> None:
    root = tmp_path / "tablebits"
    for name, text in {"__init__.py": "", **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    assert expected in violations(graph(root))
