"""Findings in one shape, indexed per FSE and status; filled from the results already stored.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

#: The source tables whose stored ``result`` JSON holds findings, and the kind of result each holds.
SOURCES = (("cycle", "cycles", "review"), ("waiver", "waivers", "waiver"), ("maintenance", "maintenance_logs",
                                                                          "maintenance"))


def upgrade() -> None:
    from sizing.program.migrations.frozen import normalise

    table = op.create_table(
        "findings", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("fse_id", sa.String(64), nullable=False),
        sa.Column("source", sa.String(20), nullable=False), sa.Column("source_id", sa.Integer, nullable=False),
        sa.Column("rule", sa.String(100), nullable=False), sa.Column("status", sa.String(10), nullable=False),
        sa.Column("citation", sa.String(300)), sa.Column("message", sa.Text))
    op.create_index("ix_findings_fse_status", "findings", ["fse_id", "status"])
    op.create_index("ix_findings_source", "findings", ["source", "source_id"])
    bind = op.get_bind()
    rows = []
    for source, name, kind in SOURCES:
        t = sa.table(name, sa.column("id", sa.Integer), sa.column("fse_id", sa.String),
                     sa.column("result", sa.JSON))
        for rid, fse, result in bind.execute(sa.select(t.c.id, t.c.fse_id, t.c.result)):
            rows += [{"fse_id": fse, "source": source, "source_id": rid, **f.to_dict()}
                     for f in normalise(kind, result or {})]
    if rows:
        op.bulk_insert(table, rows)


def downgrade() -> None:
    op.drop_table("findings")
