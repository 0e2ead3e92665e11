"""Alembic environment: runs on the connection :func:`sizing.program.versions.migrate` passes in (no alembic.ini)."""

from alembic import context


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic; a plain import (e.g. a doctest collector) does nothing
    run()
