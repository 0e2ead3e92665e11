"""The register's errors: each one line (the CLI exits 2, the app shows st.error)."""

from __future__ import annotations

import sqlite3
import sys

from sizing.errors import SizingInputError


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


def is_busy(exc: BaseException) -> bool:
    """Whether a database error is a lock or statement timeout (another writer held the register)."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) in ("55P03", "57014"):  # lock_not_available, query_canceled
        return True
    text = str(orig or exc).lower()
    return "database is locked" in text or "database table is locked" in text


def database_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the database's (SQLAlchemy's, or sqlite3's)."""

    sa = sys.modules.get("sqlalchemy")
    return isinstance(exc, sqlite3.Error) or (sa is not None and isinstance(exc, sa.exc.SQLAlchemyError))
