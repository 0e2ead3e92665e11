"""Reading the notices: each with its state on a day (open, overdue, closed and how), for ``register notices``,
the due list, the summary and the letters.

A notice is open until a closure is recorded (a follow-up inspection that passes its item, a record of compliance,
an escalation to the next tier) or, for a reading over the accumulation limit, until a pump-out on or after its day
is recorded (whatever recorded it: a maintenance log, an imported manifest). Whether an open notice is overdue on
a day is :func:`sizing.ordinance.due.status`.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sizing.jurisdiction import DEFAULT_ID
from sizing.jurisdiction import get as get_jurisdiction
from sizing.ordinance.due import OVERDUE
from sizing.ordinance.due import status as due_status
from sizing.ordinance.inspection import due_note, period_words
from sizing.parse import no_record
from sizing.register.collect import with_few_collections
from sizing.register.reading import EVERY_FSE, KINDS, Scope, columns, dicts, fetch, scalars

#: A connection of either kind :mod:`sizing.register.reading` reads through.
Connection = Any

OPEN, CLOSED = "open", "closed"
#: The columns of ``register notices --format csv`` (and the keys of each notice in its JSON).
COLUMNS = ("notice", "fse_id", "name", "type", "tier", "title", "item", "item_text", "citation", "issued_on",
           "period", "period_provenance", "due_on", "due_note", "status", "closed_on", "how", "evidence", "inspection_id",
           "recorded_by")


def rows(conn: Connection, fse_id: str | None = None, as_of: dt.date | None = None, open_only: bool = False,
         named: bool = True, scope: Scope = EVERY_FSE) -> list[dict[str, Any]]:
    """Every notice (of one FSE, or all, or those of ``scope``) issued up to ``as_of`` with its state on that day,
    oldest first; ``open_only``: only those not closed that day (the closed ones are left out by the database);
    ``named``: with the FSE's name (else None)."""
    as_of = as_of or dt.date.today()
    cols = ", ".join(f'n."{c}"' for c in columns("notices"))
    sql = (f"SELECT {cols}, c.closed_on, c.how, c.evidence FROM notices n LEFT OUTER JOIN notice_closures c "
           "ON c.notice_id = n.id WHERE n.issued_on <= :as_of")
    if fse_id is not None:
        sql += " AND n.fse_id = :fse_id"
    if open_only:  # a closure dated after the day asked about leaves the notice open on that day
        sql += " AND (c.closed_on IS NULL OR c.closed_on > :as_of)"
    found = dicts(conn, sql + scope.and_("n.fse_id") + " ORDER BY n.id",
                  {"as_of": as_of, "fse_id": fse_id, **scope.params}, {**KINDS["notices"], "closed_on": "date"})
    pumps = _pump_outs(conn, fse_id, scope) if any(r["item"] == "accumulation" for r in found) else {}
    names = _names(conn, fse_id) if named else {}
    out = [_state(r, as_of, pumps.get(r["fse_id"], []), names.get(r["fse_id"])) for r in found]
    return [r for r in out if r["status"] != CLOSED] if open_only else out


def _pump_outs(conn: Connection, fse_id: str | None, scope: Scope = EVERY_FSE) -> dict[str, list[dt.date]]:
    """The pump-out dates of the FSEs with a notice for a reading over the limit (of ``fse_id`` alone when given,
    of ``scope``'s): a maintenance log's pump-outs and a hauler's full pump-outs (a partial one leaves the content
    in place)."""
    noticed = "SELECT DISTINCT fse_id FROM notices WHERE item = 'accumulation'" + scope.and_()
    one = "" if fse_id is None else " AND fse_id = :fse_id"
    sql = (f"SELECT fse_id, on_date FROM maintenance_events WHERE kind = 'pump_out' AND fse_id IN ({noticed}){one} "
           f'UNION ALL SELECT fse_id, on_date FROM hauler_manifests WHERE "full" AND fse_id IN ({noticed}){one}')
    out: dict[str, list[dt.date]] = {}
    for fse, day in fetch(conn, sql, {"fse_id": fse_id, **scope.params}, {"on_date": "date"})[1]:
        out.setdefault(fse, []).append(day)
    return out


def _names(conn: Connection, fse_id: str | None) -> dict[str, str | None]:
    """Each FSE's latest name (of ``fse_id`` alone when given)."""
    one = "" if fse_id is None else " WHERE fse_id = :fse_id"
    sql = f"SELECT fse_id, name FROM fses WHERE id IN (SELECT max(id) FROM fses{one} GROUP BY fse_id)"
    return dict(fetch(conn, sql, {"fse_id": fse_id})[1])


def stored_due_note(r: Any) -> str | None:
    """Why a stored notice's due date is later than its period counts (its last day extended off a Saturday, a
    Sunday or a holiday, and under which rule), from its row of ``notices``; None when it is not."""
    period = {"value": r["period_days"], "unit": r["period_unit"]}
    return due_note(r["issued_on"], period, r["due_on"], get_jurisdiction(r["jurisdiction_id"] or DEFAULT_ID))


def _state(r: dict[str, Any], as_of: dt.date, pumps: list[dt.date], name: str | None) -> dict[str, Any]:
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
            "issued_on": r["issued_on"], "period": period_words(period), "period_provenance": r["period_provenance"],
            "period_note": r["period_note"], "due_on": r["due_on"], "due_note": stored_due_note(r), "status": state, "closed_on": closed_on,
            "how": how, "evidence": evidence, "inspection_id": r["inspection_id"],
            "recorded_by": r["recorded_by"], "jurisdiction_id": r["jurisdiction_id"]}


@with_few_collections
def notices(reg: Any, *, as_of: dt.date | None = None, open_only: bool = False,
            fse_id: str | None = None) -> list[dict[str, Any]]:
    """The register's notices on ``as_of`` (default today), by due date; ``open_only``: those not closed."""
    with reg.db.read() as conn:
        if fse_id is not None:
            from sizing.register.fses import require_fse

            require_fse(conn, fse_id)
        found = rows(conn, fse_id, as_of, open_only)
    return sorted(found, key=lambda r: (r["due_on"], r["fse_id"], r["notice"]))


def notice(reg: Any, notice_id: int, as_of: dt.date | None = None) -> dict[str, Any]:
    """One notice with its state on ``as_of`` (default today), and the FSE's details (for its letter)."""
    from sizing.errors import SizingInputError
    from sizing.register.fses import require_fse

    with reg.db.read() as conn:
        fse = None if no_record(notice_id) else next(iter(scalars(
            conn, "SELECT fse_id FROM notices WHERE id = :id", {"id": notice_id})), None)
        if fse is None:
            raise SizingInputError("NOTICE", notice_id, "", message=f"NOTICE: no notice {notice_id} in the register")
        found = next(r for r in rows(conn, fse, dt.date.max) if r["notice"] == notice_id)
        details = require_fse(conn, fse)
    as_of = as_of or dt.date.today()
    if found["status"] == CLOSED and found["closed_on"] > as_of:  # closed after the day asked about
        found.update(closed_on=None, how=None, evidence=None)
    if found["closed_on"] is None:
        found["status"] = OVERDUE if due_status(found["due_on"], as_of) == OVERDUE else OPEN
    return {**found, "fse": details}


def due_items(conn: Connection, as_of: dt.date, scope: Scope = EVERY_FSE) -> dict[str, list[dict[str, Any]]]:
    """The open notices by FSE (of ``scope``), as the due list shows them (their due date, what, detail and
    clause)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows(conn, None, as_of, open_only=True, named=False, scope=scope):
        out.setdefault(r["fse_id"], []).append({
            "date": r["due_on"], "what": f"notice {r['notice']}: {r['title']}",
            "detail": f"{r['item_text']}; issued {r['issued_on'].isoformat()}, comply within {r['period']}",
            "citation": r["citation"]})
    return out
