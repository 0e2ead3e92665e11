"""Who writes and when: the operating-system user, the time of a write and the who-and-when columns of a row
(below the register's roles and its database, which both use them).

The operating-system user is the process's real uid as the system's user database names it, never an
environment variable (``LOGNAME``, ``USER``: anyone can set them); a uid without a passwd entry (a container) is
``uid:NNN``."""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

from sizing.io import fields as parse
from sizing.program import limits
from sizing.program.errors import RegisterError

try:
    import pwd
except ImportError:  # pragma: no cover - not a POSIX system
    pwd = None  # type: ignore[assignment]


def os_user() -> str:
    """The operating-system user running the command: the login name of the process's real uid, else
    ``uid:NNN`` (no passwd entry)."""
    if pwd is None:  # pragma: no cover - not a POSIX system: no uid to ask
        raise RegisterError("register: the operating-system user cannot be told on this system (no uid); use a "
                            "PostgreSQL register (its session user is the writer)", "user")
    uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:  # a uid without a passwd entry (e.g. a container's)
        return f"uid:{uid}"


def now() -> dt.datetime:
    """The time of a write, UTC (stored without the zone)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)


def writer(identity: str, on_behalf_of: str | None, when) -> dict[str, Any]:
    """The who-and-when columns of a row."""
    return {"recorded_at": when, "recorded_by": identity, "on_behalf_of": on_behalf_of}


def on_behalf_of(user: str | None = None, field_name: str = "--user") -> str | None:
    """Whom a write is recorded for (``--user``, the app's reviewer field), beside the writer, never instead of
    it: one line, within its limit; None when not given."""
    if user is None or not str(user).strip():
        return None
    text = " ".join(str(user).split())
    limits.check(field_name, text, "on_behalf_of")
    parse.printable(field_name, text, single_line=True)
    return text
