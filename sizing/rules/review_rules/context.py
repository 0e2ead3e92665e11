"""What every review rule reads (:class:`RuleContext`), what a deadline rule returns (:class:`Deadline`), and the
findings the rules share (no interceptor shown, not applicable to this interceptor type, a value not shown).

A rule is a function ``(RuleContext) -> Finding | list[Finding | Deadline] | None``; it reads its numbers and
citation from the jurisdiction profile through :meth:`RuleContext.param`, never from a literal.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sizing.errors import TableError
from sizing.finding import FAIL, INFO, WARN, Finding
from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import show
from sizing.rules.review_rules.registry import RuleSpec

if TYPE_CHECKING:  # what a rule reads; imported by the code that makes one, not by a profile's check of the rules
    from sizing.io.sections.declarations import Declarations
    from sizing.io.sections.interceptor import Interceptor
    from sizing.io.submittal import Submittal
    from sizing.result import SizingResult
from sizing import plan_names as names

NOT_SHOWN = "not shown on the plans"


@dataclass(frozen=True)
class Deadline:
    rule: str
    start: dt.date
    start_basis: str
    working_days: int
    date: dt.date
    citation: str
    holidays_skipped: tuple[tuple[dt.date, str], ...] = ()
    working_days_left: int | None = None
    #: How the days are counted: "working days" (weekdays less holidays) or "calendar days". The counts above
    #: (``working_days``, ``working_days_left``) are in these days.
    day_kind: str = "working days"
    #: Why ``date`` is later than the days count (a calendar-day period's last day extended off a Saturday, a
    #: Sunday or a holiday, and under which rule); None when it is not.
    extended: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "start": self.start.isoformat(), "start_basis": self.start_basis,
                "working_days": self.working_days, "date": self.date.isoformat(), "citation": self.citation,
                "holidays_skipped": [{"date": d.isoformat(), "name": n} for d, n in self.holidays_skipped],
                "working_days_left": self.working_days_left, "day_kind": self.day_kind,
                "extended": self.extended}


@dataclass(frozen=True)
class RuleContext:
    """The submittal (with its parsed sections), the review date, the CPC size as the review shows it, the
    jurisdiction profile and the submittal's waiver as the review reads it."""

    sub: Submittal
    on: dt.date
    sizing: SizingResult
    jurisdiction: Jurisdiction
    waiver: dict[str, Any] | None = None
    #: The rule being checked (its declared parameters): set by the review for each rule.
    spec: RuleSpec | None = None
    #: The profile parameters the rule read, in order (filled by :meth:`param`; a fresh list for each rule).
    reads: list[str] = field(default_factory=list, compare=False)

    @property
    def icp(self) -> Interceptor | None:
        """The proposed interceptor (None: not shown)."""
        return self.sub.interceptor

    @property
    def dec(self) -> Declarations:
        return self.sub.declarations

    def param(self, key: str) -> dict[str, Any]:
        """The profile's parameter ``key``: its value, unit, citation and provenance. The rule must declare it
        (:func:`sizing.rules.review_rules.registry.review_rule`), so that a profile is checked for it when loaded."""
        if self.spec is not None and not self.spec.reads(key):
            raise TableError(f"review rule {self.spec.id!r} reads the profile parameter {key!r}, which it does not "
                             "declare in its review_rule(parameters=...)")
        self.reads.append(key)
        return self.jurisdiction.parameter(key)

    def optional_param(self, key: str) -> dict[str, Any] | None:
        """A parameter the rule declares as optional: None when the profile does not have it."""
        return self.param(key) if key in self.jurisdiction.parameters else None

    @property
    def kind(self) -> str | None:
        """The proposed interceptor's type: as stated, else read from a volume or a rated flow."""
        return None if self.icp is None else self.icp.kind

    @property
    def waived(self) -> bool:
        """A granted waiver that has not expired on the review date."""
        w = self.waiver
        return bool(w and w["status"] == "granted" and not w["expired"])


def no_interceptor(c: RuleContext, rule: str, citation: str, what: str) -> Finding:
    """A design rule with no interceptor shown: info when the requirement is waived, else warn."""
    if c.waived:
        return Finding(rule=rule, status=INFO, citation=citation,
                       message=f"{what}: not checked; the grease interceptor requirement is waived "
                               f"({c.waiver['citation']}) and no interceptor is shown")
    return Finding(rule=rule, status=WARN, citation=citation,
                   message=f"{what}: not checked; no grease interceptor is shown on the plans")


def not_applicable(c: RuleContext, rule: str, citation: str) -> Finding | None:
    """An ``info`` finding when the profile applies ``rule`` only to other interceptor types; else None."""
    by_type = c.jurisdiction.design_rules_by_interceptor_type
    types = by_type.get(rule)
    kind = c.kind
    if types is None or kind is None or kind in types:
        return None
    return Finding(rule, INFO, citation,
                   f"Not applicable: the jurisdiction applies this rule to {' and '.join(types)} interceptors, and a "
                   f"{kind} interceptor is proposed", value=kind, limit=", ".join(types))


def not_checked(c: RuleContext, rule: str, citation: str, what: str) -> Finding | None:
    """Why a design rule is not checked on these plans (no interceptor shown, or the profile applies the rule to
    another interceptor type) as its finding; None when the rule is to be checked."""
    if c.icp is None:
        return no_interceptor(c, rule, citation, what)
    return not_applicable(c, rule, citation)


def no_schedule(c: RuleContext, rule: str, citation: str, what: str) -> Finding | None:
    """A fixture rule on a submittal with no fixture schedule (the size from the inlet pipe alone): nothing shows
    that no such fixture drains to the interceptor, so the rule is a warning asking for the schedule, never a pass;
    None when the schedule is given."""
    if c.sub.fixtures:
        return None
    return Finding(rule, WARN, citation, f"{what}: not checked; the fixture schedule is {NOT_SHOWN}",
                   value=NOT_SHOWN, missing=("the fixture schedule",),
                   correction="Show the fixture schedule (every fixture, its area and whether it drains to the "
                              "grease interceptor)")


def missing(rule: str, citation: str, what: str, correction: str, limit: Any = None, unit: str = "") -> Finding:
    """A value the rule needs that the plans do not show: a failing finding asking for it."""
    return Finding(rule=rule, status=FAIL, citation=citation, message=f"{what} {NOT_SHOWN}", limit=limit, unit=unit,
                   correction=correction)


def gal(value: float) -> str:
    """``1250.0`` -> ``'1,250 gal'``."""
    return show(value, "gal")


def fixture_names(c: RuleContext, lines) -> str:
    """``'fixture 1 (Dishwasher), fixture 4 (2 x Floor drain, sheet P-2)'``: counted from 1, as on the plans."""

    sheets = {f.index: f.sheet for f in c.sub.fixtures}
    return ", ".join(names.fixture(f.index, f.name, f.count, sheets.get(f.index)) for f in lines)


def assumed_connection(c: RuleContext, rule: str, citation: str, lines, found: str, show_it: str,
                       value: str, limit: str) -> Finding | None:
    """A warning for the fixture lines (counted) whose connection the submittal does not state, so that the
    finding rests on the jurisdiction's default (``connected_basis``): ``found`` is what the check saw, the
    warning names the assumption and asks the plan to show it (``show_it``: what to state). None: every line's
    connection is stated."""
    taken = [f for f in lines if f.count and c.sub.fixtures[f.index].connected_given is None]
    if not taken:
        return None
    names = fixture_names(c, taken)
    bases = "; ".join(dict.fromkeys(c.sub.fixtures[f.index].connected_basis or "the default" for f in taken))
    return Finding(rule, WARN, citation,
                   f"{found}, but the submittal does not say where {names} drain{'s' if len(taken) == 1 else ''}: "
                   f"taken as {bases}; show it on the plans",
                   value=f"{value} (assumed)", limit=limit,
                   correction=f"Show on the plans where {names} drain{'s' if len(taken) == 1 else ''} "
                              f"({show_it})")
