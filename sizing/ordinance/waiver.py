"""Conditional waivers and variances of the grease interceptor requirement, and their revocation.

TMC section 5.26.080. The kinds, their findings and citations, the standard conditions and the local
evidence thresholds are read from the jurisdiction profile (``waivers``, ``waiver_evidence``, parameters).

Input: a submittal with a ``waiver`` section, an optional ``application`` section (the FSE's data behind
findings (c)(1) and (c)(2)) and an optional ``revocation`` section::

    construction: new                      # (c) for new construction and remodels; (b), (d) for existing FSEs
    waiver:
      type: new_construction               # new_construction (c) | infeasible_existing (d) | alternative_pretreatment (b)
      findings:                            # the Director's findings: true/false or {met, evidence}
        negligible_fog_quantity: {met: true, evidence: "coffee bar, no cooking"}
      mitigation_fee_paid: false           # (d): the grease disposal mitigation fee (section 5.26.190)
      monitoring:                          # (b)(3): downstream visual monitoring after installation
        start: 2025-01-06
        end: 2025-04-07
        inspections: [{date: 2025-01-06, visible_fog: false}, {date: 2025-04-07, visible_fog: false}]
      terms: ["..."]                       # the terms and conditions the waiver carries ((f))
      expiration: 2027-12-31
      date: 2025-05-01                     # the determination date (default: review_date, else today)
      technology: "..."                    # (b): the alternative pretreatment proposed
    application:                           # data scored against waiver_evidence (local policy)
      seats: 12
      meals_per_day: 60
      water_use: 250 gal/day               # bare number = gal/day
      kitchen_hood: none                   # none | type_ii | type_i
      fryers: 0
      on_site_consumption: 40 %
      sampling: [{date: 2025-03-01, fog: 35 mg/L}]
      inspections: [{date: 2025-03-01, visible_fog: false}]
    revocation:                            # (g): revoking a waiver granted earlier
      notice_mailed: 2025-06-02
      proposed_effective: 2025-07-02
      grounds: [i]                         # i | ii | iii (or failed_terms | findings_no_longer_true | change_in_law)
      response_received: 2025-06-20        # true/false or the date the written response arrived
      response_considered: true            # the Director reviewed and considered it ((g)(2))

Seats default to ``meals.seats`` when ``application.seats`` is not given. The Director's determination
decides each finding; the score only shows what the application's data say, and a finding the Director
marks met against the data is reported as a warning, never hidden.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing import parse
from sizing.errors import SizingInputError
from sizing.jurisdiction import DEFAULT_ID
from sizing.jurisdiction import get as get_jurisdiction
from sizing.ordinance.maintenance import add_months
from sizing.submittal import Submittal
from sizing.tables import load_table, profile_parameter
from sizing.units import parse_quantity

WAIVER_FIELDS = ("type", "findings", "mitigation_fee_paid", "monitoring", "terms", "expiration", "date",
                 "technology", "status", "granted_on", "conditions", "notes")
#: ``applied``: an application for the Director (``sizing waiver``); ``granted``: a waiver in force, which plan
#: review honours until its expiration; ``denied`` and ``revoked`` waive nothing.
WAIVER_STATUSES = ("applied", "granted", "denied", "revoked")
FINDING_FIELDS = ("met", "evidence")
MONITORING_FIELDS = ("start", "end", "inspections", "notes")
INSPECTION_FIELDS = ("date", "visible_fog", "inspector", "note")
APPLICATION_FIELDS = ("seats", "meals_per_day", "water_use", "kitchen_hood", "fryers", "on_site_consumption",
                      "menu", "sampling", "inspections", "notes")
SAMPLE_FIELDS = ("date", "fog", "note")
REVOCATION_FIELDS = ("notice_mailed", "proposed_effective", "grounds", "response_received", "response_considered",
                     "explanation")
HOODS = ("none", "type_ii", "type_i")
GROUND_NAMES = {"failed_terms": "i", "findings_no_longer_true": "ii", "change_in_law": "iii"}


# --- Parsed input --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    met: bool
    evidence: str | None = None


@dataclass(frozen=True)
class Inspection:
    date: dt.date
    visible_fog: bool


@dataclass(frozen=True)
class Monitoring:
    start: dt.date
    end: dt.date
    inspections: tuple[Inspection, ...]


@dataclass(frozen=True)
class Application:
    seats: float | None = None
    seats_source: str | None = None
    meals_per_day: float | None = None
    water_use_gpd: float | None = None
    kitchen_hood: str | None = None
    fryers: int | None = None
    on_site_consumption_percent: float | None = None
    menu: str | None = None
    sampling: tuple[tuple[dt.date, float], ...] = ()
    inspections: tuple[Inspection, ...] = ()


@dataclass(frozen=True)
class Revocation:
    notice_mailed: dt.date
    proposed_effective: dt.date
    grounds: tuple[str, ...]
    response_received: bool
    response_date: dt.date | None
    response_considered: bool
    explanation: str | None


@dataclass(frozen=True)
class WaiverApplication:
    type: str
    findings: Mapping[str, Finding]
    mitigation_fee_paid: bool | None
    monitoring: Monitoring | None
    terms: tuple[str, ...]
    expiration: dt.date | None
    date: dt.date
    technology: str | None
    application: Application
    revocation: Revocation | None
    status: str = "applied"
    granted_on: dt.date | None = None
    conditions: tuple[str, ...] = ()


def waiver_types(profile: Any = DEFAULT_ID) -> dict[str, Any]:
    """The kinds of waiver in the profile (an id or a Jurisdiction): ``{type: spec}`` (``common_conditions``
    left out); empty for a jurisdiction without waivers."""
    return get_jurisdiction(profile).waiver_kinds


def no_waivers_error(profile: Any) -> SizingInputError:
    """The error for a waiver asked of a jurisdiction that has none."""
    j = get_jurisdiction(profile)
    return SizingInputError("jurisdiction", j.id, "", message=(
        f"jurisdiction: {j.name} ({j.id!r}) has no conditional waivers or variances in this tool; evaluate the "
        "waiver under the jurisdiction that grants it (--jurisdiction ID)"))


def parse_waiver(sub: Submittal, today: dt.date | None = None, profile: Any = None) -> WaiverApplication:
    """Read the ``waiver``, ``application`` and ``revocation`` sections of a submittal (field-path errors);
    ``profile`` defaults to the jurisdiction the submittal was read under."""
    profile = get_jurisdiction(sub.jurisdiction if profile is None else profile)
    if not profile.has_waivers:
        raise no_waivers_error(profile)
    raw = sub.raw
    if raw.get("waiver") is None:
        raise SizingInputError("waiver", None, "", message=(
            f"waiver: missing; give waiver: {{type, findings, ...}} ({profile.text('waiver_citation')})"))
    w = parse.mapping("waiver", raw["waiver"], WAIVER_FIELDS)
    kinds = waiver_types(profile)
    if w.get("type") is None:
        raise SizingInputError("waiver.type", None, "one of " + ", ".join(kinds))
    kind = parse.choice("waiver.type", w["type"], list(kinds))
    keys = [f["key"] for f in kinds[kind]["findings"]]
    findings_raw = parse.mapping("waiver.findings", w.get("findings"), default={})
    findings = {}
    for key, value in findings_raw.items():
        path = f"waiver.findings.{key}"
        if key not in keys:
            other = [k for k, spec in kinds.items() if key in [f["key"] for f in spec["findings"]]]
            hint = f"it is a finding of {other[0]}; " if other else ""
            close = difflib.get_close_matches(str(key), keys, n=1, cutoff=0.6)
            hint += f"did you mean {close[0]!r}? " if close else ""
            raise SizingInputError(path, None, "", message=(
                f"{path}: not a finding of waiver type {kind}; {hint}findings: {', '.join(keys)}"))
        findings[key] = _finding(path, value)
    fee = None if w.get("mitigation_fee_paid") is None else parse.boolean("waiver.mitigation_fee_paid",
                                                                          w["mitigation_fee_paid"])
    monitoring = None if w.get("monitoring") is None else _monitoring(w["monitoring"])
    terms = tuple(parse.text(f"waiver.terms[{i}]", t) for i, t in
                  enumerate(parse.sequence("waiver.terms", w.get("terms"), default=[])))
    expiration = None if w.get("expiration") is None else parse.date("waiver.expiration", w["expiration"])
    review_date = None if raw.get("review_date") is None else parse.date("review_date", raw["review_date"])
    when = parse.date("waiver.date", w.get("date"), default=review_date or today or dt.date.today())
    technology = None if w.get("technology") is None else parse.text("waiver.technology", w["technology"])
    status = parse.choice("waiver.status", w.get("status", "applied"), WAIVER_STATUSES)
    granted_on = None if w.get("granted_on") is None else parse.date("waiver.granted_on", w["granted_on"])
    conditions = tuple(parse.text(f"waiver.conditions[{i}]", t) for i, t in
                       enumerate(parse.sequence("waiver.conditions", w.get("conditions"), default=[])))
    application = _application(raw.get("application"), sub)
    revocation = None if raw.get("revocation") is None else _revocation(raw["revocation"])
    return WaiverApplication(type=kind, findings=findings, mitigation_fee_paid=fee, monitoring=monitoring,
                             terms=terms, expiration=expiration, date=when, technology=technology,
                             application=application, revocation=revocation, status=status, granted_on=granted_on,
                             conditions=conditions)


def _finding(path: str, value: Any) -> Finding:
    if isinstance(value, Mapping):
        value = parse.mapping(path, value, FINDING_FIELDS)
        if value.get("met") is None:
            raise SizingInputError(f"{path}.met", None, "true or false (the Director's finding)")
        evidence = None if value.get("evidence") is None else parse.text(f"{path}.evidence", value["evidence"])
        return Finding(parse.boolean(f"{path}.met", value["met"]), evidence)
    try:
        return Finding(parse.boolean(path, value))
    except SizingInputError:
        raise SizingInputError(path, value, "true, false, or {met: true/false, evidence: text}") from None


def _inspection(path: str, item: Any) -> Inspection:
    item = parse.mapping(path, item, INSPECTION_FIELDS)
    if item.get("date") is None:
        raise SizingInputError(f"{path}.date", None, "a date that exists, as YYYY-MM-DD")
    if item.get("visible_fog") is None:
        raise SizingInputError(f"{path}.visible_fog", None, "true or false (FOG seen in the lateral or downstream sewer)")
    return Inspection(parse.date(f"{path}.date", item["date"]), parse.boolean(f"{path}.visible_fog", item["visible_fog"]))


def _monitoring(value: Any) -> Monitoring:
    m = parse.mapping("waiver.monitoring", value, MONITORING_FIELDS)
    inspections = tuple(_inspection(f"waiver.monitoring.inspections[{i}]", item) for i, item in
                        enumerate(parse.sequence("waiver.monitoring.inspections", m.get("inspections"), default=[])))
    dates = sorted(i.date for i in inspections)
    start = parse.date("waiver.monitoring.start", m.get("start"), default=dates[0] if dates else None)
    end = parse.date("waiver.monitoring.end", m.get("end"), default=dates[-1] if dates else None)
    if end < start:
        raise SizingInputError("waiver.monitoring.end", end.isoformat(), f"a date on or after start ({start.isoformat()})")
    for i, insp in enumerate(inspections):
        if not start <= insp.date <= end:
            raise SizingInputError(f"waiver.monitoring.inspections[{i}].date", insp.date.isoformat(),
                                   f"a date within the monitoring period {start.isoformat()} to {end.isoformat()}")
    return Monitoring(start, end, tuple(sorted(inspections, key=lambda i: i.date)))


def _application(value: Any, sub: Submittal) -> Application:
    a = parse.mapping("application", value, APPLICATION_FIELDS, default={})
    seats, source = None, None
    if a.get("seats") is not None:
        seats, source = parse.number("application.seats", a["seats"], minimum=0, maximum=1e6), "application.seats"
    elif sub.meals is not None and sub.meals.seats is not None:
        seats, source = sub.meals.seats, "meals.seats"
    meals = None if a.get("meals_per_day") is None else parse.number(
        "application.meals_per_day", a["meals_per_day"], minimum=0, maximum=1e7)
    water = None
    if a.get("water_use") is not None:
        water = parse_quantity("application.water_use", a["water_use"], "gpd", minimum=0, maximum=1e7,
                               expected="a daily water use such as '250 gal/day' or '950 L/day' (a bare number is gal/day)")
    hood = None if a.get("kitchen_hood") is None else parse.choice("application.kitchen_hood", a["kitchen_hood"], HOODS)
    fryers = None if a.get("fryers") is None else parse.whole("application.fryers", a["fryers"])
    onsite = None if a.get("on_site_consumption") is None else parse_quantity(
        "application.on_site_consumption", a["on_site_consumption"], "percent", minimum=0, maximum=100)
    menu = None if a.get("menu") is None else parse.text("application.menu", a["menu"])
    samples = []
    for i, item in enumerate(parse.sequence("application.sampling", a.get("sampling"), default=[])):
        path = f"application.sampling[{i}]"
        item = parse.mapping(path, item, SAMPLE_FIELDS)
        day = parse.date(f"{path}.date", item.get("date"))
        if item.get("fog") is None:
            raise SizingInputError(f"{path}.fog", None, "a FOG concentration such as '45 mg/L'")
        fog = parse_quantity(f"{path}.fog", item["fog"], "mg/L", minimum=0, maximum=1e6,
                             expected="a FOG concentration such as '45 mg/L' (a bare number is mg/L)")
        samples.append((day, fog))
    inspections = tuple(_inspection(f"application.inspections[{i}]", item) for i, item in
                        enumerate(parse.sequence("application.inspections", a.get("inspections"), default=[])))
    return Application(seats=seats, seats_source=source, meals_per_day=meals, water_use_gpd=water, kitchen_hood=hood,
                       fryers=fryers, on_site_consumption_percent=onsite, menu=menu, sampling=tuple(samples),
                       inspections=inspections)


def _revocation(value: Any) -> Revocation:
    r = parse.mapping("revocation", value, REVOCATION_FIELDS)
    for key in ("notice_mailed", "proposed_effective"):
        if r.get(key) is None:
            raise SizingInputError(f"revocation.{key}", None, "a date that exists, as YYYY-MM-DD")
    mailed = parse.date("revocation.notice_mailed", r["notice_mailed"])
    effective = parse.date("revocation.proposed_effective", r["proposed_effective"])
    grounds_raw = r.get("grounds")
    if isinstance(grounds_raw, (str, int)) and not isinstance(grounds_raw, bool):
        grounds_raw = [grounds_raw]
    grounds = tuple(parse.text(f"revocation.grounds[{i}]", g) for i, g in
                    enumerate(parse.sequence("revocation.grounds", grounds_raw, default=[])))
    received, response_date = False, None
    if r.get("response_received") is not None:
        value = r["response_received"]
        if isinstance(value, (dt.date, str)) and not (isinstance(value, str) and value.strip().lower() in
                                                      ("true", "false", "yes", "no")):
            response_date = parse.date("revocation.response_received", value)
            received = True
        else:
            received = parse.boolean("revocation.response_received", value)
    considered = parse.boolean("revocation.response_considered", r.get("response_considered"), default=False)
    explanation = None if r.get("explanation") is None else parse.text("revocation.explanation", r["explanation"])
    return Revocation(mailed, effective, grounds, received, response_date, considered, explanation)


# --- Clause functions ----------------------------------------------------------------------------------

def _count(n: int, word: str) -> str:
    """'1 inspection', '2 inspections'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def revocation_notice_valid(notice_mailed: dt.date, proposed_effective: dt.date, notice_days: int) -> bool:
    """Notice mailed no less than ``notice_days`` before the proposed effective date (exactly 30 is valid).

    TMC section 5.26.080(g)(1).

    >>> revocation_notice_valid(dt.date(2025, 6, 1), dt.date(2025, 7, 1), 30)
    True
    >>> revocation_notice_valid(dt.date(2025, 6, 2), dt.date(2025, 7, 1), 30)
    False
    """
    return (proposed_effective - notice_mailed).days >= notice_days


def monitoring_complete(mon: Monitoring, months: int, min_inspections: int) -> tuple[bool, list[str]]:
    """At least ``months`` of downstream visual monitoring, ``min_inspections`` inspections, one at the start and
    one at the end, and no visible FOG in any of them. Returns (met, the requirements not met).

    TMC section 5.26.080(b)(3).
    """
    problems = []
    needed_end = add_months(mon.start, months)
    if mon.end < needed_end:
        problems.append(f"monitoring ran {(mon.end - mon.start).days} days ({mon.start.isoformat()} to "
                        f"{mon.end.isoformat()}); at least {months} months are required (to {needed_end.isoformat()})")
    if len(mon.inspections) < min_inspections:
        problems.append(f"{_count(len(mon.inspections), 'visual inspection')}; at least {min_inspections} are required")
    dates = {i.date for i in mon.inspections}
    if mon.start not in dates:
        problems.append(f"no inspection at the beginning of the period ({mon.start.isoformat()})")
    if mon.end not in dates:
        problems.append(f"no inspection at the end of the period ({mon.end.isoformat()})")
    seen = [i.date.isoformat() for i in mon.inspections if i.visible_fog]
    if seen:
        problems.append("visible FOG accumulation found on " + ", ".join(seen))
    return not problems, problems


# --- Result --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FindingResult:
    key: str
    title: str
    met: bool
    citation: str
    evidence: str
    score: dict[str, Any] | None = None
    required: str = "all"
    made: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "met": self.met, "citation": self.citation,
                "evidence": self.evidence, "score": self.score, "required": self.required, "made": self.made}


@dataclass(frozen=True)
class WaiverDecision:
    type: str
    kind: str  # "conditional waiver" or "variance"
    title: str
    citation: str
    construction: str
    project: dict[str, str]
    date: dt.date
    grantable: bool
    findings: tuple[FindingResult, ...]
    missing: tuple[str, ...]
    conditions: tuple[dict[str, str], ...]
    terms: tuple[str, ...]
    expiration: dt.date | None
    technology: str | None
    sizing: dict[str, Any]
    revocation: dict[str, Any] | None
    warnings: tuple[str, ...] = ()
    policy_note: str = field(default="")
    #: The paragraph of section 5.26.080 that admits this construction, and what it admits (None: none does).
    admitted_under: str | None = None
    admitted_as: str | None = None
    #: The jurisdiction deciding (its profile's name, letterhead and the clause a revocation is made under).
    jurisdiction: str = ""
    letterhead: str = ""
    revocation_citation: str = ""

    @property
    def decision(self) -> str:
        return "grantable" if self.grantable else "not grantable"

    @property
    def in_order(self) -> bool:
        """Grantable, and a revocation (if any) may proceed as proposed."""
        return self.grantable and (self.revocation is None or self.revocation["may_proceed"])

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type, "kind": self.kind, "title": self.title, "citation": self.citation,
            "construction": self.construction, "admitted_under": self.admitted_under,
            "admitted_as": self.admitted_as, "project": dict(self.project), "date": self.date.isoformat(),
            "grantable": self.grantable, "decision": self.decision,
            "findings": [f.to_dict() for f in self.findings], "missing": list(self.missing),
            "conditions": [dict(c) for c in self.conditions], "terms": list(self.terms),
            "expiration": None if self.expiration is None else self.expiration.isoformat(),
            "technology": self.technology, "sizing": dict(self.sizing),
            "revocation": None if self.revocation is None else dict(self.revocation),
            "warnings": list(self.warnings), "policy_note": self.policy_note,
            "jurisdiction": self.jurisdiction, "letterhead": self.letterhead,
            "revocation_citation": self.revocation_citation,
        }


# --- Orchestration -------------------------------------------------------------------------------------

def decide(sub: Submittal, today: dt.date | None = None, jurisdiction: Any = None) -> WaiverDecision:
    """Evaluate a waiver or variance application (and a revocation, if given) for the Director, under
    ``jurisdiction`` (an id or a Jurisdiction; default: the one the submittal was read under)."""
    from sizing.size import size

    profile = get_jurisdiction(sub.jurisdiction if jurisdiction is None else jurisdiction)
    app = parse_waiver(sub, today=today, profile=profile)
    spec = waiver_types(profile)[app.type]
    prof = profile.raw
    sized = size(sub)
    sizing = {"edition": sized.edition, "dfu_total": sized.dfu_total,
              "required_volume_gal": sized.gravity["required_volume_gal"],
              "citation": sized.gravity["citation"], "dfu_basis": sized.gravity["dfu_basis"],
              "provenance": [dict(p) for p in sized.provenance]}
    evidence = _evidence_scores(app, sized, prof.get("waiver_evidence") or {}, sub.edition)
    warnings: list[str] = []
    findings: list[FindingResult] = []
    missing: list[str] = []

    # Does this kind of waiver apply to this construction? Say which paragraph admits it.
    allowed = list(spec["construction"])
    applies = sub.construction in allowed
    admits = spec.get("admits") or ", ".join(allowed)
    words = sub.construction.replace("_", " ")
    findings.append(FindingResult(
        key="applies_to_construction", title=f"{spec['title']} applies to this construction", met=applies,
        citation=spec["citation"],
        evidence=(f"construction: {words}; admitted under {spec['citation']}: {admits}" if applies else
                  f"construction: {words}; {spec['citation']} admits {admits}"),
        made=True))
    if not applies:
        others = [f"{k} ({s['citation']})" for k, s in waiver_types(profile).items()
                  if sub.construction in s["construction"]]
        missing.append(f"applies_to_construction: {app.type} ({spec['citation']}) admits {admits}; the construction "
                       f"is {words}" + (f"; apply as {' or '.join(others)}" if others else ""))

    # The Director's findings.
    groups: dict[str, list[FindingResult]] = {}
    for f in spec["findings"]:
        given = app.findings.get(f["key"])
        met = bool(given and given.met)
        score = evidence.get(f["key"])
        text = given.evidence if given and given.evidence else ("not made" if given is None else "no evidence stated")
        if score is not None:
            text += f"; application data: {score['summary']}"
            if met and score["reading"] == "against":
                warnings.append(f"waiver.findings.{f['key']}: the Director's finding is 'met' but the application data "
                                f"do not support it ({score['summary']})")
        required = "all" if f["rule"] == "all" else "one of: " + ", ".join(
            g["key"] for g in spec["findings"] if g["rule"] == "one_of")
        result = FindingResult(key=f["key"], title=f["text"], met=met, citation=f["citation"], evidence=text,
                               score=score, required=required, made=given is not None)
        findings.append(result)
        if f["rule"] == "all" and not met:
            missing.append(f"{f['key']}: " + ("finding not made" if given is None else "finding not met")
                           + f" ({f['citation']})")
        elif f["rule"] == "one_of":
            groups.setdefault("one_of", []).append(result)
    for members in groups.values():
        if not any(m.met for m in members):
            missing.append("one of " + ", ".join(m.key for m in members) + ": none met ("
                           + "; ".join(m.citation for m in members) + ")")

    # The mitigation fee (d).
    if spec.get("fee_required"):
        paid = bool(app.mitigation_fee_paid)
        findings.append(FindingResult(
            key="mitigation_fee_paid", title="The grease disposal mitigation fee has been paid", met=paid,
            citation=spec["fee_citation"], evidence={True: "paid", False: "not paid", None: "not stated"}[app.mitigation_fee_paid],
            made=app.mitigation_fee_paid is not None))
        if not paid:
            missing.append(f"mitigation_fee_paid: the grease disposal mitigation fee is not paid ({spec['fee_citation']})")

    # Downstream monitoring (b)(3).
    if spec.get("monitoring_required"):
        months = int(profile_parameter("alternative_pretreatment_monitoring_months", profile)["value"])
        least = int(profile_parameter("alternative_pretreatment_min_inspections", profile)["value"])
        cite = spec["monitoring_citation"]
        if app.monitoring is None:
            ok, problems = False, ["no downstream monitoring given"]
            text = "not given"
        else:
            mon = app.monitoring
            ok, problems = monitoring_complete(mon, months, least)
            text = (f"{mon.start.isoformat()} to {mon.end.isoformat()}, {_count(len(mon.inspections), 'inspection')}: "
                    + ", ".join(f"{i.date.isoformat()} {'visible FOG' if i.visible_fog else 'no visible FOG'}"
                                for i in mon.inspections))
            if problems:
                text += "; " + "; ".join(problems)
        findings.append(FindingResult(
            key="downstream_monitoring",
            title=(f"Downstream visual monitoring for at least {months} months, at least {least} inspections (at the "
                   "beginning and at the end), showing no visible FOG"),
            met=ok, citation=cite, evidence=text, made=app.monitoring is not None))
        if not ok:
            missing.append(f"downstream_monitoring: {'; '.join(problems)} ({cite})")
        if app.technology is None:
            warnings.append("waiver.technology: the alternative pretreatment technology is not described")

    # Expiration and terms (the profile's waiver_validity clause).
    fcite = profile.parameter("waiver_validity")["citation"]
    if app.expiration is not None and app.expiration <= app.date:
        missing.append(f"expiration: {app.expiration.isoformat()} is not after the determination date "
                       f"{app.date.isoformat()} ({fcite})")
    if app.expiration is None:
        warnings.append(f"waiver.expiration: no expiration date; the waiver should state one ({fcite})")

    conditions = [dict(c) for c in spec.get("standard_conditions", ())]
    conditions += [dict(c) for c in prof["waivers"].get("common_conditions", ())]
    conditions += [{"citation": fcite, "text": t} for t in app.terms]
    if app.expiration is not None:
        conditions.append({"citation": fcite,
                           "text": f"The waiver expires on {app.expiration.isoformat()}."})

    revocation = None if app.revocation is None else _revocation_result(app.revocation, profile)
    ev = prof.get("waiver_evidence") or {}
    return WaiverDecision(
        type=app.type, kind="variance" if app.type == "alternative_pretreatment" else "conditional waiver",
        title=spec["title"], citation=spec["citation"], construction=sub.construction, project=dict(sub.project),
        admitted_under=spec["citation"] if applies else None, admitted_as=admits if applies else None,
        date=app.date, grantable=not missing, findings=tuple(findings), missing=tuple(missing),
        conditions=tuple(conditions), terms=app.terms, expiration=app.expiration, technology=app.technology,
        sizing=sizing, revocation=revocation, warnings=tuple(list(sized.warnings) + warnings),
        policy_note=(f"Evidence scores use local policy thresholds ({ev.get('status', 'local policy')}); "
                     "the Director's determination decides each finding." if evidence else ""),
        jurisdiction=profile.name, letterhead=profile.letterhead,
        revocation_citation=profile.text("revocation_citation"))


def _revocation_result(r: Revocation, profile: Any) -> dict[str, Any]:
    notice = profile_parameter("revocation_notice_days", profile)
    days = int(notice["value"])
    grounds_spec = profile_parameter("revocation_grounds", profile)
    texts = grounds_spec["value"]
    considered = profile_parameter("revocation_response_considered", profile)
    label = str(grounds_spec.get("label", "({key})"))
    names = ", ".join(label.format(key=k) for k in texts)
    grounds = []
    for given in r.grounds:
        key = parse.normalise_key(given).replace("(", "").replace(")", "")
        key = key.removeprefix("g3").removeprefix("g_3_").strip("_")
        key = GROUND_NAMES.get(key, key)
        valid = key in texts
        entry = {"given": given, "ground": label.format(key=key) if valid else None, "valid": valid,
                 "text": texts.get(key) if valid else
                 f"not a ground under {grounds_spec['citation']}; the grounds are {names}"}
        grounds.append(entry)
    issues = []
    valid_notice = revocation_notice_valid(r.notice_mailed, r.proposed_effective, days)
    earliest = r.notice_mailed + dt.timedelta(days=days)
    span = (r.proposed_effective - r.notice_mailed).days
    if not valid_notice:
        issues.append(f"notice mailed {r.notice_mailed.isoformat()} is {span} days before the proposed effective date "
                      f"{r.proposed_effective.isoformat()}; at least {days} days are required: the earliest effective "
                      f"date is {earliest.isoformat()} ({notice['citation']})")
    grounds_valid = bool(grounds) and all(g["valid"] for g in grounds)
    if not grounds:
        issues.append(f"no grounds given; the revocation must rest on one of {names} ({grounds_spec['citation']})")
    for g in grounds:
        if not g["valid"]:
            issues.append(f"ground {g['given']!r} is not one of {names} ({grounds_spec['citation']})")
    if r.response_received and not r.response_considered:
        issues.append("the owner's written response must be reviewed and considered before the final determination "
                      f"({considered['citation']})")
    if r.response_received:
        response = ("received" + (f" {r.response_date.isoformat()}" if r.response_date else "")
                    + ("; considered" if r.response_considered else "; NOT yet considered"))
    else:
        response = "none received"
    return {"notice_mailed": r.notice_mailed.isoformat(), "proposed_effective": r.proposed_effective.isoformat(),
            "days_of_notice": span, "notice_days_required": days, "notice_valid": valid_notice,
            "earliest_effective": earliest.isoformat(), "grounds": grounds, "grounds_valid": grounds_valid,
            "response_received": r.response_received,
            "response_date": None if r.response_date is None else r.response_date.isoformat(),
            "response_considered": r.response_considered, "response": response, "explanation": r.explanation,
            "may_proceed": not issues, "issues": issues,
            "citations": {"notice": notice["citation"], "response": considered["citation"],
                          "grounds": grounds_spec["citation"]}}


# --- Evidence scoring ((c)(1), (c)(2); local policy thresholds) ------------------------------------------

def _check(name: str, value: Any, limit: Any, ok: bool | None, source: str, unit: str = "") -> dict[str, Any]:
    return {"name": name, "value": value, "limit": limit, "unit": unit, "ok": ok, "source": source}


def _score(checks: list[dict[str, Any]], citation: str) -> dict[str, Any]:
    with_data = [c for c in checks if c["ok"] is not None]
    passed = sum(1 for c in with_data if c["ok"])
    failed = len(with_data) - passed
    reading = "no data" if not with_data else ("against" if failed else "supports")
    parts = [f"{c['name']} {_show(c['value'], c['unit'])} ({'≤' if c['ok'] else '>'} {_show(c['limit'], c['unit'])})"
             if isinstance(c["limit"], (int, float)) and c["ok"] is not None else
             f"{c['name']} {_show(c['value'], c['unit'])} ({'ok' if c['ok'] else 'not ok'})"
             for c in with_data]
    summary = (f"{passed} of {len(with_data)} checks support the finding"
               + (": " + "; ".join(parts) if parts else "") if with_data else "no data in the application")
    return {"passed": passed, "failed": failed, "checked": len(with_data), "no_data": len(checks) - len(with_data),
            "fraction": None if not with_data else round(passed / len(with_data), 3), "reading": reading,
            "summary": summary, "checks": checks, "thresholds": citation}


def _show(value: Any, unit: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        value = f"{value:,.1f}".rstrip("0").rstrip(".")
    return f"{value} {unit}".strip()


def _evidence_scores(app: WaiverApplication, sized, ev: Mapping[str, Any], edition: str) -> dict[str, dict[str, Any]]:
    if app.type != "new_construction" or not ev:
        return {}
    a = app.application
    out = {}
    q = ev.get("negligible_fog_quantity") or {}
    checks = []
    if q.get("required_volume_at_most_table_minimum"):
        smallest = load_table("1014.3.6", edition).rows[0]["volume_gal"]
        req = sized.gravity["required_volume_gal"]
        checks.append(_check("CPC required gravity volume", req, smallest, None if req is None else req <= smallest,
                             f"sizing: {sized.dfu_total:g} DFU ({sized.gravity['dfu_basis'] or 'no basis'}), "
                             f"{sized.gravity['citation']}; limit = the smallest Table 1014.3.6 size", "gal"))
    for name, key, value, unit, source in (
            ("seats", "max_seats", a.seats, "", a.seats_source),
            ("meals per day", "max_meals_per_day", a.meals_per_day, "", "application.meals_per_day"),
            ("water use", "max_water_use_gpd", a.water_use_gpd, "gpd", "application.water_use"),
            ("fryers", "max_fryers", a.fryers, "", "application.fryers"),
            ("on-site consumption", "max_on_site_consumption_percent", a.on_site_consumption_percent, "%",
             "application.on_site_consumption")):
        if key in q:
            checks.append(_check(name, value, q[key], None if value is None else value <= q[key], source, unit))
    if "hoods_indicating_negligible_fog" in q:
        hoods = list(q["hoods_indicating_negligible_fog"])
        checks.append(_check("kitchen hood", a.kitchen_hood, ", ".join(hoods),
                             None if a.kitchen_hood is None else a.kitchen_hood in hoods, "application.kitchen_hood"))
    out["negligible_fog_quantity"] = _score(checks, q.get("citation", ""))

    s = ev.get("not_significant_contributor") or {}
    checks = []
    if "max_sampled_fog_mg_l" in s:
        worst = max((fog for _, fog in a.sampling), default=None)
        checks.append(_check("highest sampled FOG", worst, s["max_sampled_fog_mg_l"],
                             None if worst is None else worst <= s["max_sampled_fog_mg_l"],
                             f"application.sampling ({_count(len(a.sampling), 'sample')})", "mg/L"))
    if "inspection_visible_fog_allowed" in s:
        seen = [i.date.isoformat() for i in a.inspections if i.visible_fog]
        value = None if not a.inspections else ("visible FOG on " + ", ".join(seen) if seen else "no visible FOG")
        ok = None if not a.inspections else (not seen or bool(s["inspection_visible_fog_allowed"]))
        checks.append(_check("inspection", value, "no visible FOG", ok,
                             f"application.inspections ({_count(len(a.inspections), 'inspection')})"))
    out["not_significant_contributor"] = _score(checks, s.get("citation", ""))
    return out
