"""The audit trail: every write the register holds, newest first, with its writer.

Every table is append-only and every row says who wrote it and when (``recorded_by``, ``recorded_at``, and
``on_behalf_of``), so the trail is read from the rows themselves, one query over every table: a void is a write
like any other (its row names the record and the reason), and a record voided is still in the trail where it was
written.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from sizing.program import schema as t
from sizing.program.reading import dicts

#: Each table a write goes to, and the words the trail says of its rows.
WRITES = {"fses": "FSE details", "interceptors": "interceptor", "cycles": "review cycle",
          "waivers": "waiver decision", "notifications": "notification", "maintenance_logs": "maintenance log",
          "maintenance_events": "maintenance event", "inspections": "inspection", "inspection_photos": "inspection photo",
          "notices": "notice", "notice_closures": "notice closure", "hauler_manifests": "hauler manifest",
          "voids": "void", "users": "user", "contacts": "contact", "properties": "property",
          "sites": "FSE's property", "interceptor_units": "interceptor (property)", "signers": "signature",
          "correspondence": "letter or e-mail sent", "user_scopes": "user linked to an FSE",
          "submissions": "submission", "submission_decisions": "submission decided",
          "hauler_registrations": "hauler registration"}
COLUMNS = ("recorded_at", "recorded_by", "on_behalf_of", "what", "table", "record", "fse_id", "detail")


def _fse(table: sa.Table) -> Any:
    """The FSE a row of ``table`` is about (a notice's closure and an inspection's photo: their notice's or
    inspection's; a user: none)."""
    if "fse_id" in table.c:
        return table.c.fse_id
    if table.name == "notice_closures":
        return sa.select(t.notices.c.fse_id).where(t.notices.c.id == table.c.notice_id).scalar_subquery()
    if table.name == "inspection_photos":
        return sa.select(t.inspections.c.fse_id).where(t.inspections.c.id == table.c.inspection_id).scalar_subquery()
    if table.name == "submission_decisions":
        return sa.select(t.submissions.c.fse_id).where(t.submissions.c.id == table.c.submission_id).scalar_subquery()
    return sa.null()


def _detail(table: sa.Table) -> Any:
    """What the trail says of a row beyond its kind: a void's record and reason, a user's role, a closure's how,
    whether a maintenance log is the plan the register made, a contact's role and name, a property's id."""
    if table.name == "voids":
        return table.c.kind + sa.literal(" ") + sa.cast(table.c.record_id, sa.String) + sa.literal(": ") + table.c.reason
    if table.name == "users":
        return table.c.identity + sa.literal(": ") + table.c.role + sa.case((table.c.active, ""), else_=" (disabled)")
    if table.name == "notice_closures":
        return sa.literal("notice ") + sa.cast(table.c.notice_id, sa.String) + sa.literal(": ") + table.c.how
    if table.name == "maintenance_logs":
        return sa.case((table.c.computed.is_(True), "the plan made from every record on file"), else_="as submitted")
    if table.name == "maintenance_events":
        return table.c.kind
    if table.name == "contacts":
        return table.c.role + sa.literal(": ") + sa.func.coalesce(table.c.name, "")
    if table.name in ("properties", "sites"):
        return sa.literal("property ") + table.c.property_id
    if table.name == "signers":
        return table.c.identity + sa.literal(": ") + table.c.name
    if table.name == "correspondence":
        return table.c.channel + sa.literal(" ") + table.c.event
    if table.name == "hauler_registrations":
        return table.c.identity + sa.literal(": ") + table.c.company + sa.literal(" ") + table.c.registration
    if table.name == "user_scopes":
        return table.c.identity + sa.case((table.c.active, " linked"), else_=" unlinked")
    if table.name == "submissions":
        return table.c.kind + sa.literal(" of ") + sa.cast(table.c.on_date, sa.String)
    if table.name == "submission_decisions":
        return (sa.literal("submission ") + sa.cast(table.c.submission_id, sa.String) + sa.literal(": ")
                + table.c.decision)
    if table.name == "interceptor_units":
        return (sa.literal("property ") + sa.func.coalesce(table.c.property_id, "") + sa.literal(", interceptor ")
                + table.c.unit_id)
    return sa.literal("")


def audit(reg: Any, *, fse_id: str | None = None, since: dt.date | None = None,
          limit: int | None = None) -> list[dict[str, Any]]:
    """Every write of the register (of ``fse_id`` alone; written on or after ``since``), newest first, at most
    ``limit``: when, by whom (and on whose behalf), what (:data:`WRITES`), which record, its FSE and a detail."""
    parts = []
    for name, what in WRITES.items():
        table = t.metadata.tables[name]
        fse = _fse(table)
        part = sa.select(table.c.recorded_at, table.c.recorded_by, table.c.on_behalf_of,
                         sa.literal(what).label("what"), sa.literal(name).label("table"),
                         table.c.id.label("record"), fse.label("fse_id"), _detail(table).label("detail"))
        if fse_id is not None:
            part = part.where(fse == fse_id)
        if since is not None:
            part = part.where(table.c.recorded_at >= dt.datetime.combine(since, dt.time()))
        parts.append(part)
    union = sa.union_all(*parts).subquery()
    statement = sa.select(union).order_by(union.c.recorded_at.desc(), union.c.table, union.c.record.desc())
    if limit is not None:
        statement = statement.limit(limit)
    with reg.db.read() as conn:
        return dicts(conn, statement)
