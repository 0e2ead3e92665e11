"""Signers: the name and title a user signs letters with (``signers``: identity, name, title), append-only, the
latest row of an identity being its signature. A letter is signed by a person, never by an account name.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("signers", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("identity", sa.String(200), nullable=False),
                    sa.Column("name", sa.String(300), nullable=False), sa.Column("title", sa.String(300)),
                    sa.Column("recorded_at", sa.DateTime, nullable=False),
                    sa.Column("recorded_by", sa.String(200), nullable=False),
                    sa.Column("on_behalf_of", sa.String(200)))
    op.create_index("ix_signers_identity", "signers", ["identity"])


def downgrade() -> None:
    op.drop_index("ix_signers_identity", "signers")
    op.drop_table("signers")
