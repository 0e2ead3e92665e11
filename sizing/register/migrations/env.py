"""Alembic environment: runs on the connection :func:`sizing.register.db.migrate` passes in (no alembic.ini)."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
