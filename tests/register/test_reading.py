"""Reading the register without SQLAlchemy: every column reads back as SQLAlchemy reads it (on SQLite and on
PostgreSQL), the readers give the same answers through a plain read-only ``sqlite3`` connection as through
SQLAlchemy's, and the columns on file are the schema's."""

from __future__ import annotations

import datetime as dt
import importlib.util
from pathlib import Path

import pytest
import sqlalchemy as sa

from sizing.jurisdiction import get
from sizing.register import deadlines, queries, reading
from sizing.register import schema as t
from sizing.register.manifests import read
from sizing.register.notices import notice, notices

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "register"
DOCUMENTS = ("corner-cafe-cycle1.yaml", "corner-cafe-cycle2.yaml", "corner-coffee-waiver.yaml",
             "example-bistro-maintenance.yaml")


def _bench():
    spec = importlib.util.spec_from_file_location("register_scale", ROOT / "benchmarks" / "register_scale.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _filled(reg, tmp_path):
    """A register with every kind of record: reviews in two cycles, a waiver, maintenance logs, an inventory's
    interceptors, inspections with the notices they opened and closed, hauler manifests, a user."""
    rs = _bench()
    rs.load(reg, rs.records(0.002))
    path = tmp_path / "manifests.csv"
    rs.manifests_csv(0.002, path)
    reg.import_manifests(read(path, today=rs.AS_OF))
    for name in DOCUMENTS:
        reg.add_file(EXAMPLES / name, jurisdiction=get("tracy"), user="A. Clerk")
    return rs.AS_OF


def test_the_columns_on_file_are_the_schemas():
    from sizing.register import columns

    assert (ROOT / "sizing" / "register" / "columns.py").read_text(encoding="utf-8") == t.columns_module()
    assert columns.COLUMNS == t.column_kinds()
    assert dict(columns.COLUMNS["hauler_manifests"])["full"] == "bool"


def test_every_column_reads_back_as_sqlalchemy_reads_it(db, registers, tmp_path):
    reg = registers(db)
    _filled(reg, tmp_path)
    filled = 0
    for table in t.metadata.sorted_tables:
        with reg.db.read() as conn:
            typed = [dict(r) for r in conn.execute(sa.select(table).order_by(table.c.id)).mappings()]
            plain = reading.dicts(conn, reading.select(table.name), kinds=table.name)
        assert plain == typed, table.name
        filled += bool(typed)
    assert filled >= 12  # all but the inspections' photos and the users


def test_a_reading_command_reads_sqlite_without_sqlalchemy_and_gets_the_same_answers(tmp_path, registers):
    from sizing.register import open_register

    db = str(tmp_path / "register.db")
    as_of = _filled(registers(db), tmp_path)
    lite = reading.open_reader(db)
    assert isinstance(lite, reading.Reader) and isinstance(lite.db, reading.LiteOpened)
    full = open_register(db, create=False, read_only=True)
    try:
        tracy = get("tracy")
        fses = queries.fse_ids(full)
        assert len(fses) == 43 and queries.fse_ids(lite) == fses
        for fse in (fses[0], fses[20], "FSE-0417", "FSE-0311", "FSE-0520"):
            assert queries.show(lite, fse) == queries.show(full, fse)
            assert queries.history(lite, fse) == queries.history(full, fse)
        for day in (as_of, dt.date(2026, 7, 1)):
            assert deadlines.due_list(lite, day, 400, jurisdiction=tracy) == deadlines.due_list(full, day, 400,
                                                                                                jurisdiction=tracy)
            assert queries.fse_list(lite, day, jurisdiction=tracy) == queries.fse_list(full, day, jurisdiction=tracy)
            for open_only in (True, False):
                assert notices(lite, as_of=day, open_only=open_only) == notices(full, as_of=day, open_only=open_only)
        some = notices(full, as_of=as_of)
        assert len(some) > 10 and {n["status"] for n in some} == {"open", "overdue", "closed"}
        for n in some[:5]:
            assert notice(lite, n["notice"], as_of) == notice(full, n["notice"], as_of)
        assert queries.register_state(lite) == queries.register_state(full)
        assert queries.export(lite) == queries.export(full)
        assert queries.recorded_decision(lite, "FSE-0520") == queries.recorded_decision(full, "FSE-0520")
    finally:
        full.db.close()


def test_an_older_or_missing_sqlite_register_is_read_as_before(tmp_path):
    """Only a register at the current schema is read without SQLAlchemy: none at the location is refused with
    the same line, and an older one is refused by the full path, naming `register migrate` (a read never
    migrates); once migrated it is read without SQLAlchemy."""
    from sizing.cli import main
    from sizing.register.errors import NoRegister, RegisterError
    from tests.register.conftest import back_to

    missing = str(tmp_path / "none.db")
    with pytest.raises(NoRegister, match="no register yet"):
        reading.open_reader(missing)
    assert not Path(missing).exists()
    db = str(tmp_path / "old.db")
    assert main(["register", "init", "--db", db]) == 0
    back_to(f"sqlite:///{db}", "0006")
    with pytest.raises(RegisterError, match=r"has schema 0006; .*: run `sizing register migrate`; nothing was changed"):
        reading.open_reader(db)
    assert main(["register", "migrate", "--db", db]) == 0
    assert isinstance(reading.open_reader(db), reading.Reader)


def test_a_date_or_time_given_to_a_query_compares_as_sqlalchemy_stored_it(tmp_path, registers):
    """On SQLite a date and a time are stored as text: a time on the second (no microseconds) given to a query
    still finds the row written at that time."""
    db = str(tmp_path / "register.db")
    reg = registers(db)
    reg.add_file(EXAMPLES / DOCUMENTS[0], jurisdiction=get("tracy"))
    with reg.db.read() as conn:
        written = conn.execute(sa.select(t.fses.c.recorded_at)).scalar()
    assert written.microsecond == 0  # a write's time is kept to the second
    with reading.open_reader(db).db.read() as conn:
        found = reading.scalars(conn, "SELECT fse_id FROM fses WHERE recorded_at = :at AND id >= :low",
                                {"at": written, "low": 1})
        dated = reading.scalars(conn, "SELECT cycle FROM cycles WHERE review_date = :day",
                                {"day": dt.date(2026, 3, 2)})
    assert found == ["FSE-0417"] and dated == [1]
