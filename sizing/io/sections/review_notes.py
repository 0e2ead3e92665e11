"""The ``review_notes`` section: the plan checker's own word on findings, by finding rule id.

Only the shape is checked here (a mapping of rule id to ``{note, not_applicable}``); whether each rule id is a
finding of the review is checked where the review is known (:func:`sizing.report.review.reviewer_notes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse

SECTION = "review_notes"
NOTE_FIELDS = ("note", "not_applicable")


@dataclass(frozen=True)
class ReviewerNote:
    """The plan checker's own word on one finding: a note, and/or "not applicable" with the reason."""

    note: str | None = None
    not_applicable: str | None = None

    @property
    def says_something(self) -> bool:
        return bool(self.note or self.not_applicable)


def parse_review_notes(value: Any, path: str = SECTION) -> dict[Any, ReviewerNote]:
    """Every entry of the section by rule id as written, in document order (an entry with neither a note nor a
    reason is kept, empty, so that its rule id is still checked against the review)."""
    section = parse.mapping(path, value, default={})
    out = {}
    for rule, item_value in section.items():
        field = f"{path}.{rule}"
        item = parse.mapping(field, item_value, NOTE_FIELDS)
        note = None if item.get("note") is None else parse.text(f"{field}.note", item["note"]) or None
        reason = None
        if item.get("not_applicable") is not None:
            reason = parse.text(f"{field}.not_applicable", item["not_applicable"])
            if not reason:
                raise SizingInputError(f"{field}.not_applicable", item["not_applicable"],
                                       "the reason the finding does not apply")
        out[rule] = ReviewerNote(note=note, not_applicable=reason)
    return out


def as_dict(notes: Mapping[Any, ReviewerNote]) -> dict[str, dict[str, str]]:
    """The notes that say something, as the section's plain mapping (the JSON output and a saved submittal)."""
    return {rule: {k: v for k, v in vars(n).items() if v} for rule, n in notes.items() if n.says_something}
