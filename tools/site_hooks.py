"""MkDocs hooks for the documentation site (mkdocs.yml): the pages generated from the repository.

- the home page, from README.md (its ``docs/...`` links rewritten to site pages), and the
  changelog, from CHANGELOG.md;
- the examples page, from every script in examples/;
- the API reference: one page per public module of python/tablebits, found by walking the
  package (a module or package whose name has no leading underscore), so that a new or moved
  module gets its page without editing a list.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "python" / "tablebits"


def public_modules() -> list[str]:
    """Dotted names of tablebits and its public modules and sub-packages."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] == "__main__" or any(p.startswith("_") for p in parts):
            continue
        names.append(".".join(parts))
    return names


def home_page() -> str:
    """README.md with links into docs/ made site-relative."""
    text = (ROOT / "README.md").read_text()
    text = text.replace("](docs/adapters/)", "](adapters/index.md)")
    text = text.replace("](examples/)", "](examples.md)")
    text = text.replace("](CHANGELOG.md)", "](changelog.md)")
    return text.replace("](docs/", "](")


def examples_page() -> str:
    parts = ["# Examples\n\nThe scripts in the repository's `examples/` directory, each runnable "
             "as it is (the tests run every one).\n"]
    for path in sorted((ROOT / "examples").rglob("*.py")):
        doc = re.match(r'\s*"""(.*?)(?:\n\n|""")', path.read_text(), re.S)
        summary = doc.group(1).strip() if doc else ""
        name = path.relative_to(ROOT / "examples").as_posix()
        parts.append(f"## {name}\n\n{summary}\n\n```python\n{path.read_text()}```\n")
    return "\n".join(parts)


def adapters_page() -> str:
    pages = sorted((ROOT / "docs" / "adapters").glob("*.md"))
    links = "\n".join(f"- [{p.stem.capitalize()}]({p.name})" for p in pages if p.name != "index.md")
    return f"# Adapters\n\nThe games behind other libraries' interfaces:\n\n{links}\n"


def reference_pages() -> dict[str, str]:
    pages = {"reference/index.md": "# API reference\n\nGenerated from the docstrings and the "
             "type stubs, one page per public module:\n\n" + "\n".join(
                 f"- [`{name}`]({name}.md)" for name in public_modules()) + "\n"}
    for name in public_modules():
        pages[f"reference/{name}.md"] = f"# `{name}`\n\n::: {name}\n"
    return pages


def on_files(files: Files, config: Any) -> Files:
    generated = {"index.md": home_page(), "examples.md": examples_page(),
                 "changelog.md": (ROOT / "CHANGELOG.md").read_text(),
                 "adapters/index.md": adapters_page(), **reference_pages()}
    for src_uri, content in generated.items():
        files.append(File.generated(config, src_uri, content=content))
    return files
