"""Whether and by when a grease interceptor is required: by the kind of construction, the existing-FSE triggers
and their notification date, and a waiver the submittal carries."""

from __future__ import annotations

import dataclasses
from typing import Any

from sizing.finding import FAIL, INFO, PASS, WARN, Finding
from sizing.jurisdiction.calendar import (
    add_calendar_days,
    add_working_days,
    holidays_between,
    working_days_between,
)
from sizing.rules.review_rules.context import NOT_SHOWN, Deadline, RuleContext
from sizing.rules.review_rules.registry import review_rule

#: Construction types that require an interceptor at once (Grease interceptor requirement (b)(2)).
CHANGE_TYPES = ("remodel", "change_of_ownership", "change_in_operations")
#: How a finding names each existing-FSE trigger (fields of sizing.io.sections.declarations.ExistingFse).
EXISTING_TRIGGERS = {
    "caused_blockage": "has caused or contributed to a grease-related blockage in the sewer system",
    "lateral_to_hot_spot": "has a sewer lateral connected to a hot spot",
    "significant_fog": "was determined by the Director to contribute significant FOG",
}

#: The unit of a period counted in calendar days (its last day extended off a closed day, CCP sections 12, 12a).
CALENDAR_DAYS = "calendar days"


@review_rule("interceptor_required")
def rule_interceptor_required(c: RuleContext) -> list[Finding | Deadline]:
    """Whether and by when an interceptor is required.
    FOG ordinance, Grease interceptor requirement (a), (b)(1), (b)(2); Conditional waivers and variances (a granted waiver)."""
    w = c.waiver
    if w is not None and w["status"] == "granted":
        waived = _waived(c, w)
        if waived is not None:
            return [waived]
        # Expired, with an interceptor shown: the requirement is checked as without a waiver, and says why.
        note = f"; the waiver ({w['citation']}) expired on {w['expiration'].isoformat()}"
        return [dataclasses.replace(x, message=x.message + note) if isinstance(x, Finding) else x
                for x in _requirement(c)]
    return _requirement(c)


def _requirement(c: RuleContext) -> list[Finding | Deadline]:
    """The interceptor requirement without a waiver in force."""
    shown = c.icp is not None
    kind = c.sub.construction
    if kind == "new" or kind in CHANGE_TYPES:
        return _required_now(c, kind, shown)
    return _existing(c, shown)


def _required_now(c: RuleContext, kind: str, shown: bool) -> list[Finding | Deadline]:
    """New construction (before discharge) and a remodel, change of ownership or of operations (at once)."""
    if kind == "new":
        p = c.param("new_construction_install_before_discharge")
        if shown:
            return [Finding("interceptor_required", PASS, p["citation"],
                            "New construction: a grease interceptor is required and is shown; it must be installed "
                            "before the FSE starts discharging wastewater to the sewer", value="shown",
                            limit="required before discharge")]
        return [Finding("interceptor_required", FAIL, p["citation"],
                        "New construction requires a grease interceptor before discharging; none is shown on the plans",
                        value=NOT_SHOWN, limit="required before discharge",
                        correction="Show the grease interceptor on the plans; new construction must install it "
                                   "before discharging wastewater to the sewer")]
    if kind in CHANGE_TYPES:
        p = c.param("change_of_ownership_remodel_operations_install")
        words = kind.replace("_", " ")
        if shown:
            return [Finding("interceptor_required", PASS, p["citation"],
                            f"A {words} requires a grease interceptor; one is shown", value="shown", limit="required")]
        return [Finding("interceptor_required", FAIL, p["citation"],
                        f"A {words} requires a grease interceptor; none is shown on the plans", value=NOT_SHOWN,
                        limit="required",
                        correction=f"Show the grease interceptor on the plans; an FSE undergoing a {words} is "
                                   "required to install one")]
    raise ValueError(f"construction {kind!r} is neither new nor a change")  # pragma: no cover


def _existing(c: RuleContext, shown: bool) -> list[Finding | Deadline]:
    """An existing FSE: required when a trigger is declared, within the working days after the notification."""
    p = c.param("existing_trigger_install_period")
    e = c.dec.existing_fse
    if e is None:
        return [Finding("interceptor_required", WARN, p["citation"],
                        "Existing FSE: the existing_fse section (blockage, hot-spot lateral, significant FOG, "
                        f"notification date) is {NOT_SHOWN}; whether an interceptor is required was not determined",
                        value=NOT_SHOWN)]
    triggers = [EXISTING_TRIGGERS[key] for key in e.triggers]
    if not triggers:
        return [Finding("interceptor_required", INFO, p["citation"],
                        "Existing FSE with no installation trigger declared: no installation deadline applies"
                        + ("; the interceptor shown is reviewed below" if shown else ""),
                        value="no trigger")]
    days = int(p["value"])
    kind = day_kind(p)
    why = "; ".join(triggers)
    if e.notification_date is None:
        status = WARN if shown else FAIL
        return [Finding("interceptor_required", status, p["citation"],
                        f"Existing FSE that {why}: an interceptor is required within {days} {kind} of the "
                        f"Director's notification, whose date is {NOT_SHOWN}", value=NOT_SHOWN,
                        limit=f"{days} {kind}", correction=None if shown else (
                            f"Show the grease interceptor on the plans and the date of the Director's notification; "
                            f"it must be installed within {days} {kind} of that notification"))]
    return _existing_deadline(c, p, days, why, shown)


def _existing_deadline(c: RuleContext, p: dict[str, Any], days: int, why: str,
                       shown: bool) -> list[Finding | Deadline]:
    """The install deadline counted in working days (or calendar days, by the parameter's unit) from the
    Director's notification, and the finding on it."""
    start = c.dec.existing_fse.notification_date
    kind = day_kind(p)
    extended = None
    if kind == CALENDAR_DAYS:
        last = add_calendar_days(start, days, c.jurisdiction)
        due, extended = last.date, last.note
        left, skipped = (due - c.on).days, ()
    else:
        due = add_working_days(start, days, c.jurisdiction)
        left, skipped = working_days_between(c.on, due, c.jurisdiction), tuple(holidays_between(start, due, c.jurisdiction))
    deadline = Deadline(rule="interceptor_required", start=start, start_basis="the Director's notification",
                        working_days=days, date=due, citation=p["citation"], holidays_skipped=skipped,
                        working_days_left=left, day_kind=kind, extended=extended)
    timing = (f"{left} {kind} remain after {c.on.isoformat()}" if left > 0 else
              "the deadline is today" if left == 0 else f"the deadline passed {-left} {kind} before "
              f"{c.on.isoformat()}")
    msg = (f"Existing FSE that {why}: install a grease interceptor within {days} {kind} of the "
           f"notification on {start.isoformat()}, i.e. by {due.isoformat()} "
           f"({timing}{'; ' + extended if extended else ''})")
    if shown:
        status = PASS if left >= 0 else WARN
        finding = Finding("interceptor_required", status, p["citation"], msg + "; an interceptor is shown",
                          value="shown", limit=f"by {due.isoformat()}")
    else:
        finding = Finding("interceptor_required", FAIL, p["citation"], msg + "; none is shown on the plans",
                          value=NOT_SHOWN, limit=f"by {due.isoformat()}",
                          correction=f"Show the grease interceptor on the plans; it must be installed by "
                                     f"{due.isoformat()} ({days} {kind} after the notification of "
                                     f"{start.isoformat()}{'; ' + extended if extended else ''})")
    return [finding, deadline]


def _waived(c: RuleContext, w: dict[str, Any]) -> Finding | None:
    """The requirement as a granted waiver leaves it: waived (info), or failed when the waiver has expired and no
    interceptor is shown; None when it has expired but an interceptor is shown (the requirement is then checked)."""
    validity = c.param("waiver_validity")
    cite = w["citation"]
    granted = w["granted_on"]
    exp = w["expiration"]
    what = f"{w['title']} ({cite})"
    when = f"granted on {granted.isoformat()}" if granted else f"granted (the date it was granted is {NOT_SHOWN})"
    n = len(w["conditions"])
    conditions = (f"; {n} condition{'s' if n != 1 else ''} of the waiver {'are' if n != 1 else 'is'} listed below"
                  if n else "; the waiver states no conditions")
    if w["expired"]:
        if c.icp is not None:
            return None
        return Finding("interceptor_required", FAIL, f"{cite}; {validity['citation']}",
                       f"The {what}, {when}, expired on {exp.isoformat()}, before the review date "
                       f"{c.on.isoformat()}; the grease interceptor requirement applies and the plans show no "
                       "interceptor", value=f"waiver expired {exp.isoformat()}", limit="a waiver in force",
                       correction=f"Show the grease interceptor on the plans, or obtain a new waiver; the waiver "
                                  f"{when.removeprefix('granted ')} expired on {exp.isoformat()}")
    problems = []
    if granted is None:
        problems.append("the date it was granted is not shown")
    elif granted > c.on:
        problems.append(f"it is dated {granted.isoformat()}, after the review date {c.on.isoformat()}")
    if c.sub.construction not in w["applies_to"]:
        problems.append(f"this kind of waiver is for {', '.join(a.replace('_', ' ') for a in w['applies_to'])} "
                        f"construction, and the construction is {c.sub.construction.replace('_', ' ')}")
    until = f"in force through {exp.isoformat()}" if exp else "no expiration date is stated"
    msg = (f"Grease interceptor requirement waived: {what}, {when}, {until}{conditions}")
    if problems:
        return Finding("interceptor_required", WARN, cite, msg + "; check: " + "; ".join(problems),
                       value="waived", limit=until)
    return Finding("interceptor_required", INFO, cite, msg, value="waived", limit=until)


def day_kind(p: dict[str, Any]) -> str:
    """How a deadline parameter counts: its unit, "calendar days" or "working days"."""
    return CALENDAR_DAYS if p.get("unit") == CALENDAR_DAYS else "working days"


def requires_interceptor(c: RuleContext) -> bool | None:
    """Whether the chapter requires an interceptor here (None: the plans do not show whether it does)."""
    if c.sub.construction == "new" or c.sub.construction in CHANGE_TYPES:
        return True
    e = c.dec.existing_fse
    if e is None:
        return None
    return bool(e.triggers)
