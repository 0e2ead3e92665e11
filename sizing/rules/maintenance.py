"""Grease interceptor maintenance: the accumulation limit, the service interval, and the records an FSE keeps.

FOG ordinance, Prohibitions (g); Grease interceptor maintenance (e); Best management practices (b)(5);
Record keeping. Every number (the accumulation limit, the maximum and default intervals, the training interval,
the retention period, the readings that establish a frequency, the safety factor) is read from the jurisdiction
profile.

The log is parsed by :mod:`sizing.io.sections.maintenance`; the accumulation (percent full, rates, projections)
is :mod:`sizing.rules.accumulation`; the records checks are :mod:`sizing.rules.records`. This module
derives the frequency and the due date and assembles the :class:`MaintenancePlan`, whose ``findings`` are the
accumulation limit, the service interval and the records checks, in that order.

How the frequency is derived (the profile's local-policy parameters, documented there):

* The (e)(1) frequency counts as *established* once ``maintenance_frequency_min_readings`` readings were
  taken since the last pump-out. Until then the interval is the default ((e)(3)).
* Once established: interval = floor(safety factor x days from empty to the limit), never longer than the
  maximum interval ((e)(2)) and never shorter than one day.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.coded_warnings import Note
from sizing.errors import SizingInputError
from sizing.finding import FAIL, PASS, Finding
from sizing.io.sections.maintenance import MaintenanceRecord, from_dict, load  # noqa: F401  (reading a log, then plan(): this module's API)
from sizing.jurisdiction.months import add_months
from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import show
from sizing.rules import device_maintenance, records
from sizing.rules.accumulation import cycle, limit_finding, readings
from sizing.rules.due import is_overdue

#: The findings about the interceptor's state; every other finding of a plan is a records check.
STATE_RULES = ("accumulation_limit", "service_interval")
PARAMETERS = ("max_accumulation_percent", "max_service_interval_months", "default_service_interval_months",
              "training_interval_months", "records_retention_years", "maintenance_frequency_min_readings",
              "maintenance_interval_safety_factor", "service_immediately_when_over_limit")


@dataclass(frozen=True)
class MaintenancePlan:
    as_of: dt.date
    project: dict[str, str]
    liquid_depth_in: float
    limit_percent: float
    limit_depth_in: float
    readings: tuple[dict[str, Any], ...]
    services: tuple[dt.date, ...]
    latest: dict[str, Any] | None
    percent_full: float | None
    exceeds_limit: bool | None
    last_service: dt.date | None
    readings_since_service: int
    established: bool
    accumulation: dict[str, Any]
    projected_limit_date: dt.date | None
    recommended_interval_days: int | None
    basis: str
    approved_interval_days: float | None
    due_date: dt.date | None
    due_basis: str
    overdue: bool
    service_now: bool
    next_service_date: dt.date | None
    next_service_basis: str
    projection: dict[str, Any] | None
    #: The accumulation limit (with a reading), the service interval (with a due date), then the records checks.
    findings: tuple[Finding, ...]
    warnings: tuple[str, ...]
    citations: dict[str, str]
    #: The jurisdiction's letterhead line, for the maintenance report.
    letterhead: str = ""
    #: The clause the due date rests on (the accumulation limit when its projected date comes first).
    due_citation: str = ""

    @property
    def records(self) -> tuple[Finding, ...]:
        """The records checks: every finding but the accumulation limit and the service interval."""
        return tuple(f for f in self.findings if f.rule not in STATE_RULES)

    @property
    def in_order(self) -> bool:
        """No service due now, not overdue, and no records check failed (a check not shown does not fail)."""
        return not self.service_now and not self.overdue and not any(f.failed for f in self.records)

    def to_dict(self) -> dict[str, Any]:
        def iso(d: dt.date | None) -> str | None:
            return None if d is None else d.isoformat()

        return {
            "as_of": iso(self.as_of),
            "project": dict(self.project),
            "in_order": self.in_order,
            "liquid_depth_in": self.liquid_depth_in,
            "limit_percent": self.limit_percent,
            "limit_depth_in": self.limit_depth_in,
            "percent_full": self.percent_full,
            "exceeds_limit": self.exceeds_limit,
            "service_now": self.service_now,
            "overdue": self.overdue,
            "latest_reading": self.latest,
            "last_service": iso(self.last_service),
            "readings_since_service": self.readings_since_service,
            "frequency_established": self.established,
            "accumulation": dict(self.accumulation),
            "projected_limit_date": iso(self.projected_limit_date),
            "recommended_interval_days": self.recommended_interval_days,
            "basis": self.basis,
            "approved_interval_days": self.approved_interval_days,
            "due_date": iso(self.due_date),
            "due_basis": self.due_basis,
            "due_citation": self.due_citation,
            "next_service_date": iso(self.next_service_date),
            "next_service_basis": self.next_service_basis,
            "readings": [dict(r) for r in self.readings],
            "services": [iso(s) for s in self.services],
            "projection": None if self.projection is None else dict(self.projection),
            "findings": [f.to_dict() for f in self.findings],
            "records": [f.to_dict() for f in self.records],
            "warnings": list(self.warnings),
            "citations": dict(self.citations),
        }


# --- Orchestration -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Rules:
    """The profile's maintenance numbers and their citations (by parameter key)."""

    limit: float
    cap_months: int
    default_months: int
    min_readings: int
    safety: float
    cite: dict[str, str]


def _rules(jurisdiction: Jurisdiction) -> _Rules:
    if not jurisdiction.has_maintenance_rules:
        raise SizingInputError("jurisdiction", jurisdiction.id, "", message=(
            f"jurisdiction: {jurisdiction.name} ({jurisdiction.id!r}) has no maintenance rules in this tool (no accumulation "
            "limit or service interval); check the log under the jurisdiction whose rules apply (--jurisdiction ID)"))
    p = {k: jurisdiction.parameter(k) for k in PARAMETERS}
    return _Rules(limit=float(p["max_accumulation_percent"]["value"]),
                  cap_months=int(p["max_service_interval_months"]["value"]),
                  default_months=int(p["default_service_interval_months"]["value"]),
                  min_readings=int(p["maintenance_frequency_min_readings"]["value"]),
                  safety=float(p["maintenance_interval_safety_factor"]["value"]),
                  cite={k: v["citation"] for k, v in p.items()})


def plan(rec: MaintenanceRecord, jurisdiction: Jurisdiction) -> MaintenancePlan:
    """Evaluate a maintenance log against the accumulation limit and the service-interval and records rules of
    ``jurisdiction``."""
    r = _rules(jurisdiction)
    as_of = rec.as_of or dt.date.today()
    limit_depth = rec.liquid_depth_in * r.limit / 100.0
    warnings: list[str] = []
    findings: list[Finding] = []

    last_service = rec.services[-1] if rec.services else None
    rows = readings(rec, r.limit)
    latest = rows[-1] if rows else None
    service_now = _latest_state(latest, last_service, r, warnings, findings)

    cyc = cycle(rec, limit_depth)
    n_cycle = len(cyc.readings)
    established = n_cycle >= r.min_readings and cyc.rate is not None
    if cyc.rate is not None and cyc.rate <= 0:
        warnings.append(Note("no_accumulation", "the readings since the last pump-out show no accumulation; the rate "
                             "cannot project a date"))
    recommended, basis, cap_days = _recommended(rec, r, last_service or as_of, established, cyc, limit_depth)

    approved = rec.approved_interval_days
    if approved is not None and approved <= cap_days and established and recommended < approved:
        warnings.append(Note("shorter_than_approved", f"the measured accumulation supports {recommended} days, "
                             f"shorter than the approved {approved:g} days; the Director may increase the frequency "
                             f"({r.cite['service_immediately_when_over_limit']})", recommended_days=recommended))
    due_date, due_basis, due_cite = _due(rec, r, last_service, established, cyc.projected_limit_date)
    overdue = due_date is not None and is_overdue(due_date, as_of)
    if due_date is not None:
        findings.append(service_finding(as_of, due_date, due_basis, due_cite))
    next_date, next_basis = _next_service(as_of, r, latest, service_now, last_service, recommended,
                                          (due_date, due_basis, overdue), cyc.projected_limit_date)

    findings += records.checks(rec, as_of, jurisdiction)
    by_device = device_maintenance.findings(rec, jurisdiction, as_of)
    findings += by_device
    due_date, due_basis, due_cite, overdue = _device_due(by_device, (due_date, due_basis, due_cite, overdue))
    citations = {"accumulation_limit": r.cite["max_accumulation_percent"],
                 "maximum_interval": r.cite["max_service_interval_months"],
                 "quarterly_default": r.cite["default_service_interval_months"],
                 "service_immediately": r.cite["service_immediately_when_over_limit"],
                 "established_readings": r.cite["maintenance_frequency_min_readings"] + " (local policy)",
                 "safety_factor": r.cite["maintenance_interval_safety_factor"] + " (local policy)"}
    projected = cyc.projected_limit_date
    return MaintenancePlan(
        as_of=as_of, project=dict(rec.project), liquid_depth_in=rec.liquid_depth_in, limit_percent=r.limit,
        limit_depth_in=round(limit_depth, 6), readings=tuple(rows), services=rec.services, latest=latest,
        percent_full=None if latest is None else latest["percent_full"],
        exceeds_limit=None if latest is None else latest["exceeds_limit"], last_service=last_service,
        readings_since_service=n_cycle, established=established, accumulation=cyc.to_dict(),
        projected_limit_date=projected, recommended_interval_days=recommended, basis=basis,
        approved_interval_days=approved, due_date=due_date, due_basis=due_basis,
        due_citation=due_cite if due_date is not None else "", overdue=overdue, service_now=service_now,
        next_service_date=next_date, next_service_basis=next_basis,
        projection=cyc.projection(projected if projected is not None else (next_date or as_of)),
        findings=tuple(findings), warnings=tuple(warnings), citations=citations, letterhead=jurisdiction.letterhead)


def has_rules(jurisdiction: Jurisdiction) -> bool:
    """Whether the profile has maintenance rules of either kind: the accumulation rule's plan, or intervals fixed
    by device type."""
    return jurisdiction.has_maintenance_rules or bool(device_maintenance.tasks(jurisdiction))


def evaluate(rec: MaintenanceRecord, jurisdiction: Jurisdiction) -> MaintenancePlan | device_maintenance.DeviceCheck:
    """The log under whatever maintenance rules the profile has: the accumulation rule's :func:`plan` (with the
    intervals by device type beside it, when the profile has both), else the intervals by device type alone
    (:func:`sizing.rules.device_maintenance.check`); a profile with neither is refused as :func:`plan`
    refuses it."""
    if not jurisdiction.has_maintenance_rules and device_maintenance.tasks(jurisdiction):
        return device_maintenance.check(rec, jurisdiction)
    return plan(rec, jurisdiction)


def _device_due(found: list[Finding], due: tuple[dt.date | None, str, str, bool]) -> tuple[dt.date | None, str, str,
                                                                                              bool]:
    """The due date, its basis, clause and whether it is past: a pump-out interval fixed by device type whose next
    date comes before the pump-out's due date becomes the plan's due date (a cleaning or an owner's inspection is
    not a pump-out: it stays its own finding, with its own date)."""
    first = device_maintenance.earliest_due(found, only=("pump_out",))
    if first is None or (due[0] is not None and due[0] <= first.limit):
        return due
    return first.limit, f"{first.title} ({first.message})", first.citation, first.status == FAIL


def _latest_state(latest: dict[str, Any] | None, last_service: dt.date | None, r: _Rules, warnings: list[str],
                  findings: list[Finding]) -> bool:
    """The latest reading against the limit (its finding added); True when it calls for service now: over the
    limit and taken after the last pump-out."""
    if latest is None:
        return False
    current = last_service is None or dt.date.fromisoformat(latest["date"]) > last_service
    if not current:
        warnings.append(Note("reading_before_pump_out", f"the latest reading ({latest['date']}) was taken on or "
                             f"before the last pump-out ({last_service.isoformat()}); it does not show the "
                             "interceptor's present state"))
    findings.append(limit_finding(latest, r.limit, r.cite["max_accumulation_percent"]))
    return bool(latest["exceeds_limit"] and current)


def _recommended(rec: MaintenanceRecord, r: _Rules, anchor: dt.date, established: bool, cyc: Any,
                 limit_depth: float) -> tuple[int, str, int]:
    """The recommended interval [days] and its basis, and the maximum interval in days from ``anchor``."""
    cap_days = (add_months(anchor, r.cap_months) - anchor).days
    default_days = (add_months(anchor, r.default_months) - anchor).days
    n_cycle, cite = len(cyc.readings), r.cite
    if not established:
        need = (f"at least {r.min_readings} FOG + solids readings since the last pump-out "
                f"({cite['maintenance_frequency_min_readings']}; local policy)")
        return default_days, (f"{_every(r.default_months)} default ({r.default_months} months = {default_days} days) "
                              f"while the frequency is not established ({cite['default_service_interval_months']}); "
                              f"{n_cycle} of {r.min_readings} readings: the frequency is established by {need}"), cap_days
    if cyc.days_to_limit is None:
        return cap_days, (f"frequency established ({n_cycle} readings since the last pump-out) but no measurable "
                          f"accumulation: the {r.cap_months}-month maximum applies "
                          f"({cite['max_service_interval_months']})"), cap_days
    measured = max(1, math.floor(r.safety * cyc.days_to_limit))
    basis = (f"measured accumulation {cyc.rate:.4f} in/day: {cyc.days_to_limit:.1f} days from empty to {show(r.limit, '%')} "
             f"({show(limit_depth, 'in')} of {show(rec.liquid_depth_in, 'in')}) x safety factor {r.safety:g} = {measured} days "
             f"(local policy, {cite['maintenance_interval_safety_factor']})")
    if measured > cap_days:
        basis += f"; capped at {r.cap_months} months = {cap_days} days ({cite['max_service_interval_months']})"
    return min(measured, cap_days), basis, cap_days


def _due(rec: MaintenanceRecord, r: _Rules, last_service: dt.date | None, established: bool,
         projected: dt.date | None) -> tuple[dt.date | None, str, str]:
    """The due date, its basis and its clause: the schedule's date, or the projected date of reaching the limit
    when that comes first ((e)(1): pump when the projection reaches it)."""
    if last_service is None:
        return None, "no pump-out on record", r.cite["max_service_interval_months"]
    due_date, due_basis, due_cite = _scheduled_due(rec, last_service, established, r.cap_months, r.default_months,
                                                   r.cite)
    if projected is not None and projected < due_date:
        due_basis = (f"the projected date of reaching {show(r.limit, '%')} ({r.cite['max_accumulation_percent']}), before "
                     f"the scheduled {due_date.isoformat()}: {due_basis}")
        due_date, due_cite = projected, r.cite["max_accumulation_percent"]
    return due_date, due_basis, due_cite


def _next_service(as_of: dt.date, r: _Rules, latest: dict[str, Any] | None, service_now: bool,
                  last_service: dt.date | None, recommended: int, due: tuple[dt.date | None, str, bool],
                  projected: dt.date | None) -> tuple[dt.date | None, str]:
    """The recommended next pump-out: now when over the limit, else the earliest of the recommended interval, the
    due date and the projected date of reaching the limit."""
    due_date, due_basis, overdue = due
    if service_now:
        return as_of, (f"the latest reading is {show(latest['percent_full'], '%')}, over the {show(r.limit, '%')} limit: service "
                       f"immediately ({r.cite['service_immediately_when_over_limit']})")
    if last_service is None:
        return None, "no pump-out on record: a full pump-out starts the maintenance cycle"
    next_date = last_service + dt.timedelta(days=recommended)
    next_basis = f"last pump-out {last_service.isoformat()} + {recommended} days"
    if due_date is not None and due_date < next_date:
        next_date, next_basis = due_date, f"the due date: {due_basis}"
    if projected is not None and projected < next_date:
        next_date, next_basis = projected, f"the projected date of reaching {show(r.limit, '%')}"
    if overdue:
        next_basis += f"; OVERDUE since {due_date.isoformat()}: service now"
    return next_date, next_basis


def _scheduled_due(rec: MaintenanceRecord, last_service: dt.date, established: bool, cap_months: int,
                   default_months: int, cite: dict[str, str]) -> tuple[dt.date, str, str]:
    """The due date by the schedule that applies (approved, default or the maximum interval), its basis and
    clause. An interval given in months counts calendar months; one given in days or weeks, exact days."""
    cap_date = add_months(last_service, cap_months)
    approved = rec.approved_interval_days
    if approved is not None:
        months = rec.approved_interval_months
        if months is not None:
            scheduled, words = add_months(last_service, months), f"{months} calendar month{'s' if months != 1 else ''}"
        else:
            scheduled, words = last_service + dt.timedelta(days=math.floor(approved)), f"{approved:g} days"
        return (min(scheduled, cap_date), f"approved interval of {words} after the last pump-out (at most "
                f"{cap_months} months) ({cite['max_service_interval_months']})", cite["max_service_interval_months"])
    if not established:
        return (add_months(last_service, default_months), f"{_every(default_months)} while the frequency is not "
                f"established ({cite['default_service_interval_months']})", cite["default_service_interval_months"])
    return (cap_date, f"{cap_months} months after the last pump-out ({cite['max_service_interval_months']})",
            cite["max_service_interval_months"])


def default_due(last_service: dt.date, jurisdiction: Jurisdiction) -> tuple[dt.date, str, str] | None:
    """Grease interceptor maintenance (e)(3): the due date after ``last_service`` when nothing else is known (no
    approved interval, no readings since), its basis and clause; None under a profile without maintenance rules.

    The date :func:`plan` gives a log whose last pump-out is ``last_service`` with no readings after it and no
    approved interval (the frequency is not established: the default interval)."""
    if not jurisdiction.has_maintenance_rules:
        return None
    r = _rules(jurisdiction)
    return _scheduled_due(MaintenanceRecord(liquid_depth_in=1.0, services=(last_service,)), last_service, False,
                          r.cap_months, r.default_months, r.cite)


def service_due(result: Mapping[str, Any]) -> tuple[dt.date | None, str, str]:
    """The date a stored maintenance evaluation (``MaintenancePlan.to_dict()``) says the next pump-out is due by,
    its basis and its clause: the one reading of a log that ``sizing maintenance`` and the register's due list
    share (whether it is overdue on a day is :func:`sizing.rules.due.status`)."""
    day = result.get("due_date") or result.get("next_service_date")
    cites = result.get("citations") or {}
    citation = result.get("due_citation") or cites.get("maximum_interval", "")
    return (None if not day else dt.date.fromisoformat(str(day)[:10]), result.get("due_basis") or "", citation)


def service_finding(as_of: dt.date, due_date: dt.date, due_basis: str, citation: str) -> Finding:
    """Grease interceptor maintenance (e)(1)-(e)(3): the next full pump-out by its due date; after it, overdue.

    >>> f = service_finding(dt.date(2025, 6, 2), dt.date(2025, 6, 1), "basis", "c")
    >>> f.status, f.message
    ('fail', 'pump-out due by 2025-06-01 — overdue (basis)')
    """
    late = is_overdue(due_date, as_of)
    return Finding("service_interval", FAIL if late else PASS, citation,
                   f"pump-out due by {due_date.isoformat()}{' — overdue' if late else ''} ({due_basis})",
                   value=as_of, limit=due_date, title="Full pump-out by its due date")


def _every(months: int) -> str:
    """A service interval in words: 'quarterly' for 3 months, 'every-N-months' where no word fits.

    >>> _every(3), _every(1), _every(4)
    ('quarterly', 'monthly', 'every-4-months')
    """
    return {1: "monthly", 3: "quarterly", 12: "annual"}.get(months, f"every-{months}-months")
