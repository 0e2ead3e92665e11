"""What every reader of the register shares: the FSEs a read is limited to (:class:`Scope`) and rows as dicts.

Every reader is a SQLAlchemy Core ``select()`` on the tables of :mod:`sizing.program.schema`, run on the
connection the register opens (SQLite or PostgreSQL alike): SQLAlchemy reads the values back by each column's type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa


@dataclass(frozen=True)
class Scope:
    """The FSEs a read is limited to: ``ids`` (None: every FSE)."""
    ids: tuple[str, ...] | None = None

    def of(self, column: Any) -> Any:
        """The condition that ``column`` (a column of FSE ids) is one of the scope's: always true for every FSE."""
        return sa.true() if self.ids is None else column.in_(self.ids)


#: Every FSE in the register.
EVERY_FSE = Scope()


def dicts(conn: Any, statement: Any) -> list[dict[str, Any]]:
    """The rows of ``statement`` as dicts, by column name."""
    return [dict(r) for r in conn.execute(statement).mappings()]


def scalars(conn: Any, statement: Any) -> list[Any]:
    """The first column of ``statement``'s rows."""
    return list(conn.execute(statement).scalars())


def latest_ids(table: sa.Table, scope: Scope = EVERY_FSE) -> Any:
    """Each FSE's newest row of ``table`` (the last written: the highest id), as a subquery of ids."""
    return sa.select(sa.func.max(table.c.id)).where(scope.of(table.c.fse_id)).group_by(table.c.fse_id)
