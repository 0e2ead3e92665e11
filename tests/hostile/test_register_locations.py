"""Hostile register locations: devices, unknown options, in-memory URLs and read-only backups, each run in a
forked child with a time and memory limit."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.hostile.conftest import EXAMPLES, one_line_error

CYCLE = str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml")


@pytest.mark.parametrize("command", [["due"], ["add", CYCLE], ["init"]])
def test_dev_null_is_one_line_and_leaves_no_journal(cli, command):
    """`--db /dev/null` said "disk I/O error" and left /dev/null-journal behind."""
    if not Path("/dev/null").is_char_device():
        pytest.skip("/dev/null is not a character device on this machine (something replaced it)")
    line = one_line_error(cli("register", *command, "--db", "/dev/null"), "register", "--db: '/dev/null' is not a "
                          "regular file")
    assert "disk I/O" not in line
    assert not Path("/dev/null-journal").exists() and not Path("/dev/null-wal").exists()


@pytest.mark.parametrize("url", ["sqlite:///r.db?bogusopt=1", "postgresql+psycopg://u@127.0.0.1/db?bogusopt=1"])
def test_an_unknown_option_is_named(cli, tmp_path, url):
    """`?bogusopt=1` was reported as "not a sizing register database"."""
    line = one_line_error(cli("register", "due", "--db", url), "register", "--db: unknown option 'bogusopt'")
    assert "not a sizing register" not in line
    assert not (tmp_path / "r.db").exists()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", ":memory:"])
def test_an_in_memory_register_is_refused(cli, url):
    """`--db sqlite://` said "created" and "stored review cycle 1", exit 0, and kept nothing."""
    one_line_error(cli("register", "add", CYCLE, "--db", url), "register",
                   "--db: an in-memory database keeps nothing")


def test_a_read_only_rollback_journal_backup_is_read(cli, tmp_path):
    """A `VACUUM INTO` backup (rollback-journal mode) made read-only could not be read: "attempt to write a
    readonly database"."""
    assert cli("register", "add", CYCLE, "--db", "live.db").rc == 1
    conn = sqlite3.connect(tmp_path / "live.db")
    conn.execute("VACUUM INTO ?", (str(tmp_path / "backup.db"),))
    conn.close()
    backup = tmp_path / "backup.db"
    backup.chmod(0o444)
    before = backup.read_bytes()
    for command in (["show", "FSE-0417"], ["history", "FSE-0417"], ["due"], ["export", "--format", "json"]):
        run = cli("register", *command, "--db", "backup.db")
        assert run.rc in (0, 1) and run.err == "" and run.out, (command, run.err)
    assert backup.read_bytes() == before  # not switched to WAL, nothing written
    assert not (tmp_path / "backup.db-wal").exists() and not (tmp_path / "backup.db-journal").exists()
