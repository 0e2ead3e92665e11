"""Who writes and when: the operating-system user, the time of a write and the who-and-when columns of a row
(below the register's roles and its database, which both use them)."""

from __future__ import annotations

import datetime as dt
import getpass
import os
from typing import Any

from sizing import parse
from sizing.register import limits


def os_user() -> str:
    """The operating-system user running the command."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name (e.g. a container without a passwd entry)
        return os.environ.get("USER") or os.environ.get("USERNAME") or "unknown"


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
