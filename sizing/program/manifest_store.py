"""Hauler manifests in the register: what the checks need to know (the FSEs, the manifest numbers used, the
pump-outs maintenance logs list, the interceptors' volumes) and the manifest rows.

A full pump-out on a manifest is a service like one listed in a maintenance log: after an import, each FSE with
a full pump-out in it has its maintenance plan made again from every record on file
(:func:`sizing.program.replan.replan`), where the same pump-out listed by a log and by a manifest is one event.
An FSE without a liquid depth on file has no plan; the due list schedules its next pump-out from the last full
one by the profile's default interval.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from pathlib import PurePath
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.program import schema as t
from sizing.program.manifests import Manifest, key
from sizing.program.reading import live

#: Ids per IN list (well under SQLite's and PostgreSQL's parameter limits).
CHUNK = 900
#: Rows per INSERT batch.
INSERT_CHUNK = 5000


def _chunks(values: Iterable[Any], size: int = CHUNK) -> Iterable[list[Any]]:
    values = list(values)
    for i in range(0, len(values), size):
        yield values[i:i + size]


def state(conn: Connection, rows: Iterable[Manifest]) -> tuple[set[str], dict[tuple[str, str], str],
                                                               dict[str, float | None],
                                                               dict[tuple[str, str], tuple[str, dt.date]],
                                                               dict[tuple[str, dt.date], str]]:
    """What the checks of the manifest ``rows`` need to know, read for their FSEs and numbers only (the work grows
    with the file, not with the register): which of their FSEs are in the register; each of their (hauler,
    manifest) keys already used on a manifest that counts, and where; the latest recorded interceptor volume [gal]
    of their FSEs; each key listed on a pump-out of a maintenance log, with its FSE and date (the hauler's manifest
    of that same pump-out is welcome; the number elsewhere is a reuse: read over every log, since a log's number is
    stored as written); and each of their FSEs' days with a full pump-out on a manifest, and where (one full
    pump-out per interceptor per day)."""
    rows = list(rows)
    fses = sorted({r.fse_id for r in rows})
    numbers = sorted({r.key[1] for r in rows})
    keys = {r.key for r in rows}
    f, m, i = t.fses.c, t.hauler_manifests.c, t.interceptors.c
    known: set[str] = set()
    volumes: dict[str, float | None] = {}
    full_days: dict[tuple[str, dt.date], str] = {}
    for chunk in _chunks(fses):
        known.update(conn.execute(sa.select(f.fse_id).distinct().where(f.fse_id.in_(chunk))).scalars())
        newest = sa.select(sa.func.max(i.id)).where(i.fse_id.in_(chunk)).group_by(i.fse_id)
        volumes.update(conn.execute(sa.select(i.fse_id, i.volume_gal).where(i.id.in_(newest))).all())
        for fse_id, day, doc, line in conn.execute(sa.select(m.fse_id, m.on_date, m.document_name, m.line).where(
                m.fse_id.in_(chunk), m.full.is_(True), live(t.hauler_manifests)).order_by(m.id)):
            full_days.setdefault((fse_id, day), f"line {line} of {doc}" if doc else "an earlier import")
    used: dict[tuple[str, str], str] = {}
    for chunk in _chunks(numbers):
        for h, n, doc, line in conn.execute(sa.select(m.hauler_key, m.manifest_key, m.document_name, m.line).where(
                m.manifest_key.in_(chunk), live(t.hauler_manifests))):
            if (h, n) in keys:
                used.setdefault((h, n), f"line {line} of {doc}" if doc else "an earlier import")
    e = t.maintenance_events.c
    listed: dict[tuple[str, str], tuple[str, dt.date]] = {}
    for fse_id, hauler, manifest, day in conn.execute(sa.select(e.fse_id, e.hauler, e.manifest, e.on_date).where(
            e.kind == "pump_out", e.hauler.is_not(None), e.manifest.is_not(None),
            live(t.maintenance_events)).order_by(e.id)):
        listed.setdefault(key(hauler, manifest), (fse_id, day))
    return known, used, volumes, listed, full_days


def store(conn: Connection, rows: list[Manifest], writer: Mapping[str, Any], name: str) -> None:
    """The manifest rows, in batches (inside the caller's transaction)."""
    doc = PurePath(name).name[:500]
    values = [{"fse_id": r.fse_id, "on_date": r.on_date, "hauler": r.hauler, "manifest": r.manifest,
               "hauler_key": r.key[0], "manifest_key": r.key[1], "gallons": r.gallons, "full": r.full,
               "disposal_site": r.disposal_site, "document_name": doc, "line": r.line, **writer} for r in rows]
    bulk_insert(conn, t.hauler_manifests, values)


def bulk_insert(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    """Insert many rows (every row with the same keys) inside the caller's transaction: PostgreSQL through psycopg
    3 by COPY (several times faster than batched INSERTs for 200,000 rows), else in batched INSERTs."""
    if not rows:
        return
    raw = conn.connection.dbapi_connection
    if conn.dialect.name == "postgresql" and conn.dialect.driver == "psycopg":
        columns = list(rows[0])
        json_columns = {c for c in columns if isinstance(table.c[c].type, sa.JSON)}
        names = ", ".join(f'"{c}"' for c in columns)
        with raw.cursor() as cur, cur.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row([json.dumps(row[c]) if c in json_columns and row[c] is not None else row[c]
                                for c in columns])
        return
    for batch in _chunks(rows, INSERT_CHUNK):
        conn.execute(table.insert(), batch)
