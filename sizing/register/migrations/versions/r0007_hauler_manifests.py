"""Hauler manifests, and the indexes the due list and one FSE's timeline read by.

A ``hauler_manifests`` table: one row per manifest of a pump-out (its date, hauler, manifest number, gallons
removed, full or partial, disposal site), one manifest number per hauler (``hauler_key``, ``manifest_key``: case
folded, spaces collapsed). Indexes: maintenance events by FSE, kind and date (the last pump-out and training of
every FSE in one index scan); maintenance logs by FSE and date (each FSE's latest log).

Revision ID: 0007
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0005"
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
    op.create_index("ix_hauler_manifests_fse_date", "hauler_manifests", ["fse_id", "on_date"])
    op.create_index("ix_maintenance_events_fse_kind_date", "maintenance_events", ["fse_id", "kind", "on_date"])
    op.create_index("ix_maintenance_logs_fse_as_of", "maintenance_logs", ["fse_id", "as_of"])


def downgrade() -> None:
    op.drop_index("ix_maintenance_logs_fse_as_of", "maintenance_logs")
    op.drop_index("ix_maintenance_events_fse_kind_date", "maintenance_events")
    op.drop_index("ix_hauler_manifests_fse_date", "hauler_manifests")
    op.drop_table("hauler_manifests")
