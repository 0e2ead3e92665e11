"""The project's error type: one line that names the field, the value and what was expected."""

from __future__ import annotations

import re
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


#: What a terminal acts on instead of showing: C0 controls but tab and line feed (escape sequences, carriage
#: return, backspace), DEL, C1 controls, and the bidirectional overrides and isolates (which reorder text).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: The ASCII characters a terminal shows as they are (printable, tab, line feed): deleting them from ASCII text
#: leaves its controls (a scan at C speed, about ten times the regular expression's on a large text).
_SHOWN_ASCII = bytes(range(0x20, 0x7f)) + b"\t\n"


def visible(text: str) -> str:
    r"""Text for a terminal or a report file: each control character shown as an escape (ESC as ``\x1b``),
    so that no text can clear the screen, hide itself or move the cursor; tabs and line breaks kept.

    >>> visible("A\x1b[2J\rB\tC\n")
    'A\\x1b[2J\\rB\tC\n'
    """
    if text.isascii() and not text.encode("ascii").translate(None, _SHOWN_ASCII):
        return text
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return {"\r": "\\r", "\b": "\\b"}.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


#: The most of one value an error line quotes [characters].
LINE_VALUE_CHARS = 80


def one_line(message: str) -> str:
    """An error line as printed: control characters escaped (:func:`visible`), and any one word longer than
    LINE_VALUE_CHARS and its punctuation (a value quoted whole: an id, a path) cut to LINE_VALUE_CHARS."""
    words = visible(message).split(" ")
    return " ".join(w if len(w) <= LINE_VALUE_CHARS + 10 else w[:LINE_VALUE_CHARS] + "..." for w in words)
