"""What a stored maintenance evaluation puts on the due list: kept beside the log (``maintenance_logs.due``) when
it is written, so the due list reads a few short items per FSE instead of every latest log's whole result.

One function, :func:`due_items`, makes them from the result, for the writers and for a log stored without them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from sizing.quantities import show, show_against


def due_items(result: Mapping[str, Any], as_of: dt.date | str | None) -> list[dict[str, Any]]:
    """The due-list items of a maintenance evaluation (``MaintenancePlan.to_dict()``) stored as of ``as_of``:
    service now (dated the latest reading) or the pump-out by its due date, then each records check not met
    (dated the log). Dates as ISO text (None: no date)."""
    from sizing.ordinance.maintenance import service_due

    day = None if as_of is None else str(as_of)[:10]
    out = []
    if result.get("service_now"):
        out.append({"what": "service now", "date": (result.get("latest_reading") or {}).get("date") or day,
                    "detail": f"{show_against(result['percent_full'], result['limit_percent'], '%')} full "
                              f"(over {show(result['limit_percent'], '%')})",
                    "citation": result["citations"]["service_immediately"]})
    else:
        due, basis, citation = service_due(result)
        out.append({"what": "pump-out", "date": None if due is None else due.isoformat(), "detail": basis,
                    "citation": citation})
    for c in result.get("records") or []:  # Finding.to_dict() shape
        if c["status"] == "fail":
            out.append({"what": "records", "date": day, "detail": c["message"], "citation": c["citation"]})
    return out
