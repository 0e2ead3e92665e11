"""What each command imports, as a report (not a gate): for each command, the third-party packages it loads and
the import time Python reports for each (``-X importtime``: the cumulative time of the package where it was
first imported, what it imports included, so a package imported by another is inside that one's figure too), run twice in fresh processes (the second run is the one a user sees every day).

    .venv/bin/python benchmarks/command_imports.py            # the commands of the list below
    .venv/bin/python benchmarks/command_imports.py -- size examples/restaurant.yaml

Heavy optional libraries (matplotlib, fpdf2, python-docx, SQLAlchemy, Streamlit) should load only in the
commands that use them; the figures show where each one is paid for.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
COMMANDS = [
    ["size", "cpc-code-example.yaml"], ["review", "review-noncompliant.yaml"], ["waiver", "waiver-coffee-bar.yaml"],
    ["maintenance", "maintenance-restaurant.yaml"], ["jurisdictions", "show", "tracy"], ["jurisdictions", "list"],
]
WATCHED = ("pint", "numpy", "pandas", "yaml", "matplotlib", "fpdf", "docx", "sqlalchemy", "streamlit", "authlib",
           "jsonschema", "sympy", "holidays", "alembic", "psycopg")
_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def imports(argv: list[str], folder: Path) -> dict[str, float]:
    """{top-level package: cumulative import ms} of one run of ``sizing ARGV``."""
    code = ("import contextlib, io\nfrom sizing.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    main({argv!r})\n")
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                         cwd=folder, env={"PATH": "/usr/bin:/bin", "HOME": str(folder), "PYTHONPATH": str(ROOT)})
    out: dict[str, float] = {}
    for line in run.stderr.splitlines():
        m = _LINE.match(line)
        if m and m.group(4) in WATCHED:  # the package itself, where it was first imported (whoever asked)
            out[m.group(4)] = out.get(m.group(4), 0.0) + int(m.group(2)) / 1000
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("argv", nargs="*", help="one command's arguments (default: the list in this file)")
    args = parser.parse_args()
    commands = [args.argv] if args.argv else COMMANDS
    with tempfile.TemporaryDirectory() as tmp:
        for argv in commands:
            argv = [str(EXAMPLES / a) if a.endswith(".yaml") and not Path(a).exists() else a for a in argv]
            imports(argv, Path(tmp))  # the first run warms what a machine keeps (bytecode, caches)
            seen = imports(argv, Path(tmp))
            shown = ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(seen.items(), key=lambda kv: -kv[1]))
            print(f"sizing {' '.join(Path(a).name for a in argv)}: {shown or 'none of the watched packages'}")


if __name__ == "__main__":
    main()
