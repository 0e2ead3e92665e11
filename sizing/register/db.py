"""Where the register lives and how it is opened: an SQLite file by default, PostgreSQL by URL.

The location is ``--db`` (a path or a SQLAlchemy URL), else the ``SIZING_DB`` environment variable, else
``sizing-register.db`` in the working directory. Opening creates the database on first use and migrates an
older schema with Alembic (and says so); a file that is not a register, or a register written by a newer
version, is refused and left untouched. SQLite runs in WAL mode with a busy timeout, and every write
transaction starts with ``BEGIN IMMEDIATE`` so that concurrent writers queue instead of failing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from sizing.errors import SizingInputError

DEFAULT_FILE = "sizing-register.db"
ENV = "SIZING_DB"
#: The newest schema version (the last file of ``migrations/versions``); a test checks it against Alembic.
HEAD = "0003"
#: Every schema version this code can migrate from, oldest first.
VERSIONS = ("0001", "0002", "0003")
#: How long [ms] an SQLite writer waits for another writer's lock before giving up.
BUSY_TIMEOUT_MS = 60_000
#: PostgreSQL advisory lock keys: one migrator at a time, one writer at a time.
MIGRATE_LOCK, WRITE_LOCK = 74150014, 74150015
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def resolve(db: str | None = None) -> tuple[str, str]:
    """The SQLAlchemy URL of the register and the name of the setting it came from (for errors)."""
    if db is not None and str(db).strip():
        value, field = str(db).strip(), "--db"
    elif os.environ.get(ENV, "").strip():
        value, field = os.environ[ENV].strip(), ENV
    else:
        value, field = DEFAULT_FILE, "--db"
    if "://" in value:
        try:
            url = sa.engine.make_url(value)
        except sa.exc.ArgumentError:
            raise SizingInputError(field, value, "an SQLite file path or a database URL such as "
                                   "postgresql+psycopg://user@host/dbname") from None
        if url.get_backend_name() not in ("sqlite", "postgresql"):
            raise SizingInputError(field, value, "an SQLite file or a postgresql:// URL")
        return value, field
    path = Path(value).expanduser()
    if path.is_dir():
        raise SizingInputError(field, value, "a database file name, not a folder")
    if not path.parent.exists():
        raise SizingInputError(field, value, f"a file in an existing folder ({path.parent} does not exist)")
    return f"sqlite:///{path.resolve()}", field


def _sqlite_events(engine: Engine) -> None:
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # pragma: no cover - exercised through every SQLite test
        dbapi_conn.isolation_level = None  # the driver's own BEGIN handling off: we emit BEGIN below
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn):  # pragma: no cover - exercised through every SQLite test
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        _sqlite_events(engine)
        return engine
    return sa.create_engine(url, pool_pre_ping=True)


@dataclass
class Opened:
    engine: Engine
    url: str
    created: bool
    migrated_from: str | None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction: all of it or nothing (SQLite: BEGIN IMMEDIATE, writers queue)."""
        with self.engine.connect().execution_options(write=True) as conn, conn.begin():
            if conn.dialect.name == "postgresql":  # writers queue as on SQLite; released at commit or rollback
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def display(self) -> str:
        """The SQLite file path, or the URL without its password."""
        return _shown(self.url)


def open_db(db: str | None = None) -> Opened:
    """Open (creating or migrating as needed) the register at ``db`` / ``SIZING_DB`` / the default file."""
    url, field = resolve(db)
    engine = make_engine(url)
    try:
        created, migrated_from = migrate(engine, field, url)
    except sa.exc.OperationalError as exc:
        engine.dispose()
        reason = str(exc.orig).splitlines()[0] if exc.orig else str(exc).splitlines()[0]
        raise SizingInputError(field, _shown(url), "", message=f"{field}: cannot open the register "
                               f"{_shown(url)}: {reason}") from None
    except sa.exc.DatabaseError as exc:
        engine.dispose()
        reason = str(exc.orig).splitlines()[0] if exc.orig else "not a database"
        raise SizingInputError(field, _shown(url), "", message=f"{field}: {_shown(url)} is not a sizing register "
                               f"database ({reason}); nothing was changed") from None
    return Opened(engine=engine, url=url, created=created, migrated_from=migrated_from)


def _shown(url: str) -> str:
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///")
    return sa.engine.make_url(url).render_as_string(hide_password=True)


def current_version(conn: Connection) -> str | None:
    """The schema version recorded in the database, or None when it has no version table."""
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def migrate(engine: Engine, field: str = "--db", url: str = "") -> tuple[bool, str | None]:
    """Bring the database to :data:`HEAD` under one lock; return (created, migrated from version or None)."""
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":  # one migrator at a time; the lock ends with the transaction
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATE_LOCK})")
        version = current_version(conn)
        if version == HEAD:
            return False, None
        if version is None:
            tables = [t for t in sa.inspect(conn).get_table_names() if not t.startswith("sqlite_")]
            if tables:
                raise SizingInputError(field, _shown(url), "", message=(
                    f"{field}: {_shown(url)} holds tables ({', '.join(sorted(tables)[:5])}) but is not a sizing "
                    "register; nothing was changed (give another --db)"))
        elif version not in VERSIONS:
            raise SizingInputError(field, _shown(url), "", message=(
                f"{field}: {_shown(url)} has register schema {version!r}, which this version of sizing does not "
                f"know (it knows {', '.join(VERSIONS)}); upgrade sizing; nothing was changed"))
        upgrade(conn, HEAD)
        return version is None, version


def upgrade(conn: Connection, target: str) -> None:
    """Run the Alembic migrations up to ``target`` on ``conn`` (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, target)
