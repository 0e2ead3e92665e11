"""A location is refused before anything touches it; no secret is shown; no writer waits forever; one set of
field limits on both backends; a read-only backup can be read."""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.program import schema as t
from sizing.program.limits import LIMITS
from sizing.program.versions import WRITE_LOCK
from tests.conftest import EXAMPLES
from tests.register.conftest import PG_URL, drop_schema

REG = EXAMPLES / "register"
CYCLE1, LOG = REG / "corner-cafe-cycle1.yaml", REG / "example-bistro-maintenance.yaml"
SECRET = "S3cretPW-7f1c"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_refusal(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err and "not a sizing register" not in err, err
    return err


@pytest.mark.parametrize("value, expected", [
    ("sqlite://", "--db: an in-memory database keeps nothing; give a file path"),
    ("sqlite:///:memory:", "--db: an in-memory database keeps nothing"),
    (":memory:", "--db: an in-memory database keeps nothing"),
    ("postgresql+asyncpg://fog@127.0.0.1/program", "the postgresql driver 'asyncpg' is not supported (use "
                                                   "postgresql+psycopg://)"),
    ("postgresql+pg8000://fog@127.0.0.1/program", "the postgresql driver 'pg8000' is not supported"),
    ("mysql://admin@127.0.0.1/fog", "mysql databases are not supported"),
    ("postgresql+psycopg://fog@127.0.0.1:fivefour/program", "--db: the port in postgresql+psycopg://fog@127.0.0.1:"
                                                            "fivefour/program is not a number (expected 1-65535)"),
    ("postgresql+psycopg://fog@127.0.0.1:70000/program", "--db: the port 70000 is not a port number"),
    ("postgresql+psycopg://fog@127.0.0.1/program?bogusopt=1", "--db: unknown option 'bogusopt' in the postgresql URL"),
    ("/dev/null", "--db: '/dev/null' is not a regular file (a device, pipe or socket); give a database file"),
    ("sqlite:////dev/null", "is not a regular file"),
])
@pytest.mark.parametrize("command", [["due"], ["add", str(CYCLE1)]])
def test_bad_locations_are_one_line_naming_the_problem(value, expected, command, capsys):
    if "/dev/null" in value and not Path("/dev/null").is_char_device():
        pytest.skip("/dev/null is not a character device on this machine (something replaced it)")
    err = one_line_refusal(*run(capsys, "register", *command, "--db", value))
    assert expected in err
    assert not Path("/dev/null-journal").exists() and not Path("/dev/null-wal").exists()


@pytest.mark.parametrize("command", [["due"], ["add", str(CYCLE1)], ["init"]])
def test_a_pipe_is_not_a_register(command, tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    err = one_line_refusal(*run(capsys, "register", *command, "--db", fifo))
    assert f"--db: '{fifo}' is not a regular file (a device, pipe or socket)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_an_unknown_sqlite_option_is_named(tmp_path, capsys):
    err = one_line_refusal(*run(capsys, "register", "add", CYCLE1, "--db", f"sqlite:///{tmp_path}/r.db?bogusopt=1"))
    assert "unknown option 'bogusopt' in the sqlite URL (it takes none)" in err
    assert not (tmp_path / "r.db").exists()


def other_programs_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE permits (id INTEGER PRIMARY KEY, holder TEXT)")
    conn.execute("INSERT INTO permits (holder) VALUES ('Corner Cafe')")
    conn.commit()
    conn.close()


def newer_register(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
    conn.execute("INSERT INTO alembic_version VALUES ('0099')")
    conn.commit()
    conn.close()


def corrupt(path: Path) -> None:
    other_programs_database(path)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("make, expected", [
    (other_programs_database, "holds tables (permits) but is not a sizing register; nothing was changed"),
    (newer_register, "has register schema '0099', which this version of sizing does not know"),
    (corrupt, "nothing was changed"),
])
@pytest.mark.parametrize("command", [["due"], ["add", str(CYCLE1)], ["init"], ["migrate"], ["users", "list"]])
def test_a_refused_file_is_left_byte_for_byte(make, expected, command, tmp_path, capsys):
    path = tmp_path / "other.db"
    make(path)
    before = path.read_bytes()
    assert before[18:20] == b"\x01\x01"  # rollback-journal mode
    code, out, err = run(capsys, "register", *command, "--db", path)
    assert code == 2 and expected in err and "Traceback" not in err
    assert path.read_bytes() == before  # not switched to WAL (header bytes 18-19), nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal, -shm or -journal left


def test_a_read_only_backup_in_rollback_journal_mode_can_be_read(tmp_path, capsys):
    live = tmp_path / "live.db"
    for f in (CYCLE1, REG / "corner-cafe-cycle2.yaml", LOG):
        assert run(capsys, "register", "add", f, "--db", live)[0] in (0, 1)
    backups = tmp_path / "backups"
    backups.mkdir()
    backup = backups / "register-backup.db"
    conn = sqlite3.connect(live)
    conn.execute("VACUUM INTO ?", (str(backup),))
    conn.close()
    backup.chmod(0o444)
    before = backup.read_bytes()
    assert before[18:20] == b"\x01\x01"
    for command in (["show", "FSE-0417"], ["history", "FSE-0417"], ["due", "--as-of", "2026-07-01"],
                    ["export", "--format", "csv"], ["diff", "FSE-0417"], ["users", "list"]):
        code, out, err = run(capsys, "register", *command, "--db", backup)
        assert code in (0, 1) and err == "" and out, (command, err)
    assert backup.read_bytes() == before and sorted(p.name for p in backups.iterdir()) == ["register-backup.db"]
    # writing to it is refused by the file (as a non-root user) or would need a writable copy; never a traceback
    code, out, err = run(capsys, "register", "show", "FSE-0417", "--db", backup)
    assert "FSE-0417" in out


def with_text(source: Path, where: tuple, text: str, path: Path) -> Path:
    import yaml

    doc = yaml.safe_load(source.read_text())
    node = doc
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = text
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


@pytest.mark.parametrize("field, source, where, limit", [
    ("project.name", CYCLE1, ("project", "name"), 500),
    ("project.address", LOG, ("project", "address"), 500),
])
def test_one_set_of_field_limits_on_both_backends(field, source, where, limit, db, capsys, tmp_path):
    path = with_text(source, where, "x" * (limit + 100), tmp_path / "long.yaml")
    code, out, err = run(capsys, "register", "add", path, "--db", db)
    assert code == 2 and err.strip() == (f"sizing register: {field}: expected at most {limit} characters, got "
                                         f"{limit + 100} characters")
    with_text(source, where, "x" * limit, path)
    assert run(capsys, "register", "add", path, "--db", db)[0] in (0, 1)  # at the limit: stored on both
    code, _, err = run(capsys, "register", "add", path, "--db", db, "--user", "u" * 201)
    assert code == 2 and "--user: expected at most 200 characters, got 201 characters" in err


def test_the_schema_sizes_its_columns_from_the_limits():
    assert t.fses.c.name.type.length == LIMITS["project.name"] == 500
    assert t.cycles.c.reviewer.type.length == LIMITS["project.reviewer"]
    assert t.maintenance_events.c.hauler.type.length == LIMITS["hauler"]
    assert t.maintenance_events.c.note.type.length == LIMITS["note"]
    for table in (t.fses, t.cycles, t.waivers, t.maintenance_logs, t.maintenance_events, t.users):
        assert table.c.recorded_by.type.length == LIMITS["identity"]
        assert table.c.on_behalf_of.type.length == LIMITS["on_behalf_of"]
        assert table.c.get("fse_id") is None or table.c.fse_id.type.length == LIMITS["fse_id"]


# --- no writer waits forever -------------------------------------------------------------------------------------

def test_a_stalled_sqlite_writer_makes_the_next_one_give_up(tmp_path, capsys):
    path = tmp_path / "busy.db"
    assert run(capsys, "register", "init", "--db", path)[0] == 0
    staller = sqlite3.connect(path, isolation_level=None)
    staller.execute("BEGIN IMMEDIATE")  # a writer stalled inside its transaction
    try:
        start = time.monotonic()
        code, out, err = run(capsys, "register", "add", CYCLE1, "--db", path, "--busy-timeout", "0.5")
        took = time.monotonic() - start
    finally:
        staller.rollback()
        staller.close()
    assert (code, out, err) == (2, "", "sizing register: register busy, nothing written; try again\n")
    assert took < 10
    code, out, _ = run(capsys, "register", "history", "FSE-0417", "--db", path)
    assert code == 2 and "no FSE 'FSE-0417'" in _  # nothing was written


def test_a_stalled_postgresql_writer_makes_the_next_one_give_up(db, capsys, monkeypatch):
    if "://" not in db:
        pytest.skip("PostgreSQL only (the SQLite case is the test above)")
    monkeypatch.setenv("SIZING_DB_TIMEOUT", "0.5")  # the option's environment variable
    engine = sa.create_engine(db)
    held, release = threading.Event(), threading.Event()

    def stall():
        with engine.connect() as conn, conn.begin():
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")
            conn.exec_driver_sql("LOCK TABLE cycles IN ACCESS EXCLUSIVE MODE")
            held.set()
            release.wait(60)

    thread = threading.Thread(target=stall)
    thread.start()
    try:
        assert held.wait(30)
        start = time.monotonic()
        code, out, err = run(capsys, "register", "add", CYCLE1, "--db", db)
        took = time.monotonic() - start
    finally:
        release.set()
        thread.join()
        engine.dispose()
    assert (code, out, err) == (2, "", "sizing register: register busy, nothing written; try again\n")
    assert took < 10
    assert run(capsys, "register", "add", CYCLE1, "--db", db)[0] == 1  # released: the write goes through


@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan", "99999"])
def test_a_bad_busy_timeout_is_named(value, tmp_path, capsys):
    err = one_line_refusal(*run(capsys, "register", "add", CYCLE1, "--db", tmp_path / "r.db", "--busy-timeout", value))
    assert "--busy-timeout: expected a number of seconds above 0 and at most 3600" in err


# --- secrets never shown -----------------------------------------------------------------------------------------

@pytest.fixture
def secret_urls(pg_admin):
    """PostgreSQL URLs (trust authentication takes any password) that carry :data:`SECRET`, on a fresh schema."""
    from tests.register.conftest import pg_schema_url

    schema = f"sizing_test_{uuid.uuid4().hex[:12]}"
    plain = pg_schema_url(pg_admin, schema)
    url = sa.engine.make_url(plain)
    with_password = url.set(password=SECRET).render_as_string(hide_password=False)
    as_query = url.update_query_dict({"password": SECRET}).render_as_string(hide_password=False)
    try:
        yield with_password, as_query
    finally:
        drop_schema(pg_admin, schema)


def test_no_message_or_log_shows_a_password(secret_urls, capsys, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    with_password, as_query = secret_urls
    port = sa.engine.make_url(PG_URL).port or 5432
    shown = []
    for argv in (["init", "--db", with_password],
                 ["add", str(CYCLE1), "--db", with_password],
                 ["users", "list", "--db", as_query],
                 ["show", "FSE-nope", "--db", as_query],
                 ["add", str(CYCLE1), "--db", f"mysql://admin:{SECRET}@127.0.0.1/fog"],
                 ["due", "--db", f"postgresql+psycopg://fog:{SECRET}@127.0.0.1:{port}x/program"],
                 ["due", "--db", f"postgresql+psycopg://fog:{SECRET}@127.0.0.1:9/none"],
                 ["due", "--db", f"postgresql+psycopg://fog@127.0.0.1:9/none?password={SECRET}"],
                 ["due", "--db", f"postgresql+asyncpg://fog:{SECRET}@127.0.0.1/none"],
                 ["due", "--db", f"postgresql+psycopg://fog@127.0.0.1/none?password={SECRET}&bogusopt=1"]):
        code, out, err = run(capsys, "register", *argv)
        shown.append((argv[0], code, out + err))
    assert [c for _, c, _ in shown] == [0, 1, 0, 2, 2, 2, 2, 2, 2, 2]
    assert "created a new register at postgresql+psycopg://postgres:***@" in shown[0][2]
    assert "no FSE 'FSE-nope'" in shown[3][2]
    assert "password=***" in shown[9][2] and "unknown option 'bogusopt'" in shown[9][2]
    for argv0, _, text in shown:
        assert SECRET not in text, (argv0, text)
    assert SECRET not in caplog.text
