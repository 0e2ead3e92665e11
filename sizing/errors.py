"""The project's error type: one line that names the field, the value and what was expected."""

from __future__ import annotations

import reprlib


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


#: A shown value is cut to this many characters; a list or mapping is shown a few items deep only, so a
#: huge (or alias-expanded) value is never formatted whole.
SHOWN_CHARS = 60
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxtuple, _REPR.maxset = 2, 4, 4, 4, 4
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = SHOWN_CHARS, SHOWN_CHARS, SHOWN_CHARS


def _show(value: object) -> str:
    """A short, one-line picture of a value for a message (never the whole of a huge value).

    >>> _show("x" * 100)[:12], len(_show("x" * 100))
    ("'xxxxxxxxxxx", 62)
    >>> _show([[1, 2, 3, 4, 5]] * 1000)
    '[[1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], ...]'
    """
    if value is None:
        return "nothing"
    if isinstance(value, str):
        text = value if len(value) <= SHOWN_CHARS else value[:SHOWN_CHARS - 3] + "..."
        return repr(text)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** SHOWN_CHARS:
        return f"a number of more than {SHOWN_CHARS} digits"
    text = _REPR.repr(value)
    return text if len(text) <= 90 else text[:87] + "..."


def shown(value: object) -> str:
    """The bounded picture of ``value`` that error messages use (for messages built elsewhere)."""
    return _show(value)
