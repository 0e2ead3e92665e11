"""No function in the package or the app's pages is longer than 60 lines (a long function is split where its
steps are: one function a step a reader can name)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 60


def long_functions(folder: Path) -> list[str]:
    """Every function or method in ``folder`` longer than :data:`LIMIT` lines, as 'path:line name (N lines)'."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > LIMIT:
                    out.append(f"{path.relative_to(folder.parent)}:{node.lineno} {node.name} ({lines} lines)")
    return out


def test_the_scan_finds_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))  # 60 body lines + the def line = 61 lines
    (tmp_path / "m.py").write_text(f"def long():\n{body}\n\n\ndef short():\n    return 1\n")
    found = long_functions(tmp_path)
    assert len(found) == 1 and found[0].endswith("long (61 lines)")


def test_no_function_over_60_lines():
    found = long_functions(ROOT / "sizing") + long_functions(ROOT / "app_pages")
    assert not found, "functions over 60 lines:\n" + "\n".join(found)
