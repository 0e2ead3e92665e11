"""The maintenance plan recomputed from the register's own records: every pump-out, FOG + solids reading and
training of an FSE up to a day, whoever recorded it (a maintenance log, an inspection), evaluated by the same
:func:`sizing.ordinance.maintenance.plan` as ``sizing maintenance``, so a reading taken at an inspection and the
same reading in a maintenance log give the same service date.

The plan is stored as a maintenance log dated that day (``maintenance_logs``, its document the log the register's
records make), which the due list reads as the FSE's latest log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.jurisdiction import Jurisdiction
from sizing.register import schema as t

#: The keys of the latest maintenance log's document that the recomputed log keeps (what no event records).
KEPT = ("approved_interval", "records_kept_since", "operating_since")


def log_document(conn: Connection, fse: str, as_of: dt.date, depth_in: float) -> dict[str, Any]:
    """The maintenance log the register's records make for ``fse`` on ``as_of`` (the ``sizing maintenance`` input
    shape): its pump-outs, readings (each once) and training up to that day, with the interceptor's liquid depth
    and what the latest log gave that no event records (an approved interval, the records' dates)."""
    e = t.maintenance_events.c
    rows = conn.execute(sa.select(e.kind, e.on_date, e.hauler, e.manifest, e.fog_in, e.solids_in)
                        .where(e.fse_id == fse, e.on_date <= as_of).order_by(e.on_date, e.id)).mappings().all()
    services, measurements, training, seen = [], [], [], set()
    for r in rows:
        if r["kind"] == "pump_out":
            services.append({k: v for k, v in (("date", r["on_date"].isoformat()), ("hauler", r["hauler"]),
                                               ("manifest", r["manifest"])) if v is not None})
        elif r["kind"] == "reading" and (r["on_date"], r["fog_in"], r["solids_in"]) not in seen:
            seen.add((r["on_date"], r["fog_in"], r["solids_in"]))
            measurements.append({"date": r["on_date"].isoformat(), "fog": f"{r['fog_in']!r} in",
                                 "solids": f"{r['solids_in']!r} in"})
        elif r["kind"] == "training":
            training.append(r["on_date"].isoformat())
    section: dict[str, Any] = {"liquid_depth": f"{depth_in!r} in", "services": services,
                               "measurements": measurements, "training": sorted(set(training)),
                               "as_of": as_of.isoformat()}
    m = t.maintenance_logs.c
    last = conn.execute(sa.select(m.document).where(m.fse_id == fse, m.as_of <= as_of, m.inspection_id.is_(None))
                        .order_by(m.as_of.desc(), m.id.desc()).limit(1)).scalar()
    if isinstance(last, Mapping):
        given = last.get("maintenance") if isinstance(last.get("maintenance"), Mapping) else last
        section.update({k: given[k] for k in KEPT if given.get(k) is not None})
    return {"project": {"fse_id": fse}, "maintenance": section}


def replan(conn: Connection, fse: str, as_of: dt.date, depth_in: float, jurisdiction: Jurisdiction,
           writer: Mapping[str, Any], *, inspection_id: int | None = None, notes: list[str] | None = None) -> str | None:
    """Recompute and store the FSE's maintenance plan as of ``as_of``; returns its service date (ISO), or None
    when the profile has no maintenance rules or the records do not make a log (said in ``notes``)."""
    from sizing.ordinance import maintenance
    from sizing.register.adapter import normalise
    from sizing.register.evaluated import jsonable

    if not jurisdiction.has_maintenance_rules:
        return None
    doc = log_document(conn, fse, as_of, depth_in)
    try:
        plan = maintenance.plan(maintenance.from_dict(doc), jurisdiction)
    except SizingInputError as exc:  # e.g. an older reading deeper than the depth given now
        (notes if notes is not None else []).append(f"the maintenance plan was not recomputed: {exc}")
        return None
    data = jsonable(plan.to_dict())
    log_id = conn.execute(t.maintenance_logs.insert().values(
        fse_id=fse, as_of=as_of, liquid_depth_in=depth_in, in_order=plan.in_order, due_date=plan.due_date,
        next_service_date=plan.next_service_date,
        document_name=None if inspection_id is None else f"inspection {inspection_id}", document=doc, result=data,
        jurisdiction_id=jurisdiction.id, inspection_id=inspection_id, **writer)).inserted_primary_key[0]
    rows = [{"fse_id": fse, "source": "maintenance", "source_id": log_id, **f.to_dict()}
            for f in normalise("maintenance", data)]
    if rows:
        conn.execute(t.findings.insert(), rows)
    day = plan.next_service_date if plan.service_now else (plan.due_date or plan.next_service_date)
    return None if day is None else day.isoformat()
