"""Correspondence: each letter mailed and e-mail message sent to an FSE (``correspondence``: fse_id, channel, event,
subject, notices, sent_on, to_address, message_id, signer), append-only; an e-mail is never sent twice for one
event to one address.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("correspondence", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("fse_id", sa.String(64), nullable=False),
                    sa.Column("channel", sa.String(20), nullable=False),
                    sa.Column("event", sa.String(200), nullable=False),
                    sa.Column("subject", sa.String(300), nullable=False),
                    sa.Column("notices", sa.JSON, nullable=False),
                    sa.Column("sent_on", sa.Date, nullable=False),
                    sa.Column("to_address", sa.Text, nullable=False),
                    sa.Column("message_id", sa.String(300)), sa.Column("signer", sa.String(300)),
                    sa.Column("recorded_at", sa.DateTime, nullable=False),
                    sa.Column("recorded_by", sa.String(200), nullable=False),
                    sa.Column("on_behalf_of", sa.String(200)))
    op.create_index("ix_correspondence_fse_id", "correspondence", ["fse_id"])
    op.create_index("ix_correspondence_event", "correspondence", ["event", "channel"])


def downgrade() -> None:
    op.drop_index("ix_correspondence_event", "correspondence")
    op.drop_index("ix_correspondence_fse_id", "correspondence")
    op.drop_table("correspondence")
