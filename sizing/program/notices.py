"""Reading the notices: each with its state on a day (open, overdue, closed and how), for ``register notices``,
the due list, the summary and the letters.

A notice is open until a closure is recorded (a follow-up inspection that passes its item, a record of compliance,
an escalation to the next tier) or, for a reading over the accumulation limit, until a pump-out on or after its day
is recorded (whatever recorded it: a maintenance log, an imported manifest). Whether an open notice is overdue on
a day is :func:`sizing.rules.due.status`.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa

from sizing.errors import SizingInputError
from sizing.io.fields import no_record
from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import schema as t
from sizing.program.fses import require_fse
from sizing.program.parties import addressees
from sizing.program.reading import EVERY_FSE, Scope, dicts, latest_ids, live, scalars
from sizing.rules.due import OVERDUE
from sizing.rules.due import status as due_status
from sizing.rules.inspection import due_note, period_words

#: A connection of either kind :mod:`sizing.program.reading` reads through.
Connection = Any

OPEN, CLOSED = "open", "closed"
#: How a notice opened by a voided inspection is closed (:mod:`sizing.program.voids`): it never stood.
OPENED_IN_ERROR = "opened_in_error"
#: The columns of ``register notices --format csv`` (and the keys of each notice in its JSON).
COLUMNS = ("notice", "fse_id", "name", "type", "tier", "title", "item", "item_text", "citation", "issued_on",
           "period", "period_provenance", "due_on", "due_note", "status", "closed_on", "how", "evidence", "inspection_id",
           "recorded_by")


def rows(conn: Connection, fse_id: str | None = None, as_of: dt.date | None = None, open_only: bool = False,
         named: bool = True, scope: Scope = EVERY_FSE, noted: bool = True) -> list[dict[str, Any]]:
    """Every notice (of one FSE, or all, or those of ``scope``) issued up to ``as_of`` with its state on that day,
    oldest first; ``open_only``: only those not closed that day (the closed ones are left out by the database);
    ``named``: with the FSE's name (else None); ``noted``: with each one's due note (else None: the calendar is
    not asked again for the counts and the due list, which show none)."""
    as_of = as_of or dt.date.today()
    n, c = t.notices, t.notice_closures
    statement = (sa.select(*n.c, c.c.closed_on, c.c.how, c.c.evidence)
                 .select_from(n.outerjoin(c, c.c.notice_id == n.c.id))
                 .where(n.c.issued_on <= as_of, scope.of(n.c.fse_id)).order_by(n.c.id))
    if fse_id is not None:
        statement = statement.where(n.c.fse_id == fse_id)
    if open_only:  # a closure dated after the day asked about leaves the notice open on that day
        statement = statement.where(sa.or_(c.c.closed_on.is_(None), c.c.closed_on > as_of))
    found = dicts(conn, statement)
    pumps = _pump_outs(conn, fse_id, scope) if any(r["item"] == "accumulation" for r in found) else {}
    names = _names(conn, fse_id) if named else {}
    out = [_state(r, as_of, pumps.get(r["fse_id"], []), names.get(r["fse_id"]), noted) for r in found]
    return [r for r in out if r["status"] != CLOSED] if open_only else out


def _pump_outs(conn: Connection, fse_id: str | None, scope: Scope = EVERY_FSE) -> dict[str, list[dt.date]]:
    """The pump-out dates of the FSEs with a notice for a reading over the limit (of ``fse_id`` alone when given,
    of ``scope``'s): a maintenance log's pump-outs and a hauler's full pump-outs (a partial one leaves the content
    in place)."""
    n, e, m = t.notices, t.maintenance_events, t.hauler_manifests
    noticed = sa.select(n.c.fse_id).distinct().where(n.c.item == "accumulation", scope.of(n.c.fse_id))
    logged = sa.select(e.c.fse_id, e.c.on_date).where(e.c.kind == "pump_out", e.c.fse_id.in_(noticed), live(e))
    hauled = sa.select(m.c.fse_id, m.c.on_date).where(m.c.full, m.c.fse_id.in_(noticed), live(m))
    if fse_id is not None:
        logged, hauled = logged.where(e.c.fse_id == fse_id), hauled.where(m.c.fse_id == fse_id)
    out: dict[str, list[dt.date]] = {}
    for fse, day in conn.execute(sa.union_all(logged, hauled)):
        out.setdefault(fse, []).append(day)
    return out


def _names(conn: Connection, fse_id: str | None) -> dict[str, str | None]:
    """Each FSE's latest name (of ``fse_id`` alone when given)."""
    f = t.fses
    newest = latest_ids(f) if fse_id is None else latest_ids(f).where(f.c.fse_id == fse_id)
    return dict(conn.execute(sa.select(f.c.fse_id, f.c.name).where(f.c.id.in_(newest))).all())


def stored_due_note(r: Any) -> str | None:
    """Why a stored notice's due date is later than its period counts (its last day extended off a Saturday, a
    Sunday or a holiday, and under which rule), from its row of ``notices``; None when it is not."""
    period = {"value": r["period_days"], "unit": r["period_unit"]}
    return due_note(r["issued_on"], period, r["due_on"], get_jurisdiction(r["jurisdiction_id"] or DEFAULT_ID))


def _state(r: dict[str, Any], as_of: dt.date, pumps: list[dt.date], name: str | None,
           noted: bool = True) -> dict[str, Any]:
    closed_on, how, evidence = r["closed_on"], r["how"], r["evidence"]
    if closed_on is not None and closed_on > as_of:  # closed after the day asked about: open on that day
        closed_on = how = evidence = None
    if closed_on is None and r["item"] == "accumulation":
        done = sorted(p for p in pumps if r["issued_on"] <= p <= as_of)
        if done:
            closed_on, how, evidence = done[0], "pump_out", f"pump-out recorded on {done[0].isoformat()}"
    period = {"value": r["period_days"], "unit": r["period_unit"], "provenance": r["period_provenance"]}
    state = CLOSED if closed_on is not None else (OVERDUE if due_status(r["due_on"], as_of) == OVERDUE else OPEN)
    return {"notice": r["id"], "fse_id": r["fse_id"], "name": name, "type": r["notice_type"], "tier": r["tier"],
            "title": r["title"], "item": r["item"], "item_text": r["item_text"], "citation": r["citation"],
            "issued_on": r["issued_on"], "period": period_words(period),
            "period_plain": period_words(period, caveat=False), "period_provenance": r["period_provenance"],
            "period_note": r["period_note"], "due_on": r["due_on"], "due_note": stored_due_note(r) if noted else None, "status": state, "closed_on": closed_on,
            "how": how, "evidence": evidence, "inspection_id": r["inspection_id"],
            "recorded_by": r["recorded_by"], "jurisdiction_id": r["jurisdiction_id"]}


def notices(reg: Any, *, as_of: dt.date | None = None, open_only: bool = False,
            fse_id: str | None = None) -> list[dict[str, Any]]:
    """The register's notices on ``as_of`` (default today), by due date; ``open_only``: those not closed."""
    with reg.db.read() as conn:
        if fse_id is not None:
            from sizing.program.fses import require_fse

            require_fse(conn, fse_id)
        found = rows(conn, fse_id, as_of, open_only)
    return sorted(found, key=lambda r: (r["due_on"], r["fse_id"], r["notice"]))


def notice(reg: Any, notice_id: int, as_of: dt.date | None = None) -> dict[str, Any]:
    """One notice with its state on ``as_of`` (default today), the FSE's details and whom its letter is to (the FSE's
    owner with its mailing address: :func:`sizing.program.parties.addressees`)."""

    with reg.db.read() as conn:
        fse = None if no_record(notice_id) else next(iter(scalars(
            conn, sa.select(t.notices.c.fse_id).where(t.notices.c.id == notice_id))), None)
        if fse is None:
            raise SizingInputError("NOTICE", notice_id, "", message=f"NOTICE: no notice {notice_id} in the register")
        found = next(r for r in rows(conn, fse, dt.date.max) if r["notice"] == notice_id)
        details = require_fse(conn, fse)
        to = [a.to_dict() for a in addressees(conn, fse)]
    as_of = as_of or dt.date.today()
    if found["status"] == CLOSED and found["closed_on"] > as_of:  # closed after the day asked about
        found.update(closed_on=None, how=None, evidence=None)
    if found["closed_on"] is None:
        found["status"] = OVERDUE if due_status(found["due_on"], as_of) == OVERDUE else OPEN
    return {**found, "fse": details, "to": to}


def due_items(conn: Connection, as_of: dt.date, scope: Scope = EVERY_FSE) -> dict[str, list[dict[str, Any]]]:
    """The open notices by FSE (of ``scope``), as the due list shows them (their due date, what, detail and
    clause)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows(conn, None, as_of, open_only=True, named=False, scope=scope, noted=False):
        out.setdefault(r["fse_id"], []).append({
            "date": r["due_on"], "what": f"notice {r['notice']}: {r['title']}",
            "detail": f"{r['item_text']}; issued {r['issued_on'].isoformat()}, comply within {r['period']}",
            "citation": r["citation"]})
    return out
