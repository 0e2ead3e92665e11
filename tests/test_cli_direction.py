"""The command line dispatches to the commands, never the other way: no module under sizing/cli imports
sizing.cli.main (at the top or inside a function), and the command line takes its shared output helpers from there."""

import ast
from pathlib import Path

import sizing.cli.main
import sizing.cli.output as output

COMMANDS = Path(__file__).resolve().parent.parent / "sizing" / "cli"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, by its full name (``from sizing.cli.main import main`` counts as sizing.cli.main)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_no_command_imports_the_command_line():
    files = sorted(COMMANDS.rglob("*.py"))
    assert len(files) >= 8
    offenders = {p.name: sorted(m for m in imported_modules(p) if m == "sizing.cli.main" or m.startswith("sizing.cli.main."))
                 for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_sees_an_import_of_the_command_line(tmp_path):
    for text in ("from sizing.cli.main import emit\n", "def f():\n    import sizing.cli.main\n", "from sizing.cli.main import main\n"):
        (tmp_path / "x.py").write_text(text)
        assert "sizing.cli.main" in imported_modules(tmp_path / "x.py"), text


def test_the_command_line_uses_the_commands_output_helpers():
    assert "sizing.cli.output" in imported_modules(Path(sizing.cli.main.__file__))
    for name in ("emit", "to_json", "check_output", "write_pdf", "Parser"):
        assert callable(getattr(output, name))
        assert not hasattr(sizing.cli.main, name) or getattr(sizing.cli.main, name) is getattr(output, name)
