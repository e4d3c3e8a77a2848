"""Every ```python block in docs/ and README.md runs.

Blocks of one file run in order in one fresh namespace (a later block may use an earlier
block's names); a block that must not run is tagged ```text or ```bash instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.docs.blocks import ROOT, code_blocks, doc_files

FILES = [p for p in doc_files() if any(b.language == "python" for b in code_blocks(p))]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(path: Path, tmp_path: Path):
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    cwd = os.getcwd()
    os.chdir(tmp_path)  # a block that writes files writes them here
    try:
        for block in code_blocks(path):
            if block.language != "python":
                continue
            # Leading blank lines keep the traceback's line numbers those of the Markdown file.
            code = compile("\n" * block.line + block.code, str(path), "exec")
            exec(code, namespace)
    finally:
        os.chdir(cwd)
