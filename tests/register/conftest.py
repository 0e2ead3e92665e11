"""Register fixtures: every test that takes ``db`` runs once on an SQLite file and once on PostgreSQL.

PostgreSQL is the server at ``SIZING_TEST_PG_URL`` (default postgresql+psycopg://postgres@127.0.0.1:5432/test);
each test gets a throwaway schema (its search_path) that is dropped afterwards, holding a new register (as
`sizing register init` makes it) unless the test is marked ``fresh`` (an empty schema). Where the server cannot be
reached the PostgreSQL runs are skipped with the reason.
"""

from __future__ import annotations

import os
import uuid

import pytest

sa = pytest.importorskip("sqlalchemy", reason="the register needs SQLAlchemy")

PG_URL = os.environ.get("SIZING_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture(scope="session")
def pg_admin():
    try:
        engine = sa.create_engine(PG_URL)
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except Exception as exc:  # no driver, no server, no database, no role: skip, saying which
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {str(exc).splitlines()[0]}")
    yield engine
    engine.dispose()


def pg_schema_url(admin, schema: str) -> str:
    with admin.begin() as conn:
        conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    url = sa.engine.make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


def drop_schema(admin, schema: str) -> None:
    with admin.begin() as conn:
        conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """The register location: an SQLite file path, or a PostgreSQL URL on a fresh schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "register.db")
        return
    admin = request.getfixturevalue("pg_admin")
    schema = f"sizing_test_{uuid.uuid4().hex[:12]}"
    url = pg_schema_url(admin, schema)
    if "fresh" not in request.keywords:  # a deployed PostgreSQL register is made by `sizing register init`
        from sizing.program.db import open_db

        open_db(url).engine.dispose()
    try:
        yield url
    finally:
        drop_schema(admin, schema)


@pytest.fixture
def registers():
    """Open registers through this (``registers(db)``); their connections are closed after the test."""
    from sizing.program.store import open_register

    opened = []

    def make(db):
        reg = open_register(db)
        opened.append(reg)
        return reg

    yield make
    for reg in opened:
        reg.db.engine.dispose()


def back_to(url: str, version: str) -> None:
    """Take the register at ``url`` back to the schema ``version`` by the migrations' own downgrades (as that
    version had it: what later versions added is gone)."""
    from alembic import command
    from alembic.config import Config

    from sizing.program.engine import make_engine
    from sizing.program.versions import MIGRATIONS

    engine = make_engine(url)
    try:
        with engine.connect().execution_options(write=True) as conn, conn.begin():
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, version)
    finally:
        engine.dispose()
