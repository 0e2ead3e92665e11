"""The records an FSE keeps, checked against the profile: the approved interval, the pump-outs, the employee
training, each pump-out's wastehauling record and how far back the records reach.

Each check returns a :class:`sizing.finding.Finding` whose message is the requirement and what the log shows
("<title>: <detail>"); a check the log cannot settle (no ``records_kept_since``) is a ``warn``, never a pass.
Every number and citation is read from the jurisdiction profile.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sizing import plan_names as names
from sizing.finding import Finding, status_of
from sizing.io.sections.maintenance import MaintenanceRecord
from sizing.jurisdiction.months import add_months, add_years
from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules.due import is_overdue


def checks(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> list[Finding]:
    """All records checks of a maintenance log, in report order (the approved interval only where one is given)."""
    out = [] if rec.approved_interval_days is None else [approved_interval(rec, as_of, jurisdiction)]
    out += [pump_out_interval(rec, jurisdiction, as_of), training(rec, as_of, jurisdiction)]
    manifest = manifests(rec, as_of, jurisdiction)
    if manifest is not None:
        out.append(manifest)
    return out + [records_retention(rec, as_of, jurisdiction)]


def check(rule: str, title: str, ok: bool | None, citation: str, detail: str, **extra: Any) -> Finding:
    """One records check as a Finding: ok True / False / None (the log does not show it) -> pass / fail / warn."""
    return Finding(rule, status_of(ok), citation, f"{title}: {detail}", title=title, **extra)


def cap(anchor: dt.date, jurisdiction: Jurisdiction) -> tuple[int, int, str]:
    """The maximum service interval: (months, days from ``anchor``, citation)."""
    p = jurisdiction.parameter("max_service_interval_months")
    months = int(p["value"])
    return months, (add_months(anchor, months) - anchor).days, p["citation"]


def approved_interval(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> Finding:
    """Grease interceptor maintenance (e)(2): an approved frequency no longer than the maximum interval.

    The maximum in days counts from the last pump-out (or the evaluation date without one).
    """
    approved = rec.approved_interval_days
    months, days, citation = cap(rec.services[-1] if rec.services else as_of, jurisdiction)
    title = f"Approved interval within the {months}-month maximum"
    if approved > days:
        return check("approved_interval", title, False, citation,
                     f"the approved interval of {approved:g} days is longer than {months} months ({days} days); "
                     f"the {months}-month maximum applies", value=approved, limit=days, unit="days")
    return check("approved_interval", title, True, citation, f"{approved:g} days", value=approved, limit=days,
                 unit="days")


def pump_out_interval(rec: MaintenanceRecord, jurisdiction: Jurisdiction, as_of: dt.date | None = None) -> Finding:
    """Grease interceptor maintenance (e)(2): full pump-outs no more than the maximum interval apart.

    Decision: only gaps that end within the records-retention period (:func:`retention_start`, on ``as_of``) are
    held against the FSE; an older gap lies before the records it must keep and is listed as not counted."""
    p = jurisdiction.parameter("max_service_interval_months")
    months, citation = int(p["value"]), p["citation"]
    title = f"Full pump-outs at least every {months} months"
    if not rec.services:
        return check("pump_out_interval", title, False, citation, "no pump-out on record")
    start = None if as_of is None else retention_start(rec, as_of, jurisdiction)
    every = [(a, b) for a, b in zip(rec.services, rec.services[1:], strict=False) if b > add_months(a, months)]
    gaps = [(a, b) for a, b in every if start is None or b >= start]
    older = [(a, b) for a, b in every if (a, b) not in gaps]
    n = len(rec.services)
    if gaps:
        detail = f"more than {months} months apart: " + "; ".join(
            f"{a.isoformat()} to {b.isoformat()} ({(b - a).days} days)" for a, b in gaps)
    else:
        detail = f"{n} pump-out{'s' if n != 1 else ''}" + (f", none more than {months} months apart" if n > 1 else "")
        if older:
            detail += (f" since {start.isoformat()} (gaps ending before the {start.isoformat()} start of the records "
                       "retention period are not counted: " + "; ".join(
                           f"{a.isoformat()} to {b.isoformat()}" for a, b in older) + ")")
    return check("pump_out_interval", title, not gaps, citation, detail)


def training(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> Finding:
    """Best management practices (b)(5): employee BMP training at least every training interval."""
    p = jurisdiction.parameter("training_interval_months")
    months, citation = int(p["value"]), p["citation"]
    title = f"Employee BMP training at least every {months} months"
    if not rec.training:
        return check("training", title, False, citation, "no training record")
    problems = [f"{a.isoformat()} to {b.isoformat()}" for a, b in zip(rec.training, rec.training[1:], strict=False)
                if b > add_months(a, months)]
    last = rec.training[-1]
    if is_overdue(add_months(last, months), as_of):
        problems.append(f"last training {last.isoformat()} is more than {months} months before {as_of.isoformat()}")
    detail = (f"more than {months} months between trainings: " + "; ".join(problems) if problems
              else f"last training {last.isoformat()}")
    return check("training", title, not problems, citation, detail)


def retention_start(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> dt.date:
    """The first day the records must reach back to: the retention period, or the start of operation if later."""
    need_from = add_years(as_of, -int(jurisdiction.parameter("records_retention_years")["value"]))
    if rec.operating_since is not None and rec.operating_since > need_from:
        need_from = rec.operating_since
    return need_from


def manifests(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> Finding | None:
    """Record keeping (c); Grease interceptor maintenance (f): the hauler and manifest of each pump-out kept.

    Only the pump-outs within the retention period count; None where there is none.
    """
    need_from = retention_start(rec, as_of, jurisdiction)
    kept = [p for p in rec.pump_outs if p.date >= need_from]
    if not kept:
        return None
    lacking = []
    for p in kept:
        gaps = [w for w, v in (("hauler", p.hauler), ("manifest", p.manifest)) if v is None]
        if gaps:
            lacking.append(f"{names.service(p.index, p.date)}: no {' and no '.join(gaps)}")
    n = len(kept)
    if lacking:
        detail = (f"{len(lacking)} of {n} pump-out{'s' if n != 1 else ''} since {need_from.isoformat()} without a "
                  "complete wastehauling record: " + "; ".join(lacking))
    else:
        detail = (f"hauler and manifest recorded for {'each of the ' + str(n) + ' pump-outs' if n != 1 else 'the pump-out'}"
                  f" since {need_from.isoformat()}")
    return check("manifests", "Hauler and manifest of each pump-out", not lacking,
                 jurisdiction.parameter("pump_out_manifests")["citation"], detail)


def records_retention(rec: MaintenanceRecord, as_of: dt.date, jurisdiction: Jurisdiction) -> Finding:
    """Record keeping: maintenance records kept for the retention period (or since the FSE began operating)."""
    p = jurisdiction.parameter("records_retention_years")
    title, citation = f"Records kept for {int(p['value'])} years", p["citation"]
    need_from = retention_start(rec, as_of, jurisdiction)
    if rec.records_kept_since is None:
        return check("records_retention", title, None, citation,
                     f"records_kept_since not given; records must reach back to {need_from.isoformat()}",
                     limit=need_from)
    return check("records_retention", title, rec.records_kept_since <= need_from, citation,
                 f"records kept since {rec.records_kept_since.isoformat()}; required from {need_from.isoformat()}",
                 value=rec.records_kept_since, limit=need_from)
