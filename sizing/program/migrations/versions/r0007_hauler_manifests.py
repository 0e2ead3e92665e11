"""Hauler manifests, each maintenance log's due-list items, and the indexes the due list and one FSE's timeline
read by.

A ``hauler_manifests`` table: one row per manifest of a pump-out (its date, hauler, manifest number, gallons
removed, full or partial, disposal site), one manifest number per hauler (``hauler_key``, ``manifest_key``: case
folded, spaces collapsed). ``maintenance_logs.computed``: true for the FSE's maintenance plan the register makes
from every record on file (the plans an inspection recomputed under 0006 are marked so); ``maintenance_logs.due``: the items the log puts on the due list, filled here for the
logs already stored (read from their results as the due list has read them: :func:`due_items`, a frozen copy).
Indexes: maintenance events by FSE, kind and date (the last pump-out and training of every FSE in one index
scan), manifests by FSE and date (with ``full``: the last full pump-out from the index alone); maintenance logs
by FSE, date, time written and id (each FSE's latest log: one index seek per FSE).

Revision ID: 0007
Revises: 0005
"""

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hauler_manifests", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False),
        sa.Column("on_date", sa.Date, nullable=False),
        sa.Column("hauler", sa.String(300), nullable=False),
        sa.Column("manifest", sa.String(300), nullable=False),
        sa.Column("hauler_key", sa.String(300), nullable=False),
        sa.Column("manifest_key", sa.String(300), nullable=False),
        sa.Column("gallons", sa.Float, nullable=False),
        sa.Column("full", sa.Boolean, nullable=False),
        sa.Column("disposal_site", sa.String(300), nullable=False),
        sa.Column("document_name", sa.String(500)),
        sa.Column("line", sa.Integer),
        sa.Column("recorded_at", sa.DateTime, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.Column("on_behalf_of", sa.String(200)),
        sa.UniqueConstraint("hauler_key", "manifest_key", name="uq_hauler_manifests_hauler_manifest"))
    op.create_index("ix_hauler_manifests_fse_date", "hauler_manifests", ["fse_id", "on_date", "full"])
    op.create_index("ix_maintenance_events_fse_kind_date", "maintenance_events", ["fse_id", "kind", "on_date"])
    op.create_index("ix_maintenance_logs_fse_latest", "maintenance_logs", ["fse_id", "as_of", "recorded_at", "id"])
    op.add_column("maintenance_logs", sa.Column("due", sa.JSON))
    op.add_column("maintenance_logs", sa.Column("computed", sa.Boolean))
    logs = sa.table("maintenance_logs", sa.column("id", sa.Integer), sa.column("as_of", sa.Date),
                    sa.column("result", sa.JSON), sa.column("due", sa.JSON), sa.column("computed", sa.Boolean),
                    sa.column("inspection_id", sa.Integer), sa.column("document_name", sa.String),
                    sa.column("document_text", sa.Text))
    bind = op.get_bind()
    # made by the register, not submitted: the plans an inspection recomputed (schema 0006), and the plans of a
    # register taken back below 0007 and brought up again (their document name says so; no document text)
    bind.execute(logs.update().where(sa.or_(
        logs.c.inspection_id.is_not(None),
        sa.and_(logs.c.document_name == "maintenance plan from every record on file",
                logs.c.document_text.is_(None)))).values(computed=True))
    for rid, as_of, result in bind.execute(sa.select(logs.c.id, logs.c.as_of, logs.c.result)).all():
        bind.execute(logs.update().where(logs.c.id == rid).values(due=due_items(result or {}, as_of)))


def due_items(result: Mapping[str, Any], as_of: Any) -> list[dict[str, Any]]:
    """A stored maintenance result's due-list items: service now (dated the latest reading) or the pump-out by
    its due date, then each records check not met (dated the log); dates as ISO text."""
    day = None if as_of is None else str(as_of)[:10]
    cites = result.get("citations") or {}
    if result.get("service_now"):
        out = [{"what": "service now", "date": (result.get("latest_reading") or {}).get("date") or day,
                "detail": f"{result['percent_full']:g} % full (over {result['limit_percent']:g} %)",
                "citation": cites["service_immediately"]}]
    else:
        due = result.get("due_date") or result.get("next_service_date")
        out = [{"what": "pump-out", "date": str(due)[:10] if due else None, "detail": result.get("due_basis") or "",
                "citation": result.get("due_citation") or cites.get("maximum_interval", "")}]
    return out + [{"what": "records", "date": day, "detail": c["message"], "citation": c["citation"]}
                  for c in result.get("records") or [] if c.get("status") == "fail"]


def downgrade() -> None:
    op.execute("ALTER TABLE maintenance_logs DROP COLUMN computed")  # SQLite 3.35+ and PostgreSQL alike
    op.execute("ALTER TABLE maintenance_logs DROP COLUMN due")  # no table copy
    op.drop_index("ix_maintenance_logs_fse_latest", "maintenance_logs")
    op.drop_index("ix_maintenance_events_fse_kind_date", "maintenance_events")
    op.drop_index("ix_hauler_manifests_fse_date", "hauler_manifests")
    op.drop_table("hauler_manifests")
