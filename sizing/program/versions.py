"""The register's schema version and its migration.

An existing SQLite file is read (read-only) and validated as a register, an empty database or a new file before
anything writes to it; a file that is not a register, or a register written by a newer version, is refused and
left untouched, byte for byte. Creating a register is explicit; an older schema is migrated with Alembic, one
migrator at a time, only when asked (``sizing register migrate``) and only as an authorised write
(:func:`sizing.program.access.authorise_migration`: an admin, or the owner of a register without users); a read
or another write on an older schema is refused, naming the command.
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from sizing.program.errors import BUSY, NoRegister, RegisterBusy, RegisterError
from sizing.program.location import shown, sqlite_path

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

#: The newest schema version (the last file of ``migrations/versions``); a test checks it against Alembic.
HEAD = "0013"
#: Every schema version this code can migrate from, oldest first.
VERSIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010", "0011", "0012", "0013")
#: PostgreSQL advisory lock keys: one migrator at a time, one writer at a time.
MIGRATE_LOCK, WRITE_LOCK = 74150014, 74150015
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_MAGIC = b"SQLite format 3\x00"


def older_message(url: str, name: str, version: str) -> str:
    return (f"{name}: the register at {shown(url)} has schema {version}; this version of sizing uses {HEAD}: run "
            "`sizing register migrate`; nothing was changed")


def no_register_message(url: str, name: str) -> str:
    return (f"{name}: no register yet at {shown(url)}; run `sizing register init`"
            + (f" (with --db {shown(url)})" if name == "--db" and not url.startswith("sqlite") else ""))


def sqlite_state(url: str, name: str, seconds: float) -> tuple[str, str | None]:
    """What an SQLite location holds, read without writing: "new" (no file, or 0 bytes), "empty" (a database
    with no table), or "register" (a register this version can use or migrate), with its schema version (None
    but for a register), both from one read of the file; anything else is refused."""
    path = sqlite_path(url)
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return "new", None
    except OSError as exc:
        raise RegisterError(f"{name}: {path} cannot be read: {exc.strerror}; nothing was changed", name) from None
    if not head:
        return "new", None
    if head != SQLITE_MAGIC:
        raise RegisterError(f"{name}: {path} is not an SQLite database (nor a register); nothing was changed", name)
    try:
        version, tables = _sqlite_contents(path, seconds)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc).lower():
            raise RegisterBusy(BUSY, name) from None
        raise RegisterError(f"{name}: {path} cannot be read as a database ({exc}); nothing was changed",
                            name) from None
    except sqlite3.DatabaseError as exc:
        raise RegisterError(f"{name}: {path} is not a readable SQLite database ({exc}); nothing was changed",
                            name) from None
    _refuse_unknown(version, tables, name, str(path))
    return ("empty", None) if version is None else ("register", version)


def _sqlite_contents(path: Path, seconds: float) -> tuple[str | None, list[str]]:
    """The schema version and the tables of the SQLite file at ``path``, read through a read-only connection (the
    file is opened with ``mode=ro``: nothing can be written to it); the driver's errors are raised as they are."""
    uri = "file:" + urllib.parse.quote(str(path)) + "?mode=ro"
    engine = sa.create_engine("sqlite://", creator=lambda: sqlite3.connect(uri, uri=True, timeout=seconds),
                              poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            tables = [n for n in sa.inspect(conn).get_table_names() if not n.startswith("sqlite_")]
            version = conn.execute(sa.select(sa.column("version_num")).select_from(sa.table("alembic_version"))
                                   ).scalar() if "alembic_version" in tables else None
    except sa.exc.DBAPIError as exc:  # the driver's own error, as the callers tell them apart
        raise exc.orig from None
    finally:
        engine.dispose()
    return version, tables


def _refuse_unknown(version: str | None, tables: list[str], name: str, where: str) -> None:
    if version is None:
        tables = [t for t in tables if not t.startswith("sqlite_")]
        if tables:
            raise RegisterError(f"{name}: {where} holds tables ({', '.join(sorted(tables)[:5])}) but is not a sizing "
                                "register; nothing was changed (give another --db)", name)
    elif version not in VERSIONS:
        raise RegisterError(f"{name}: {where} has register schema {version!r}, which this version of sizing does "
                            f"not know (it knows {', '.join(VERSIONS)}); upgrade sizing; nothing was changed", name)


def current_version(conn: Connection) -> str | None:
    """The schema version recorded in the database, or None when it has no version table."""
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(sa.select(sa.column("version_num")).select_from(sa.table("alembic_version"))).scalar()


def migrate(engine: Engine, field: str = "--db", url: str = "", create: bool = True,
            older: bool = False) -> tuple[bool, str | None, tuple[str, ...], str | None]:
    """Bring the database to :data:`HEAD` under one lock; return (created, migrated from version or None, what
    the migration could not do: the FSEs left without a maintenance plan, with the reason; who migrated it).

    ``create`` False: a database without a register is :class:`NoRegister`; ``older`` False: an older register
    is refused (run ``sizing register migrate``); True: migrated when the migrating identity may (else
    :class:`~sizing.program.errors.NotPermitted`); refused registers are left as they are."""
    from sizing.program.access import authorise_migration

    with engine.connect().execution_options(write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":  # one migrator at a time; the lock ends with the transaction
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(MIGRATE_LOCK)))
        version = current_version(conn)
        if version == HEAD:
            return False, None, (), None
        tables = [t for t in sa.inspect(conn).get_table_names() if not t.startswith("sqlite_")]
        _refuse_unknown(version, tables, field, shown(url))
        if version is None and not create:
            raise NoRegister(no_register_message(url, field), field)
        if version is not None and not older:
            raise RegisterError(older_message(url, field, version), field)
        identity = None if version is None else authorise_migration(conn, url, version)
        upgrade(conn, HEAD)
        failed = plan_every_fse(conn, identity) if identity is not None and version < "0007" else []
        return version is None, version, tuple(failed), identity


def plan_every_fse(conn: Connection, identity: str) -> list[str]:
    """After the migrations of a register older than 0007 (its logs each evaluated on their own): every FSE with a
    maintenance log gets its plan made from every record on file (:mod:`sizing.program.replan`; live code, so it
    runs here, after the frozen migrations), written by ``identity``, the migrating one. An FSE whose stored records
    make no plan keeps its logs as they are; the reasons are returned."""
    from sizing.program import schema as t
    from sizing.program.replan import replan
    from sizing.program.writers import now, writer

    fses = list(conn.execute(sa.select(t.maintenance_logs.c.fse_id).distinct()).scalars())
    failed: list[str] = []
    replan(conn, fses, None, writer(identity, None, now()), failed=failed)
    return failed


def upgrade(conn: Connection, target: str) -> None:
    """Run the Alembic migrations up to ``target`` on ``conn`` (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, target)
