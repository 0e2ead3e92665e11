"""The longest text each stored field may hold: one table, enforced before any backend sees a value.

The register's schema (:mod:`sizing.program.schema`) sizes its columns from this table, and the writers check
every value against it first, so SQLite (which would store any length) and PostgreSQL (which would refuse with a
message naming no field) accept and refuse the same documents, with one line naming the field and the limit.
"""

from __future__ import annotations

from typing import Any

from sizing.errors import SizingInputError

#: field -> the most characters it may hold.
LIMITS: dict[str, int] = {
    "fse_id": 64,
    "project.name": 500,
    "project.address": 500,
    "project.owner": 500,
    "project.contact": 500,
    "project.reviewer": 200,
    "document_name": 500,
    "source": 200,
    "identity": 200,
    "event": 200,
    "on_behalf_of": 200,
    "hauler": 300,
    "manifest": 300,
    "disposal_site": 300,
    "note": 2000,
    "jurisdiction": 200,
    "jurisdiction_id": 64,
    "citation": 300,
    "photo": 300,
    "party.name": 300,
    "party.street": 300,
    "party.city": 100,
    "party.email": 254,
    "party.phone": 40,
    "property_id": 64,
    "unit_id": 64,
}


def check(field: str, value: Any, limit_of: str | None = None) -> None:
    """Refuse a text longer than its limit, naming ``field`` and the limit.

    >>> check("project.name", "x" * 501)
    Traceback (most recent call last):
    ...
    sizing.errors.SizingInputError: project.name: expected at most 500 characters, got 501 characters
    """
    limit = LIMITS[limit_of or field]
    if isinstance(value, str) and len(value) > limit:
        raise SizingInputError(field, value, "", message=(
            f"{field}: expected at most {limit} characters, got {len(value)} characters"))
