"""FSEs and haulers reach the register: ``user_scopes`` (which FSEs a user with the ``fse`` or ``hauler`` role may
see and submit for: identity, fse_id, active), ``hauler_registrations`` (a hauler's company, registration number and
last valid day), ``submissions`` (what an FSE submits: a pump-out receipt or a BMP self-certification, with its file)
and ``submission_decisions`` (staff accept or reject each, with a reason; an accepted pump-out is stored as a
hauler manifest, ``manifest_id``). Append-only like every table.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def _who() -> list[sa.Column]:
    return [sa.Column("recorded_at", sa.DateTime, nullable=False),
            sa.Column("recorded_by", sa.String(200), nullable=False), sa.Column("on_behalf_of", sa.String(200))]


def upgrade() -> None:
    op.create_table("user_scopes", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("identity", sa.String(200), nullable=False),
                    sa.Column("fse_id", sa.String(64), nullable=False),
                    sa.Column("active", sa.Boolean, nullable=False), *_who())
    op.create_index("ix_user_scopes_identity", "user_scopes", ["identity"])
    op.create_table("submissions", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("fse_id", sa.String(64), nullable=False),
                    sa.Column("kind", sa.String(40), nullable=False),
                    sa.Column("on_date", sa.Date, nullable=False),
                    sa.Column("details", sa.JSON, nullable=False),
                    sa.Column("file_name", sa.String(500)), sa.Column("file_data", sa.LargeBinary), *_who())
    op.create_index("ix_submissions_fse_id", "submissions", ["fse_id"])
    op.create_table("submission_decisions", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("submission_id", sa.Integer, nullable=False),
                    sa.Column("decision", sa.String(20), nullable=False),
                    sa.Column("reason", sa.Text), sa.Column("manifest_id", sa.Integer), *_who())
    op.create_index("ix_submission_decisions_submission_id", "submission_decisions", ["submission_id"])
    op.create_table("hauler_registrations", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("identity", sa.String(200), nullable=False),
                    sa.Column("company", sa.String(200), nullable=False),
                    sa.Column("registration", sa.String(200), nullable=False),
                    sa.Column("valid_until", sa.Date, nullable=False), *_who())
    op.create_index("ix_hauler_registrations_identity", "hauler_registrations", ["identity"])


def downgrade() -> None:
    op.drop_index("ix_hauler_registrations_identity", "hauler_registrations")
    op.drop_table("hauler_registrations")
    op.drop_index("ix_submission_decisions_submission_id", "submission_decisions")
    op.drop_table("submission_decisions")
    op.drop_index("ix_submissions_fse_id", "submissions")
    op.drop_table("submissions")
    op.drop_index("ix_user_scopes_identity", "user_scopes")
    op.drop_table("user_scopes")
