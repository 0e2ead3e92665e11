"""The register's rows as the readers take them: grouped or newest by FSE in one query, the latest record by its
own date, a stored date read back (shared by the FSE list, the timeline and the due list)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from sizing.program import schema
from sizing.program.reading import EVERY_FSE, Scope, latest_ids


def grouped(conn, table: str, *columns: str, where: Any = None,
            scope: Scope = EVERY_FSE) -> dict[str, list[dict[str, Any]]]:
    """Every row of ``table`` (or only ``columns``; only those ``where`` holds, a condition on the table's own
    columns) of the FSEs of ``scope``, grouped by FSE, oldest first: one query for all of them."""
    t = schema.metadata.tables[table]
    statement = sa.select(*([t.c[c] for c in columns] or t.c)).where(scope.of(t.c.fse_id)).order_by(t.c.id)
    if where is not None:
        statement = statement.where(where)
    out: dict[str, list[dict[str, Any]]] = {}
    for r in conn.execute(statement).mappings():
        out.setdefault(r["fse_id"], []).append(dict(r))
    return out


def newest(conn, table: str, *columns: str, scope: Scope = EVERY_FSE) -> dict[str, dict[str, Any]]:
    """Each FSE's newest row of ``table`` (the last written: the highest id), only ``columns``, for the FSEs of
    ``scope``: one query."""
    t = schema.metadata.tables[table]
    statement = sa.select(t.c.fse_id.label("_fse"), *(t.c[c] for c in columns)).where(t.c.id.in_(latest_ids(t, scope)))
    return {r["_fse"]: {c: r[c] for c in columns} for r in conn.execute(statement).mappings()}


#: The date each kind of record is about (the latest record is the one with the latest such date; records of the
#: same date are taken in the order they were written).
RECORD_DATES = {"cycles": "review_date", "waivers": "decided_on", "maintenance_logs": "as_of"}


def latest(rows: list[dict[str, Any]], table: str) -> dict[str, Any] | None:
    """The latest of one FSE's ``rows`` of ``table`` by the records' own dates (:data:`RECORD_DATES`), ties by
    when they were written: a record dated before another is kept in the timeline and never overrides it."""
    if not rows:
        return None
    key = RECORD_DATES[table]
    return max(rows, key=lambda r: (r.get(key) or dt.date.min, r.get("recorded_at") or dt.datetime.min, r["id"]))


def newest_of(rows: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    """The row written last (the highest id) of ``rows``; None for none."""
    return max(rows or [], key=lambda r: r["id"], default=None)


def as_date(value: Any) -> dt.date | None:
    """A date stored as text (or a date) read back; None for none."""
    return None if value in (None, "") else dt.date.fromisoformat(str(value)[:10])
