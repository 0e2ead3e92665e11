"""What every reader of the register shares: the FSEs a read is limited to (:class:`Scope`) and rows as dicts.

Every reader is a SQLAlchemy Core ``select()`` on the tables of :mod:`sizing.program.schema`, run on the
connection the register opens (SQLite or PostgreSQL alike): SQLAlchemy reads the values back by each column's type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from sizing.program.schema import VOID_KINDS, voids


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
    result = conn.execute(statement)
    keys = list(result.keys())  # once: a row mapping's dict() asks the result for its keys on every row
    return [dict(zip(keys, row, strict=True)) for row in result]


def scalars(conn: Any, statement: Any) -> list[Any]:
    """The first column of ``statement``'s rows."""
    return list(conn.execute(statement).scalars())


def latest_ids(table: sa.Table, scope: Scope = EVERY_FSE) -> Any:
    """Each FSE's newest row of ``table`` (the last written: the highest id), as a subquery of ids."""
    return sa.select(sa.func.max(table.c.id)).where(scope.of(table.c.fse_id)).group_by(table.c.fse_id)


def voided(kind: str) -> Any:
    """The ids of the records of ``kind`` (``inspection``, ``maintenance_log``) a void names, as a subquery."""
    return sa.select(voids.c.record_id).where(voids.c.kind == kind)


def live(table: sa.Table) -> Any:
    """The condition that a row of ``table`` counts: no void names it, nor (a maintenance event) the inspection or
    the maintenance log that wrote it. Every reader of a record that can be voided takes its rows through this."""
    kinds = {name: kind for kind, name in VOID_KINDS.items()}
    if table.name in kinds:
        return table.c.id.not_in(voided(kinds[table.name]))
    conditions = [sa.or_(table.c[column].is_(None), table.c[column].not_in(voided(kind)))
                  for column, kind in (("inspection_id", "inspection"), ("log_id", "maintenance_log"))
                  if column in table.c]
    return sa.and_(sa.true(), *conditions)
