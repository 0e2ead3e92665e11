"""Interceptors serving several FSEs: one interceptor, so a pump-out or a reading recorded against any FSE it
serves counts for each (:mod:`sizing.program.replan` gathers an FSE's records with those of the FSEs it shares
an interceptor with), and a write that moves one's plan makes the plans of the others again.

An interceptor is keyed by its property and its id on the property (``GI-1`` on two properties is two
interceptors); its latest row says which FSEs it serves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.program import schema as t
from sizing.program.reading import dicts


def latest(conn: Connection, table: sa.Table, key: Iterable[Any], where: Any) -> list[dict[str, Any]]:
    """The latest row of each ``key`` of ``table`` among the rows ``where`` selects (append-only tables: the
    highest id of a key is its state)."""
    newest = sa.select(sa.func.max(table.c.id)).where(where).group_by(*key)
    return dicts(conn, sa.select(table).where(table.c.id.in_(newest)).order_by(table.c.id))


def units(conn: Connection, where: Any = None) -> list[dict[str, Any]]:
    """The interceptors on file (their latest rows): ``property_id``, ``unit_id``, ``type``, ``volume_gal``,
    ``serves``."""
    u = t.interceptor_units.c
    return [{k: r[k] for k in ("property_id", "unit_id", "type", "volume_gal", "serves")}
            for r in latest(conn, t.interceptor_units, (u.property_id, u.unit_id),
                            sa.true() if where is None else where)]


def serving(conn: Connection, fse_id: str) -> list[dict[str, Any]]:
    """The interceptors that serve the FSE."""
    return [u for u in units(conn) if fse_id in u["serves"]]


def sharing(conn: Connection, fse_ids: Iterable[str]) -> dict[str, set[str]]:
    """For each of ``fse_ids`` served by an interceptor that serves others too, every FSE whose pump-outs and
    readings count for it (itself included); an FSE that shares no interceptor is left out."""
    wanted = set(fse_ids)
    out: dict[str, set[str]] = {}
    for unit in units(conn):
        served = set(unit["serves"])
        if len(served) > 1:
            for f in served & wanted:
                out.setdefault(f, set()).update(served)
    return out


def with_sharers(conn: Connection, fse_ids: Iterable[str]) -> set[str]:
    """``fse_ids`` and every FSE that shares an interceptor with one of them (whose plan a write to one moves)."""
    ids = set(fse_ids)
    return ids.union(*sharing(conn, ids).values())
