"""Storing a field inspection: its record and photos, its reading as a maintenance reading (and the maintenance
plan recomputed from every reading and pump-out the register holds), and the notices it opens, escalates or closes.

One transaction: the inspection, its photos, its reading, the recomputed plan and its notices are written together
or not at all, under the writer's role (``inspection``: an inspector or the Director).

Notices (the profile's ``inspections.notices``):

* a checklist item answered "no", a finding naming a notice type, or a reading over the accumulation limit opens
  a notice of the first tier, due after the tier's period (calendar or working days);
* the same item failing again while its notice is open leaves that notice open, unless the notice is past due on
  the day of the inspection: it is then closed as ``escalated`` and the next tier opens (the last tier repeats);
* a later inspection answering the item "yes" or "n/a" (or a reading within the limit) closes it
  (``follow_up_inspection``); ``resolves`` or :func:`comply` closes one on a record of compliance
  (``compliance_record``); a pump-out on or after the day of an accumulation notice shows it complied with
  (read from the pump-out records; see :mod:`sizing.program.notices`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.fields import no_record
from sizing.io.sections.inspection import NO, InspectionRecord
from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import access, limits
from sizing.program import schema as t
from sizing.program.evaluated import check_fse_id, jsonable
from sizing.program.fses import require_fse
from sizing.program.notices import stored_due_note
from sizing.program.reading import live
from sizing.program.replan import Planned, replan
from sizing.program.signers import signer
from sizing.program.writers import on_behalf_of
from sizing.quantities import show
from sizing.rules import inspection as core
from sizing.rules.due import is_overdue
from sizing.rules.inspection import FAILED, outcome

#: How a notice was closed.
FOLLOW_UP, COMPLIANCE, ESCALATED, PUMP_OUT = "follow_up_inspection", "compliance_record", "escalated", "pump_out"


@dataclass
class Inspected:
    fse_id: str
    inspection_id: int
    result: dict[str, Any]
    opened: list[dict[str, Any]] = field(default_factory=list)
    still_open: list[dict[str, Any]] = field(default_factory=list)
    closed: list[dict[str, Any]] = field(default_factory=list)
    service_due: str | None = None
    notes: list[str] = field(default_factory=list)
    #: what is due by ``service_due`` (a pump-out; a task fixed by device type under a profile with those alone)
    service_what: str = "pump-out"

    @property
    def exit_code(self) -> int:
        """1 when an item failed; an incomplete inspection (items unanswered) is 0, and says which."""
        return 1 if outcome(self.result) == FAILED else 0

    def to_dict(self) -> dict[str, Any]:
        return {"fse_id": self.fse_id, "inspection_id": self.inspection_id, "passed": self.result["passed"],
                "opened": self.opened, "still_open": self.still_open, "closed": self.closed,
                "service_due": self.service_due, "notes": self.notes, "inspection": self.result}


def inspect(reg: Any, rec: InspectionRecord, *, fse_id: str | None = None, user: str | None = None,
            jurisdiction: Jurisdiction, name: str | None = None, text: str | None = None,
            document: Mapping[str, Any] | None = None) -> Inspected:
    """Store the parsed inspection ``rec`` in the register ``reg`` (a :class:`~sizing.program.store.Register`)
    as written by its identity, evaluated under ``jurisdiction``."""

    fse = check_fse_id(fse_id, "--fse") if fse_id is not None else check_fse_id(rec.project.get("fse_id"))
    jid = jurisdiction.id
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "inspection", require_user=reg.require_user)
        require_fse(conn, fse)
        result = core.evaluate(rec, jurisdiction, liquid_depth_in=_last_depth(conn, fse))
        data = jsonable(result.to_dict())
        _check_resolves(conn, fse, rec)
        iid = _insert(conn, fse, rec, result, data, jid, writer, name, text, document)
        out = Inspected(fse, iid, data, notes=list(result.notes))
        out.closed += [_close(conn, n, rec.date, COMPLIANCE, iid, evidence, writer) for n, evidence in rec.resolves]
        out.closed += _close_followed_up(conn, fse, rec, result, iid, writer)
        _open_notices(conn, fse, rec, result, iid, jurisdiction, writer, out)
        if rec.has_readings or rec.liquid_depth_in is not None:  # a reading or a depth: the plan's records
            planned = _reading(conn, fse, rec, result, iid, jurisdiction, writer, out.notes)
            if planned is not None and planned.service_due is not None:
                out.service_due, out.service_what = planned.service_due.isoformat(), planned.what
    return out


def comply(reg: Any, notice_id: int, on_date: dt.date, evidence: str, *, user: str | None = None) -> dict[str, Any]:
    """Close an open notice on a record that shows compliance (a report received, a repair seen), dated
    ``on_date``; refused for a notice that is closed or not in the register."""

    evidence = parse.text("--evidence", evidence)
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "inspection", require_user=reg.require_user)
        notice = _open_notice(conn, notice_id, "NOTICE")
        parse.record_date("--date", on_date, after=notice["issued_on"], after_what="the notice's ")
        return _close(conn, notice_id, on_date, COMPLIANCE, None, evidence, writer)


def stored_photos(reg: Any, inspection_id: int) -> list[dict[str, Any]]:
    """An inspection's photos as stored (id, name, caption, media type, size, SHA-256), in the order given."""
    p = t.inspection_photos.c
    with reg.db.read() as conn:
        rows = [] if no_record(inspection_id) else conn.execute(
            sa.select(p.id, p.name, p.caption, p.media_type, p.size_bytes, p.sha256)
            .where(p.inspection_id == inspection_id).order_by(p.id)).mappings()
        return [dict(r) for r in rows]


def stored_photo(reg: Any, photo_id: int) -> tuple[bytes, str]:
    """A stored photo's bytes and media type (to show it or hand it over), checked against the SHA-256 stored
    with it; refused for a photo that is not in the register."""
    p = t.inspection_photos.c
    with reg.db.read() as conn:
        row = None if no_record(photo_id) else conn.execute(
            sa.select(p.data, p.media_type, p.sha256).where(p.id == photo_id)).first()
    if row is None:
        raise SizingInputError("photo", photo_id, "", message=f"photo: no photo {photo_id} in the register")
    data = bytes(row.data)
    if hashlib.sha256(data).hexdigest() != row.sha256:
        raise SizingInputError("photo", photo_id, "", message=(
            f"photo: photo {photo_id} in the register does not match the SHA-256 stored with it; not shown"))
    return data, row.media_type


def report(reg: Any, inspection_id: int) -> dict[str, Any]:
    """Everything an inspection report shows: the stored inspection (its result as stored), the FSE, the notices it
    opened, its photos with their bytes (each checked against its SHA-256) and the inspector's signature on file
    (None: the report leaves a line, never an account name)."""
    i, n = t.inspections.c, t.notices.c
    with reg.db.read() as conn:
        row = None if no_record(inspection_id) else conn.execute(
            sa.select(i.id, i.fse_id, i.inspected_on, i.result, i.recorded_by, i.jurisdiction_id)
            .where(i.id == inspection_id)).mappings().first()
        if row is None:
            raise SizingInputError("INSPECTION", inspection_id, "", message=(
                f"INSPECTION: no inspection {inspection_id} in the register"))
        fse = require_fse(conn, row["fse_id"])
        opened = [dict(r) for r in conn.execute(sa.select(n.id, n.title, n.item_text, n.citation, n.due_on)
                                                .where(n.inspection_id == inspection_id).order_by(n.id)).mappings()]
        inspector = signer(conn, row["recorded_by"])
    photos = [(p, stored_photo(reg, p["id"])[0]) for p in stored_photos(reg, inspection_id)]
    return {**dict(row), "fse": fse, "opened": opened, "photos": photos,
            "inspector": None if inspector is None else inspector.to_dict()}


# --- rows ---------------------------------------------------------------------------------------------------

def derived(result: Mapping[str, Any]) -> dict[str, Any]:
    """What an inspection's row keeps of its result for the readers: the training evidence, the outcome and the
    items that failed."""
    return {"training_yes": training_yes(result), "outcome": outcome(result),
            "failed_items": [x.get("item") for x in result.get("failures") or () if x.get("item")]}


def training_yes(result: Mapping[str, Any]) -> bool:
    """Whether an inspection's result answered "yes" to a training item of a checklist (an item whose key names
    training): the due list's training evidence, stored with the inspection.

    >>> training_yes({"answers": [{"key": "employee_training", "answer": "yes"}]})
    True
    >>> training_yes({"answers": [{"key": "drain_screens", "answer": "yes"}]})
    False
    """
    return any(a.get("answer") == "yes" and "training" in str(a.get("key")) for a in result.get("answers") or ())


def _insert(conn: Connection, fse: str, rec: InspectionRecord, result: Any, data: dict[str, Any], jid: str,
            writer: Mapping[str, Any], name: str | None, text: str | None, document: Any) -> int:

    limits.check("document_name", name)
    readings = data.get("readings") or {}
    iid = conn.execute(t.inspections.insert().values(
        fse_id=fse, inspected_on=rec.date, purpose=rec.purpose, interceptor_condition=rec.condition,
        liquid_depth_in=readings.get("liquid_depth_in"), fog_in=rec.fog_in, solids_in=rec.solids_in,
        percent_full=result.percent_full, passed=result.passed, document_name=name,
        document_text=None if text is None else text.replace("\x00", ""), document=document, result=data,
        jurisdiction_id=jid, **derived(data), **writer)).inserted_primary_key[0]
    for p in rec.photos:
        conn.execute(t.inspection_photos.insert().values(
            inspection_id=iid, name=p.name, caption=p.caption, media_type=p.media_type, size_bytes=p.size_bytes,
            sha256=p.sha256, data=p.data, **writer))
    return iid


def _last_depth(conn: Connection, fse: str) -> float | None:
    """The liquid depth [in] of the FSE's latest maintenance log (by its date), for a reading that gives none."""
    m = t.maintenance_logs.c
    row = conn.execute(sa.select(m.liquid_depth_in).where(m.fse_id == fse, m.liquid_depth_in.is_not(None),
                                                       live(t.maintenance_logs))
                       .order_by(m.as_of.desc(), m.id.desc()).limit(1)).first()
    return None if row is None else float(row[0])


def open_notices(conn: Connection, fse: str) -> dict[str, dict[str, Any]]:
    """The FSE's open notices by item (the latest notice of each item that has no closure)."""
    n, c = t.notices.c, t.notice_closures.c
    closed = sa.select(c.notice_id)
    rows = conn.execute(sa.select(t.notices).where(n.fse_id == fse, n.id.not_in(closed)).order_by(n.id)).mappings()
    return {r["item"]: dict(r) for r in rows}


def _open_notice(conn: Connection, notice_id: int, field_name: str) -> dict[str, Any]:
    row = None if no_record(notice_id) else conn.execute(
        sa.select(t.notices).where(t.notices.c.id == notice_id)).mappings().first()
    if row is None:
        raise SizingInputError(field_name, notice_id, "", message=f"{field_name}: no notice {notice_id} in the register")
    done = conn.execute(sa.select(t.notice_closures).where(t.notice_closures.c.notice_id == notice_id)
                        ).mappings().first()
    if done is not None:
        raise SizingInputError(field_name, notice_id, "", message=(
            f"{field_name}: notice {notice_id} was closed on {done['closed_on'].isoformat()} "
            f"({done['how'].replace('_', ' ')}); nothing written"))
    return dict(row)


def _check_resolves(conn: Connection, fse: str, rec: InspectionRecord) -> None:
    for i, (number, _) in enumerate(rec.resolves):
        path = f"inspection.resolves[{i}].notice"
        if number in [n for n, _ in rec.resolves[:i]]:
            raise SizingInputError(path, number, "", message=f"{path}: notice {number} is listed twice; give it once")
        notice = _open_notice(conn, number, path)
        if notice["fse_id"] != fse:
            raise SizingInputError(path, number, "", message=(
                f"{path}: notice {number} is a notice to {notice['fse_id']}, not to {fse}; nothing written"))
        if rec.date < notice["issued_on"]:
            raise SizingInputError(path, number, "", message=(
                f"{path}: notice {number} was issued on {notice['issued_on'].isoformat()}, after this inspection"))


def _close(conn: Connection, notice_id: int, day: dt.date, how: str, iid: int | None, evidence: str | None,
           writer: Mapping[str, Any]) -> dict[str, Any]:
    conn.execute(t.notice_closures.insert().values(notice_id=notice_id, closed_on=day, how=how, inspection_id=iid,
                                                   evidence=evidence, **writer))
    return {"notice": notice_id, "closed_on": day.isoformat(), "how": how, "evidence": evidence}


def _close_followed_up(conn: Connection, fse: str, rec: InspectionRecord, result: Any, iid: int,
                       writer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Open notices whose item this inspection passes: answered yes or n/a, or a reading within the limit."""
    passed = {f"{a['checklist']}.{a['key']}": a["answer"] for a in result.answers if a["answer"] != NO}
    if result.exceeds_limit is False:
        passed["accumulation"] = f"{show(result.percent_full, '%')} full"
    out = []
    for item, notice in open_notices(conn, fse).items():
        if item in passed and rec.date >= notice["issued_on"]:
            evidence = f"follow-up inspection of {rec.date.isoformat()}: {passed[item]}"
            out.append(_close(conn, notice["id"], rec.date, FOLLOW_UP, iid, evidence, writer))
    return out


def _open_notices(conn: Connection, fse: str, rec: InspectionRecord, result: Any, iid: int, jurisdiction: Jurisdiction,
                  writer: Mapping[str, Any], out: Inspected) -> None:
    """A notice for each failure that names one: a new notice, the open one kept, or the next tier."""
    current = open_notices(conn, fse)
    for failure in result.failures:
        if failure.notice is None:
            continue
        item = failure.item if failure.source != "finding" else f"{failure.notice}: {failure.text}"[:120]
        before = current.get(item)
        number = 1
        if before is not None:
            if not is_overdue(before["due_on"], rec.date):
                out.still_open.append(_shown(before))
                continue
            _close(conn, before["id"], rec.date, ESCALATED, iid, f"failed again on {rec.date.isoformat()} after "
                   f"its due date {before['due_on'].isoformat()}", writer)
            number = before["tier"] + 1 if before["notice_type"] == failure.notice else 1
        spec = core.tier(jurisdiction, failure.notice, number)
        period = spec["period"]
        due = core.due_on(rec.date, period, jurisdiction)
        nid = conn.execute(t.notices.insert().values(
            fse_id=fse, inspection_id=iid, notice_type=failure.notice, tier=spec["tier"], title=spec["title"],
            item=item, item_text=failure.text + (f" ({failure.note})" if failure.note else ""),
            citation="; ".join(c for c in (failure.citation, spec["tier_citation"]) if c), issued_on=rec.date,
            period_days=int(period["value"]), period_unit=period["unit"], period_provenance=period.get("provenance"),
            period_note=period.get("note"), due_on=due, escalated_from=None if before is None else before["id"],
            jurisdiction_id=jurisdiction.id, **writer)).inserted_primary_key[0]
        row = conn.execute(sa.select(t.notices).where(t.notices.c.id == nid)).mappings().one()
        current[item] = dict(row)
        out.opened.append(_shown(row))


def _shown(row: Mapping[str, Any]) -> dict[str, Any]:
    period = {"value": row["period_days"], "unit": row["period_unit"], "provenance": row["period_provenance"]}
    return {"notice": row["id"], "type": row["notice_type"], "tier": row["tier"], "title": row["title"],
            "item": row["item"], "citation": row["citation"], "issued_on": row["issued_on"].isoformat(),
            "due_on": row["due_on"].isoformat(), "due_note": stored_due_note(row), "period": core.period_words(period)}


def _reading(conn: Connection, fse: str, rec: InspectionRecord, result: Any, iid: int, jurisdiction: Jurisdiction,
             writer: Mapping[str, Any], notes: list[str]) -> Planned | None:
    """The reading as a maintenance reading (once), then (a reading or a liquid depth given) the FSE's
    maintenance plan made again from every record on file (:func:`sizing.program.replan.replan`); returns the
    plan stored (None: no plan, and ``notes`` says what is missing)."""

    e = t.maintenance_events.c
    seen = not rec.has_readings or conn.execute(sa.select(e.id).where(
        e.fse_id == fse, e.kind == "reading", e.on_date == rec.date, e.fog_in == rec.fog_in,
        e.solids_in == rec.solids_in)).first() is not None
    if not seen:
        conn.execute(t.maintenance_events.insert().values(
            fse_id=fse, kind="reading", on_date=rec.date, fog_in=rec.fog_in, solids_in=rec.solids_in,
            inspection_id=iid, **writer))
    found: list[str] = []
    planned = replan(conn, [fse], jurisdiction, writer, inspection_id=iid, field_name="inspection.readings",
                     notes=found).get(fse)
    notes += [n.removeprefix(f"{fse}: ") for n in found]
    return planned
