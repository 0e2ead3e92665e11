"""Field inspections, their photos, and the notices they open (and what closed each).

``inspections`` (the day, purpose, interceptor condition, FOG and solids readings, checklist answers and findings
in ``result``), ``inspection_photos`` (the photo's bytes, type, size and SHA-256), ``notices`` (the type, tier,
clause, compliance period and due date) and ``notice_closures`` (a follow-up inspection, a record of compliance,
an escalation). An inspection's reading is a maintenance reading: ``maintenance_events`` and ``maintenance_logs``
gain ``inspection_id`` (a plain integer column, so that SQLite adds it without rebuilding the table).
Append-only like every table; each row says who wrote it.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _who() -> list[sa.Column]:
    return [sa.Column("recorded_at", sa.DateTime, nullable=False),
            sa.Column("recorded_by", sa.String(200), nullable=False),
            sa.Column("on_behalf_of", sa.String(200))]


def upgrade() -> None:
    op.create_table(
        "inspections", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False),
        sa.Column("inspected_on", sa.Date, nullable=False),
        sa.Column("purpose", sa.String(40), nullable=False),
        sa.Column("interceptor_condition", sa.String(40)),
        sa.Column("liquid_depth_in", sa.Float), sa.Column("fog_in", sa.Float), sa.Column("solids_in", sa.Float),
        sa.Column("percent_full", sa.Float),
        sa.Column("passed", sa.Boolean, nullable=False),
        sa.Column("document_name", sa.String(500)), sa.Column("document_text", sa.Text),
        sa.Column("document", sa.JSON), sa.Column("result", sa.JSON),
        sa.Column("jurisdiction_id", sa.String(64)), *_who())
    op.create_index("ix_inspections_fse_id", "inspections", ["fse_id"])
    op.create_index("ix_inspections_inspected_on", "inspections", ["inspected_on"])
    op.create_table(
        "inspection_photos", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id"), nullable=False),
        sa.Column("name", sa.String(300)), sa.Column("caption", sa.String(300)),
        sa.Column("media_type", sa.String(40), nullable=False),
        sa.Column("size_bytes", sa.Integer, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False), *_who())
    op.create_index("ix_inspection_photos_inspection_id", "inspection_photos", ["inspection_id"])
    op.create_table(
        "notices", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False),
        sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id")),
        sa.Column("notice_type", sa.String(60), nullable=False),
        sa.Column("tier", sa.Integer, nullable=False),
        sa.Column("title", sa.String(300), nullable=False),
        sa.Column("item", sa.String(120), nullable=False),
        sa.Column("item_text", sa.Text),
        sa.Column("citation", sa.String(300)),
        sa.Column("issued_on", sa.Date, nullable=False),
        sa.Column("period_days", sa.Integer, nullable=False),
        sa.Column("period_unit", sa.String(20), nullable=False),
        sa.Column("period_provenance", sa.String(20)),
        sa.Column("period_note", sa.Text),
        sa.Column("due_on", sa.Date, nullable=False),
        sa.Column("escalated_from", sa.Integer, sa.ForeignKey("notices.id")),
        sa.Column("jurisdiction_id", sa.String(64)), *_who())
    op.create_index("ix_notices_fse_id", "notices", ["fse_id"])
    op.create_index("ix_notices_due_on", "notices", ["due_on"])
    op.create_table(
        "notice_closures", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("notice_id", sa.Integer, sa.ForeignKey("notices.id"), nullable=False),
        sa.Column("closed_on", sa.Date, nullable=False),
        sa.Column("how", sa.String(40), nullable=False),
        sa.Column("inspection_id", sa.Integer, sa.ForeignKey("inspections.id")),
        sa.Column("evidence", sa.Text), *_who())
    op.create_index("ix_notice_closures_notice_id", "notice_closures", ["notice_id"], unique=True)
    for name in ("maintenance_events", "maintenance_logs"):  # a plain column: no table is rebuilt on SQLite
        op.add_column(name, sa.Column("inspection_id", sa.Integer))


def downgrade() -> None:
    for name in ("maintenance_events", "maintenance_logs"):
        op.execute(f"ALTER TABLE {name} DROP COLUMN inspection_id")
    for index, table in (("ix_notice_closures_notice_id", "notice_closures"), ("ix_notices_due_on", "notices"),
                         ("ix_notices_fse_id", "notices"),
                         ("ix_inspection_photos_inspection_id", "inspection_photos"),
                         ("ix_inspections_inspected_on", "inspections"), ("ix_inspections_fse_id", "inspections")):
        op.drop_index(index, table)
    for table in ("notice_closures", "notices", "inspection_photos", "inspections"):
        op.drop_table(table)
