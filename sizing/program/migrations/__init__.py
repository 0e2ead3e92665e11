"""Alembic migrations of the register (``versions/``, one file per schema version, never edited once shipped)."""
