"""The first register schema: FSEs, interceptors, review cycles, waivers, notifications, maintenance.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _who():
    return [sa.Column("recorded_at", sa.DateTime, nullable=False),
            sa.Column("recorded_by", sa.String(200), nullable=False)]


def _document():
    return [sa.Column("document_name", sa.String(500)), sa.Column("document_text", sa.Text),
            sa.Column("document", sa.JSON)]


def upgrade() -> None:
    op.create_table(
        "fses", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("name", sa.String(500)), sa.Column("address", sa.String(500)),
        sa.Column("owner", sa.String(500)), sa.Column("contact", sa.String(500)),
        sa.Column("source", sa.String(200)), *_who())
    op.create_table(
        "interceptors", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("type", sa.String(40)), sa.Column("volume_gal", sa.Float), sa.Column("rated_flow_gpm", sa.Float),
        sa.Column("installed_on", sa.Date), sa.Column("source", sa.String(200)), sa.Column("assessment", sa.JSON),
        *_who())
    op.create_table(
        "cycles", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("cycle", sa.Integer, nullable=False), *_document(),
        sa.Column("review_date", sa.Date), sa.Column("reviewer", sa.String(200)),
        sa.Column("jurisdiction", sa.String(200)), sa.Column("edition", sa.String(10)),
        sa.Column("construction", sa.String(40)), sa.Column("compliant", sa.Boolean),
        sa.Column("dfu_total", sa.Float), sa.Column("required_volume_gal", sa.Float), sa.Column("result", sa.JSON),
        *_who(), sa.UniqueConstraint("fse_id", "cycle", name="uq_cycles_fse_cycle"))
    op.create_table(
        "waivers", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("type", sa.String(60)), sa.Column("kind", sa.String(60)), sa.Column("status", sa.String(60)),
        sa.Column("decided_on", sa.Date), sa.Column("granted_on", sa.Date), sa.Column("expiration", sa.Date),
        sa.Column("revocation_notice_mailed", sa.Date), sa.Column("revocation_effective", sa.Date),
        *_document(), sa.Column("result", sa.JSON), *_who())
    op.create_table(
        "notifications", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("rule", sa.String(60)), sa.Column("notified_on", sa.Date), sa.Column("working_days", sa.Integer),
        sa.Column("install_deadline", sa.Date), sa.Column("citation", sa.String(300)),
        sa.Column("cycle_id", sa.Integer, sa.ForeignKey("cycles.id")), *_who())
    op.create_table(
        "maintenance_logs", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("as_of", sa.Date), sa.Column("liquid_depth_in", sa.Float), sa.Column("in_order", sa.Boolean),
        sa.Column("due_date", sa.Date), sa.Column("next_service_date", sa.Date), *_document(),
        sa.Column("result", sa.JSON), *_who())
    op.create_table(
        "maintenance_events", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False, index=True),
        sa.Column("kind", sa.String(20), nullable=False), sa.Column("on_date", sa.Date, nullable=False),
        sa.Column("hauler", sa.String(300)), sa.Column("manifest", sa.String(300)),
        sa.Column("fog_in", sa.Float), sa.Column("solids_in", sa.Float), sa.Column("note", sa.String(2000)),
        sa.Column("log_id", sa.Integer, sa.ForeignKey("maintenance_logs.id")), *_who())


def downgrade() -> None:
    for name in ("maintenance_events", "maintenance_logs", "notifications", "waivers", "cycles", "interceptors",
                 "fses"):
        op.drop_table(name)
