"""Plan review: every requirement of the CPC size and the jurisdiction's ordinance, checked with its clause.

``review(sub, today)`` is pure: a Submittal (its proposed interceptor and declarations parsed when it was read,
:mod:`sizing.io.sections`, and the Jurisdiction it was read under, ``sub.jurisdiction``) and the CPC size from
:func:`sizing.cpc.size.size` in; a :class:`Review` out. The rules are small functions in :mod:`sizing.rules.review_rules`, registered in report
order in :mod:`sizing.rules.review_rules.registry`; each returns one :class:`Finding` with a stable ``rule`` id (or a list with a
:class:`Deadline`, or None), and reads the numbers and the citation of every ordinance rule from the profile.

Statuses: ``pass``; ``fail`` (a correction is required); ``warn`` (legal but to be confirmed, or a value
not shown that the checker should ask for without it being a violation by itself); ``info`` (context,
e.g. a deadline). The review is compliant iff no finding fails.

Hydromechanical interceptors (decision): the requirement is the 1-minute drainage flow of the PDI
G-101 fixture-capacity method (the sizing result's ``one_minute_flow_gpm``) when the fixtures give sink
dimensions or flows, otherwise the 1-minute column of CPC Table 1014.2.1 for the inlet pipe. A rating
that meets only the 2-minute drainage flow (which the code's table also lists) is a ``warn``: the plans
must state the 2-minute basis; below the 2-minute flow is a ``fail``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass
from typing import Any

from sizing.cpc.size import size
from sizing.finding import FAIL, INFO, STATUSES, Finding, jsonable
from sizing.io.sections.interceptor import Interceptor
from sizing.io.submittal import Submittal
from sizing.jurisdiction.calendar import working_days_rule
from sizing.jurisdiction.profile import Jurisdiction
from sizing.result import SizingResult
from sizing.rules.due import is_overdue
from sizing.rules.review_rules import registry
from sizing.rules.review_rules.context import Deadline, RuleContext
from sizing.rules.waiver import waiver_of, waiver_types

#: The codes of the sizing warnings about the hydromechanical (PDI / Table 1014.2.1) size: left out of a gravity
#: review.
HGI_WARNING_CODES = frozenset({"hgi_left_out", "hgi_above_largest", "hgi_rule_of_thumb", "hgi_pipe_unlisted",
                               "hgi_smaller_unit"})
#: The sizing's rule-of-thumb capacity warning, against the computed rating; a review checks the proposed rating
#: instead (rule hgi_capacity).
CAPACITY_RULE_OF_THUMB_CODE = "hgi_rule_of_thumb"

def verdict_of(findings) -> str:
    """``not compliant`` when a finding fails, else ``incomplete`` when one rests on a partial input, else
    ``compliant``.

    >>> verdict_of([Finding("a", "pass", "c", "m"), Finding("b", "warn", "c", "m", missing=("fixtures[1]",))])
    'incomplete'
    """
    if any(f.status == FAIL for f in findings):
        return "not compliant"
    return "incomplete" if any(f.incomplete for f in findings) else "compliant"


# --- Results ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Review:
    project: dict[str, str]
    edition: str
    construction: str
    review_date: dt.date
    interceptor: Interceptor | None
    findings: tuple[Finding, ...]
    deadlines: tuple[Deadline, ...]
    sizing: SizingResult
    jurisdiction: str = ""
    #: The jurisdiction's letterhead line, for the review report.
    letterhead: str = ""
    #: The City's contact block its letters print under the letterhead (the profile's ``contact``).
    contact: tuple[str, ...] = ()
    #: The ordinance the review applied (its number and date) and how its citations name the chapter.
    ordinance: str = ""
    chapter: str = ""
    #: A waiver of the interceptor requirement given in the submittal (type, paragraph, status, dates,
    #: conditions, whether it has expired on the review date); None without one.
    waiver: dict[str, Any] | None = None
    #: How working days are counted (the profile's holiday list and its source).
    working_days_rule: str = ""
    #: Sizing warnings left out because they concern another interceptor type, each with the reason.
    sizing_warnings_omitted: tuple[tuple[str, str], ...] = ()

    @property
    def compliant(self) -> bool:
        """No finding fails and none was computed from a partial input (see :attr:`verdict`)."""
        return not any(f.status == FAIL or f.incomplete for f in self.findings)

    @property
    def incomplete(self) -> tuple[Finding, ...]:
        """The findings computed from a partial input (``Finding.missing``): the review cannot confirm them."""
        return tuple(f for f in self.findings if f.incomplete)

    @property
    def verdict(self) -> str:
        """``not compliant`` (a finding fails), ``incomplete`` (none fails, but a check rests on a partial input)
        or ``compliant``."""
        return verdict_of(self.findings)

    @property
    def corrections(self) -> list[str]:
        """One plain-language correction per failing or incomplete finding, its citation in brackets."""
        return [f"{f.correction} [{f.citation}]" for f in self.findings
                if (f.status == FAIL or f.incomplete) and f.correction]

    @property
    def deadline(self) -> Deadline | None:
        """The interceptor installation deadline where one applies (else the first deadline found)."""
        for d in self.deadlines:
            if d.rule == "interceptor_required":
                return d
        return self.deadlines[0] if self.deadlines else None

    def counts(self) -> dict[str, int]:
        return {s: sum(1 for f in self.findings if f.status == s) for s in STATUSES}

    def to_dict(self) -> dict[str, Any]:
        return {
            "compliant": self.compliant,
            "verdict": self.verdict,
            "incomplete": [{"rule": f.rule, "missing": list(f.missing)} for f in self.incomplete],
            "project": dict(self.project),
            "edition": self.edition,
            "construction": self.construction,
            "review_date": self.review_date.isoformat(),
            "jurisdiction": self.jurisdiction, "letterhead": self.letterhead, "ordinance": self.ordinance,
            "chapter": self.chapter,
            "counts": self.counts(),
            "findings": [f.to_dict() for f in self.findings],
            "corrections": self.corrections,
            "deadline": None if self.deadline is None else self.deadline.to_dict(),
            "deadlines": [d.to_dict() for d in self.deadlines],
            "interceptor": None if self.interceptor is None else self.interceptor.to_dict(),
            "waiver": None if self.waiver is None else jsonable(self.waiver),
            "working_days_rule": self.working_days_rule,
            "sizing": self.sizing.to_dict(),
            "sizing_warnings_omitted": [{"warning": w, "code": getattr(w, "code", "other"), "reason": why}
                                        for w, why in self.sizing_warnings_omitted],
        }


# --- The review ------------------------------------------------------------------------------------------

def review(sub: Submittal, today: dt.date | None = None) -> Review:
    """Check a submittal against the CPC size and the rules of the jurisdiction it was read under (the
    ``review_rules`` of ``sub.jurisdiction``, chosen once where the document was read: a review cannot be given a
    second one).

    ``today`` is the review date when the submittal gives no ``review_date`` (None: the system date).
    """
    jurisdiction = sub.jurisdiction
    on = sub.declarations.review_date or today or dt.date.today()
    findings: list[Finding] = []
    deadlines: list[Deadline] = []
    waiver = None
    if sub.has_section("waiver") and not jurisdiction.has_waivers:
        findings.append(Finding("waiver", INFO, jurisdiction.ordinance or jurisdiction.name,
                                f"The waiver section is not read: {jurisdiction.name} has no waivers in this tool"))
    else:
        waiver = _waiver(sub, on, jurisdiction)
    icp = sub.interceptor
    result, omitted = _sizing_for(size(sub), None if icp is None else icp.kind)
    ctx = RuleContext(sub=sub, on=on, sizing=result, jurisdiction=jurisdiction, waiver=waiver)
    applied = set(jurisdiction.review_rules)
    for spec in registry.rules():
        if spec.id not in applied:
            continue
        for item in _run(spec, dataclasses.replace(ctx, spec=spec, reads=[])):
            if isinstance(item, Deadline):
                deadlines.append(item)
            elif item is not None:
                findings.append(item)
    return Review(project=dict(sub.project), edition=sub.edition, construction=sub.construction, review_date=on,
                  interceptor=icp, findings=tuple(findings), deadlines=tuple(deadlines), sizing=result,
                  jurisdiction=jurisdiction.name, letterhead=jurisdiction.letterhead, contact=jurisdiction.contact_lines,
                  ordinance=jurisdiction.ordinance, chapter=jurisdiction.chapter, waiver=waiver,
                  working_days_rule=working_days_rule(jurisdiction), sizing_warnings_omitted=omitted)


#: The levels of a profile value a finding that rests on it must say (weakest first).
WEAK_LEVELS = ("unconfirmed", "derived")


def _run(spec: Any, ctx: RuleContext) -> list[Any]:
    """One rule's findings and deadlines. A finding that states no provenance of its own and rests on a profile value
    the rule read that is unconfirmed or derived says so (``provenance``, ``provenance_note``), so every output
    that shows the finding shows the value's level."""
    out = spec.function(ctx)
    items = out if isinstance(out, list) else [out]
    jurisdiction = ctx.jurisdiction
    weak = [(jurisdiction.level(jurisdiction.parameter(k)), k) for k in dict.fromkeys(ctx.reads)]
    weak = sorted((w for w in weak if w[0] in WEAK_LEVELS), key=lambda w: WEAK_LEVELS.index(w[0]))
    if not weak:
        return items
    level, key = weak[0]
    p = jurisdiction.parameter(key)
    note = f"{key} is {level}: {p.get('rule') or p['citation']}"
    return [dataclasses.replace(i, provenance=level, provenance_note=note)
            if isinstance(i, Finding) and i.provenance is None and i.provenance_note is None else i for i in items]


def _sizing_for(result: SizingResult, kind: str | None) -> tuple[SizingResult, tuple[tuple[str, str], ...]]:
    """The sizing as the review shows it: warnings about another interceptor type are left out (and listed)."""
    kept, omitted = [], []
    for w in result.warnings:
        code = getattr(w, "code", None)
        if kind == "gravity" and code in HGI_WARNING_CODES:
            omitted.append((w, "concerns the hydromechanical size; a gravity interceptor is proposed"))
        elif kind == "hydromechanical" and code == CAPACITY_RULE_OF_THUMB_CODE:
            omitted.append((w, "replaced by the hgi_capacity finding, against the proposed rated flow"))
        else:
            kept.append(w)
    if not omitted:
        return result, ()
    return dataclasses.replace(result, warnings=tuple(kept)), tuple(omitted)


def _waiver(sub: Submittal, on: dt.date, jurisdiction: Jurisdiction) -> dict[str, Any] | None:
    """The submittal's waiver section as the review reads it (validated by the waiver parser)."""
    if not sub.has_section("waiver"):
        return None

    app = waiver_of(sub)
    spec = waiver_types(jurisdiction)[app.type]
    expired = app.expiration is not None and is_overdue(app.expiration, on)  # in force through its expiration date
    return {"type": app.type, "title": spec["title"], "citation": spec["citation"], "status": app.status,
            "granted_on": app.granted_on, "expiration": app.expiration, "expired": expired,
            "applies_to": list(spec["construction"]), "conditions": list(app.conditions) + list(app.terms)}
