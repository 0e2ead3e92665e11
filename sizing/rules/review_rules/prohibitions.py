"""The prohibitions: food grinders (and their removal from existing FSEs), the discharge temperature and FOG
additives."""

from __future__ import annotations

import datetime as dt

from sizing.finding import FAIL, INFO, PASS, WARN, Finding
from sizing.jurisdiction.calendar import add_working_days, holidays_between, working_days_between
from sizing.quantities import show
from sizing.rules.review_rules.context import NOT_SHOWN, Deadline, RuleContext, fixture_names, no_schedule
from sizing.rules.review_rules.registry import review_rule


def _grinders(c: RuleContext):
    return [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].kind.food_grinder and f.count]


@review_rule("food_grinder")
def rule_food_grinder(c: RuleContext) -> Finding:
    """No food grinders in new construction; in an existing FSE only with the Director's written approval.
    FOG ordinance, Prohibitions (a)."""
    p = c.param("food_grinders")
    unknown = no_schedule(c, "food_grinder", p["citation"], "Food grinders")
    if unknown:
        return unknown
    grinders = _grinders(c)
    if not grinders:
        return Finding("food_grinder", PASS, p["citation"], "No food grinder in the plumbing system",
                       value="none", limit=p["value"])
    names = fixture_names(c, grinders)
    approval = c.dec.food_grinder_approval
    approved = bool(approval and approval.approved)
    if c.sub.construction == "new":
        return Finding("food_grinder", FAIL, p["citation"],
                       f"Food grinder in new construction: {names}" + (
                           " (a written approval covers existing FSEs only)" if approved else ""),
                       value="installed", limit="prohibited in new construction",
                       correction=f"Remove the food grinder from the plumbing plans; food grinders are prohibited in "
                                  f"new construction: {names}")
    if approved:
        when = f" dated {approval.date.isoformat()}" if approval.date else ""
        return Finding("food_grinder", PASS, p["citation"],
                       f"Existing FSE food grinder allowed by the Director's written approval{when}: {names}",
                       value="approved", limit="written approval")
    return Finding("food_grinder", FAIL, p["citation"],
                   f"Food grinder in an existing FSE without the Director's written approval: {names}",
                   value="no written approval", limit="written approval",
                   correction=f"Remove the food grinder, or submit the Director's written approval to keep it: {names}")


@review_rule("food_grinder_removal")
def rule_food_grinder_removal(c: RuleContext) -> list[Finding | Deadline] | None:
    """Food grinders removed from existing FSEs within the profile's period after the chapter's effective date.
    FOG ordinance, Prohibitions (a)."""
    grinders = _grinders(c)
    approval = c.dec.food_grinder_approval
    if not grinders or c.sub.construction == "new" or (approval and approval.approved):
        return None
    p = c.param("food_grinder_removal_working_days")
    eff = c.param("ordinance_effective_date")
    days = int(p["value"])
    start = dt.date.fromisoformat(str(eff["value"]))
    due = add_working_days(start, days, c.jurisdiction)
    left = working_days_between(c.on, due, c.jurisdiction)
    deadline = Deadline(rule="food_grinder_removal", start=start, start_basis="the chapter's effective date",
                        working_days=days, date=due, citation=p["citation"],
                        holidays_skipped=tuple(holidays_between(start, due, c.jurisdiction)), working_days_left=left)
    state = "has passed" if left < 0 else "is today" if left == 0 else f"is {left} working days away"
    finding = Finding("food_grinder_removal", INFO, p["citation"],
                      f"Removal deadline for food grinders in existing FSEs: {days} working days after the effective "
                      f"date {start.isoformat()}, i.e. {due.isoformat()}; as of {c.on.isoformat()} it {state}",
                      value=c.on, limit=due, provenance=eff.get("provenance"),
                      provenance_note=f"effective date {start.isoformat()}: {eff.get('rule', '')}")
    return [finding, deadline]


@review_rule("discharge_temperature")
def rule_discharge_temperature(c: RuleContext) -> Finding:
    """No discharge above the profile's maximum temperature into the interceptor.
    FOG ordinance, Prohibitions (d)."""
    p = c.param("max_discharge_temperature")
    limit = float(p["value"])
    t = c.dec.max_discharge_temperature_degf
    if t is None:
        return Finding("discharge_temperature", WARN, p["citation"],
                       f"The maximum discharge temperature is {NOT_SHOWN}; it may not exceed {show(limit, 'degF')}",
                       value=NOT_SHOWN, limit=limit, unit="degF")
    given = c.dec.max_discharge_temperature_given
    shown = f"{show(t, 'degF')}" if given.replace(" ", "").lower().endswith("degf") or given.replace(".", "", 1).isdigit() \
        else f"{given} ({show(t, 'degF')})"
    if t <= limit + 1e-9:
        return Finding("discharge_temperature", PASS, p["citation"],
                       f"Maximum discharge temperature {shown} does not exceed {show(limit, 'degF')}", value=t, limit=limit,
                       unit="degF")
    return Finding("discharge_temperature", FAIL, p["citation"],
                   f"Maximum discharge temperature {shown} exceeds {show(limit, 'degF')}", value=t, limit=limit, unit="degF",
                   correction=f"Limit the wastewater discharged to the grease interceptor to {show(limit, 'degF')} or less, "
                              f"e.g. by tempering or re-routing the hot discharge; the plans show {shown}")


@review_rule("additives")
def rule_additives(c: RuleContext) -> Finding:
    """Additives for treating FOG only with the Director's written authorization or a FOG permit.
    FOG ordinance, Prohibitions (b)."""
    p = c.param("additives_need_authorization")
    a = c.dec.additives
    if a is None or not a.additives_used:
        return Finding("additives", INFO, p["citation"],
                       "No FOG additives declared; additives need the Director's written authorization or a FOG "
                       "wastewater disposal permit", value="none declared", limit="written authorization")
    if a.authorized:
        ref = ", ".join(x for x in (a.permit, a.date.isoformat() if a.date else None) if x)
        return Finding("additives", PASS, p["citation"],
                       "FOG additives used with the Director's written authorization" + (f" ({ref})" if ref else ""),
                       value="authorized", limit="written authorization")
    return Finding("additives", FAIL, p["citation"],
                   "FOG additives are used without the Director's written authorization or a FOG wastewater "
                   "disposal permit", value="not authorized", limit="written authorization",
                   correction="Stop adding FOG additives to the wastewater system, or submit the Director's written "
                              "authorization or FOG wastewater disposal permit for them")
