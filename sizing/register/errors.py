"""The register's errors: each one line (the CLI exits 2, the app shows st.error)."""

from __future__ import annotations

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
