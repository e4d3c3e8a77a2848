"""docs/architecture.md's "Adding a fifth game" checklist against the repository and the
registry: every registered game has every file the checklist names (or appears in every shared
file it names), every file the games have one of apiece is in the checklist, the page counts
the shared files a new game edits, and no other source file lists the games."""

from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path

import pytest

import tablebits as tb
from tablebits import _core

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"


def checklist_rows() -> list[tuple[str, list[str]]]:
    """(step, repository paths named in the step's row) of the checklist table."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Adding a fifth game", 1)[1]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("step", "---"):
            continue
        paths = [p for p in re.findall(r"`([^`\s]+)`", cells[1]) if "/" in p]
        rows.append((cells[0], paths))
    return rows


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_the_checklist_has_rows() -> None:
    rows = checklist_rows()
    assert len(rows) >= 15 and all(paths for _, paths in rows), rows


@pytest.mark.parametrize("game_id", tb.games())
def test_every_registered_game_has_every_listed_file(game_id: str) -> None:
    files = tracked_files()
    missing = []
    for step, paths in checklist_rows():
        if "(optional)" in step:  # a game may need none of the row's files
            continue
        for pattern in paths:
            if "<g>" in pattern:
                if not fnmatch.filter(files, pattern.replace("<g>", game_id)):
                    missing.append(pattern)
            elif game_id not in (ROOT / pattern).read_text(encoding="utf-8"):
                missing.append(f"{pattern} (does not name {game_id})")
    assert missing == []


def test_every_per_game_file_is_listed() -> None:
    """A file every game has one of (its id in the path) must be a checklist pattern."""
    files = tracked_files()
    games = tb.games()
    patterns = [p for _, paths in checklist_rows() for p in paths if "<g>" in p]
    per_game = {
        f.replace(g, "<g>") for f in files for g in games if g in f
    }
    shared = {p for p in per_game if all(p.replace("<g>", g) in files for g in games)}
    unlisted = sorted(p for p in shared if not any(fnmatch.fnmatch(p, q) for q in patterns))
    assert unlisted == []


@pytest.mark.parametrize("game_id", tb.games())
def test_every_game_declares_the_example_parameter_sets_the_checklist_names(game_id: str) -> None:
    """The parameters row: `kExampleParams`, which the fuzz harness,
    tests/support/game_params.py and tests/support/adapter_cases.py read: the defaults first, at
    least one `main` set for the adapters, each a distinct valid parameter set (it reads back as
    itself)."""
    row = dict(checklist_rows())["parameters"]
    assert f"csrc/tablebits/games/{game_id}/params.hpp" in [p.replace("<g>", game_id) for p in row]
    assert "kExampleParams" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    examples = _core._example_params[game_id]
    assert examples[0][0] == tb.make(game_id).params
    assert any(main for _, main in examples)
    for params, _ in examples:
        assert tb.make(game_id, **params).params == params
    assert len({repr(params) for params, _ in examples}) == len(examples)


def shared_paths(optional: bool) -> set[str]:
    """The files of the checklist that every game shares (no ``<g>`` in the path), from the
    optional rows or from the others."""
    return {p for step, paths in checklist_rows() if ("(optional)" in step) == optional
            for p in paths if "<g>" not in p}


def test_the_page_counts_the_shared_files_a_new_game_edits() -> None:
    text = DOC.read_text(encoding="utf-8")
    stated = re.search(r"a fifth game edits (\d+) shared files", text)
    assert stated, "the page no longer says how many shared files a new game edits"
    assert int(stated.group(1)) == len(shared_paths(optional=False)), shared_paths(False)


#: The folders of the library and its tools, where a list of the games would make a new game
#: edit one more shared file.
SOURCE_FOLDERS = ("python/", "csrc/", "tools/", ".ci/")


def test_no_source_file_outside_a_game_lists_the_games() -> None:
    games = tb.games()
    shared = shared_paths(optional=False) | shared_paths(optional=True)
    listing = []
    for path in tracked_files():
        if not path.startswith(SOURCE_FOLDERS) or any(g in path for g in games) \
                or path in shared or not (ROOT / path).is_file():
            continue
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a binary file
            continue
        if all(g in text for g in games):
            listing.append(path)
    assert listing == []
