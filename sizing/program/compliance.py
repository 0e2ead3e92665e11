"""Each FSE's compliance state from the register: the records on file gathered for every FSE (or those asked
about) in a few queries, then :func:`sizing.rules.compliance.compliance` on each. The FSE list, ``register
show``, the export, the program summary and the letters read the state from here.

The dated obligations are the due list's own items (:func:`sizing.program.deadlines.due_records` and its
per-FSE items), the notices their state on the day (:func:`sizing.program.notices.rows`), each inspection's
outcome :func:`sizing.rules.inspection.outcome`: nothing is dated or judged twice.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from typing import Any

import sqlalchemy as sa

from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import schema as t
from sizing.program import stored_states
from sizing.program.adapter import FAIL
from sizing.program.deadlines import _fse_due, due_records
from sizing.program.log_due import SERVICES
from sizing.program.notices import rows as notice_rows
from sizing.program.reading import EVERY_FSE, Scope, dicts, live
from sizing.program.rows import as_date, latest
from sizing.rules.compliance import WITHIN_DAYS, Compliance, FseRecords, changes_after, compliance, overdue
from sizing.rules.inspection import FAILED, PASSED


def states(reg: Any, as_of: dt.date | None = None, *, jurisdiction: Jurisdiction,
           only: Collection[str] | None = None, within: int = WITHIN_DAYS) -> dict[str, Compliance]:
    """Each FSE's (or each of ``only``'s) compliance state on ``as_of`` (default today), made from its records."""
    as_of = as_of or dt.date.today()
    with reg.db.read() as conn:
        return {f: state for f, (state, _, _) in made(conn, as_of, jurisdiction, within, only).items()}


def made(conn, as_of: dt.date, jurisdiction: Jurisdiction, within: int, only: Collection[str] | None,
         later: bool = False, records: Mapping[str, Any] | None = None) -> dict[str, tuple[Compliance, int, dt.date | None]]:
    """Each FSE's (of ``only``; None: every FSE's) state made from its records, its count of overdue items and
    (``later``) the first day after ``as_of`` it may change on (:func:`sizing.rules.compliance.changes_after`);
    ``records``: the due list's records of the same FSEs on the same day when the caller has read them."""
    scope = EVERY_FSE if only is None else Scope(tuple(sorted(only)))
    dates = stored_states.later_dates(conn, as_of, scope) if later else {}
    return {f: (compliance(rec, as_of, jurisdiction, within), overdue(rec, as_of),
                changes_after(rec, as_of, within, dates.get(f)))
            for f, rec in gather(conn, as_of, jurisdiction, only, records).items()}


def state(reg: Any, fse_id: str, as_of: dt.date | None = None, *, jurisdiction: Jurisdiction,
          within: int = WITHIN_DAYS) -> Compliance:
    """One FSE's compliance state."""
    return states(reg, as_of, jurisdiction=jurisdiction, only=[fse_id], within=within)[fse_id]


def gather(conn, as_of: dt.date, jurisdiction: Jurisdiction, only: Collection[str] | None = None,
           records: Mapping[str, Any] | None = None) -> dict[str, FseRecords]:
    """Every FSE's records (:class:`FseRecords`) on ``as_of``: a query per kind of record (the due list's
    ``records`` read once, by the caller or here)."""

    scope = EVERY_FSE if only is None else Scope(tuple(sorted(only)))
    if records is None:
        records = due_records(conn, as_of, scope)
    ids = list(records["ids"])
    reviews = _reviews(conn, scope)
    inspections = _inspections(conn, scope, as_of)
    notices: dict[str, list[dict[str, Any]]] = {}
    for n in notice_rows(conn, None, as_of, named=False, scope=scope, noted=False):
        notices.setdefault(n["fse_id"], []).append({
            "id": n["notice"], "date": n["issued_on"], "due_on": n["due_on"], "type": n["type"], "tier": n["tier"],
            "title": n["title"], "item": n["item"], "citation": n["citation"], "status": n["status"],
            "inspection_id": n["inspection_id"]})
    out = {}
    for fse_id in ids:
        due = due_items(records, fse_id, jurisdiction)
        out[fse_id] = FseRecords(fse_id, reviews.get(fse_id), inspections.get(fse_id, []),
                                 notices.get(fse_id, []), due, _plan(records["logs"].get(fse_id), due))
    return out


def _plan(log: Mapping[str, Any] | None, due: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The schedule: the earliest service item of the due list (the plan's, or the manifests' default interval)
    and the record it comes from; None without one."""

    services = sorted((i for i in due if i["what"] in SERVICES), key=lambda i: i["date"])
    if not services:
        return None if log is None else {"id": log["id"], "date": as_date(log.get("as_of")), "next_service": None}
    first = services[0]
    return {**first["record"], "next_service": first["date"]}


def due_items(records: Mapping[str, Any], fse_id: str, jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    """The FSE's due-list items but its notices (read as notices), each with the record it comes from."""

    items: list[dict[str, Any]] = []
    training = jurisdiction.parameters.get("training_interval_months")
    no_notices = {**records, "notices": {}}

    def add(day, fse, what, detail, citation=""):
        if day is not None:
            day = as_date(day)
            items.append({"date": day, "what": what, "detail": detail, "citation": citation,
                          "record": _source(records, fse, what, day)})

    _fse_due(no_notices, fse_id, jurisdiction, training, add)
    return items


def _source(records: Mapping[str, Any], fse_id: str, what: str, day: dt.date) -> dict[str, Any]:
    """The record a due-list item is dated from: the notification, the waiver, the plan, the last training or the
    last manifest."""
    if what == "install interceptor":
        n = next((n for n in records["notifications"].get(fse_id, []) if as_date(n["install_deadline"]) == day), {})
        return {"kind": "notification", "id": n.get("id"), "date": as_date(n.get("notified_on"))}
    if what in ("waiver expires", "revocation takes effect"):
        rows = records["waivers"].get(fse_id, [])
        w = next((w for w in rows if as_date(w.get("expiration")) == day), None) or latest(rows, "waivers") or {}
        return {"kind": "waiver", "id": w.get("id"), "date": as_date(w.get("decided_on"))}
    last = records["last"].get(fse_id, {})
    if what == "employee training" and records["logs"].get(fse_id) is None:
        return {"kind": "maintenance_event", "id": None, "date": last.get("training")}
    log = records["logs"].get(fse_id)
    if log is None:  # manifests only
        return {"kind": "hauler_manifest", "id": None, "date": last.get("full_manifest")}
    return {"kind": "maintenance_log", "id": log["id"], "date": as_date(log.get("as_of"))}


def _reviews(conn, scope: Scope) -> dict[str, dict[str, Any]]:
    """Each FSE's latest review cycle (by its own date) with its failing findings' count and clauses."""
    by_fse: dict[str, list[dict[str, Any]]] = {}
    c = t.cycles
    for r in dicts(conn, sa.select(c.c.id, c.c.fse_id, c.c.cycle, c.c.compliant, c.c.review_date, c.c.recorded_at)
                   .where(scope.of(c.c.fse_id)).order_by(c.c.id)):
        by_fse.setdefault(r["fse_id"], []).append(r)
    out = {fse: latest(rows, "cycles") for fse, rows in by_fse.items()}
    cites: dict[int, list[str]] = {}
    for chunk in _chunks([r["id"] for r in out.values()]):
        f = t.findings
        for r in dicts(conn, sa.select(f.c.source_id, f.c.citation).where(
                f.c.source == "cycle", f.c.status == FAIL, f.c.source_id.in_(chunk)).order_by(f.c.id)):
            cites.setdefault(r["source_id"], []).append(r["citation"])
    return {fse: {"id": r["id"], "date": as_date(r["review_date"]), "cycle": r["cycle"],
                  "compliant": bool(r["compliant"]), "failing": len(cites.get(r["id"], [])),
                  "citations": cites.get(r["id"], [])} for fse, r in out.items()}


def _inspections(conn, scope: Scope, as_of: dt.date) -> dict[str, list[dict[str, Any]]]:
    """Each FSE's inspections up to ``as_of`` that the compliance state reads (:mod:`sizing.rules.compliance`
    asks for the latest, and the latest that passed or failed): those of each FSE's latest inspection day and of its
    latest day with a decided inspection (two GROUP BYs over ``ix_inspections_fse_day``), oldest first: date,
    outcome, the items that failed."""
    i = t.inspections
    counted = sa.and_(i.c.inspected_on <= as_of, scope.of(i.c.fse_id), live(i))
    days = [sa.select(i.c.fse_id, sa.func.max(i.c.inspected_on).label("day")).where(counted, *extra)
            .group_by(i.c.fse_id).subquery() for extra in ((), (i.c.outcome.in_((PASSED, FAILED)),))]
    columns = (i.c.id, i.c.fse_id, i.c.inspected_on, i.c.outcome, i.c.failed_items)
    statement = sa.union_all(*(sa.select(*columns).join(d, sa.and_(i.c.fse_id == d.c.fse_id,
                                                                   i.c.inspected_on == d.c.day)).where(counted)
                               for d in days))
    found = {r["id"]: r for r in dicts(conn, statement)}  # an inspection of both days once
    out: dict[str, list[dict[str, Any]]] = {}
    for r in sorted(found.values(), key=lambda r: (r["inspected_on"], r["id"])):
        out.setdefault(r["fse_id"], []).append({
            "id": r["id"], "date": as_date(r["inspected_on"]), "outcome": r["outcome"],
            "failures": list(r["failed_items"] or ())})
    return out


def _chunks(values: list[Any], size: int = 900):
    for k in range(0, len(values), size):
        yield values[k:k + size]


def summary_row(state: Compliance) -> dict[str, Any]:
    """The FSE list's and the export's compliance columns of one state."""
    return {"compliance": state.status,
            "compliance_reasons": "; ".join(r.text for r in state.reasons if r.status == state.status)}
