"""Where the register lives: ``--db`` (a path or a SQLAlchemy URL), else the ``SIZING_DB`` environment variable,
else ``sizing-register.db`` in the working directory; and the busy timeout (``--busy-timeout`` /
``SIZING_DB_TIMEOUT``, default 30 s).

A location is checked before anything connects to it: an in-memory database, a driver that is not installed, a
port that is not a number, an option the driver does not know and a path that is not a regular file are refused
with one line naming the problem. A location is shown without its password (:func:`shown`, :func:`mask`).
"""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import urllib.parse
from pathlib import Path

from sizing.errors import SizingInputError
from sizing.program.errors import RegisterError

DEFAULT_FILE = "sizing-register.db"
ENV = "SIZING_DB"
#: The environment variable of the busy timeout [s] (the CLI's ``--busy-timeout``).
TIMEOUT_ENV = "SIZING_DB_TIMEOUT"
#: How long [s] a writer waits for another writer's lock (and a PostgreSQL statement runs) before giving up.
DEFAULT_TIMEOUT_S = 30.0
MAX_TIMEOUT_S = 3600.0
#: The driver of each backend (``postgresql://`` without a driver means psycopg 3).
DRIVERS = {"sqlite": {"pysqlite": "sqlite3"}, "postgresql": {"psycopg": "psycopg", "psycopg2": "psycopg2"}}
#: The connection options a PostgreSQL URL may carry (libpq's parameters); an SQLite URL takes none.
PG_OPTIONS = frozenset({
    "application_name", "channel_binding", "connect_timeout", "gssencmode", "host", "hostaddr", "keepalives",
    "keepalives_count", "keepalives_idle", "keepalives_interval", "options", "passfile", "password", "port",
    "service", "sslcert", "sslcrl", "sslkey", "sslmode", "sslpassword", "sslrootcert", "target_session_attrs",
    "user", "dbname"})


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
    import sqlalchemy as sa

    try:
        return mask(sa.engine.make_url(url).render_as_string(hide_password=True))
    except (sa.exc.ArgumentError, ValueError):
        return mask(url)


def reason(exc: BaseException, url: str) -> str:
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
    import sqlalchemy as sa  # a URL: parsed as the engine will read it

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


def sqlite_path(url: str) -> Path:
    return Path(url.removeprefix("sqlite:///"))
