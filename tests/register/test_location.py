"""Where the register lives: --db, else SIZING_DB, else sizing-register.db in the working directory."""

from __future__ import annotations

import sqlalchemy as sa

from sizing.cli.main import main
from sizing.program.location import resolve
from tests.conftest import EXAMPLES


def test_default_file_in_the_working_directory(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SIZING_DB", raising=False)
    assert resolve(None) == (f"sqlite:///{tmp_path / 'sizing-register.db'}", "--db")
    assert main(["register", "add", str(EXAMPLES / "register" / "corner-coffee-waiver.yaml")]) == 0
    assert (tmp_path / "sizing-register.db").exists()


def test_environment_variable_then_option(tmp_path, monkeypatch):
    monkeypatch.setenv("SIZING_DB", str(tmp_path / "city.db"))
    assert resolve(None) == (f"sqlite:///{tmp_path / 'city.db'}", "SIZING_DB")
    assert resolve(str(tmp_path / "mine.db"))[0] == f"sqlite:///{tmp_path / 'mine.db'}"
    url = "postgresql+psycopg://fog@db.example/program"
    assert resolve(url) == (url, "--db")


def test_sqlite_register_runs_in_wal_mode(tmp_path):
    from sizing.program.store import open_register

    reg = open_register(str(tmp_path / "r.db"))
    with reg.db.read() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
    assert sa.inspect(reg.db.engine).has_table("cycles")
    reg.db.engine.dispose()


def test_the_calculation_core_never_imports_the_register():
    """The register calls the core; nothing in the core (or the other commands) loads the register or SQLAlchemy."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import sys, sizing.cpc.size, sizing.batch, sizing.rules.review, sizing.rules.waiver, "
            "sizing.rules.maintenance, sizing.cli.main; sizing.cli.main.build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'alembic', 'sizing.program'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    for path in (ROOT / "sizing").rglob("*.py"):
        if path.relative_to(ROOT / "sizing").parts[0] == "program" or path.name.startswith("register"):
            continue
        assert "sizing.program" not in path.read_text(encoding="utf-8"), path
