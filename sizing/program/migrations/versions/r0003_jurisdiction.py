"""Each evaluated record carries the id of the jurisdiction profile it was evaluated under.

Review cycles, waiver decisions, maintenance logs and inventory assessments get ``jurisdiction_id``. The records
already stored were all evaluated under the default profile (the register had no other), and are marked so.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: Tables of evaluated records, and which of their rows were evaluated (None: all).
TABLES = (("cycles", None), ("waivers", None), ("maintenance_logs", None), ("interceptors", "inventory"))


#: The only profile a register could hold before this version (frozen: not read from live code).
DEFAULT_ID = "tracy"


def upgrade() -> None:
    for name, source in TABLES:
        op.add_column(name, sa.Column("jurisdiction_id", sa.String(64)))
        t = sa.table(name, sa.column("jurisdiction_id", sa.String), sa.column("source", sa.String))
        update = t.update().values(jurisdiction_id=DEFAULT_ID)
        op.execute(update if source is None else update.where(t.c.source == source))


def downgrade() -> None:
    for name, _ in TABLES:
        with op.batch_alter_table(name) as batch:
            batch.drop_column("jurisdiction_id")
