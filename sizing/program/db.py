"""Opening the register: an SQLite file by default, PostgreSQL by URL (where it lives: :mod:`.location`; its
engine: :mod:`.engine`; its schema version and migration: :mod:`.versions`).

A read of an SQLite register at the current schema opens the file read-only, so a read-only copy (a
``VACUUM INTO`` backup) can be read. An older schema is refused (one line naming ``sizing register migrate``),
whether the caller reads or writes, unless the caller asks to migrate it (``migrate_older``: the migration is an
authorised write, see :func:`sizing.program.access.authorise_migration`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from sizing.program.engine import busy_is_one_line, make_engine
from sizing.program.errors import BUSY, NoRegister, RegisterBusy, RegisterError, is_busy
from sizing.program.location import DEFAULT_TIMEOUT_S, reason, resolve, shown, timeout_seconds
from sizing.program.versions import (
    HEAD,
    WRITE_LOCK,
    migrate,
    no_register_message,
    older_message,
    sqlite_state,
)


@dataclass
class Opened:
    engine: Engine
    url: str
    created: bool
    migrated_from: str | None
    read_only: bool = False
    #: The busy timeout [s] the engine was made with.
    timeout: float = field(default=DEFAULT_TIMEOUT_S)
    #: The FSEs the migration could not give a maintenance plan, each with the reason (their logs stand as they are).
    unplanned: tuple[str, ...] = ()
    #: Who migrated it (the identity the migration was authorised as and what it wrote is recorded under).
    migrated_by: str | None = None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction: all of it or nothing (SQLite: BEGIN IMMEDIATE, writers queue; a writer that
        waits longer than the busy timeout gets :class:`RegisterBusy`)."""
        if self.read_only:
            raise RegisterError(f"--db: {self.display()} was opened read-only; nothing written")
        with busy_is_one_line(), self.engine.connect().execution_options(write=True) as conn, conn.begin():
            if conn.dialect.name == "postgresql":  # writers queue as on SQLite; released at commit or rollback
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(WRITE_LOCK)))
            yield conn

    @contextmanager
    def read(self, snapshot: bool = False) -> Iterator[Connection]:
        """One read transaction; ``snapshot``: every query of it sees the register as it was at its first
        (PostgreSQL: REPEATABLE READ; an SQLite read transaction always does)."""
        with busy_is_one_line(), self.engine.connect() as conn:
            if snapshot and conn.dialect.name == "postgresql":
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                yield conn

    def display(self) -> str:
        """The SQLite file path, or the URL without its password."""
        return shown(self.url)

    def close(self) -> None:
        """Close the engine's connections."""
        self.engine.dispose()


def open_db(db: str | None = None, *, create: bool | str = True, read_only: bool = False,
            timeout: str | float | None = None, migrate_older: bool = False) -> Opened:
    """Open the register at ``db`` / ``SIZING_DB`` / the default file.

    ``create``: make a new register where there is none (True), only a new SQLite file ("sqlite"), or never
    (False: :class:`NoRegister`). ``read_only``: open an SQLite register at the current schema read-only.
    ``migrate_older`` False (the default, every read and write): an older schema is refused (run ``sizing register
    migrate``), left as it is; True (``register migrate``, ``init``): migrated as the process's identity, an
    admin's or the owner's write (else :class:`~sizing.program.errors.NotPermitted`)."""
    url, name = resolve(db)
    seconds = timeout_seconds(timeout)
    sqlite = url.startswith("sqlite")
    may_create = create is True or (create == "sqlite" and sqlite)
    state, version = sqlite_state(url, name, seconds) if sqlite else (None, None)  # one read of the file
    if state is not None and state != "register" and not may_create:  # new file or empty database
        raise NoRegister(no_register_message(url, name), name)
    if version is not None and version != HEAD and not migrate_older:
        raise RegisterError(older_message(url, name, version), name)
    if read_only and version == HEAD:
        return Opened(engine=make_engine(url, seconds, read_only=True), url=url, created=False, migrated_from=None,
                      read_only=True, timeout=seconds)
    engine = make_engine(url, seconds)
    try:
        created, migrated_from, unplanned, by = migrate(engine, name, url, create=may_create, older=migrate_older)
    except sa.exc.OperationalError as exc:
        engine.dispose()
        if is_busy(exc):
            raise RegisterBusy(BUSY, name) from None
        raise RegisterError(f"{name}: cannot open the register {shown(url)}: {reason(exc, url)}", name) from None
    except sa.exc.DatabaseError as exc:
        engine.dispose()
        raise RegisterError(f"{name}: {shown(url)} cannot be used as a register ({reason(exc, url)}); nothing "
                            "was changed", name) from None
    except BaseException:
        engine.dispose()
        raise
    return Opened(engine=engine, url=url, created=created, migrated_from=migrated_from, timeout=seconds,
                  unplanned=unplanned, migrated_by=by)
