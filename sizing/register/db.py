"""Where the register lives and how it is opened: an SQLite file by default, PostgreSQL by URL.

The location is ``--db`` (a path or a SQLAlchemy URL), else the ``SIZING_DB`` environment variable, else
``sizing-register.db`` in the working directory. A location is checked before anything connects to it: an
in-memory database, a driver that is not installed, a port that is not a number, an option the driver does not
know and a path that is not a regular file are refused with one line naming the problem. An existing SQLite
file is read (read-only) and validated as a register, an empty database or a new file before anything writes
to it; a file that is not a register, or a register written by a newer version, is refused and left untouched,
byte for byte.

Creating a register is explicit (``sizing register init``; the CLI's ``add`` may create a new SQLite file and
says so); an older schema is migrated with Alembic (and says so). A read of an SQLite register at the current
schema opens the file read-only, so a read-only copy (a ``VACUUM INTO`` backup) can be read. SQLite runs in WAL
mode, and every write transaction starts with ``BEGIN IMMEDIATE`` so that concurrent writers queue instead of
failing. No writer waits forever: SQLite's busy timeout and PostgreSQL's ``lock_timeout`` and
``statement_timeout`` come from one setting (``--busy-timeout`` / ``SIZING_DB_TIMEOUT``, default 30 s), after
which the write fails with "register busy, nothing written; try again".
"""

from __future__ import annotations

import importlib.util
import os
import re
import sqlite3
import stat
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from sizing.errors import SizingInputError

DEFAULT_FILE = "sizing-register.db"
ENV = "SIZING_DB"
#: The environment variable of the busy timeout [s] (the CLI's ``--busy-timeout``).
TIMEOUT_ENV = "SIZING_DB_TIMEOUT"
#: How long [s] a writer waits for another writer's lock (and a PostgreSQL statement runs) before giving up.
DEFAULT_TIMEOUT_S = 30.0
MAX_TIMEOUT_S = 3600.0
#: The newest schema version (the last file of ``migrations/versions``); a test checks it against Alembic.
HEAD = "0007"
#: Every schema version this code can migrate from, oldest first.
VERSIONS = ("0001", "0002", "0003", "0004", "0005", "0007")
#: PostgreSQL advisory lock keys: one migrator at a time, one writer at a time.
MIGRATE_LOCK, WRITE_LOCK = 74150014, 74150015
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The driver of each backend (``postgresql://`` without a driver means psycopg 3).
DRIVERS = {"sqlite": {"pysqlite": "sqlite3"}, "postgresql": {"psycopg": "psycopg", "psycopg2": "psycopg2"}}
#: The connection options a PostgreSQL URL may carry (libpq's parameters); an SQLite URL takes none.
PG_OPTIONS = frozenset({
    "application_name", "channel_binding", "connect_timeout", "gssencmode", "host", "hostaddr", "keepalives",
    "keepalives_count", "keepalives_idle", "keepalives_interval", "options", "passfile", "password", "port",
    "service", "sslcert", "sslcrl", "sslkey", "sslmode", "sslpassword", "sslrootcert", "target_session_attrs",
    "user", "dbname"})
SQLITE_MAGIC = b"SQLite format 3\x00"


class RegisterError(SizingInputError):
    """A register that cannot be used as asked: one line (the CLI exits 2, the app shows st.error)."""

    def __init__(self, message: str, field: str = "--db"):
        super().__init__(field, None, "", message=message)


class RegisterBusy(RegisterError):
    """Another writer held the register longer than the busy timeout: nothing was written."""


class NoRegister(RegisterError):
    """No register at the location yet (reading and the app never create one)."""


class NotPermitted(RegisterError):
    """The writer's role does not allow the write (or the writer is not an active user of the register)."""


BUSY = "register busy, nothing written; try again"


# --- showing a location without its secrets ---------------------------------------------------------------------

_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.\-]*://[^:/@?#\s]*:)(?P<pw>[^@/?#\s]*)@")
_QUERY_PW = re.compile(r"(?P<head>[?&](?:password|sslpassword)=)(?P<pw>[^&#\s]*)", re.IGNORECASE)


def mask(text: str) -> str:
    """``text`` with the password of every URL in it (``user:PASSWORD@`` and ``?password=``) shown as ***.

    >>> mask("postgresql+psycopg://fog:S3cret@db.example:5432/program?sslmode=require&password=S3cret")
    'postgresql+psycopg://fog:***@db.example:5432/program?sslmode=require&password=***'
    """
    text = _USERINFO.sub(lambda m: m["head"] + "***@", str(text))
    return _QUERY_PW.sub(lambda m: m["head"] + "***", text)


def _secrets(url: str) -> list[str]:
    """The password(s) in ``url`` (to scrub a driver's message that might echo one)."""
    out = [m["pw"] for m in _USERINFO.finditer(url)] + [m["pw"] for m in _QUERY_PW.finditer(url)]
    return [urllib.parse.unquote(s) for s in out if s] + [s for s in out if s]


def shown(url: str) -> str:
    """The SQLite file path, or the URL with its password masked."""
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///")
    try:
        return mask(sa.engine.make_url(url).render_as_string(hide_password=True))
    except (sa.exc.ArgumentError, ValueError):
        return mask(url)


def _reason(exc: BaseException, url: str) -> str:
    """The first line of a driver's message, without any secret of ``url``."""
    orig = getattr(exc, "orig", None)
    text = (str(orig or exc).strip().splitlines() or [exc.__class__.__name__])[0]
    for secret in _secrets(url):
        text = text.replace(secret, "***")
    return mask(text)


# --- the location ----------------------------------------------------------------------------------------------

def resolve(db: str | None = None) -> tuple[str, str]:
    """The SQLAlchemy URL of the register and the name of the setting it came from (for errors).

    Everything that can be checked without connecting is checked here, each with one line naming it."""
    if db is not None and str(db).strip():
        value, name = str(db).strip(), "--db"
    elif os.environ.get(ENV, "").strip():
        value, name = os.environ[ENV].strip(), ENV
    else:
        value, name = DEFAULT_FILE, "--db"
    if "://" not in value:
        if value in (":memory:", "") or value.startswith("file::memory:"):
            raise RegisterError(f"{name}: an in-memory database keeps nothing; give a file path", name)
        return f"sqlite:///{_file(Path(value).expanduser(), name, value)}", name
    try:
        url = sa.engine.make_url(value)
    except ValueError:  # e.g. int() of a port that is not a number
        raise RegisterError(f"{name}: the port in {mask(value)} is not a number (expected 1-65535)", name) from None
    except sa.exc.ArgumentError:
        raise RegisterError(f"{name}: expected an SQLite file path or a database URL such as "
                            f"postgresql+psycopg://user@host/dbname, got {mask(value)}", name) from None
    backend = url.get_backend_name()
    if backend not in DRIVERS:
        raise RegisterError(f"{name}: {backend} databases are not supported (expected an SQLite file or a "
                            f"postgresql+psycopg:// URL): {shown(value)}", name)
    driver = url.get_driver_name() if "+" in url.drivername else next(iter(DRIVERS[backend]))
    if driver not in DRIVERS[backend]:
        raise RegisterError(f"{name}: the {backend} driver {driver!r} is not supported (use "
                            f"{backend}+{next(iter(DRIVERS[backend]))}://): {shown(value)}", name)
    if importlib.util.find_spec(DRIVERS[backend][driver]) is None:
        extra = ' (pip install "sizing[postgres]")' if backend == "postgresql" else ""
        raise RegisterError(f"{name}: the {backend} driver {driver} is not installed{extra}", name)
    if url.port is not None and not 1 <= url.port <= 65535:
        raise RegisterError(f"{name}: the port {url.port} is not a port number (expected 1-65535)", name)
    allowed = PG_OPTIONS if backend == "postgresql" else frozenset()
    unknown = sorted(k for k in url.query if k not in allowed)
    if unknown:
        takes = "it takes none" if not allowed else "known: sslmode, connect_timeout, options, application_name, ..."
        raise RegisterError(f"{name}: unknown option {unknown[0]!r} in the {backend} URL ({takes}): "
                            f"{shown(value)}", name)
    if backend == "sqlite":
        if not url.database or url.database == ":memory:" or url.database.startswith("file::memory:"):
            raise RegisterError(f"{name}: an in-memory database keeps nothing; give a file path "
                                "(sqlite:///path/to/register.db)", name)
        return f"sqlite:///{_file(Path(url.database).expanduser(), name, url.database)}", name
    if driver == "psycopg" and "+" not in url.drivername:
        value = url.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return value, name


def _file(path: Path, name: str, given: str) -> Path:
    """An SQLite file location: a regular file or a new name in an existing folder."""
    if path.is_dir():
        raise RegisterError(f"{name}: expected a database file name, not a folder, got {given!r}", name)
    if not path.parent.exists():
        raise RegisterError(f"{name}: expected a file in an existing folder ({path.parent} does not exist), "
                            f"got {given!r}", name)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return path.resolve()
    except OSError as exc:
        raise RegisterError(f"{name}: {given!r} cannot be read: {exc.strerror}", name) from None
    if not stat.S_ISREG(mode):
        raise RegisterError(f"{name}: {given!r} is not a regular file (a device, pipe or socket); give a "
                            "database file", name)
    return path.resolve()


def timeout_seconds(value: str | float | None = None, name: str = "--busy-timeout") -> float:
    """The busy timeout [s]: ``value`` (``--busy-timeout``), else ``SIZING_DB_TIMEOUT``, else 30."""
    if value is None or (isinstance(value, str) and not value.strip()):
        value, name = os.environ.get(TIMEOUT_ENV, "").strip() or DEFAULT_TIMEOUT_S, TIMEOUT_ENV
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = float("nan")
    if not 0 < seconds <= MAX_TIMEOUT_S:
        raise SizingInputError(name, value, f"a number of seconds above 0 and at most {MAX_TIMEOUT_S:g}")
    return seconds


# --- engines ---------------------------------------------------------------------------------------------------

def _sqlite_path(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))


def make_engine(url: str, timeout: float | None = None, read_only: bool = False) -> Engine:
    """The engine of ``url``: SQLite with WAL, ``BEGIN IMMEDIATE`` for writes and the busy timeout (read-only:
    the file opened with ``mode=ro`` and nothing set that writes); PostgreSQL with lock and statement timeouts."""
    ms = int(timeout_seconds(timeout) * 1000)
    if url.startswith("sqlite"):
        path = _sqlite_path(url)
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


def is_busy(exc: BaseException) -> bool:
    """Whether a database error is a lock or statement timeout (another writer held the register)."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) in ("55P03", "57014"):  # lock_not_available, query_canceled
        return True
    text = str(orig or exc).lower()
    return "database is locked" in text or "database table is locked" in text


@contextmanager
def busy_is_one_line() -> Iterator[None]:
    """Turn a lock or statement timeout into :class:`RegisterBusy`."""
    try:
        yield
    except sa.exc.OperationalError as exc:
        if is_busy(exc):
            raise RegisterBusy(BUSY) from None
        raise


@dataclass
class Opened:
    engine: Engine
    url: str
    created: bool
    migrated_from: str | None
    read_only: bool = False
    #: The busy timeout [s] the engine was made with.
    timeout: float = field(default=DEFAULT_TIMEOUT_S)

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
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with busy_is_one_line(), self.engine.connect() as conn, conn.begin():
            yield conn

    def display(self) -> str:
        """The SQLite file path, or the URL without its password."""
        return shown(self.url)


def open_db(db: str | None = None, *, create: bool | str = True, read_only: bool = False,
            timeout: str | float | None = None, migrate_older: bool = True) -> Opened:
    """Open the register at ``db`` / ``SIZING_DB`` / the default file, migrating an older schema.

    ``create``: make a new register where there is none (True), only a new SQLite file ("sqlite"), or never
    (False: :class:`NoRegister`). ``read_only``: open an SQLite register at the current schema read-only.
    ``migrate_older`` False: an older schema is refused (run ``sizing register migrate``), left as it is."""
    url, name = resolve(db)
    seconds = timeout_seconds(timeout)
    sqlite = url.startswith("sqlite")
    may_create = create is True or (create == "sqlite" and sqlite)
    state = _check_sqlite(url, name, seconds) if sqlite else None
    if state is not None and state != "register" and not may_create:  # new file or empty database
        raise NoRegister(_no_register(url, name), name)
    version = _sqlite_version(url, seconds) if state == "register" else None
    if version is not None and version != HEAD and not migrate_older:
        raise RegisterError(_older(url, name, version), name)
    if read_only and version == HEAD:
        return Opened(engine=make_engine(url, seconds, read_only=True), url=url, created=False, migrated_from=None,
                      read_only=True, timeout=seconds)
    engine = make_engine(url, seconds)
    try:
        created, migrated_from = migrate(engine, name, url, create=may_create, older=migrate_older)
    except sa.exc.OperationalError as exc:
        engine.dispose()
        if is_busy(exc):
            raise RegisterBusy(BUSY, name) from None
        raise RegisterError(f"{name}: cannot open the register {shown(url)}: {_reason(exc, url)}", name) from None
    except sa.exc.DatabaseError as exc:
        engine.dispose()
        raise RegisterError(f"{name}: {shown(url)} cannot be used as a register ({_reason(exc, url)}); nothing "
                            "was changed", name) from None
    except BaseException:
        engine.dispose()
        raise
    return Opened(engine=engine, url=url, created=created, migrated_from=migrated_from, timeout=seconds)


def _older(url: str, name: str, version: str) -> str:
    return (f"{name}: the register at {shown(url)} has schema {version}; this version of sizing uses {HEAD}: run "
            "`sizing register migrate`; nothing was changed")


def _no_register(url: str, name: str) -> str:
    return (f"{name}: no register yet at {shown(url)}; run `sizing register init`"
            + (f" (with --db {shown(url)})" if name == "--db" and not url.startswith("sqlite") else ""))


def _check_sqlite(url: str, name: str, seconds: float) -> str:
    """What an SQLite location holds, read without writing: "new" (no file, or 0 bytes), "empty" (a database
    with no table), or "register" (a register this version can use or migrate); anything else is refused."""
    path = _sqlite_path(url)
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return "new"
    except OSError as exc:
        raise RegisterError(f"{name}: {path} cannot be read: {exc.strerror}; nothing was changed", name) from None
    if not head:
        return "new"
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
    return "empty" if version is None else "register"


def _sqlite_contents(path: Path, seconds: float) -> tuple[str | None, list[str]]:
    conn = sqlite3.connect("file:" + urllib.parse.quote(str(path)) + "?mode=ro", uri=True, timeout=seconds)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT "
                                             "LIKE 'sqlite_%'")]
        version = (conn.execute("SELECT version_num FROM alembic_version").fetchone() or [None])[0] \
            if "alembic_version" in tables else None
    finally:
        conn.close()
    return version, tables


def _sqlite_version(url: str, seconds: float) -> str | None:
    return _sqlite_contents(_sqlite_path(url), seconds)[0]


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
    return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def migrate(engine: Engine, field: str = "--db", url: str = "", create: bool = True,
            older: bool = True) -> tuple[bool, str | None]:
    """Bring the database to :data:`HEAD` under one lock; return (created, migrated from version or None).

    ``create`` False: a database without a register is :class:`NoRegister`; ``older`` False: an older register
    is refused; both left as they are."""
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":  # one migrator at a time; the lock ends with the transaction
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATE_LOCK})")
        version = current_version(conn)
        if version == HEAD:
            return False, None
        tables = [t for t in sa.inspect(conn).get_table_names() if not t.startswith("sqlite_")]
        _refuse_unknown(version, tables, field, shown(url))
        if version is None and not create:
            raise NoRegister(_no_register(url, field), field)
        if version is not None and not older:
            raise RegisterError(_older(url, field, version), field)
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
