"""A warning as data: its stable ``code``, its text and its details.

:class:`Note` is the text itself (a ``str``, so every report, page and JSON document that prints a warning prints
it unchanged) carrying a ``code`` that code filters and tests use instead of matching words of the message, and
``detail`` (JSON-ready values: the fixture line, the figures).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Note(str):
    """``Note("hgi_left_out", "the fixture-capacity ...", fixtures=[2])``: the message, with ``.code`` and
    ``.detail``.

    >>> n = Note("deep_sink", "fixtures[0]: a 30 in deep compartment is unusual", depth_in=30.0)
    >>> (str(n), n.code, dict(n.detail))
    ('fixtures[0]: a 30 in deep compartment is unusual', 'deep_sink', {'depth_in': 30.0})
    """

    code: str
    detail: Mapping[str, Any]

    def __new__(cls, code: str, message: str, **detail: Any) -> Note:
        note = super().__new__(cls, message)
        note.code = code
        note.detail = dict(detail)
        return note

    def __reduce__(self):  # copies and pickles keep the code and the details
        return (_note, (self.code, str(self), dict(self.detail)))

    @property
    def message(self) -> str:
        return str(self)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": str(self), "detail": dict(self.detail)}


def _note(code: str, message: str, detail: Mapping[str, Any]) -> Note:
    return Note(code, message, **detail)


def codes(warnings) -> list[str]:
    """The codes of a list of warnings (a plain string, from elsewhere, has the code ``other``)."""
    return [getattr(w, "code", "other") for w in warnings]
