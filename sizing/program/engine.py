"""The engine of a register location: SQLite in WAL mode, every write transaction started with ``BEGIN IMMEDIATE``
so that concurrent writers queue instead of failing; PostgreSQL with lock and statement timeouts. No writer waits
forever: after the busy timeout the write fails with "register busy, nothing written; try again"."""

from __future__ import annotations

import sqlite3
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from sizing.program.errors import BUSY, RegisterBusy, is_busy
from sizing.program.location import sqlite_path, timeout_seconds


def make_engine(url: str, timeout: float | None = None, read_only: bool = False) -> Engine:
    """The engine of ``url``: SQLite with WAL, ``BEGIN IMMEDIATE`` for writes and the busy timeout (read-only:
    the file opened with ``mode=ro`` and nothing set that writes); PostgreSQL with lock and statement timeouts."""
    ms = int(timeout_seconds(timeout) * 1000)
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if read_only:
            uri = "file:" + urllib.parse.quote(str(path)) + "?mode=ro"
            engine = sa.create_engine("sqlite://", poolclass=sa.pool.NullPool, creator=lambda: sqlite3.connect(
                uri, uri=True, timeout=ms / 1000, check_same_thread=False))
        else:
            engine = sa.create_engine(url, connect_args={"timeout": ms / 1000})
        _sqlite_events(engine, ms, read_only)
        return engine
    query = sa.engine.make_url(url).query
    options = " ".join(filter(None, [str(query.get("options") or ""),
                                     f"-c lock_timeout={ms} -c statement_timeout={ms}"]))
    args: dict[str, object] = {"options": options}
    if "connect_timeout" not in query:  # a host that never answers is given up on too
        args["connect_timeout"] = max(2, round(ms / 1000))
    return sa.create_engine(url, pool_pre_ping=True, connect_args=args)


def _sqlite_events(engine: Engine, busy_ms: int, read_only: bool) -> None:
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # pragma: no cover - exercised through every SQLite test
        dbapi_conn.isolation_level = None  # the driver's own BEGIN handling off: we emit BEGIN below
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {busy_ms}")
        if read_only:
            cur.execute("PRAGMA query_only = ON")
        else:
            cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn):  # pragma: no cover - exercised through every SQLite test
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


@contextmanager
def busy_is_one_line() -> Iterator[None]:
    """Turn a lock or statement timeout into :class:`RegisterBusy`."""
    try:
        yield
    except sa.exc.OperationalError as exc:
        if is_busy(exc):
            raise RegisterBusy(BUSY) from None
        raise
