"""Maintenance intervals fixed by the type of grease removal device, beside the accumulation (25 %) rule: a
grease trap cleaned every day, a grease interceptor inspected by its owner every month, a pump-out every so many
days. Each task, its interval, its clause and its provenance come from the profile's ``device_maintenance``
list; the log says which device it is (``device``) and when each task was last done (``services``: cleanings and
pump-outs; ``inspections`` and the dates of FOG + solids readings: inspections).

Each task is one finding: ``pass`` while its next date is not past, ``fail`` once it is (overdue), ``warn`` when
the log shows no date for it or does not say which device it is.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sizing.finding import FAIL, PASS, WARN, Finding
from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules.device_tasks import DeviceTask, parse_task
from sizing.rules.due import is_overdue

DEVICES = ("gravity", "hydromechanical")
#: Each task and what in the log records it.
TASKS = {"clean": "cleaning", "pump_out": "full pump-out", "inspect": "owner's inspection"}
DEVICE_NAMES = {"gravity": "grease interceptor (gravity)", "hydromechanical": "grease trap (hydromechanical)"}
#: Each task as the due list names it.
DUE_WHAT = {"clean": "cleaning", "pump_out": "pump-out", "inspect": "owner's inspection"}


def tasks(jurisdiction: Jurisdiction) -> tuple[DeviceTask, ...]:
    """The profile's device-type maintenance tasks (checked when the profile was loaded)."""
    raw = jurisdiction.raw.get("device_maintenance") or []
    return tuple(parse_task(f"device_maintenance[{i}]", item) for i, item in enumerate(raw))


def _last(rec: Any, task: str) -> dt.date | None:
    if task == "inspect":
        days = list(getattr(rec, "inspections", ())) + [m.date for m in rec.measurements]
    else:
        days = list(rec.services)
    return max(days) if days else None


def findings(rec: Any, jurisdiction: Jurisdiction, as_of: dt.date) -> list[Finding]:
    """One finding per task of the log's device type; one warning when the log does not name its device."""
    todo = tasks(jurisdiction)
    if not todo:
        return []
    device = getattr(rec, "device", None)
    if device is None:
        cites = "; ".join(dict.fromkeys(t.citation for t in todo))
        listed = "; ".join(f"{TASKS[t.task]} of a {DEVICE_NAMES[t.device]} every {t.every}" for t in todo)
        return [Finding("device_maintenance", WARN, cites, f"The log does not say which device it is (device: "
                        f"gravity or hydromechanical): the intervals fixed by device type are not checked ({listed})",
                        value="not stated", missing=("the device type",), title="Maintenance by device type",
                        correction="State the device (gravity or hydromechanical) in the maintenance log")]
    return [_finding(t, _last(rec, t.task), as_of) for t in todo if t.device == device]


def _finding(t: DeviceTask, last: dt.date | None, as_of: dt.date) -> Finding:
    rule = f"device_{t.task}"
    what = f"{TASKS[t.task]} of the {DEVICE_NAMES[t.device]} every {t.every}" + (
        " [unconfirmed: the interval was not confirmed from the code text]" if t.provenance == "unconfirmed" else "")
    title = f"{TASKS[t.task].capitalize()} every {t.every}"
    note = "value not confirmed from the code text" if t.provenance == "unconfirmed" else None
    if last is None:
        return Finding(rule, WARN, t.citation, f"{what}: no {TASKS[t.task]} on record", value="none on record",
                       limit=f"every {t.every}", provenance=t.provenance, provenance_note=note, title=title,
                       missing=(f"the date of the last {TASKS[t.task]}",),
                       correction=f"Record each {TASKS[t.task]} (date) in the maintenance log ({t.citation})")
    due = t.next_date(last)
    late = is_overdue(due, as_of)
    return Finding(rule, FAIL if late else PASS, t.citation,
                   f"{what}: last {last.isoformat()}, next due by {due.isoformat()}{' — overdue' if late else ''}",
                   value=as_of, limit=due, provenance=t.provenance, provenance_note=note, title=title,
                   correction=(f"Carry out the {TASKS[t.task]} now and every {t.every} after it ({t.citation})"
                               if late else None))


def task_of(rule: str) -> str | None:
    """The task of a device-type finding's rule (``device_clean`` -> ``clean``); None for any other rule."""
    task = rule.removeprefix("device_")
    return task if task != rule and task in TASKS else None


def earliest_due(found: Sequence[Finding], only: Sequence[str] = tuple(TASKS)) -> Finding | None:
    """The device-type finding (of the tasks ``only``) whose next date comes first (None without one)."""
    dated = [f for f in found if isinstance(f.limit, dt.date) and task_of(f.rule) in only]
    return min(dated, key=lambda f: f.limit) if dated else None


@dataclass(frozen=True)
class DeviceCheck:
    """A maintenance log checked against the intervals fixed by device type alone (a jurisdiction with no
    accumulation rule in this tool)."""

    as_of: dt.date
    jurisdiction: str
    letterhead: str
    device: str | None
    findings: tuple[Finding, ...]
    #: the log's liquid depth [in] (None: a form that gives none), kept with the register's row
    liquid_depth_in: float | None = None
    #: no accumulation rule: never "service now" (the register's plan reads these as it reads a full plan's)
    service_now = False

    @property
    def in_order(self) -> bool:
        return not any(f.failed for f in self.findings)

    @property
    def due_date(self) -> dt.date | None:
        """The next date of the task that comes first (None: no task dated)."""
        first = earliest_due(self.findings)
        return None if first is None else first.limit

    #: the next service is the task that comes first
    next_service_date = due_date

    @property
    def due_what(self) -> str:
        """The task that comes first, as the due list names it."""
        first = earliest_due(self.findings)
        return "maintenance task" if first is None else DUE_WHAT[task_of(first.rule)]

    def to_dict(self) -> dict[str, Any]:
        first = earliest_due(self.findings)
        due = None if first is None else first.limit.isoformat()
        return {"as_of": self.as_of.isoformat(), "jurisdiction": self.jurisdiction, "device": self.device,
                "rules": "device_maintenance", "liquid_depth_in": self.liquid_depth_in, "in_order": self.in_order,
                "service_now": False, "due_date": due, "next_service_date": due,
                "due_citation": None if first is None else first.citation,
                "findings": [f.to_dict() for f in self.findings]}


def check(rec: Any, jurisdiction: Jurisdiction) -> DeviceCheck:
    """The log against the profile's intervals by device type."""
    as_of = rec.as_of or dt.date.today()
    return DeviceCheck(as_of=as_of, jurisdiction=jurisdiction.name, letterhead=jurisdiction.letterhead,
                       device=getattr(rec, "device", None), findings=tuple(findings(rec, jurisdiction, as_of)),
                       liquid_depth_in=getattr(rec, "liquid_depth_in", None))


@dataclass(frozen=True)
class Log:
    """The dates a device-type check reads, where no full maintenance log is at hand (the app's form for a
    jurisdiction with only these intervals): the device, its cleanings and pump-outs, the owner's inspections."""

    device: str | None
    services: tuple[dt.date, ...]
    inspections: tuple[dt.date, ...]
    as_of: dt.date
    measurements: tuple[Any, ...] = ()
