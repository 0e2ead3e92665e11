"""Every stored result in the one finding shape, finding rule ids as the rule registry names them, and how a
notification's days count.

Waiver results stored with ``met`` findings (and a ``revocation`` without its finding), maintenance results stored
without ``findings`` (``records`` with ``ok``) are rewritten in the shape the core writes today, read exactly as
before (the frozen reading of :mod:`sizing.program.migrations.frozen`); the review finding
``additives_authorization`` becomes ``additives``, in the stored results and in the findings table. The register
then reads one shape only. Notifications gain ``day_kind``: "working days", as every one stored so far counted,
or "days" for a jurisdiction that counts calendar days.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

from sizing.program.migrations import frozen

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

REWRITES = (("waivers", frozen.waiver_result), ("maintenance_logs", frozen.maintenance_result),
            ("cycles", frozen.review_result))


def upgrade() -> None:
    op.add_column("notifications", sa.Column("day_kind", sa.String(20)))
    notifications = sa.table("notifications", sa.column("day_kind", sa.String))
    op.execute(notifications.update().values(day_kind="working days"))
    bind = op.get_bind()
    for name, rewrite in REWRITES:
        t = sa.table(name, sa.column("id", sa.Integer), sa.column("result", sa.JSON))
        for rid, result in bind.execute(sa.select(t.c.id, t.c.result)).all():
            new = rewrite(result or {})
            if new != (result or {}):
                bind.execute(t.update().where(t.c.id == rid).values(result=new))
    findings = sa.table("findings", sa.column("source", sa.String), sa.column("rule", sa.String))
    for old, new in frozen.RENAMED_RULES.items():
        bind.execute(findings.update().where(findings.c.source == "cycle", findings.c.rule == old).values(rule=new))


def downgrade() -> None:
    with op.batch_alter_table("notifications") as batch:
        batch.drop_column("day_kind")
    findings = sa.table("findings", sa.column("source", sa.String), sa.column("rule", sa.String))
    for old, new in frozen.RENAMED_RULES.items():
        op.get_bind().execute(findings.update().where(findings.c.source == "cycle", findings.c.rule == new)
                              .values(rule=old))
