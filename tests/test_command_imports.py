"""The command paths stay light: a command that does not need pandas, matplotlib, fpdf2, SQLAlchemy, Streamlit,
Authlib, jsonschema, numpy or sympy does not import it (each costs tens of milliseconds on every run). A profile's
schema check (jsonschema) runs when its content is new, once per machine: the first run warms the cache. The
register's reading commands read an SQLite register at the current schema with ``sqlite3`` alone
(:mod:`sizing.register.reading`); the others need SQLAlchemy (their database layer) and nothing else of the list;
the sign-in (Authlib) and the app (Streamlit) stay off every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAVY = ("pandas", "matplotlib", "fpdf", "sqlalchemy", "streamlit", "authlib", "jsonschema", "numpy", "sympy")
REGISTER_DOCUMENTS = ("corner-cafe-cycle1.yaml", "corner-cafe-cycle2.yaml", "corner-coffee-waiver.yaml",
                      "example-bistro-maintenance.yaml")


def _imported(argv: list[str], tmp_path: Path) -> tuple[list[str], list[str]]:
    """(exit code and heavy modules imported) of the command run twice in fresh processes, first and second."""
    code = ("import contextlib, io, sys\nfrom sizing.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    rc = main({argv!r})\n"
            f"print(rc, sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    env = {"SIZING_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                           cwd=tmp_path) for _ in range(2)]
    return [r.stdout for r in runs]


@pytest.mark.parametrize("argv", [
    ["size", "cpc-code-example.yaml"], ["review", "review-noncompliant.yaml"], ["waiver", "waiver-coffee-bar.yaml"],
    ["maintenance", "maintenance-restaurant.yaml"], ["review", "review-compliant.yaml", "--jurisdiction", "cpc"],
    ["jurisdictions", "show", "tracy"], ["jurisdictions", "list"]])
def test_a_command_imports_only_what_it_needs(argv, tmp_path):
    args = [a if not a.endswith(".yaml") else str(EXAMPLES / a) for a in argv]
    first, second = _imported(args, tmp_path)
    if argv[0] != "jurisdictions" or argv[1] != "list":  # list reads no profile
        assert "jsonschema" in first  # a new profile content: checked against its schema once
    rc, heavy = second.split(" ", 1)
    assert heavy.strip() == "[]", second
    assert rc in ("0", "1")


def test_the_register_field_work_imports_no_tables_plots_or_pdf(tmp_path):
    """register inspect, notices and summary (text) read and write the register: SQLAlchemy, but no pandas,
    matplotlib, fpdf2, Streamlit, numpy or sympy."""
    from sizing.cli import main

    db = tmp_path / "r.db"
    log = tmp_path / "log.yaml"
    log.write_text("project: {fse_id: FSE-1}\nmaintenance: {liquid_depth: 48 in, as_of: 2026-01-01, "
                   "services: [2026-01-01]}\n", encoding="utf-8")
    visit = tmp_path / "visit.yaml"
    visit.write_text("project: {fse_id: FSE-1}\ninspection: {date: 2026-03-02, purpose: routine, readings: "
                     "{fog: 1 in, solids: 2 in}, checklists: {bmp: {drain_screens: no}}}\n", encoding="utf-8")
    assert main(["register", "add", str(log), "--db", str(db)]) in (0, 1)
    light = tuple(m for m in HEAVY if m not in ("sqlalchemy", "jsonschema"))
    for argv in (["register", "inspect", str(visit), "--db", str(db)], ["register", "notices", "--db", str(db)],
                 ["register", "summary", "--from", "2026-01-01", "--to", "2026-12-31", "--db", str(db)]):
        code = ("import contextlib, io, sys\nfrom sizing.cli import main\n"
                "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
                f"    rc = main({argv!r})\n"
                f"print(rc, sorted(m for m in {light!r} if m in sys.modules))\n")
        env = {"SIZING_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        rc, heavy = run.stdout.split(" ", 1)
        assert heavy.strip() == "[]" and rc in ("0", "1"), (argv, run.stdout)


@pytest.fixture(scope="module")
def register_db(tmp_path_factory) -> Path:
    """A register holding a review in two cycles, a waiver decision and a maintenance log."""
    from sizing.cli import main

    db = tmp_path_factory.mktemp("register") / "register.db"
    assert main(["register", "init", "--db", str(db)]) == 0
    for name in REGISTER_DOCUMENTS:
        assert main(["register", "add", str(EXAMPLES / "register" / name), "--db", str(db)]) in (0, 1)
    return db


@pytest.mark.parametrize("argv, expected_rc, heavy", [
    (["register", "show", "FSE-0417"], "0", []), (["register", "history", "FSE-0417"], "0", []),
    (["register", "due", "--as-of", "2026-07-01", "--within", "90"], "1", []),
    (["register", "notices", "--as-of", "2026-07-01"], "0", []),
    (["register", "diff", "FSE-0417"], "1", []), (["register", "export"], "0", []),
    (["register", "users", "list"], "0", ["sqlalchemy"])])
def test_a_register_command_imports_only_its_database_layer(argv, expected_rc, heavy, register_db, tmp_path):
    _, second = _imported([*argv, "--db", str(register_db)], tmp_path)
    rc, imported = second.split(" ", 1)
    assert imported.strip() == str(heavy), second
    assert rc == expected_rc
