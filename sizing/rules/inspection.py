"""A field inspection against the profile: its checklists, its readings against the accumulation limit, the
notices its failures open, and each notice's due date.

FOG ordinance, Inspection and sampling (a); Best management practices (b)(1)-(5); Record keeping (a)-(f);
Grease interceptor maintenance (e)(5); Reporting (b), (c). The checklists, the notice types, their escalation tiers
and their compliance periods are the profile's ``inspections`` block; a profile without one records an
inspection's readings only (no checklist, no notice).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.errors import SizingInputError
from sizing.io.sections.inspection import NO, InspectionRecord
from sizing.jurisdiction.calendar import CalendarDue, add_calendar_days, add_working_days
from sizing.jurisdiction.profile import Jurisdiction
from sizing.plan_names import ACRONYMS
from sizing.quantities import show, show_against
from sizing.rules.accumulation import exceeds_accumulation_limit, percent_full

NO_CHECKLISTS = "checklists are not defined for {name}: the inspection records its readings only"
#: An inspection's outcomes: something failed; nothing failed but items were left unanswered or nothing was
#: checked at all; every checklist item answered (or a reading checked against the limit) and nothing failed.
PASSED, FAILED, INCOMPLETE = "passed", "failed", "incomplete"
OUTCOMES = (PASSED, FAILED, INCOMPLETE)


def _outcome(failures: int, answered: int, unanswered: int, limit_checked: bool) -> str:
    """The one rule: failed with a failure; incomplete with an item unanswered or nothing checked; else passed."""
    if failures:
        return FAILED
    return INCOMPLETE if unanswered or not (answered or limit_checked) else PASSED


def outcome(result: Mapping[str, Any]) -> str:
    """The outcome of a stored inspection (:meth:`InspectionResult.to_dict`, older rows included)."""
    return _outcome(len(result.get("failures") or ()), len(result.get("answers") or ()),
                    len(result.get("unanswered") or ()),
                    (result.get("readings") or {}).get("exceeds_limit") is not None)


def item_words(item: str) -> str:
    """An inspection's item (a notice's, a failure's) as a person reads it: a checklist item by its words, a
    finding counted from 1, the accumulation limit by what it measures (never the key).

    >>> item_words("bmp.drain_screens"), item_words("records.bmp_training_records"), item_words("finding[0]")
    ('drain screens', 'BMP training records', 'finding 1')
    >>> item_words("accumulation")
    'FOG and solids over the limit'
    """
    text = str(item)
    if text == "accumulation":
        return "FOG and solids over the limit"
    if text.startswith("finding[") and text.endswith("]") and text[8:-1].isdigit():
        return f"finding {int(text[8:-1]) + 1}"
    return " ".join(ACRONYMS.get(w, w) for w in text.rsplit(".", 1)[-1].split("_"))


def outcome_words(result: Mapping[str, Any], texts: Mapping[str, str] | None = None) -> str:
    """A stored inspection's outcome in words, naming the checklist items it left unanswered:
    'passed', '2 item(s) failed', 'incomplete: 10 of 11 checklist items not answered (food waste, ...)';
    ``texts``: each item by its text (item -> text, as :func:`checklist_items` gives them), else by
    :func:`item_words`.

    >>> outcome_words({"answers": [], "unanswered": ["bmp.food_waste"]}, {"bmp.food_waste": "Food waste binned"})
    'incomplete: 1 of 1 checklist items not answered (Food waste binned)'
    >>> outcome_words({"answers": [], "unanswered": ["bmp.food_waste"]})
    'incomplete: 1 of 1 checklist items not answered (food waste)'
    """
    state = outcome(result)
    words = {PASSED: PASSED, FAILED: f"{len(result.get('failures') or ())} item(s) failed"}.get(state, INCOMPLETE)
    left = [(texts or {}).get(k) or item_words(k) for k in result.get("unanswered") or ()]
    if left:
        total = len(left) + len(result.get("answers") or ())
        words += f"{';' if state == FAILED else ':'} {len(left)} of {total} checklist items not answered " \
                 f"({', '.join(left)})"
    elif state == INCOMPLETE:
        words += ": nothing checked (no checklist answer, no reading against the accumulation limit)"
    return words


@dataclass(frozen=True)
class Failure:
    """Something an inspection found that opens a notice: a checklist item answered "no", a finding naming a
    notice, or a reading over the accumulation limit."""

    source: str          # checklist | finding | readings
    item: str            # the checklist item's key (``bmp.drain_screens``), ``finding[i]`` or ``accumulation``
    text: str
    citation: str
    notice: str | None   # the notice type it opens (None: recorded without a notice)
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "item": self.item, "text": self.text, "citation": self.citation,
                "notice": self.notice, "note": self.note}


@dataclass(frozen=True)
class InspectionResult:
    rec: InspectionRecord
    jurisdiction: str
    checklists_defined: bool
    answers: tuple[dict[str, Any], ...]
    #: the liquid depth the percent full is of [in]: the inspection's, else the FSE's latest maintenance log's
    liquid_depth_in: float | None
    percent_full: float | None
    limit_percent: float | None
    exceeds_limit: bool | None
    failures: tuple[Failure, ...]
    notes: tuple[str, ...]
    #: the profile's checklist items this inspection did not answer (``bmp.exhaust_filters``): not checked
    unanswered: tuple[str, ...] = ()

    @property
    def outcome(self) -> str:
        """passed, failed or incomplete (:func:`outcome`)."""
        return _outcome(len(self.failures), len(self.answers), len(self.unanswered), self.exceeds_limit is not None)

    @property
    def passed(self) -> bool:
        """Every item checked and nothing failed (an inspection that answers nothing has not passed)."""
        return self.outcome == PASSED

    def to_dict(self) -> dict[str, Any]:
        r = self.rec
        return {"date": r.date.isoformat(), "purpose": r.purpose, "project": dict(r.project),
                "jurisdiction": self.jurisdiction, "interceptor_condition": r.condition,
                "readings": None if not r.has_readings and r.liquid_depth_in is None else {
                    "liquid_depth_in": self.liquid_depth_in, "liquid_depth_given": r.liquid_depth_in is not None,
                    "fog_in": r.fog_in, "solids_in": r.solids_in,
                    "percent_full": self.percent_full, "limit_percent": self.limit_percent,
                    "exceeds_limit": self.exceeds_limit},
                "checklists_defined": self.checklists_defined, "answers": [dict(a) for a in self.answers],
                "unanswered": list(self.unanswered),
                "findings": [{"clause": f.clause, "text": f.text, "notice": f.notice} for f in r.findings],
                "photos": [{"name": p.name, "media_type": p.media_type, "size_bytes": p.size_bytes,
                            "sha256": p.sha256, "caption": p.caption} for p in r.photos],
                "resolves": [{"notice": n, "evidence": e} for n, e in r.resolves],
                "passed": self.passed, "outcome": self.outcome, "failures": [f.to_dict() for f in self.failures], "notes": list(self.notes),
                "note": r.note}


def checklist_items(jurisdiction: Jurisdiction) -> dict[str, dict[str, Any]]:
    """``{"bmp.drain_screens": item, ...}``: every item of the profile's checklists, with its checklist's key."""
    spec = jurisdiction.inspections or {}
    return {f"{k}.{item['key']}": {**item, "checklist": k, "checklist_title": c["title"]}
            for k, c in (spec.get("checklists") or {}).items() for item in c["items"]}


def evaluate(rec: InspectionRecord, jurisdiction: Jurisdiction, liquid_depth_in: float | None = None) -> InspectionResult:
    """The inspection under ``jurisdiction``: each answer against its checklist item, the reading against the
    accumulation limit (the liquid depth given, else ``liquid_depth_in`` from the register), the failures."""
    spec = jurisdiction.inspections
    notes: list[str] = []
    failures: list[Failure] = []
    answers = _answers(rec, jurisdiction, failures)
    if spec is None:
        notes.append(NO_CHECKLISTS.format(name=jurisdiction.name))
    types = (spec or {}).get("notices") or {}
    for i, f in enumerate(rec.findings):
        if f.notice is not None and f.notice not in types:
            raise SizingInputError(f"inspection.findings[{i}].notice", f.notice, "", message=(
                f"inspection.findings[{i}].notice: expected a notice type of {jurisdiction.name}: "
                + (", ".join(types) if types else "none (the profile defines no notices)") + f", got {f.notice!r}"))
        failures.append(Failure("finding", f"finding[{i}]", f.text, f.clause, f.notice))
    depth = rec.liquid_depth_in if rec.liquid_depth_in is not None else liquid_depth_in
    percent = limit = over = None
    if rec.has_readings and depth is not None:
        percent = round(percent_full(rec.fog_in, rec.solids_in, depth), 6)
        if jurisdiction.has_maintenance_rules:
            p = jurisdiction.parameter("max_accumulation_percent")
            limit = float(p["value"])
            over = exceeds_accumulation_limit(percent, limit)
            if over:
                failures.append(Failure("readings", "accumulation", f"FOG + solids {show_against(percent, limit, '%')} of "
                                        f"the liquid depth, over {show(limit, '%')}", p["citation"], (spec or {}).get("over_limit_notice")))
    elif rec.has_readings:
        notes.append("no liquid depth: the reading is recorded without its percent full (give "
                     "inspection.readings.liquid_depth, or store a maintenance log first)")
    return InspectionResult(rec=rec, jurisdiction=jurisdiction.id, checklists_defined=spec is not None,
                            answers=tuple(answers), liquid_depth_in=depth, percent_full=percent, limit_percent=limit, exceeds_limit=over,
                            failures=tuple(failures), notes=tuple(notes),
                            unanswered=tuple(k for k in checklist_items(jurisdiction)
                                             if k not in {f"{a['checklist']}.{a['key']}" for a in answers}))


def _answers(rec: InspectionRecord, jurisdiction: Jurisdiction, failures: list[Failure]) -> list[dict[str, Any]]:
    """Each answer with its item's text and clause; a "no" is a failure opening the item's notice."""
    if rec.answers and jurisdiction.inspections is None:
        raise SizingInputError("inspection.checklists", None, "", message=(
            "inspection.checklists: " + NO_CHECKLISTS.format(name=jurisdiction.name)
            + "; leave the checklists out, or inspect under a jurisdiction that defines them"))
    items = checklist_items(jurisdiction)
    lists = {k.split(".")[0] for k in items}
    out = []
    for a in rec.answers:
        path = f"inspection.checklists.{a.checklist}"
        if a.checklist not in lists:
            raise SizingInputError(path, None, "", message=f"{path}: not a checklist of {jurisdiction.name}; "
                                   f"checklists: {', '.join(sorted(lists))}")
        item = items.get(f"{a.checklist}.{a.key}")
        if item is None:
            known = [k.split(".", 1)[1] for k in items if k.startswith(a.checklist + ".")]
            raise SizingInputError(f"{path}.{a.key}", None, "", message=(
                f"{path}.{a.key}: not an item of the {a.checklist} checklist; items: {', '.join(known)}"))
        out.append({"checklist": a.checklist, "key": a.key, "text": item["text"], "citation": item["citation"],
                    "answer": a.answer, "note": a.note})
        if a.answer == NO:
            failures.append(Failure("checklist", f"{a.checklist}.{a.key}", item["text"], item["citation"],
                                    item.get("notice"), a.note))
    return out


# --- notices ------------------------------------------------------------------------------------------------

def notice_type(jurisdiction: Jurisdiction, key: str) -> Mapping[str, Any]:
    types = (jurisdiction.inspections or {}).get("notices") or {}
    if key not in types:
        raise SizingInputError("notice", key, "one of " + (", ".join(types) or "none (no notices in the profile)"))
    return types[key]


def tier(jurisdiction: Jurisdiction, key: str, number: int) -> dict[str, Any]:
    """Tier ``number`` (1 = the first notice) of a notice type, the last tier beyond its end: its title, clause
    and compliance period."""
    t = notice_type(jurisdiction, key)
    tiers = t["tiers"]
    n = min(max(number, 1), len(tiers))
    spec = tiers[n - 1]
    return {"type": key, "tier": n, "title": spec["title"], "citation": spec.get("citation") or t["citation"],
            "tier_citation": spec.get("citation"), "period": dict(spec["period"]), "last": n == len(tiers)}


def due(issued: dt.date, period: Mapping[str, Any], jurisdiction: Jurisdiction) -> CalendarDue:
    """The last day to comply: ``value`` calendar days after ``issued`` (a last day on a Saturday, a Sunday or a
    holiday extended to the next working day, :func:`~sizing.jurisdiction.calendar.add_calendar_days`), or the
    ``value``-th working day after it on the profile's calendar (the day of the notice is day 0)."""
    if period["unit"] == "working days":
        day = add_working_days(issued, int(period["value"]), jurisdiction)
        return CalendarDue(day, day)
    return add_calendar_days(issued, int(period["value"]), jurisdiction)


def due_on(issued: dt.date, period: Mapping[str, Any], jurisdiction: Jurisdiction) -> dt.date:
    """The date of :func:`due`.

    >>> from sizing.jurisdiction.profile import get
    >>> due_on(dt.date(2026, 3, 2), {"value": 30, "unit": "days"}, get("tracy"))
    datetime.date(2026, 4, 1)
    >>> due_on(dt.date(2025, 11, 26), {"value": 1, "unit": "working days"}, get("tracy"))  # Thanksgiving, day after
    datetime.date(2025, 12, 1)
    """
    return due(issued, period, jurisdiction).date


def due_note(issued: dt.date, period: Mapping[str, Any], due_date: dt.date, jurisdiction: Jurisdiction) -> str | None:
    """Why a stored due date is later than its period counts (the last day extended off a closed day), or None
    (not moved, or stored under another rule: the date is shown as stored)."""
    found = due(issued, period, jurisdiction)
    return found.note if found.date == due_date else None


def period_words(period: Mapping[str, Any], *, caveat: bool = True) -> str:
    """A period as a notice prints it, saying when it is a program default rather than the ordinance's (the
    staff's words; ``caveat=False``: the bare period, as the letter sent states it, as the Director's).

    >>> period_words({"value": 30, "unit": "days", "provenance": "unconfirmed", "policy": "local"})
    '30 days (program default; the ordinance sets no period)'
    >>> period_words({"value": 30, "unit": "days", "provenance": "confirmed"})
    '30 days'
    >>> period_words({"value": 1, "unit": "working days", "provenance": "unconfirmed"}, caveat=False)
    '1 working day'
    """
    words = f"{period['value']} {period['unit'] if period['value'] != 1 else period['unit'].removesuffix('s')}"
    if caveat and period.get("provenance") != "confirmed":
        words += " (program default; the ordinance sets no period)"
    return words
