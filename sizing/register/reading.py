"""How the register is read: each reader's SQL is written once, here and in the readers, and runs on either

- SQLAlchemy's connection (the app, the writing commands, PostgreSQL), through the driver as it is; or
- a plain read-only ``sqlite3`` connection (:class:`LiteOpened`): the reading commands on an SQLite register at the
  current schema, which then start without importing SQLAlchemy (about twice the start-up of the rest).

On SQLite both give the driver's values (dates, times and JSON as text, booleans as 0/1), read back the way
SQLAlchemy reads them, by the kind of each column (:mod:`sizing.register.columns`); on PostgreSQL the driver's
own values are those. The SQL takes named parameters (``:name``), turned into the driver's style where needed.
Table and column names come from the code, never from input; they are checked against the columns on file.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sizing.register.columns import COLUMNS
from sizing.register.errors import BUSY, RegisterBusy, RegisterError

KINDS: dict[str, dict[str, str]] = {table: dict(cols) for table, cols in COLUMNS.items()}

#: The driver's text read back as SQLAlchemy reads it on SQLite.
_READ = {"date": dt.date.fromisoformat, "datetime": dt.datetime.fromisoformat, "json": json.loads, "bool": bool}
_NAMED = re.compile(r"(?<![:\w]):(\w+)")


def columns(table: str, *names: str) -> tuple[str, ...]:
    """``names`` of ``table`` (all its columns, in order, when none), each checked to be one of its columns."""
    known = KINDS[table]
    for n in names:
        if n not in known:
            raise KeyError(f"{table}.{n}")
    return names or tuple(known)


def select(table: str, *names: str, where: str = "", order: str = "id", limit: int | None = None) -> str:
    """``SELECT names FROM table [WHERE where] [ORDER BY order] [LIMIT limit]`` (every column when no names are
    given)."""
    cols = ", ".join(f'"{c}"' for c in columns(table, *names))
    return (f"SELECT {cols} FROM {table}" + (f" WHERE {where}" if where else "")
            + (f" ORDER BY {order}" if order else "") + (f" LIMIT {int(limit)}" if limit is not None else ""))


def dialect(conn: Any) -> str:
    """"sqlite" or "postgresql": the database behind a connection of either kind."""
    return "sqlite" if isinstance(conn, sqlite3.Connection) else conn.dialect.name


def fetch(conn: Any, sql: str, params: Mapping[str, Any] | None = None,
          kinds: Mapping[str, str] | str | None = None) -> tuple[tuple[str, ...], list[tuple[Any, ...]]]:
    """The column names and rows (tuples) of ``sql`` with ``params``, values read back by ``kinds`` (a table name:
    its columns' kinds; or a mapping of result column to kind)."""
    used = set(_NAMED.findall(sql))
    params = {k: v for k, v in (params or {}).items() if k in used}
    kinds = KINDS[kinds] if isinstance(kinds, str) else (kinds or {})
    if isinstance(conn, sqlite3.Connection):
        cursor = conn.execute(sql, _sqlite_params(params))
        raw = True
    elif conn.dialect.name == "sqlite":
        cursor = conn.exec_driver_sql(sql, _sqlite_params(params)).cursor
        raw = True
    else:
        cursor = conn.exec_driver_sql(_NAMED.sub(r"%(\1)s", sql), params).cursor
        raw = False
    keys = tuple(d[0] for d in cursor.description)
    rows = cursor.fetchall()
    if raw and rows:
        rows = _read_back(keys, rows, kinds)
    return keys, rows


def dicts(conn: Any, sql: str, params: Mapping[str, Any] | None = None,
          kinds: Mapping[str, str] | str | None = None) -> list[dict[str, Any]]:
    """:func:`fetch`'s rows as dicts."""
    keys, rows = fetch(conn, sql, params, kinds)
    return [dict(zip(keys, r, strict=True)) for r in rows]


def scalars(conn: Any, sql: str, params: Mapping[str, Any] | None = None,
            kinds: Mapping[str, str] | str | None = None) -> list[Any]:
    """The first column of :func:`fetch`'s rows."""
    return [r[0] for r in fetch(conn, sql, params, kinds)[1]]


def placeholders(prefix: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """``:prefix0, :prefix1, ...`` and their parameters, for ``IN (...)``."""
    params = {f"{prefix}{k}": v for k, v in enumerate(values)}
    return ", ".join(f":{k}" for k in params) or "NULL", params


def _sqlite_params(params: dict[str, Any]) -> dict[str, Any]:
    """Dates and times as SQLAlchemy stores them on SQLite (ISO text, times always with microseconds), so that they
    compare as stored."""
    return {k: v.strftime("%Y-%m-%d %H:%M:%S.%f") if isinstance(v, dt.datetime) else
            v.isoformat() if isinstance(v, dt.date) else v for k, v in params.items()}


def _read_back(keys: tuple[str, ...], rows: list[tuple[Any, ...]], kinds: Mapping[str, str]) -> list[tuple[Any, ...]]:
    read = [(i, _READ[kinds[k]]) for i, k in enumerate(keys) if kinds.get(k) in _READ]
    if not read:
        return rows
    cols = list(zip(*rows, strict=True))
    for i, fn in read:
        cols[i] = [None if v is None else fn(v) for v in cols[i]]
    return list(zip(*cols, strict=True))


# --- a read-only SQLite register without SQLAlchemy --------------------------------------------------------------

@dataclass
class LiteOpened:
    """An SQLite register at the current schema opened for reading only, with ``sqlite3`` (the same file mode and
    busy timeout as :func:`sizing.register.db.open_db` with ``read_only``)."""
    url: str
    timeout: float
    created: bool = False
    migrated_from: str | None = None
    read_only: bool = True
    unplanned: tuple[str, ...] = ()
    is_sqlite: bool = True

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        from sizing.register.location import sqlite_path

        uri = "file:" + urllib.parse.quote(str(sqlite_path(self.url))) + "?mode=ro"
        conn = sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            conn.execute("PRAGMA query_only = ON")
            conn.execute("BEGIN")  # one snapshot for every query of the block
            yield conn
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc).lower():
                raise RegisterBusy(BUSY) from None
            raise
        finally:
            conn.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        raise RegisterError(f"--db: {self.display()} was opened read-only; nothing written")
        yield  # pragma: no cover

    def display(self) -> str:
        from sizing.register.location import shown

        return shown(self.url)

    def close(self) -> None:
        """Nothing held between reads (each :meth:`read` opens and closes its connection)."""


@dataclass
class Reader:
    """A register opened for reading only: what the readers take (``reg.db.read()``)."""
    db: LiteOpened


def open_reader(db: str | None = None, timeout: str | float | None = None) -> Any:
    """The register at ``db`` for reading: without SQLAlchemy when it is an SQLite file at the current schema,
    else as :func:`sizing.register.open_register` opens it read-only (PostgreSQL, an older schema, refused naming
    ``sizing register migrate``, no register: its own messages)."""
    from sizing.register.location import resolve, timeout_seconds
    from sizing.register.versions import HEAD, sqlite_state, sqlite_version

    url, name = resolve(db)
    seconds = timeout_seconds(timeout)
    if url.startswith("sqlite") and sqlite_state(url, name, seconds) == "register" \
            and sqlite_version(url, seconds) == HEAD:
        return Reader(LiteOpened(url=url, timeout=seconds))
    from sizing.register import open_register

    return open_register(db, create=False, read_only=True, timeout=timeout)


@dataclass(frozen=True)
class Scope:
    """The FSEs a read is limited to: ``ids`` (None: every FSE), as SQL on a column holding FSE ids."""
    ids: tuple[str, ...] | None = None

    def cond(self, column: str = "fse_id") -> str:
        """``column IN (:scope0, ...)``; empty for every FSE."""
        if self.ids is None:
            return ""
        return f"{column} IN ({placeholders('scope', self.ids)[0]})"

    def where(self, column: str = "fse_id") -> str:
        return f" WHERE {self.cond(column)}" if self.ids is not None else ""

    def and_(self, column: str = "fse_id") -> str:
        return f" AND {self.cond(column)}" if self.ids is not None else ""

    @property
    def params(self) -> dict[str, Any]:
        return {} if self.ids is None else placeholders("scope", self.ids)[1]


#: Every FSE in the register.
EVERY_FSE = Scope()
