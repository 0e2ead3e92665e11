"""The project's error type: one line that names the field, the value and what was expected."""

from __future__ import annotations


class SizingInputError(ValueError):
    """Bad input. ``str(err)`` is the one line a user sees.

    >>> str(SizingInputError("fixtures[2].count", -1, "a whole number >= 0"))
    'fixtures[2].count: expected a whole number >= 0, got -1'
    """

    def __init__(self, field: str, value: object = None, expected: str = "", clause: str | None = None,
                 message: str | None = None):
        self.field = field
        self.value = value
        self.expected = expected
        self.clause = clause
        if message is None:
            message = f"{field}: expected {expected}, got {_show(value)}"
            if clause:
                message += f" ({clause})"
        self.message = " ".join(str(message).split())  # always one line
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class TableError(LookupError):
    """A code table or edition that does not exist (names the ones that do)."""


def _show(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:57] + "..."
        return repr(text)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
