"""The program summary for a period (the FOG element of a sewer system management plan): FSEs by status,
inspections done, notices issued and closed, pump-out compliance and the FSEs linked to a blockage or overflow.

Counts are of the register's records dated within the period (both ends included); states (open, overdue, on
schedule) are as of the period's last day, by :func:`sizing.ordinance.due.status`.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

import sqlalchemy as sa

from sizing.errors import SizingInputError
from sizing.jurisdiction import Jurisdiction
from sizing.ordinance.due import is_overdue
from sizing.register import schema as t
from sizing.register.notices import CLOSED, rows

OVERFLOW = "blockage_or_overflow"


def summary(reg: Any, start: dt.date, end: dt.date, *, jurisdiction: Jurisdiction) -> dict[str, Any]:
    """The summary from ``start`` to ``end`` (JSON-ready but for dates)."""
    from sizing.register.queries import fse_list

    if end < start:
        raise SizingInputError("--to", end.isoformat(), f"a date on or after --from {start.isoformat()}")
    fses = fse_list(reg, as_of=end, jurisdiction=jurisdiction)
    with reg.db.read() as conn:
        i = t.inspections.c
        done = conn.execute(sa.select(i.fse_id, i.purpose, i.passed).where(
            i.inspected_on >= start, i.inspected_on <= end)).all()
        notices = rows(conn, None, end)
        pumps = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_events).where(
            t.maintenance_events.c.kind == "pump_out", t.maintenance_events.c.on_date >= start,
            t.maintenance_events.c.on_date <= end)).scalar()
        schedule = _pump_out_schedule(conn, end)
    names = {f["fse_id"]: f["name"] for f in fses}
    overflow = sorted({fse for fse, purpose, _ in done if purpose == OVERFLOW})
    issued = [n for n in notices if start <= n["issued_on"] <= end]
    closed = [n for n in notices if n["status"] == CLOSED and start <= n["closed_on"] <= end]
    on_time = sum(1 for late in schedule.values() if not late)
    return {
        "from": start, "to": end, "fses": len(fses),
        "fses_by_status": dict(sorted(Counter(f["status"] for f in fses).items())),
        "inspections": {"done": len(done), "passed": sum(1 for *_, ok in done if ok),
                        "failed": sum(1 for *_, ok in done if not ok),
                        "by_purpose": dict(sorted(Counter(p for _, p, _ in done).items())),
                        "fses_inspected": len({fse for fse, *_ in done})},
        "notices": {"issued": len(issued), "issued_by_type": dict(sorted(Counter(n["type"] for n in issued).items())),
                    "closed": len(closed), "closed_by_how": dict(sorted(Counter(n["how"] for n in closed).items())),
                    "open_at_end": sum(1 for n in notices if n["status"] != CLOSED),
                    "overdue_at_end": sum(1 for n in notices if n["status"] == "overdue")},
        "pump_outs": {"recorded": pumps, "fses_with_schedule": len(schedule), "on_schedule": on_time,
                      "overdue": len(schedule) - on_time,
                      "percent_on_schedule": None if not schedule else round(100.0 * on_time / len(schedule), 1),
                      "overdue_fses": sorted(f for f, late in schedule.items() if late)},
        "overflow_linked": [{"fse_id": f, "name": names.get(f)} for f in overflow],
    }


def _pump_out_schedule(conn: Any, end: dt.date) -> dict[str, bool]:
    """Each FSE with a maintenance plan dated on or before ``end``: whether its pump-out is overdue on ``end``
    (the latest plan by its date; service now counts as due on the reading's day)."""
    from sizing.ordinance.maintenance import service_due
    from sizing.register.rows import latest

    m = t.maintenance_logs.c
    by_fse: dict[str, list[dict[str, Any]]] = {}
    for r in conn.execute(sa.select(m.id, m.fse_id, m.as_of, m.recorded_at, m.result).where(m.as_of <= end)
                          ).mappings():
        by_fse.setdefault(r["fse_id"], []).append(dict(r))
    out = {}
    for fse, logs in by_fse.items():
        res = latest(logs, "maintenance_logs")["result"] or {}
        if res.get("service_now"):
            day = dt.date.fromisoformat(str((res.get("latest_reading") or {}).get("date") or res["as_of"])[:10])
        else:
            day = service_due(res)[0]
        if day is not None:
            out[fse] = is_overdue(day, end)
    return out
