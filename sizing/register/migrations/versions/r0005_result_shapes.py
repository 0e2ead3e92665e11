"""Every stored result in the one finding shape, and finding rule ids as the rule registry names them.

Waiver results stored with ``met`` findings (and a ``revocation`` without its finding), maintenance results stored
without ``findings`` (``records`` with ``ok``) are rewritten in the shape the core writes today, read exactly as
before (the frozen reading of :mod:`sizing.register.migrations.frozen`); the review finding
``additives_authorization`` becomes ``additives``, in the stored results and in the findings table. The register
then reads one shape only.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

from sizing.register.migrations import frozen

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

REWRITES = (("waivers", frozen.waiver_result), ("maintenance_logs", frozen.maintenance_result),
            ("cycles", frozen.review_result))


def upgrade() -> None:
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
    findings = sa.table("findings", sa.column("source", sa.String), sa.column("rule", sa.String))
    for old, new in frozen.RENAMED_RULES.items():
        op.get_bind().execute(findings.update().where(findings.c.source == "cycle", findings.c.rule == new)
                              .values(rule=old))
