"""The FSE's maintenance plan: one rule, whatever is written.

Every write that brings a pump-out or a FOG + solids reading (a maintenance log, an inspection's readings, a
hauler-manifest import) stores the FSE's plan made by :func:`sizing.rules.maintenance.evaluate` (the same as
``sizing maintenance``: the accumulation rule's plan, the intervals fixed by device type, or both, as the profile
has them) from every record on file, each taken by its own date, never by when it was written:

* pump-outs: the services of every maintenance log and every full pump-out on a hauler manifest (a partial
  pump-out is a record, not a service). One pump-out a day: the same pump-out listed by a log and by a manifest
  (or by two logs) is one event, keyed by its date, carrying the hauler and manifest number of the manifest, else
  of the first log that gives them. (A log often lists a pump-out without its manifest number, so the number
  cannot be the key; two full pump-outs on one day empty the interceptor once.)
* readings: every log's measurements and every inspection's readings, each (date, FOG, solids) once;
* training: every log's training dates, each once;
* an FSE served by an interceptor that serves other FSEs too (:mod:`sizing.program.sharing`) counts their
  pump-outs, readings and liquid depths as its own (one interceptor); their training and their logs' other keys
  stay theirs, and a write that moves one's plan makes the others' again;
* the liquid depth of the latest record that gives one (a log, or an inspection that gave
  ``readings.liquid_depth``; by date, then by when written);
* what no event records (an approved interval, the records' dates, the device, the owner's inspections) from the
  latest maintenance log as submitted;
* dated the latest of those records (a log's own date, a pump-out, a reading, a training), so the records alone
  decide the plan: the same records written in any order give the same plan, and an older record written later
  cannot move it backwards.

The plan is stored as a maintenance-log row marked ``computed`` (its document: the log the records make); the
documents as submitted stay as they were written. The due list, the FSE list's next service and the timeline read
the FSE's latest row by date, which after any write is its plan. A plan needs a liquid depth and a pump-out or a
maintenance log on file; without them the records are kept and no plan is made (an FSE with manifests only is due
the profile's default interval after its last full pump-out: :mod:`sizing.program.queries`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io.sections.maintenance import Measurement, PumpOut, from_dict
from sizing.jurisdiction.profile import DEFAULT_ID, Jurisdiction, get
from sizing.program import schema as t
from sizing.program.adapter import normalise
from sizing.program.evaluated import jsonable
from sizing.program.log_due import due_items
from sizing.program.manifest_store import INSERT_CHUNK, bulk_insert
from sizing.program.reading import live
from sizing.program.sharing import sharing, with_sharers
from sizing.quantities import show
from sizing.rules import maintenance
from sizing.rules.maintenance import has_rules

#: The keys of the latest submitted log's document that the plan keeps (what no event records).
KEPT = ("approved_interval", "records_kept_since", "operating_since", "device", "inspections")
#: FSE ids per IN list (well under SQLite's and PostgreSQL's parameter limits).
CHUNK = 900
#: The document name of a stored plan.
PLAN_NAME = "maintenance plan from every record on file"


@dataclass
class OnFile:
    """One FSE's records that feed its maintenance plan."""

    fse_id: str
    #: date -> {"hauler", "manifest"}: one pump-out a day
    pump_outs: dict[dt.date, dict[str, Any]] = field(default_factory=dict)
    #: (date, fog [in], solids [in]), each once, in date order
    readings: list[tuple[dt.date, float, float]] = field(default_factory=list)
    training: set[dt.date] = field(default_factory=set)
    #: the dates of the records: the plan is dated the latest
    dates: set[dt.date] = field(default_factory=set)
    #: (date, recorded_at, depth [in], what): the records that give a liquid depth
    depths: list[tuple[dt.date, dt.datetime, float, str]] = field(default_factory=list)
    #: the latest submitted log: id, as_of, recorded_at, jurisdiction_id, document
    log: dict[str, Any] | None = None

    @property
    def as_of(self) -> dt.date | None:
        return max(self.dates, default=None)

    @property
    def depth(self) -> tuple[dt.date, dt.datetime, float, str] | None:
        return max(self.depths, key=lambda d: (d[0], d[1]), default=None)


def _chunks(values: Iterable[Any]) -> Iterable[list[Any]]:
    values = list(values)
    for i in range(0, len(values), CHUNK):
        yield values[i:i + CHUNK]


def on_file(conn: Connection, fse_ids: Iterable[str], *, events_only: bool = False) -> dict[str, OnFile]:
    """The records of each FSE that feed its plan (see the module's rule), a few queries per 900 FSEs
    (``events_only``: its pump-outs, readings and training alone, without its logs and liquid depths). The
    pump-outs, readings and liquid depths of the FSEs an FSE shares an interceptor with count for it
    (:mod:`sizing.program.sharing`); their training and their logs as submitted do not."""
    out: dict[str, OnFile] = {}
    wanted = sorted(set(fse_ids))
    shared = sharing(conn, wanted)
    for chunk in _chunks(wanted):
        for f in chunk:
            out[f] = OnFile(f)
        #: whose records count for whom: each FSE for itself, and for each FSE it shares an interceptor with
        counts: dict[str, list[OnFile]] = {f: [out[f]] for f in chunk}
        for f in chunk:
            for other in sorted(shared.get(f, ())):
                if other != f:
                    counts.setdefault(other, []).append(out[f])
        _manifests(conn, counts, out)
        _events(conn, counts, out)
        if not events_only:
            _logs(conn, counts, out)
            _inspection_depths(conn, counts, out)
    return out


def pump_out_days(conn: Connection, fse_ids: Iterable[str]) -> dict[str, list[dt.date]]:
    """Each FSE's full pump-outs as its plan counts them (from logs and manifests, one a day), in date order."""
    return {f: sorted(rec.pump_outs) for f, rec in on_file(conn, fse_ids, events_only=True).items()}


def _add_pump_out(rec: OnFile, day: dt.date, hauler: str | None, manifest: str | None) -> None:
    """One pump-out a day: a later listing of the day fills in a hauler or manifest number the first lacked."""
    known = rec.pump_outs.setdefault(day, {"hauler": None, "manifest": None})
    if known["manifest"] is None and manifest is not None:
        known.update(hauler=hauler if hauler is not None else known["hauler"], manifest=manifest)
    elif known["hauler"] is None and hauler is not None:
        known["hauler"] = hauler
    rec.dates.add(day)


def _manifests(conn: Connection, counts: Mapping[str, list[OnFile]], out: dict[str, OnFile]) -> None:
    m = t.hauler_manifests.c
    for fse_id, day, hauler, manifest in conn.execute(sa.select(m.fse_id, m.on_date, m.hauler, m.manifest).where(
            m.full.is_(True), m.fse_id.in_(list(counts)), live(t.hauler_manifests)).order_by(m.on_date, m.id)):
        for rec in counts[fse_id]:
            _add_pump_out(rec, day, hauler, manifest)


def _events(conn: Connection, counts: Mapping[str, list[OnFile]], out: dict[str, OnFile]) -> None:
    e = t.maintenance_events.c
    seen: set[tuple[str, dt.date, float, float]] = set()
    for r in conn.execute(sa.select(e.fse_id, e.kind, e.on_date, e.hauler, e.manifest, e.fog_in, e.solids_in)
                          .where(e.fse_id.in_(list(counts)), live(t.maintenance_events)).order_by(e.on_date, e.id)
                          ).mappings():
        if r["kind"] == "training":
            own = out.get(r["fse_id"])
            if own is not None:
                own.training.add(r["on_date"])
                own.dates.add(r["on_date"])
            continue
        for rec in counts[r["fse_id"]]:
            if r["kind"] == "pump_out":
                _add_pump_out(rec, r["on_date"], r["hauler"], r["manifest"])
            elif r["kind"] == "reading":
                key = (rec.fse_id, r["on_date"], float(r["fog_in"]), float(r["solids_in"]))
                if key not in seen:
                    seen.add(key)
                    rec.readings.append(key[1:])
                    rec.dates.add(r["on_date"])


def _logs(conn: Connection, counts: Mapping[str, list[OnFile]], out: dict[str, OnFile]) -> None:
    """The submitted logs (not the stored plans): their dates and depths (a shared interceptor's for each FSE it
    serves), and the latest one's document (the FSE's own)."""
    g = t.maintenance_logs.c
    latest: dict[str, dict[str, Any]] = {}
    for r in conn.execute(sa.select(g.id, g.fse_id, g.as_of, g.liquid_depth_in, g.recorded_at, g.jurisdiction_id)
                          .where(g.fse_id.in_(list(counts)), sa.or_(g.computed.is_(None), g.computed.is_(False)),
                                 live(t.maintenance_logs))).mappings():
        if r["liquid_depth_in"] is not None and r["as_of"] is not None:
            for rec in counts[r["fse_id"]]:
                rec.depths.append((r["as_of"], r["recorded_at"], float(r["liquid_depth_in"]), "maintenance log"))
        if r["fse_id"] not in out:
            continue
        if r["as_of"] is not None:
            out[r["fse_id"]].dates.add(r["as_of"])
        order = (r["as_of"] or dt.date.min, r["recorded_at"], r["id"])
        best = latest.get(r["fse_id"])
        if best is None or order > (best["as_of"] or dt.date.min, best["recorded_at"], best["id"]):
            latest[r["fse_id"]] = dict(r)
    docs = dict(conn.execute(sa.select(g.id, g.document).where(g.id.in_([r["id"] for r in latest.values()]))).all())
    for fse_id, row in latest.items():
        out[fse_id].log = {**row, "document": docs.get(row["id"])}


def _inspection_depths(conn: Connection, counts: Mapping[str, list[OnFile]], out: dict[str, OnFile]) -> None:
    """The liquid depths inspections gave (not the ones they took from a log)."""
    i = t.inspections.c
    for fse_id, day, recorded_at, depth, result in conn.execute(sa.select(
            i.fse_id, i.inspected_on, i.recorded_at, i.liquid_depth_in, i.result).where(
            i.fse_id.in_(list(counts)), i.liquid_depth_in.is_not(None), live(t.inspections))):
        if ((result or {}).get("readings") or {}).get("liquid_depth_given"):
            for rec in counts[fse_id]:
                rec.depths.append((day, recorded_at, float(depth), "inspection"))


def document(rec: OnFile) -> dict[str, Any]:
    """The log the records make (the ``sizing maintenance`` input shape), stored with the plan: what it was made
    from. Numbers are written as stored (``repr``), so reading the document back gives the same plan."""
    depth = rec.depth
    section: dict[str, Any] = {
        "liquid_depth": f"{depth[2]!r} in",
        "services": [{k: v for k, v in (("date", day.isoformat()), ("hauler", p["hauler"]),
                                        ("manifest", p["manifest"])) if v is not None}
                     for day, p in sorted(rec.pump_outs.items())],
        "measurements": [{"date": d.isoformat(), "fog": f"{fog!r} in", "solids": f"{solids!r} in"}
                         for d, fog, solids in rec.readings],
        "training": [d.isoformat() for d in sorted(rec.training)], "as_of": rec.as_of.isoformat()}
    given = _given(rec)
    section.update({k: given[k] for k in KEPT if given.get(k) is not None})
    return {"project": {"fse_id": rec.fse_id}, "maintenance": section}


def _given(rec: OnFile) -> Mapping[str, Any]:
    doc = (rec.log or {}).get("document")
    if not isinstance(doc, Mapping):
        return {}
    return doc["maintenance"] if isinstance(doc.get("maintenance"), Mapping) else doc


#: The keys of a submitted log the records on file replace (so the plan never reads them from the log).
REPLACED = ("services", "measurements", "training")


def _kept(rec: OnFile) -> dict[str, Any]:
    """What the plan reads of the latest submitted log: its keys but those the records on file replace (its own
    pump-outs, readings and training are among the records), so a plan does not parse them twice."""
    if rec.log is None:
        return {"liquid_depth": "1 in"}
    return {"maintenance": {k: v for k, v in _given(rec).items() if k not in REPLACED}}


def record(rec: OnFile, field_name: str) -> Any:
    """The plan's input (:class:`sizing.io.sections.maintenance.MaintenanceRecord`): the latest log's other keys as
    the core reads them, then the events on file; a reading deeper than the liquid depth is refused, naming the
    reading, the depth and the records they come from."""

    day, _, depth_in, source = rec.depth
    for d, fog, solids in rec.readings:
        if fog + solids > depth_in * (1 + 1e-9):
            raise SizingInputError(field_name, None, "", message=(
                f"{field_name}: {rec.fse_id}: the FOG + solids of {show(fog + solids, 'in')} read on {d.isoformat()} "
                f"is deeper than the liquid depth of {show(depth_in, 'in')} (the {source} of {day.isoformat()}, the "
                "latest record that gives one); the maintenance plan cannot be made from these records; nothing "
                "written"))
    try:
        kept = from_dict(_kept(rec), as_of=rec.as_of)
    except SizingInputError as exc:  # a log stored by an older version that this one reads differently
        raise SizingInputError(field_name, None, "", message=(
            f"{rec.fse_id}: its maintenance log of {rec.log['as_of']} cannot be read for the maintenance plan: "
            f"{exc}; nothing written")) from None
    pumps = tuple(PumpOut(index=k, date=d, hauler=p["hauler"], manifest=p["manifest"])
                  for k, (d, p) in enumerate(sorted(rec.pump_outs.items())))
    readings = tuple(Measurement(index=k, date=d, fog_in=fog, solids_in=solids)
                     for k, (d, fog, solids) in enumerate(rec.readings))
    return replace(kept, liquid_depth_in=depth_in, services=tuple(p.date for p in pumps), pump_outs=pumps,
                   measurements=readings, training=tuple(sorted(rec.training)), project={"fse_id": rec.fse_id})


def missing(rec: OnFile) -> str | None:
    """Why no plan can be made from the records on file (None: one can)."""
    if rec.depth is None:
        return "no liquid depth on file (a maintenance log, or an inspection's readings.liquid_depth, gives it)"
    if not rec.pump_outs and rec.log is None:
        return ("no pump-out or maintenance log on record: the reading is kept, and the service schedule starts "
                "with the first pump-out")
    return None


@dataclass
class Planned:
    """One FSE's stored plan: the row's id and the date its due-list pump-out (or service now) is dated."""

    fse_id: str
    log_id: int
    as_of: dt.date
    service_due: dt.date | None
    service_now: bool
    #: what is due by ``service_due``: the pump-out, or a task fixed by device type (a profile without the
    #: accumulation rule)
    what: str = "pump-out"


def replan(conn: Connection, fse_ids: Iterable[str], jurisdiction: Jurisdiction | None, writer: Mapping[str, Any], *,
           inspection_id: int | None = None, field_name: str = "FSE", notes: list[str] | None = None,
           failed: list[str] | None = None) -> dict[str, Planned]:
    """Make and store the maintenance plan of each FSE from every record on file (the module's rule), under
    ``jurisdiction`` (None: the profile of each FSE's latest log, else the default). An FSE whose records make no
    plan gets a note saying what is missing; a profile without maintenance rules of either kind (the accumulation
    rule, intervals by device type) makes none. Records that cannot
    make a plan (a reading deeper than the depth) raise, unless ``failed`` is given: the FSE is then left out and
    the reason added to it."""

    made = []
    for fse_id, rec in on_file(conn, with_sharers(conn, fse_ids)).items():
        why = missing(rec)
        if why is not None:
            if notes is not None:
                notes.append(f"{fse_id}: no maintenance plan: {why}")
            continue
        # a stored id is read back here, at the register's boundary
        under = jurisdiction if jurisdiction is not None else get((rec.log or {}).get("jurisdiction_id") or DEFAULT_ID)
        if not has_rules(under):
            continue
        try:
            made.append(_made(rec, under, field_name))
        except SizingInputError as exc:
            if failed is None:
                raise
            failed.append(str(exc))
    return _store(conn, made, writer, inspection_id)


def _made(rec: OnFile, jurisdiction: Jurisdiction, field_name: str) -> tuple[OnFile, str, Any, dict[str, Any]]:
    """The FSE's plan under ``jurisdiction`` and its JSON; a plan the records cannot make is refused, naming the FSE."""

    given = record(rec, field_name)
    try:
        plan = maintenance.evaluate(given, jurisdiction)
    except SizingInputError as exc:
        raise SizingInputError(field_name, None, "", message=(
            f"{field_name}: {rec.fse_id}: the maintenance plan cannot be made from the records on file: {exc}; "
            "nothing written")) from None
    return rec, jurisdiction.id, plan, jsonable(plan.to_dict())


def _store(conn: Connection, made: list[tuple[OnFile, str, Any, dict[str, Any]]], writer: Mapping[str, Any],
           inspection_id: int | None) -> dict[str, Planned]:
    """The plans as computed maintenance-log rows with their findings, in batches (inside the caller's
    transaction)."""

    out: dict[str, Planned] = {}
    for k in range(0, len(made), INSERT_CHUNK):
        batch = made[k:k + INSERT_CHUNK]
        rows = [{"fse_id": rec.fse_id, "as_of": rec.as_of, "liquid_depth_in": rec.depth[2], "in_order": plan.in_order,
                 "due_date": plan.due_date, "next_service_date": plan.next_service_date, "document_name": PLAN_NAME,
                 "document_text": None, "document": document(rec), "result": data,
                 "jurisdiction_id": jid, "inspection_id": inspection_id, "due": due_items(data, rec.as_of),
                 "computed": True, **writer} for rec, jid, plan, data in batch]
        ids = conn.execute(t.maintenance_logs.insert().returning(t.maintenance_logs.c.id, sort_by_parameter_order=True),
                           rows).scalars().all()
        findings = []
        for log_id, (rec, _, plan, data) in zip(ids, batch, strict=True):
            findings += [{"fse_id": rec.fse_id, "source": "maintenance", "source_id": log_id, **f.to_dict()}
                         for f in normalise("maintenance", data)]
            day = plan.next_service_date if plan.service_now else (plan.due_date or plan.next_service_date)
            out[rec.fse_id] = Planned(rec.fse_id, log_id, rec.as_of, day, plan.service_now,
                                      getattr(plan, "due_what", "pump-out"))
        bulk_insert(conn, t.findings, findings)
    return out


def plan_note(planned: Planned | None) -> str | None:
    """One line on the FSE's plan after a write (for the command's output)."""
    if planned is None:
        return None
    if planned.service_now:
        return (f"maintenance plan from every record on file (as of {planned.as_of.isoformat()}): service now "
                f"(since {planned.service_due.isoformat()})")
    due = f"no {planned.what} date" if planned.service_due is None else \
        f"{planned.what} due {planned.service_due.isoformat()}"
    return f"maintenance plan from every record on file (as of {planned.as_of.isoformat()}): {due}"
