"""Each FSE's row of the FSE list and its items of the due list, made once from its records and read by the FSE
list, the export, the program summary and the due list.

:func:`made_rows` makes them: the FSE's details, a status from its latest cycle, waiver and maintenance log (latest
by their own dates), its compliance state (:func:`sizing.program.compliance.made`) and every dated item of its due
list (:func:`sizing.program.deadlines.fse_items`), with the first day after the day asked about on which they may
change. :func:`fse_list` and :func:`due_list` read them for every FSE through the rows kept in the register
(:func:`sizing.program.stored_states.through`), or make them for a few FSEs or a read-only register.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import schema as t
from sizing.program import stored_states
from sizing.program.adapter import FAIL
from sizing.program.compliance import made, summary_row
from sizing.program.deadlines import cpc_check, due_records, fse_items, listed_items
from sizing.program.reading import EVERY_FSE, Scope
from sizing.program.rows import as_date, grouped, latest, newest, newest_of
from sizing.rules.compliance import WITHIN_DAYS, Compliance

if TYPE_CHECKING:
    from sizing.program.store import Register

FSE_COLUMNS = ("fse_id", "name", "address", "owner", "status", "cycles", "last_review", "failing", "waiver",
               "waiver_expiration", "next_service", "overdue", "cpc_required_gal", "installed_gal", "cpc_check")
#: The export's columns: the FSE list's, its compliance state (:mod:`sizing.program.compliance`; ``status`` is
#: the same word), the notices open and the last inspection.
EXPORT_COLUMNS = (*FSE_COLUMNS, "compliance", "compliance_reasons", "open_notices", "last_inspection")
#: The FSE list's columns that hold dates.
LIST_DATES = ("last_review", "waiver_expiration", "next_service", "last_inspection")
#: What :func:`made_rows` gives each FSE: its row, its due-list items, the first day they may change on.
Made = dict[str, tuple[dict[str, Any], list[list[Any]], "dt.date | None"]]


def fse_list(reg: Register, as_of: dt.date | None = None, *, jurisdiction: Jurisdiction,
             only: Collection[str] | None = None) -> list[dict[str, Any]]:
    """One row per FSE (or per FSE of ``only``), by id: its latest details, its compliance state and its dates
    (:func:`made_rows`)."""
    as_of = as_of or dt.date.today()
    out = []
    for _, values in sorted(_through(reg, as_of, jurisdiction, only, "row").items()):
        for k, column in enumerate(EXPORT_COLUMNS):
            if column in LIST_DATES:
                values[k] = as_date(values[k])
        out.append(dict(zip(EXPORT_COLUMNS, values, strict=True)))
    return out


def due_list(reg: Register, as_of: dt.date | None = None, within: int = 30, *,
             jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    """What falls due by ``as_of + within`` days (earlier items are overdue), sorted by date: every FSE's items
    (:func:`sizing.program.deadlines.fse_items`: install deadlines, waivers expiring, revocations taking effect,
    services due by the maintenance plan, training due, records checks not met, undersized interceptors to follow
    up, open notices by their due dates)."""
    as_of = as_of or dt.date.today()
    items = {f: [[as_date(i[0]), *i[1:]] for i in due]
             for f, due in _through(reg, as_of, jurisdiction, None, "due").items()}
    return listed_items(items, as_of, within)


def _through(reg: Register, as_of: dt.date, jurisdiction: Jurisdiction, only: Collection[str] | None,
             part: str) -> dict[str, Any]:
    """Each FSE's ``part`` ("row": its row's values in :data:`EXPORT_COLUMNS` order; "due": its due-list items)
    as kept (dates as ISO text): every FSE's (or many FSEs') through the kept rows, a few FSEs' or a read-only
    register's made."""

    def make(conn, ids: Collection[str] | None) -> dict[str, tuple[list[Any], list[list[Any]], dt.date | None]]:
        return {f: ([row[c] for c in EXPORT_COLUMNS], due, until)
                for f, (row, due, until) in made_rows(conn, as_of, jurisdiction, ids).items()}

    if (only is not None and len(only) < stored_states.BY_IDS) or reg.db.read_only:
        with reg.db.read() as conn:
            return {f: stored_states.jsonable(row if part == "row" else due) for f, (row, due, _) in
                    make(conn, only).items()}
    return stored_states.through(reg, stored_states.key(jurisdiction, WITHIN_DAYS), as_of, only, make, part)


def made_rows(conn, as_of: dt.date, jurisdiction: Jurisdiction, only: Collection[str] | None = None) -> Made:
    """Each FSE's (of ``only``; None: every FSE's) row of the FSE list on ``as_of`` and every item of its due list,
    made from its records, with the first day after ``as_of`` they may change on
    (:func:`sizing.rules.compliance.changes_after`): its details and a status from its latest cycle, waiver and
    maintenance log (latest by their own dates), and the compliance columns (:func:`with_compliance`)."""
    scope = EVERY_FSE if only is None else Scope(tuple(sorted(only)))
    records = due_records(conn, as_of, scope)
    fses = newest(conn, "fses", "fse_id", "name", "address", "owner", scope=scope)
    cycles = grouped(conn, "cycles", "id", "fse_id", "cycle", "compliant", "review_date", "recorded_at", scope=scope)
    waivers = grouped(conn, "waivers", "id", "fse_id", "status", "expiration", "result", "decided_on",
                      "recorded_at", scope=scope)
    f = t.findings
    failing = dict(conn.execute(sa.select(f.c.source_id, sa.func.count()).where(
        f.c.source == "cycle", f.c.status == FAIL, scope.of(f.c.fse_id)).group_by(f.c.source_id)).all())
    states = made(conn, as_of, jurisdiction, WITHIN_DAYS, only, later=True, records=records)
    out = {}
    for fse_id, fse in fses.items():
        cycle = latest(cycles.get(fse_id, []), "cycles")
        waiver = latest(waivers.get(fse_id, []), "waivers")
        row = {"fse_id": fse_id, "name": fse["name"], "address": fse["address"], "owner": fse["owner"],
               "status": None, "cycles": 0 if cycle is None else cycle["cycle"],
               "last_review": None if cycle is None else cycle["review_date"],
               "failing": None if cycle is None else failing.get(cycle["id"], 0),
               "waiver": None if waiver is None else waiver_status(waiver, as_of),
               "waiver_expiration": None if waiver is None else waiver["expiration"],
               "next_service": None, "overdue": 0,
               **{k: v for k, v in cpc_check(newest_of(records["interceptors"].get(fse_id))).items()
                  if k != "undersized"}}
        state, overdue, until = states[fse_id]
        with_compliance(row, state, overdue)
        out[fse_id] = (row, fse_items(records, fse_id, jurisdiction), until)
    return out


def with_compliance(row: dict[str, Any], state: Compliance, overdue: int) -> None:
    """The FSE list's row given the FSE's compliance state (``status`` and ``compliance``, the same word; the
    reasons of that status), its overdue items, open notices, last inspection and next service."""
    row.update(summary_row(state), status=state.status, overdue=overdue)
    row["open_notices"] = sum(1 for x in state.reasons if x.record.get("kind") == "notice")
    row["last_inspection"], row["next_service"] = state.last_inspection, state.next_service


def waiver_status(waiver: Mapping[str, Any], as_of: dt.date) -> str:
    """The decision, or "revoked <date>" once a revocation that may proceed has taken effect."""
    rev = (waiver.get("result") or {}).get("revocation")
    if rev and rev.get("may_proceed"):
        effective = as_date(rev["proposed_effective"])
        if effective <= as_of:
            return f"revoked {effective}"
        return f"{waiver['status']}; revocation effective {effective}"
    return waiver["status"]
