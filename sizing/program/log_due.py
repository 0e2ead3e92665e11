"""What a stored maintenance evaluation puts on the due list: kept beside the log (``maintenance_logs.due``) when
it is written, so the due list reads a few short items per FSE instead of every latest log's whole result.

One function, :func:`due_items`, makes them from the result, for the writers and for a log stored without them,
under whatever maintenance rules the profile has: the accumulation rule's service (now, or the pump-out by its due
date), each task fixed by device type by its next date, and each records check not met.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from sizing.quantities import show, show_against
from sizing.rules.device_maintenance import DUE_WHAT, task_of

#: The due-list items that are the maintenance schedule (what the plan says is due, and when): the program
#: summary's pump-out schedule and the timeline's plan line read these.
SERVICES = ("service now", *dict.fromkeys(("pump-out", *DUE_WHAT.values())))


def due_items(result: Mapping[str, Any], as_of: dt.date | str | None) -> list[dict[str, Any]]:
    """The due-list items of a maintenance evaluation (``MaintenancePlan.to_dict()``, or ``DeviceCheck.to_dict()``
    under a profile with intervals by device type only) stored as of ``as_of``: service now (dated the latest
    reading) or the pump-out by its due date (the accumulation rule), each task fixed by device type by its next
    date (a pump-out interval by device type is the plan's pump-out date already, beside the accumulation rule),
    then each records check not met (dated the log). Dates as ISO text (None: no date)."""
    day = None if as_of is None else str(as_of)[:10]
    accumulation = result.get("rules") != "device_maintenance"
    out = _service(result, day) if accumulation else []
    for c in result.get("findings") or []:  # Finding.to_dict() shape
        task = task_of(c["rule"])
        if task is not None and not (accumulation and task == "pump_out"):  # none on record: due from the log
            out.append({"what": DUE_WHAT[task], "date": _day(c.get("limit")) or day, "detail": c["message"],
                        "citation": c["citation"]})
    for c in result.get("records") or []:
        if c["status"] == "fail" and task_of(c["rule"]) is None:
            out.append({"what": "records", "date": day, "detail": c["message"], "citation": c["citation"]})
    return out


def _day(value: Any) -> str | None:
    """A finding's limit as an ISO date, None when it is not a date ('every 1 day': no date on record)."""
    try:
        return dt.date.fromisoformat(str(value)[:10]).isoformat()
    except ValueError:
        return None


def _service(result: Mapping[str, Any], day: str | None) -> list[dict[str, Any]]:
    """The accumulation rule's item: service now, or the pump-out by its due date."""
    from sizing.rules.maintenance import service_due

    if result.get("service_now"):
        return [{"what": "service now", "date": (result.get("latest_reading") or {}).get("date") or day,
                 "detail": f"{show_against(result['percent_full'], result['limit_percent'], '%')} full "
                           f"(over {show(result['limit_percent'], '%')})",
                 "citation": result["citations"]["service_immediately"]}]
    due, basis, citation = service_due(result)
    return [{"what": "pump-out", "date": None if due is None else due.isoformat(), "detail": basis,
             "citation": citation}]
