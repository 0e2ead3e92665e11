"""Hauler manifests in the register: what the checks need to know (the FSEs, the manifest numbers used, the
interceptors' volumes), the manifest rows, and each FSE's maintenance log brought up to date with them.

A full pump-out on a manifest is a service like one listed in a maintenance log: for every FSE that has a log,
the import stores a new log, the FSE's latest log with the register's full pump-outs added to its services,
evaluated by the same rules (:func:`sizing.register.evaluated.evaluate`). That log is then the FSE's latest
(dated the later of the log's date and the last pump-out), so the due list, the FSE list and the timeline read
the due date and the records checks (pump-outs no more than six months apart, a manifest for each) exactly as
they read a log that lists the same pump-outs. An FSE without a log has no liquid depth to evaluate; the due list
schedules its next pump-out from the last full one by the profile's default interval.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from pathlib import PurePath
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.jurisdiction import DEFAULT_ID, get
from sizing.register import schema as t
from sizing.register.manifests import Manifest, key

#: Ids per IN list (well under SQLite's and PostgreSQL's parameter limits).
CHUNK = 900
#: Rows per INSERT batch.
INSERT_CHUNK = 5000


def _chunks(values: Iterable[Any], size: int = CHUNK) -> Iterable[list[Any]]:
    values = list(values)
    for i in range(0, len(values), size):
        yield values[i:i + size]


def state(conn: Connection) -> tuple[set[str], dict[tuple[str, str], str], dict[str, float | None]]:
    """The FSEs in the register; each (hauler, manifest) key already used and where; the latest recorded
    interceptor volume [gal] per FSE."""
    known = {r[0] for r in conn.execute(sa.select(t.fses.c.fse_id).distinct())}
    m = t.hauler_manifests.c
    used = {(h, n): f"line {line} of {doc}" if doc else "an earlier import"
            for h, n, doc, line in conn.execute(sa.select(m.hauler_key, m.manifest_key, m.document_name, m.line))}
    e = t.maintenance_events.c
    for fse_id, hauler, manifest, day in conn.execute(sa.select(e.fse_id, e.hauler, e.manifest, e.on_date).where(
            e.kind == "pump_out", e.hauler.is_not(None), e.manifest.is_not(None))):
        used.setdefault(key(hauler, manifest), f"the pump-out of {day} in a maintenance log of {fse_id}")
    i = t.interceptors.c
    newest = sa.select(sa.func.max(i.id)).group_by(i.fse_id).scalar_subquery()
    volumes = dict(conn.execute(sa.select(i.fse_id, i.volume_gal).where(i.id.in_(newest))).all())
    return known, used, volumes


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


def latest_logs(conn: Connection, fse_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each FSE's latest maintenance log by its own date (ties: by when written), with its document."""
    from sizing.register.queries import latest

    g = t.maintenance_logs.c
    ids: dict[str, int] = {}
    for chunk in _chunks(fse_ids):
        by_fse: dict[str, list[dict[str, Any]]] = {}
        for r in conn.execute(sa.select(g.id, g.fse_id, g.as_of, g.recorded_at).where(g.fse_id.in_(chunk))).mappings():
            by_fse.setdefault(r["fse_id"], []).append(dict(r))
        ids.update({f: latest(rows, "maintenance_logs")["id"] for f, rows in by_fse.items()})
    out = {}
    for chunk in _chunks(ids.values()):
        for r in conn.execute(sa.select(g.id, g.fse_id, g.as_of, g.document, g.jurisdiction_id)
                              .where(g.id.in_(chunk))).mappings():
            out[r["fse_id"]] = dict(r)
    return out


def full_pump_outs(conn: Connection, fse_ids: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
    """Every full pump-out on a manifest of these FSEs, by date, with its (hauler, manifest) key."""
    m = t.hauler_manifests.c
    out: dict[str, list[dict[str, Any]]] = {}
    for chunk in _chunks(fse_ids):
        q = sa.select(m.fse_id, m.on_date, m.hauler, m.manifest, m.hauler_key, m.manifest_key).where(
            m.full.is_(True), m.fse_id.in_(chunk))
        for fse_id, day, hauler, manifest, hauler_key, manifest_key in conn.execute(q.order_by(m.on_date, m.id)):
            out.setdefault(fse_id, []).append({"on_date": day, "hauler": hauler, "manifest": manifest,
                                               "key": (hauler_key, manifest_key)})
    return out


def merged_document(document: Mapping[str, Any], as_of: dt.date, pump_outs: list[dict[str, Any]]
                    ) -> dict[str, Any] | None:
    """The log's document with the pump-outs it does not list added to its services, dated the later of its own
    date and the last pump-out; None when it lists them all."""
    doc = dict(document)  # a copy of the two mappings it changes; the rest is shared, never changed
    if isinstance(doc.get("maintenance"), Mapping):
        section = doc["maintenance"] = dict(doc["maintenance"])
    else:
        section = doc
    services = list(section.get("services") or [])
    listed = {key(str(s["hauler"]), str(s["manifest"])) for s in services
              if isinstance(s, Mapping) and s.get("hauler") is not None and s.get("manifest") is not None}
    new = [p for p in pump_outs if p["key"] not in listed]
    if not new:
        return None
    section["services"] = services + [{"date": p["on_date"].isoformat(), "hauler": p["hauler"],
                                       "manifest": p["manifest"]} for p in new]
    section["as_of"] = max([as_of, *(p["on_date"] for p in new)]).isoformat()
    return doc


def replan(conn: Connection, fse_ids: Iterable[str], writer: Mapping[str, Any], name: str) -> int:
    """For each FSE with a maintenance log, a new log: its latest one with the register's full pump-outs added,
    evaluated and stored with its findings and due-list items. Returns how many logs were stored."""
    from sizing.register.log_due import due_items

    logs = latest_logs(conn, sorted(set(fse_ids)))
    pumps = full_pump_outs(conn, logs)
    rows, findings = [], []
    for fse_id, log in sorted(logs.items()):
        doc = merged_document(log["document"] or {}, log["as_of"], pumps.get(fse_id, []))
        if doc is None:
            continue
        try:
            data, found = evaluate_merged(fse_id, log, doc, pumps[fse_id])
        except SizingInputError as exc:  # a log stored by an older version that this one reads differently
            raise SizingInputError("FSE", fse_id, "", message=(
                f"{fse_id}: its maintenance log of {log['as_of']} cannot be evaluated with the manifests' pump-outs: "
                f"{exc}; nothing imported")) from None
        findings.append(found)
        rows.append({"fse_id": fse_id, "as_of": _day(data["as_of"]), "liquid_depth_in": data["liquid_depth_in"],
                     "in_order": data["in_order"], "due_date": _day(data.get("due_date")),
                     "next_service_date": _day(data.get("next_service_date")),
                     "document_name": f"hauler manifests ({PurePath(name).name})"[:500], "document_text": None,
                     "document": doc, "result": data, "jurisdiction_id": log["jurisdiction_id"] or DEFAULT_ID,
                     "due": due_items(data, data["as_of"]), **writer})
    out = []
    for batch, found in zip(_chunks(rows, INSERT_CHUNK), _chunks(findings, INSERT_CHUNK), strict=True):
        ids = conn.execute(t.maintenance_logs.insert().returning(t.maintenance_logs.c.id,
                                                                 sort_by_parameter_order=True), batch).scalars().all()
        out += [{**f, "source_id": log_id} for log_id, fs in zip(ids, found, strict=True) for f in fs]
    bulk_insert(conn, t.findings, out)
    return len(rows)


def evaluate_merged(fse_id: str, log: Mapping[str, Any], doc: Mapping[str, Any], pump_outs: list[dict[str, Any]]
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The evaluation of ``doc`` (the log with the manifests' pump-outs added: :func:`merged_document`) and its
    findings rows, as :func:`sizing.register.evaluated.evaluate` gives them; the log as it was stored is read
    by the core's parser and the pump-outs (read by the manifests' reader with the same field rules) are added
    to it, so each manifest is not read a second time."""
    from dataclasses import replace

    from sizing.ordinance.maintenance import plan
    from sizing.register.adapter import normalise
    from sizing.register.evaluated import check_fse_id, jsonable
    from sizing.sections.maintenance import PumpOut, from_dict

    section = doc["maintenance"] if isinstance(doc.get("maintenance"), Mapping) else doc
    as_of = dt.date.fromisoformat(section["as_of"])
    rec = from_dict(log["document"] or {}, as_of=as_of)
    listed = {key(p.hauler, p.manifest) for p in rec.pump_outs if p.hauler is not None and p.manifest is not None}
    added = tuple(PumpOut(index=len(rec.pump_outs) + k, date=p["on_date"], hauler=p["hauler"], manifest=p["manifest"])
                  for k, p in enumerate(q for q in pump_outs if q["key"] not in listed))
    pumps = rec.pump_outs + added
    rec = replace(rec, services=tuple(sorted(p.date for p in pumps)), pump_outs=pumps)
    check_fse_id(fse_id)
    data = jsonable(plan(rec, get(log["jurisdiction_id"] or DEFAULT_ID)).to_dict())
    return data, [{"fse_id": fse_id, "source": "maintenance", "rule": f.rule, "status": f.status,
                   "citation": f.citation, "message": f.message} for f in normalise("maintenance", data)]


def _day(value: Any) -> dt.date | None:
    return None if value in (None, "") else dt.date.fromisoformat(str(value)[:10])
