"""Who may write: the users of the register and their roles; every record says on whose behalf it was written.

A ``users`` table (append-only like the others: a changed role or a disabled user is a new row, the latest row
of an identity is its state) and an ``on_behalf_of`` column beside ``recorded_by`` on every record table.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

RECORD_TABLES = ("fses", "interceptors", "cycles", "waivers", "notifications", "maintenance_logs",
                 "maintenance_events")


def upgrade() -> None:
    op.create_table(
        "users", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("identity", sa.String(200), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("recorded_at", sa.DateTime, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.Column("on_behalf_of", sa.String(200)))
    op.create_index("ix_users_identity", "users", ["identity"])
    for name in RECORD_TABLES:
        op.add_column(name, sa.Column("on_behalf_of", sa.String(200)))


def downgrade() -> None:
    for name in RECORD_TABLES:
        with op.batch_alter_table(name) as batch:
            batch.drop_column("on_behalf_of")
    op.drop_index("ix_users_identity", "users")
    op.drop_table("users")
