"""The signature block of a letter: a line to sign on, then the signer's name and title (and "for the Director"
when the signer is not the Director), or, without a signer on file, the blank line for the Director. Never an
account name: the block is made from a signature (a name and title a person gave), not from who wrote a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LINE = "______________________"
#: The line a letter's date is written on: below the signer's name and title, never beside them.
DATE_LINE = "Date: ______________"


def lines(signer: Mapping[str, Any] | None, *, default: str = "For the Director") -> list[str]:
    """The signature block: ``LINE``, then the name, the title and "for the Director" (a signer whose role is not
    the Director's); ``LINE`` and ``default`` without a signer."""
    if not signer:
        return [LINE, default]
    out = [LINE, signer["name"]]
    if signer.get("title"):
        out.append(signer["title"])
    if signer.get("role") not in (None, "director"):
        out.append("for the Director")
    return out


def signed(name: str | None, title: str) -> list[str]:
    """The signature block of a letter one person signs, the same lines in the same order in every format (PDF,
    Word, markdown): the line to sign on, the name (when known), the title, then the date line under them (a date
    beside the name was overrun by a long title).

    >>> signed("Dana Ortiz", "Plan checker, Public Works")
    ['______________________', 'Dana Ortiz', 'Plan checker, Public Works', 'Date: ______________']
    """
    return [LINE, *([name] if name else []), title, DATE_LINE]
