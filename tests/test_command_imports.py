"""The command paths stay light: a command that does not need pandas, matplotlib, fpdf2, SQLAlchemy, Streamlit,
Authlib, jsonschema, numpy or sympy does not import it (each costs tens of milliseconds on every run). A profile's
schema check (jsonschema) runs when its content is new, once per machine: the first run warms the cache."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAVY = ("pandas", "matplotlib", "fpdf", "sqlalchemy", "streamlit", "authlib", "jsonschema", "numpy", "sympy")


@pytest.mark.parametrize("argv", [
    ["size", "cpc-code-example.yaml"], ["review", "review-noncompliant.yaml"], ["waiver", "waiver-coffee-bar.yaml"],
    ["maintenance", "maintenance-restaurant.yaml"], ["review", "review-compliant.yaml", "--jurisdiction", "cpc"],
    ["jurisdictions", "show", "tracy"]])
def test_a_command_imports_only_what_it_needs(argv, tmp_path):
    args = [a if not a.endswith(".yaml") else str(EXAMPLES / a) for a in argv]
    code = ("import contextlib, io, sys\nfrom sizing.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    rc = main({args!r})\n"
            f"print(rc, sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    env = {"SIZING_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert "jsonschema" in first.stdout  # a new profile content: checked against its schema once
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    rc, heavy = second.stdout.split(" ", 1)
    assert heavy.strip() == "[]", second.stdout
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
