"""Parties and places: each FSE's ``contacts`` (operator, owner: name, mailing address, e-mail, phone), the
``properties`` (the site and its owner's mailing address), the property each FSE is on (``sites``) and
``interceptor_units`` (an interceptor on a property and the FSEs it serves). Append-only like every table: the
latest row of a key is its state. A hauler's manifest may be voided: the unique constraint on (hauler, manifest
number) becomes an index (the import checks the number among the manifests that count, under the write lock).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _who() -> list[sa.Column]:
    return [sa.Column("recorded_at", sa.DateTime, nullable=False),
            sa.Column("recorded_by", sa.String(200), nullable=False),
            sa.Column("on_behalf_of", sa.String(200))]


def _mailing(prefix: str = "") -> list[sa.Column]:
    return [sa.Column(prefix + "name", sa.String(300)), sa.Column(prefix + "street", sa.String(300)),
            sa.Column(prefix + "city", sa.String(100)), sa.Column(prefix + "state", sa.String(2)),
            sa.Column(prefix + "zip", sa.String(10)), sa.Column(prefix + "email", sa.String(254)),
            sa.Column(prefix + "phone", sa.String(40))]


def upgrade() -> None:
    op.create_table("contacts", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("fse_id", sa.String(64), nullable=False),
                    sa.Column("role", sa.String(20), nullable=False), *_mailing(), *_who())
    op.create_index("ix_contacts_fse_id", "contacts", ["fse_id"])
    op.create_table("properties", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("property_id", sa.String(64), nullable=False),
                    sa.Column("address", sa.String(300)), sa.Column("city", sa.String(100)),
                    sa.Column("state", sa.String(2)), sa.Column("zip", sa.String(10)), *_mailing("owner_"), *_who())
    op.create_index("ix_properties_property_id", "properties", ["property_id"])
    op.create_table("sites", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("fse_id", sa.String(64), nullable=False),
                    sa.Column("property_id", sa.String(64), nullable=False), *_who())
    op.create_index("ix_sites_fse_id", "sites", ["fse_id"])
    op.create_table("interceptor_units", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("unit_id", sa.String(64), nullable=False),
                    sa.Column("property_id", sa.String(64)), sa.Column("type", sa.String(40)),
                    sa.Column("volume_gal", sa.Float), sa.Column("serves", sa.JSON, nullable=False), *_who())
    op.create_index("ix_interceptor_units_unit_id", "interceptor_units", ["unit_id"])
    with op.batch_alter_table("hauler_manifests") as batch:  # SQLite: the table is copied without the constraint
        batch.drop_constraint("uq_hauler_manifests_hauler_manifest", type_="unique")
    op.create_index("ix_hauler_manifests_hauler_manifest", "hauler_manifests", ["hauler_key", "manifest_key"])


def downgrade() -> None:
    op.drop_index("ix_hauler_manifests_hauler_manifest", "hauler_manifests")
    with op.batch_alter_table("hauler_manifests") as batch:
        batch.create_unique_constraint("uq_hauler_manifests_hauler_manifest", ["hauler_key", "manifest_key"])
    for table, column in (("interceptor_units", "unit_id"), ("sites", "fse_id"), ("properties", "property_id"),
                          ("contacts", "fse_id")):
        op.drop_index(f"ix_{table}_{column}", table)
        op.drop_table(table)
