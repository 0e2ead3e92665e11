"""The program summary for a period (the FOG element of a sewer system management plan): FSEs by compliance state
(:mod:`sizing.program.compliance`, as of the period's last day, through the FSE list),
inspections done, notices issued and closed, pump-out compliance and the FSEs linked to a blockage or overflow.

Counts are of the register's records dated within the period (both ends included); states (open, overdue, on
schedule) are as of the period's last day, by :func:`sizing.rules.due.status`, read from the same records and
functions as the maintenance plan and the due list.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

import sqlalchemy as sa

from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import schema as t
from sizing.program.deadlines import due_records, service_schedule
from sizing.program.fse_rows import fse_list
from sizing.program.notices import CLOSED, OPENED_IN_ERROR, rows
from sizing.program.reading import live
from sizing.program.replan import pump_out_days
from sizing.program.sharing import sharing
from sizing.rules.inspection import OUTCOMES

OVERFLOW = "blockage_or_overflow"


def summary(reg: Any, start: dt.date, end: dt.date, *, jurisdiction: Jurisdiction) -> dict[str, Any]:
    """The summary from ``start`` to ``end`` (JSON-ready but for dates). The pump-outs are those the maintenance
    plan counts (:func:`sizing.program.replan.pump_out_days`; a day's pump-out of an interceptor serving several
    FSEs once), the schedule the due list's own service items as of
    ``end`` (:func:`sizing.program.deadlines.service_schedule`), each inspection's outcome
    :func:`sizing.rules.inspection.outcome`: no count here has a query of its own."""

    if end < start:
        raise SizingInputError("--to", end.isoformat(), f"a date on or after --from {start.isoformat()}")
    fses = fse_list(reg, as_of=end, jurisdiction=jurisdiction)
    with reg.db.read() as conn:
        i = t.inspections.c
        done = [tuple(r) for r in conn.execute(sa.select(i.fse_id, i.purpose, i.outcome).where(
            i.inspected_on >= start, i.inspected_on <= end, live(t.inspections)))]
        notices = rows(conn, None, end, noted=False)
        ids = [f["fse_id"] for f in fses]
        shared = sharing(conn, ids)  # one pump-out of an interceptor serving several FSEs is one pump-out
        pumps = len({(frozenset(shared.get(f, (f,))), day) for f, days in pump_out_days(conn, ids).items()
                     for day in days if start <= day <= end})
        schedule = service_schedule(due_records(conn, end), end, jurisdiction)
    names = {f["fse_id"]: f["name"] for f in fses}
    overflow = sorted({fse for fse, purpose, _ in done if purpose == OVERFLOW})
    in_error = [n for n in notices if n["how"] == OPENED_IN_ERROR and start <= n["issued_on"] <= end]
    notices = [n for n in notices if n["how"] != OPENED_IN_ERROR]  # a voided inspection's: never stood
    issued = [n for n in notices if start <= n["issued_on"] <= end]
    closed = [n for n in notices if n["status"] == CLOSED and start <= n["closed_on"] <= end]
    on_time = sum(1 for late in schedule.values() if not late)
    outcomes = Counter(o for *_, o in done)
    return {
        "from": start, "to": end, "fses": len(fses),
        "fses_by_status": dict(sorted(Counter(f["status"] for f in fses).items())),
        "inspections": {"done": len(done), **{o: outcomes.get(o, 0) for o in OUTCOMES},
                        "by_purpose": dict(sorted(Counter(p for _, p, _ in done).items())),
                        "fses_inspected": len({fse for fse, *_ in done})},
        "notices": {"issued": len(issued), "issued_by_type": dict(sorted(Counter(n["type"] for n in issued).items())),
                    "closed": len(closed), "closed_by_how": dict(sorted(Counter(n["how"] for n in closed).items())),
                    "open_at_end": sum(1 for n in notices if n["status"] != CLOSED),
                    "overdue_at_end": sum(1 for n in notices if n["status"] == "overdue"),
                    "opened_in_error": len(in_error)},
        "pump_outs": {"recorded": pumps, "fses_with_schedule": len(schedule), "on_schedule": on_time,
                      "overdue": len(schedule) - on_time,
                      "percent_on_schedule": None if not schedule else round(100.0 * on_time / len(schedule), 1),
                      "overdue_fses": sorted(f for f, late in schedule.items() if late)},
        "overflow_linked": [{"fse_id": f, "name": names.get(f)} for f in overflow],
    }
