"""Each FSE's row of the FSE list and its due-list items kept: ``fse_states`` (its details, compliance state,
dates and dated obligations as the readers made them from the records, by the profile, code and window they were
made under, with the days the row holds for) and ``fse_state_marks`` (each record table's highest id when the rows
were last brought up to date). Neither holds a record; both are made again from the records when missing.

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("fse_states", sa.Column("key", sa.String(64), primary_key=True),
                    sa.Column("fse_id", sa.String(64), primary_key=True),
                    sa.Column("valid_from", sa.Date, nullable=False), sa.Column("valid_until", sa.Date),
                    sa.Column("row", sa.JSON, nullable=False), sa.Column("due", sa.JSON, nullable=False))
    op.create_table("fse_state_marks", sa.Column("key", sa.String(64), primary_key=True),
                    sa.Column("code", sa.String(64), nullable=False), sa.Column("marks", sa.JSON, nullable=False),
                    sa.Column("made_at", sa.DateTime, nullable=False))


def downgrade() -> None:
    op.drop_table("fse_state_marks")
    op.drop_table("fse_states")
