"""Conditional waivers and variances of the grease interceptor requirement: the Director's determination.

FOG ordinance, Conditional waivers and variances. The kinds, their findings and citations, the standard conditions and the local
evidence thresholds are read from the jurisdiction profile (``waivers``, ``waiver_evidence``, parameters).
The input sections are parsed once by :mod:`sizing.io.sections.waiver`; the evidence scores come from
:mod:`sizing.rules.waiver_evidence` and a proposed revocation is assessed by :mod:`sizing.rules.revocation`.

Every finding is a :class:`sizing.finding.Finding`: met -> ``pass``; not met -> ``fail``, except a finding needed
for only one of a group that is not met while another of its group carries the decision (the waiver is
grantable): ``warn``. The Director's determination decides each finding; the score only shows what the application's data
say, and a finding the Director marks met against the data is reported as a warning, never hidden.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Any

from sizing.cpc.size import size
from sizing.finding import WARN, Finding, status_of
from sizing.io.sections import waiver as waiver_section
from sizing.io.sections.waiver import (
    Monitoring,
    WaiverApplication,
    waiver_types,
)
from sizing.io.submittal import Submittal
from sizing.jurisdiction.months import add_months
from sizing.jurisdiction.profile import Jurisdiction
from sizing.rules.revocation import assess, revocation_finding
from sizing.rules.waiver_evidence import count, evidence_scores

# --- Clause functions ----------------------------------------------------------------------------------

def monitoring_complete(mon: Monitoring, months: int, min_inspections: int) -> tuple[bool, list[str]]:
    """FOG ordinance, Conditional waivers and variances (b)(3): at least ``months`` of downstream visual monitoring, no visible FOG.

    At least ``min_inspections`` inspections, one at the start and one at the end, and no visible FOG in any
    of them. Returns (met, the requirements not met).
    """
    problems = []
    needed_end = add_months(mon.start, months)
    if mon.end < needed_end:
        problems.append(f"monitoring ran {(mon.end - mon.start).days} days ({mon.start.isoformat()} to "
                        f"{mon.end.isoformat()}); at least {months} months are required (to {needed_end.isoformat()})")
    if len(mon.inspections) < min_inspections:
        problems.append(f"{count(len(mon.inspections), 'visual inspection')}; at least {min_inspections} are required")
    dates = {i.date for i in mon.inspections}
    if mon.start not in dates:
        problems.append(f"no inspection at the beginning of the period ({mon.start.isoformat()})")
    if mon.end not in dates:
        problems.append(f"no inspection at the end of the period ({mon.end.isoformat()})")
    seen = [i.date.isoformat() for i in mon.inspections if i.visible_fog]
    if seen:
        problems.append("visible FOG accumulation found on " + ", ".join(seen))
    return not problems, problems


def waiver_finding(key: str, title: str, met: bool, citation: str, evidence: str, *, made: bool = True,
                   score: dict[str, Any] | None = None, required: str = "all", status: str | None = None) -> Finding:
    """One waiver finding as a :class:`Finding`: shown = the finding as made ('met', 'not met', 'not made'),
    required = 'met' (or 'met (one of: ...)' for a finding of a group); score, required and made in ``detail``."""
    return Finding(rule=key, status=status or status_of(met), citation=citation, message=title,
                   value="met" if met else ("not met" if made else "not made"),
                   limit="met" if required == "all" else f"met ({required})", evidence=evidence, title=title,
                   detail={"score": score, "required": required, "made": made})


def construction_finding(sub: Submittal, app: WaiverApplication, spec: dict[str, Any],
                         jurisdiction: Jurisdiction) -> tuple[Finding, list[str]]:
    """FOG ordinance, Conditional waivers and variances (b), (c), (d): the kind of waiver applies to this construction (which paragraph admits it).

    Returns the finding and what is missing (empty when it applies).
    """
    allowed = list(spec["construction"])
    applies = sub.construction in allowed
    admits = spec.get("admits") or ", ".join(allowed)
    words = sub.construction.replace("_", " ")
    finding = waiver_finding(
        "applies_to_construction", f"{spec['title']} applies to this construction", applies, spec["citation"],
        (f"construction: {words}; admitted under {spec['citation']}: {admits}" if applies else
         f"construction: {words}; {spec['citation']} admits {admits}"))
    if applies:
        return finding, []
    others = [f"{k} ({s['citation']})" for k, s in waiver_types(jurisdiction).items() if sub.construction in s["construction"]]
    return finding, [f"applies_to_construction: {app.type} ({spec['citation']}) admits {admits}; the construction "
                     f"is {words}" + (f"; apply as {' or '.join(others)}" if others else "")]


def director_findings(app: WaiverApplication, spec: dict[str, Any],
                      evidence: dict[str, dict[str, Any]]) -> tuple[list[Finding], list[str], list[str]]:
    """FOG ordinance, Conditional waivers and variances (b), (c), (d): the Director's findings, every one required or one of a group.

    Met -> pass, not met -> fail (:func:`carried` turns a finding of a group into a warning once the waiver is
    grantable). Returns (findings, what is missing, warnings).
    """
    findings, missing, warnings = [], [], []
    group = [g["key"] for g in spec["findings"] if g["rule"] == "one_of"]
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
        required = "all" if f["rule"] == "all" else "one of: " + ", ".join(group)
        unsupported = met and not (given.evidence or "").strip()
        if unsupported:  # a finding marked met on nothing stated is shown, never passed silently
            warnings.append(f"waiver.findings.{f['key']}: marked met with no evidence stated; state what the "
                            "finding rests on")
        findings.append(waiver_finding(f["key"], f["text"], met, f["citation"], text, made=given is not None,
                                       score=score, required=required, status=WARN if unsupported else None))
        if f["rule"] == "all" and not met:
            missing.append(f"{f['key']}: " + ("finding not made" if given is None else "finding not met")
                           + f" ({f['citation']})")
    members = [x for x in findings if x.rule in group]
    if members and not any(m.value == "met" for m in members):  # met, with or without evidence stated
        missing.append("one of " + ", ".join(m.rule for m in members) + ": none met ("
                       + "; ".join(m.citation for m in members) + ")")
    return findings, missing, warnings


def carried(findings: list[Finding], grantable: bool) -> list[Finding]:
    """FOG ordinance, Conditional waivers and variances (b), (d): a finding of a group not met is a warning when another carries the grant.

    A finding needed for only one of its group (``required`` not ``all``) that is not met is a ``warn`` when the
    waiver is grantable (another finding of its group is met and carries the decision); otherwise it stays a
    ``fail``.
    """
    return [replace(f, status=WARN) if grantable and f.failed and f.detail.get("required", "all") != "all" else f
            for f in findings]


def fee_finding(app: WaiverApplication, spec: dict[str, Any]) -> tuple[Finding, list[str]]:
    """FOG ordinance, Conditional waivers and variances (d); the mitigation fee section: the grease disposal mitigation fee has been paid."""
    paid = bool(app.mitigation_fee_paid)
    finding = waiver_finding(
        "mitigation_fee_paid", "The grease disposal mitigation fee has been paid", paid, spec["fee_citation"],
        {True: "paid", False: "not paid", None: "not stated"}[app.mitigation_fee_paid],
        made=app.mitigation_fee_paid is not None)
    return finding, [] if paid else [
        f"mitigation_fee_paid: the grease disposal mitigation fee is not paid ({spec['fee_citation']})"]


def monitoring_finding(app: WaiverApplication, spec: dict[str, Any],
                       jurisdiction: Jurisdiction) -> tuple[Finding, list[str], list[str]]:
    """FOG ordinance, Conditional waivers and variances (b)(3): downstream visual monitoring after installation shows no visible FOG.

    The months and the least number of inspections are the profile's. Returns (finding, missing, warnings).
    """
    months = int(jurisdiction.parameter("alternative_pretreatment_monitoring_months")["value"])
    least = int(jurisdiction.parameter("alternative_pretreatment_min_inspections")["value"])
    cite = spec["monitoring_citation"]
    if app.monitoring is None:
        ok, problems, text = False, ["no downstream monitoring given"], "not given"
    else:
        mon = app.monitoring
        ok, problems = monitoring_complete(mon, months, least)
        text = (f"{mon.start.isoformat()} to {mon.end.isoformat()}, {count(len(mon.inspections), 'inspection')}: "
                + ", ".join(f"{i.date.isoformat()} {'visible FOG' if i.visible_fog else 'no visible FOG'}"
                            for i in mon.inspections))
        if problems:
            text += "; " + "; ".join(problems)
    finding = waiver_finding(
        "downstream_monitoring",
        (f"Downstream visual monitoring for at least {months} months, at least {least} inspections (at the "
         "beginning and at the end), showing no visible FOG"), ok, cite, text, made=app.monitoring is not None)
    warnings = [] if app.technology is not None else [
        "waiver.technology: the alternative pretreatment technology is not described"]
    return finding, [] if ok else [f"downstream_monitoring: {'; '.join(problems)} ({cite})"], warnings


def expiration_checks(app: WaiverApplication, jurisdiction: Jurisdiction) -> tuple[list[str], list[str]]:
    """FOG ordinance, Conditional waivers and variances (f): the waiver states an expiration after the determination date.

    Returns (missing, warnings).
    """
    cite = jurisdiction.parameter("waiver_validity")["citation"]
    if app.expiration is None:
        return [], [f"waiver.expiration: no expiration date; the waiver should state one ({cite})"]
    if app.expiration <= app.date:
        return [f"expiration: {app.expiration.isoformat()} is not after the determination date "
                f"{app.date.isoformat()} ({cite})"], []
    return [], []


def conditions_of(app: WaiverApplication, spec: dict[str, Any], jurisdiction: Jurisdiction) -> list[dict[str, str]]:
    """FOG ordinance, Conditional waivers and variances (f): the conditions the waiver carries (standard, common, its terms, its expiration)."""
    cite = jurisdiction.parameter("waiver_validity")["citation"]
    conditions = [dict(c) for c in spec.get("standard_conditions", ())]
    conditions += [dict(c) for c in jurisdiction.raw["waivers"].get("common_conditions", ())]
    conditions += [{"citation": cite, "text": t} for t in app.terms]
    if app.expiration is not None:
        conditions.append({"citation": cite, "text": f"The waiver expires on {app.expiration.isoformat()}."})
    return conditions


# --- Result --------------------------------------------------------------------------------------------

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
    #: The preconditions of the grant (construction, the Director's findings, fee, monitoring).
    findings: tuple[Finding, ...]
    missing: tuple[str, ...]
    conditions: tuple[dict[str, str], ...]
    terms: tuple[str, ...]
    expiration: dt.date | None
    technology: str | None
    sizing: dict[str, Any]
    revocation: dict[str, Any] | None
    warnings: tuple[str, ...] = ()
    policy_note: str = field(default="")
    #: The paragraph that admits this construction, and what it admits (None: none does).
    admitted_under: str | None = None
    admitted_as: str | None = None
    #: The jurisdiction deciding (its profile's name, letterhead and the clause a revocation is made under).
    jurisdiction: str = ""
    letterhead: str = ""
    revocation_citation: str = ""
    #: The City's contact block its letters print under the letterhead (the profile's ``contact``).
    contact: tuple[str, ...] = ()
    #: A proposed revocation as one finding (rule ``revocation``): pass when it may proceed as proposed.
    revocation_finding: Finding | None = None
    #: The decision recorded: ``applied`` (a draft for the Director), ``granted``, ``denied`` or ``revoked``; its
    #: date and who recorded it.
    status: str = "applied"
    decided_on: dt.date | None = None
    decided_by: str | None = None

    @property
    def final(self) -> bool:
        """The Director has recorded the decision: the letter is the determination, not a draft."""
        return self.status in ("granted", "denied", "revoked")

    @property
    def decision(self) -> str:
        return "grantable" if self.grantable else "not grantable"

    @property
    def in_order(self) -> bool:
        """Grantable, and a revocation (if any) may proceed as proposed."""
        return self.grantable and (self.revocation_finding is None or self.revocation_finding.passed)

    @property
    def all_findings(self) -> tuple[Finding, ...]:
        """The findings of the grant, then the revocation's finding when one is proposed."""
        return self.findings + (() if self.revocation_finding is None else (self.revocation_finding,))

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
            "revocation_finding": None if self.revocation_finding is None else self.revocation_finding.to_dict(),
            "warnings": list(self.warnings), "policy_note": self.policy_note,
            "jurisdiction": self.jurisdiction, "letterhead": self.letterhead,
            "revocation_citation": self.revocation_citation, "status": self.status,
            "decided_on": None if self.decided_on is None else self.decided_on.isoformat(),
            "decided_by": self.decided_by,
        }


# --- Orchestration -------------------------------------------------------------------------------------

def parse_waiver(sub: Submittal, today: dt.date | None = None) -> WaiverApplication:
    """The submittal's ``waiver``, ``application`` and ``revocation`` sections read under the jurisdiction the
    submittal was read under."""
    return waiver_section.parse_waiver(sub.raw, sub.jurisdiction,
                                       review_date=sub.declarations.review_date, today=today,
                                       meals_seats=None if sub.meals is None else sub.meals.seats)


def waiver_of(sub: Submittal) -> WaiverApplication:
    """The submittal's waiver application under the jurisdiction it was read under: the one parsed when the
    document was read or, without a waiver section, parsed now (which says in one line what is missing)."""
    if sub.waiver is not None:
        return sub.waiver
    return parse_waiver(sub)


def decide(sub: Submittal, today: dt.date | None = None) -> WaiverDecision:
    """Evaluate a waiver or variance application (and a revocation, if given) for the Director, under the
    jurisdiction the submittal was read under (chosen once where the document was read: a decision cannot be
    given a second one)."""

    jurisdiction = sub.jurisdiction
    app = waiver_of(sub)
    app = replace(app, date=app.date or today or dt.date.today())
    spec = waiver_types(jurisdiction)[app.type]
    ev = jurisdiction.raw.get("waiver_evidence") or {}
    sized = size(sub)
    sizing = {"edition": sized.edition, "dfu_total": sized.dfu_total,
              "required_volume_gal": sized.gravity["required_volume_gal"],
              "citation": sized.gravity["citation"], "dfu_basis": sized.gravity["dfu_basis"],
              "provenance": [dict(p) for p in sized.provenance]}
    evidence = evidence_scores(app, sized, ev, sub.edition)

    applies, missing = construction_finding(sub, app, spec, jurisdiction)
    director, lacking, warnings = director_findings(app, spec, evidence)
    findings = [applies, *director]
    missing += lacking
    if spec.get("fee_required"):
        fee, lacking = fee_finding(app, spec)
        findings.append(fee)
        missing += lacking
    if spec.get("monitoring_required"):
        mon, lacking, notes = monitoring_finding(app, spec, jurisdiction)
        findings.append(mon)
        missing += lacking
        warnings += notes
    lacking, notes = expiration_checks(app, jurisdiction)
    missing += lacking
    warnings += notes

    revocation = None if app.revocation is None else assess(app.revocation, jurisdiction)
    admits = spec.get("admits") or ", ".join(spec["construction"])
    return WaiverDecision(
        type=app.type, kind="variance" if app.type == "alternative_pretreatment" else "conditional waiver",
        title=spec["title"], citation=spec["citation"], construction=sub.construction, project=dict(sub.project),
        admitted_under=spec["citation"] if applies.passed else None, admitted_as=admits if applies.passed else None,
        date=app.date, grantable=not missing, findings=tuple(carried(findings, not missing)), missing=tuple(missing),
        conditions=tuple(conditions_of(app, spec, jurisdiction)), terms=app.terms, expiration=app.expiration,
        technology=app.technology, sizing=sizing, revocation=revocation,
        revocation_finding=None if revocation is None else revocation_finding(revocation),
        warnings=tuple(list(sized.warnings) + warnings),
        policy_note=(f"Evidence scores use local policy thresholds ({ev.get('status', 'local policy')}); "
                     "the Director's determination decides each finding." if evidence else ""),
        jurisdiction=jurisdiction.name, letterhead=jurisdiction.letterhead, contact=jurisdiction.contact_lines,
        revocation_citation=jurisdiction.text("revocation_citation"), status=app.status,
        decided_on=None if app.status == "applied" else (app.granted_on if app.status == "granted" and app.granted_on
                                                          else app.date),
        decided_by=app.decided_by)
