"""Void, never delete: a ``voids`` table naming a record voided (its kind and id), its FSE, why, who and when; and
``inspections.training_yes`` (the inspection's "yes" to a training item), ``outcome`` (passed, failed, incomplete)
and ``failed_items``, filled here for the inspections stored.

The record stays where it was written; the readers leave out what a void names. Append-only like every table.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "voids", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("record_id", sa.Integer, nullable=False),
        sa.Column("fse_id", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.DateTime, nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.Column("on_behalf_of", sa.String(200)),
        sa.UniqueConstraint("kind", "record_id", name="uq_voids_kind_record"))
    op.create_index("ix_voids_fse_id", "voids", ["fse_id"])
    op.add_column("inspections", sa.Column("training_yes", sa.Boolean))
    op.add_column("inspections", sa.Column("outcome", sa.String(20)))
    op.add_column("inspections", sa.Column("failed_items", sa.JSON))
    op.create_index("ix_inspections_fse_day", "inspections", ["fse_id", "inspected_on", "outcome"])
    inspections = sa.table("inspections", sa.column("id", sa.Integer), sa.column("result", sa.JSON),
                           sa.column("training_yes", sa.Boolean), sa.column("outcome", sa.String),
                           sa.column("failed_items", sa.JSON))
    bind = op.get_bind()
    for rid, result in bind.execute(sa.select(inspections.c.id, inspections.c.result)).all():
        result = result or {}
        bind.execute(inspections.update().where(inspections.c.id == rid).values(
            training_yes=training_yes(result), outcome=outcome(result),
            failed_items=[x.get("item") for x in result.get("failures") or () if x.get("item")]))


def training_yes(result) -> bool:
    """A frozen copy of the rule: an answer "yes" to an item whose key names training."""
    return any(a.get("answer") == "yes" and "training" in str(a.get("key")) for a in result.get("answers") or ())


def outcome(result) -> str:
    """A frozen copy of the rule: failed with a failure; incomplete with an item unanswered or nothing checked
    (no answer, no reading against the limit); else passed."""
    if result.get("failures"):
        return "failed"
    checked = result.get("answers") or (result.get("readings") or {}).get("exceeds_limit") is not None
    return "incomplete" if result.get("unanswered") or not checked else "passed"


def downgrade() -> None:
    op.drop_index("ix_inspections_fse_day", "inspections")
    for column in ("failed_items", "outcome", "training_yes"):  # SQLite 3.35+ and PostgreSQL alike
        op.execute(f"ALTER TABLE inspections DROP COLUMN {column}")
    op.drop_index("ix_voids_fse_id", "voids")
    op.drop_table("voids")
