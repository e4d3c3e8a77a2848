"""docs/adapters/trainers.md: every ```py recipe runs, in order, in one namespace (they need
the trainers, so the default docs test, which runs ```python blocks, leaves them out)."""

from __future__ import annotations

from pathlib import Path

from tests.docs.blocks import ROOT, code_blocks

PAGE = ROOT / "docs" / "adapters" / "trainers.md"


def test_recipes_run(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = [b for b in code_blocks(PAGE) if b.language == "py"]
    assert len(blocks) >= 5
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    for block in blocks:
        exec(compile("\n" * block.line + block.code, str(PAGE), "exec"), namespace)
