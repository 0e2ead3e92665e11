"""Plan review: every requirement of the CPC size and the jurisdiction's ordinance, checked with its clause.

``review(submittal)`` is pure: a Submittal (its proposed interceptor and declarations read from
``sub.raw``), the CPC size from :func:`sizing.size.size` and the jurisdiction profile in; a
:class:`Review` out. Each rule returns one :class:`Finding` with a stable ``rule`` id; the numbers and the
citation of every ordinance rule come from the profile (:func:`sizing.tables.profile_parameter`).

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
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing import parse
from sizing.errors import SizingInputError
from sizing.finding import FAIL, INFO, PASS, STATUSES, WARN, Finding, jsonable
from sizing.jurisdiction import DEFAULT_ID
from sizing.ordinance.calendar import (
    add_working_days,
    holidays_between,
    working_days_between,
    working_days_rule,
)
from sizing.result import SizingResult
from sizing.size import size
from sizing.submittal import Submittal
from sizing.tables import profile_parameter
from sizing.units import convert, parse_quantity

INTERCEPTOR_TYPES = ("gravity", "hydromechanical")
INTERCEPTOR_FIELDS = ("type", "volume", "rated_flow", "compartments", "liquid_depth", "sanitary_tees", "manholes",
                      "grease_retention_fittings", "accessible", "product", "notes")
#: What a manhole is over: a kind, or a numbered position of it (``chamber_2``, ``sanitary_tee_1``).
MANHOLE_OVER = ("chamber", "sanitary_tee")
MANHOLE_POSITION = re.compile(r"^(chamber|sanitary_tee)(?:_([1-9][0-9]{0,2}))?$")
MANHOLE_OVER_EXPECTED = ("one of chamber, sanitary_tee, chamber_N or sanitary_tee_N (N = 1, 2, ...), "
                         "or a list of them")
MANHOLE_FIELDS = ("over", "diameter", "to_grade", "label")
APPROVAL_FIELDS = ("approved", "date", "by", "reference", "notes")
ADDITIVES_FIELDS = ("additives_used", "authorized", "date", "by", "permit", "product", "notes")
EXISTING_FSE_FIELDS = ("caused_blockage", "lateral_to_hot_spot", "significant_fog", "notification_date", "notes")
EXISTING_TRIGGERS = {
    "caused_blockage": "has caused or contributed to a grease-related blockage in the sewer system",
    "lateral_to_hot_spot": "has a sewer lateral connected to a hot spot",
    "significant_fog": "was determined by the Director to contribute significant FOG",
}
#: Construction types that require an interceptor at once (Grease interceptor requirement (b)(2)).
CHANGE_TYPES = ("remodel", "change_of_ownership", "change_in_operations")
#: A volume typed in whole litres may land a fraction of a gallon under a US size (2839 L = 749.98 gal):
#: compare with half a litre of slack so that rounding to the litre does not fail a design.
VOLUME_SLACK_GAL = convert(0.5, "L", "gal")
NOT_SHOWN = "not shown on the plans"
#: Sizing warnings about the hydromechanical (PDI / Table 1014.2.1) size: left out of a gravity review.
HGI_WARNING_MARKERS = ("gpm unit", "HGI", "standard rating", "Table 1014.2.1", "PDI", "fixture-capacity",
                       "fixture capacity")
#: The sizing's rule-of-thumb capacity warning, against the computed rating; a review checks the proposed rating
#: instead (rule hgi_capacity).
CAPACITY_RULE_OF_THUMB_MARKER = "rule of thumb"


# --- Parsed input ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Manhole:
    index: int
    #: The positions it is over, normalised: ``("chamber",)``, ``("sanitary_tee_2", "chamber_2")``; None: not shown.
    over: tuple[str, ...] | None
    diameter_in: float | None
    to_grade: bool | None
    label: str | None = None


@dataclass(frozen=True)
class Interceptor:
    """The proposed interceptor, in code units ([gal], [gpm], [in]); None where the plans do not show it."""

    type: str | None = None
    volume_gal: float | None = None
    rated_flow_gpm: float | None = None
    compartments: int | None = None
    liquid_depth_in: float | None = None
    sanitary_tees: int | None = None
    manholes: tuple[Manhole, ...] | None = None
    grease_retention_fittings: bool | None = None
    accessible: bool | None = None
    product: str | None = None
    #: The values as typed, for showing "1890 L (499.3 gal)".
    given: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "volume_gal": self.volume_gal, "rated_flow_gpm": self.rated_flow_gpm,
                "compartments": self.compartments, "liquid_depth_in": self.liquid_depth_in,
                "sanitary_tees": self.sanitary_tees,
                "manholes": None if self.manholes is None else [
                    {"over": None if m.over is None else m.over[0] if len(m.over) == 1 else list(m.over),
                     "diameter_in": m.diameter_in, "to_grade": m.to_grade, "label": m.label}
                    for m in self.manholes],
                "grease_retention_fittings": self.grease_retention_fittings, "accessible": self.accessible,
                "product": self.product}


@dataclass(frozen=True)
class Declarations:
    """The review's other sections of the submittal, parsed."""

    max_discharge_temperature_degf: float | None = None
    max_discharge_temperature_given: str | None = None
    food_grinder_approval: Mapping[str, Any] | None = None
    additives: Mapping[str, Any] | None = None
    existing_fse: Mapping[str, Any] | None = None
    review_date: dt.date | None = None


def parse_interceptor(value: Any, path: str = "interceptor") -> Interceptor | None:
    """Parse the ``interceptor`` section; None when the submittal has none. Every error names its field."""
    if value is None:
        return None
    m = parse.mapping(path, value, INTERCEPTOR_FIELDS)
    kind = None if m.get("type") is None else parse.choice(f"{path}.type", m["type"], INTERCEPTOR_TYPES)
    volume = None if m.get("volume") is None else parse_quantity(
        f"{path}.volume", m["volume"], "gal", minimum=0, strict_minimum=True, maximum=1e6)
    rated = None if m.get("rated_flow") is None else parse_quantity(
        f"{path}.rated_flow", m["rated_flow"], "gpm", minimum=0, strict_minimum=True, maximum=1e5)
    compartments = None if m.get("compartments") is None else parse.whole(
        f"{path}.compartments", m["compartments"], minimum=1)
    depth = None if m.get("liquid_depth") is None else parse_quantity(
        f"{path}.liquid_depth", m["liquid_depth"], "in", minimum=0, strict_minimum=True, maximum=600)
    tees = None if m.get("sanitary_tees") is None else parse.whole(f"{path}.sanitary_tees", m["sanitary_tees"])
    manholes = None
    if m.get("manholes") is not None:
        items = parse.sequence(f"{path}.manholes", m["manholes"])
        manholes = tuple(_manhole(f"{path}.manholes[{i}]", i, item) for i, item in enumerate(items))
    fittings = None if m.get("grease_retention_fittings") is None else parse.boolean(
        f"{path}.grease_retention_fittings", m["grease_retention_fittings"])
    accessible = None if m.get("accessible") is None else parse.boolean(f"{path}.accessible", m["accessible"])
    product = None if m.get("product") is None else parse.text(f"{path}.product", m["product"], max_length=200)
    if m.get("notes") is not None:
        parse.text(f"{path}.notes", m["notes"])
    given = {k: m[k] for k in ("volume", "rated_flow", "liquid_depth") if m.get(k) is not None}
    return Interceptor(type=kind, volume_gal=volume, rated_flow_gpm=rated, compartments=compartments,
                       liquid_depth_in=depth, sanitary_tees=tees, manholes=manholes, grease_retention_fittings=fittings,
                       accessible=accessible, product=product, given=given)


def _manhole(path: str, index: int, item: Any) -> Manhole:
    m = parse.mapping(path, item, MANHOLE_FIELDS)
    over = None if m.get("over") is None else manhole_positions(f"{path}.over", m["over"])
    diameter = None if m.get("diameter") is None else parse_quantity(
        f"{path}.diameter", m["diameter"], "in", minimum=0, strict_minimum=True, maximum=240)
    to_grade = None if m.get("to_grade") is None else parse.boolean(f"{path}.to_grade", m["to_grade"])
    label = None if m.get("label") is None else parse.text(f"{path}.label", m["label"], max_length=200)
    return Manhole(index=index, over=over, diameter_in=diameter, to_grade=to_grade, label=label)


def manhole_positions(path: str, value: Any) -> tuple[str, ...]:
    """``over`` of a manhole: a string or a list of ``chamber``, ``chamber_N``, ``sanitary_tee``, ``sanitary_tee_N``.

    >>> manhole_positions("over", "Sanitary tee 2"), manhole_positions("over", ["sanitary_tee_1", "chamber"])
    (('sanitary_tee_2',), ('sanitary_tee_1', 'chamber'))
    """
    many = isinstance(value, (list, tuple))
    items = list(value) if many else [value]
    if not items:
        raise SizingInputError(path, value, MANHOLE_OVER_EXPECTED)
    out = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]" if many else path
        key = parse.normalise_key(item) if isinstance(item, str) else None
        if key is None or not MANHOLE_POSITION.match(key):
            raise SizingInputError(where, item, MANHOLE_OVER_EXPECTED)
        out.append(key)
    return tuple(dict.fromkeys(out))


def position(key: str) -> tuple[str, int | None]:
    """``'sanitary_tee_2'`` -> ``('sanitary_tee', 2)``; ``'chamber'`` -> ``('chamber', None)``."""
    kind, number = MANHOLE_POSITION.match(key).groups()
    return kind, None if number is None else int(number)


def tee_chamber(tee: int, tees: int, chambers: int) -> int:
    """The chamber that holds sanitary tee ``tee`` (of ``tees``) in an interceptor of ``chambers`` chambers: the first
    (inlet) tee in chamber 1, the last (outlet) tee in the last chamber, tee k between them in chamber k (at most the
    last). TMC ch. 5.26, Grease interceptor design standards (d) (the profile's manhole_over_tee_covers_chamber).

    >>> tee_chamber(1, 2, 2), tee_chamber(2, 2, 2), tee_chamber(2, 2, 3), tee_chamber(2, 3, 3)
    (1, 2, 3, 2)
    """
    if tee <= 1:
        return 1
    if tee >= tees:
        return chambers
    return min(tee, chambers)


def manhole_coverage(manholes: tuple[Manhole, ...], chambers: int, tees: int,
                     tee_covers_chamber: bool = True) -> dict[str, Any]:
    """Which chambers (1..chambers) and sanitary tees (1..tees) have an access manhole over them.

    Numbered positions are taken as given; then each unnumbered ``sanitary_tee`` takes the lowest uncovered tee
    and each unnumbered ``chamber`` the lowest uncovered chamber. A manhole over a tee is also over the chamber
    that holds it (:func:`tee_chamber`) when ``tee_covers_chamber``.

    >>> m = (Manhole(0, ("sanitary_tee",), 24, True), Manhole(1, ("sanitary_tee",), 24, True))
    >>> cov = manhole_coverage(m, 2, 2)
    >>> cov["uncovered_chambers"], cov["uncovered_tees"]
    ([], [])
    """
    chamber_by: dict[int, list[int]] = {}
    tee_by: dict[int, list[int]] = {}
    unnumbered: dict[str, list[int]] = {"sanitary_tee": [], "chamber": []}
    outside: list[str] = []
    unplaced: list[int] = []

    def cover(kind: str, n: int, index: int) -> None:
        if kind == "sanitary_tee":
            tee_by.setdefault(n, []).append(index)
            if tee_covers_chamber:
                chamber_by.setdefault(tee_chamber(n, tees, chambers), []).append(index)
        else:
            chamber_by.setdefault(n, []).append(index)

    for m in manholes:
        if m.over is None:
            unplaced.append(m.index)
            continue
        for key in m.over:
            kind, n = position(key)
            if n is None:
                unnumbered[kind].append(m.index)
            elif n > (tees if kind == "sanitary_tee" else chambers):
                outside.append(f"manholes[{m.index}] is over {_position_name(kind, n)}, but the interceptor has "
                               + (f"{tees} sanitary tee{'s' if tees != 1 else ''}" if kind == "sanitary_tee" else
                                  f"{chambers} chamber{'s' if chambers != 1 else ''}"))
            else:
                cover(kind, n, m.index)
    for kind, count, taken in (("sanitary_tee", tees, tee_by), ("chamber", chambers, chamber_by)):
        for index in unnumbered[kind]:
            free = [n for n in range(1, count + 1) if n not in taken]
            if free:
                cover(kind, free[0], index)
    return {"chambers": {n: chamber_by[n] for n in sorted(chamber_by) if n <= chambers},
            "tees": {n: tee_by[n] for n in sorted(tee_by)},
            "uncovered_chambers": [n for n in range(1, chambers + 1) if n not in chamber_by],
            "uncovered_tees": [n for n in range(1, tees + 1) if n not in tee_by],
            "outside": outside, "unplaced": unplaced}


def _position_name(kind: str, n: int) -> str:
    return f"{'sanitary tee' if kind == 'sanitary_tee' else 'chamber'} {n}"


def parse_declarations(raw: Mapping[str, Any]) -> Declarations:
    """Parse max_discharge_temperature, food_grinder_approval, additives_authorization, existing_fse and
    review_date."""
    temp = raw.get("max_discharge_temperature")
    temp_f = None if temp is None else parse_quantity("max_discharge_temperature", temp, "degF",
                                                       minimum=-100, maximum=1000)
    approval = None
    if raw.get("food_grinder_approval") is not None:
        a = parse.mapping("food_grinder_approval", raw["food_grinder_approval"], APPROVAL_FIELDS)
        approval = {"approved": parse.boolean("food_grinder_approval.approved", a.get("approved"), default=False),
                    "date": None if a.get("date") is None else parse.date("food_grinder_approval.date", a["date"]),
                    "by": None if a.get("by") is None else parse.text("food_grinder_approval.by", a["by"]),
                    "reference": None if a.get("reference") is None else parse.text(
                        "food_grinder_approval.reference", a["reference"])}
    additives = None
    if raw.get("additives_authorization") is not None:
        a = parse.mapping("additives_authorization", raw["additives_authorization"], ADDITIVES_FIELDS)
        additives = {
            "additives_used": parse.boolean("additives_authorization.additives_used", a.get("additives_used"),
                                            default=False),
            "authorized": parse.boolean("additives_authorization.authorized", a.get("authorized"), default=False),
            "date": None if a.get("date") is None else parse.date("additives_authorization.date", a["date"]),
            "permit": None if a.get("permit") is None else parse.text("additives_authorization.permit", a["permit"]),
            "product": None if a.get("product") is None else parse.text("additives_authorization.product",
                                                                        a["product"])}
    existing = None
    if raw.get("existing_fse") is not None:
        e = parse.mapping("existing_fse", raw["existing_fse"], EXISTING_FSE_FIELDS)
        existing = {k: parse.boolean(f"existing_fse.{k}", e.get(k), default=False) for k in EXISTING_TRIGGERS}
        existing["notification_date"] = None if e.get("notification_date") is None else parse.date(
            "existing_fse.notification_date", e["notification_date"])
    review_date = None if raw.get("review_date") is None else parse.date("review_date", raw["review_date"])
    return Declarations(max_discharge_temperature_degf=temp_f,
                        max_discharge_temperature_given=None if temp is None else str(temp),
                        food_grinder_approval=approval, additives=additives, existing_fse=existing,
                        review_date=review_date)


# --- Results ---------------------------------------------------------------------------------------------

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

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "start": self.start.isoformat(), "start_basis": self.start_basis,
                "working_days": self.working_days, "date": self.date.isoformat(), "citation": self.citation,
                "holidays_skipped": [{"date": d.isoformat(), "name": n} for d, n in self.holidays_skipped],
                "working_days_left": self.working_days_left}


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
    #: A waiver of the interceptor requirement given in the submittal (type, paragraph, status, dates,
    #: conditions, whether it has expired on the review date); None without one.
    waiver: dict[str, Any] | None = None
    #: How working days are counted (the profile's holiday list and its source).
    working_days_rule: str = ""
    #: Sizing warnings left out because they concern another interceptor type, each with the reason.
    sizing_warnings_omitted: tuple[tuple[str, str], ...] = ()

    @property
    def compliant(self) -> bool:
        return not any(f.status == FAIL for f in self.findings)

    @property
    def corrections(self) -> list[str]:
        """One plain-language correction per failing finding, its citation in brackets."""
        return [f"{f.correction} [{f.citation}]" for f in self.findings if f.status == FAIL]

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
            "project": dict(self.project),
            "edition": self.edition,
            "construction": self.construction,
            "review_date": self.review_date.isoformat(),
            "jurisdiction": self.jurisdiction, "letterhead": self.letterhead,
            "counts": self.counts(),
            "findings": [f.to_dict() for f in self.findings],
            "corrections": self.corrections,
            "deadline": None if self.deadline is None else self.deadline.to_dict(),
            "deadlines": [d.to_dict() for d in self.deadlines],
            "interceptor": None if self.interceptor is None else self.interceptor.to_dict(),
            "waiver": None if self.waiver is None else _jsonable_dict(self.waiver),
            "working_days_rule": self.working_days_rule,
            "sizing": self.sizing.to_dict(),
            "sizing_warnings_omitted": [{"warning": w, "reason": why} for w, why in self.sizing_warnings_omitted],
        }


def _jsonable_dict(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: jsonable(v) for k, v in d.items()}


# --- The review ------------------------------------------------------------------------------------------

def review(sub: Submittal, today: dt.date | None = None, jurisdiction: Any = None) -> Review:
    """Check a submittal against the CPC size and the jurisdiction's rules (its profile's ``review_rules``).

    ``today`` is the review date when the submittal gives no ``review_date`` (default: the system date);
    ``jurisdiction`` (an id or a Jurisdiction) defaults to the one the submittal was read under.
    """
    from sizing.jurisdiction import get

    profile = get(sub.jurisdiction if jurisdiction is None else jurisdiction)
    raw = sub.raw
    icp = parse_interceptor(raw.get("interceptor"))
    dec = parse_declarations(raw)
    on = dec.review_date or today or dt.date.today()
    findings: list[Finding] = []
    deadlines: list[Deadline] = []
    waiver = None
    if raw.get("waiver") is not None and not profile.has_waivers:
        findings.append(Finding("waiver", INFO, profile.ordinance or profile.name,
                                f"The waiver section is not read: {profile.name} has no waivers in this tool"))
    else:
        waiver = _waiver(sub, on, profile)
    result, omitted = _sizing_for(size(sub), _kind(icp))
    ctx = _Context(sub=sub, icp=icp, dec=dec, on=on, sizing=result, profile=profile, waiver=waiver)
    applied = set(profile.review_rules)
    for rule in RULES:
        if rule.__name__.removeprefix("rule_") not in applied:
            continue
        out = rule(ctx)
        for item in out if isinstance(out, list) else [out]:
            if isinstance(item, Deadline):
                deadlines.append(item)
            elif item is not None:
                findings.append(item)
    return Review(project=dict(sub.project), edition=sub.edition, construction=sub.construction, review_date=on,
                  interceptor=icp, findings=tuple(findings), deadlines=tuple(deadlines), sizing=result,
                  jurisdiction=profile.name, letterhead=profile.letterhead, waiver=waiver,
                  working_days_rule=working_days_rule(profile), sizing_warnings_omitted=omitted)


def _kind(icp: Interceptor | None) -> str | None:
    """The proposed interceptor's type: as stated, else read from a volume (gravity) or a rated flow (HGI)."""
    if icp is None:
        return None
    if icp.type is not None:
        return icp.type
    if icp.volume_gal is not None and icp.rated_flow_gpm is None:
        return "gravity"
    if icp.rated_flow_gpm is not None and icp.volume_gal is None:
        return "hydromechanical"
    return None


def _sizing_for(result: SizingResult, kind: str | None) -> tuple[SizingResult, tuple[tuple[str, str], ...]]:
    """The sizing as the review shows it: warnings about another interceptor type are left out (and listed)."""
    kept, omitted = [], []
    for w in result.warnings:
        if kind == "gravity" and any(m in w for m in HGI_WARNING_MARKERS):
            omitted.append((w, "concerns the hydromechanical size; a gravity interceptor is proposed"))
        elif kind == "hydromechanical" and CAPACITY_RULE_OF_THUMB_MARKER in w:
            omitted.append((w, "replaced by the hgi_capacity finding, against the proposed rated flow"))
        else:
            kept.append(w)
    if not omitted:
        return result, ()
    return dataclasses.replace(result, warnings=tuple(kept)), tuple(omitted)


def _waiver(sub: Submittal, on: dt.date, profile: Any) -> dict[str, Any] | None:
    """The submittal's waiver section as the review reads it (validated by the waiver parser)."""
    if sub.raw.get("waiver") is None:
        return None
    from sizing.ordinance.waiver import parse_waiver, waiver_types

    app = parse_waiver(sub, today=on, profile=profile)
    spec = waiver_types(profile)[app.type]
    expired = app.expiration is not None and on > app.expiration
    return {"type": app.type, "title": spec["title"], "citation": spec["citation"], "status": app.status,
            "granted_on": app.granted_on, "expiration": app.expiration, "expired": expired,
            "applies_to": list(spec["construction"]), "conditions": list(app.conditions) + list(app.terms)}


@dataclass(frozen=True)
class _Context:
    sub: Submittal
    icp: Interceptor | None
    dec: Declarations
    on: dt.date
    sizing: SizingResult
    profile: Any  # the Jurisdiction
    waiver: dict[str, Any] | None = None

    def param(self, key: str) -> dict[str, Any]:
        return profile_parameter(key, self.profile)

    @property
    def kind(self) -> str | None:
        return _kind(self.icp)

    @property
    def waived(self) -> bool:
        """A granted waiver that has not expired on the review date."""
        w = self.waiver
        return bool(w and w["status"] == "granted" and not w["expired"])


def _no_interceptor(c: _Context, rule: str, citation: str, what: str) -> Finding:
    if c.waived:
        return Finding(rule=rule, status=INFO, citation=citation,
                       message=f"{what}: not checked; the grease interceptor requirement is waived "
                               f"({c.waiver['citation']}) and no interceptor is shown")
    return Finding(rule=rule, status=WARN, citation=citation,
                   message=f"{what}: not checked; no grease interceptor is shown on the plans")


def _not_applicable(c: _Context, rule: str, citation: str) -> Finding | None:
    """An ``info`` finding when the profile applies ``rule`` only to other interceptor types; else None."""
    by_type = c.profile.design_rules_by_interceptor_type
    types = by_type.get(rule)
    kind = c.kind
    if types is None or kind is None or kind in types:
        return None
    return Finding(rule, INFO, citation,
                   f"Not applicable: the jurisdiction applies this rule to {' and '.join(types)} interceptors, and a "
                   f"{kind} interceptor is proposed", value=kind, limit=", ".join(types))


def _missing(rule: str, citation: str, what: str, correction: str, limit: Any = None, unit: str = "") -> Finding:
    return Finding(rule=rule, status=FAIL, citation=citation, message=f"{what} {NOT_SHOWN}", limit=limit, unit=unit,
                   correction=correction)


def _gal(value: float) -> str:
    return f"{value:,.1f}".rstrip("0").rstrip(".") + " gal"


# Each rule: (context) -> Finding | list[Finding | Deadline] | None.  Order = order in the report.

def rule_interceptor_required(c: _Context) -> list[Finding | Deadline]:
    """Whether and by when an interceptor is required.
    TMC ch. 5.26, Grease interceptor requirement (a), (b)(1), (b)(2); section 5.26.080 (a granted waiver)."""
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


def _requirement(c: _Context) -> list[Finding | Deadline]:
    """The interceptor requirement without a waiver in force."""
    shown = c.icp is not None
    kind = c.sub.construction
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
    # existing FSE
    p = c.param("existing_trigger_install_working_days")
    e = c.dec.existing_fse
    if e is None:
        return [Finding("interceptor_required", WARN, p["citation"],
                        "Existing FSE: the existing_fse section (blockage, hot-spot lateral, significant FOG, "
                        f"notification date) is {NOT_SHOWN}; whether an interceptor is required was not determined",
                        value=NOT_SHOWN)]
    triggers = [text for key, text in EXISTING_TRIGGERS.items() if e.get(key)]
    if not triggers:
        return [Finding("interceptor_required", INFO, p["citation"],
                        "Existing FSE with no installation trigger declared: no installation deadline applies"
                        + ("; the interceptor shown is reviewed below" if shown else ""),
                        value="no trigger")]
    days = int(p["value"])
    why = "; ".join(triggers)
    if e.get("notification_date") is None:
        status = WARN if shown else FAIL
        return [Finding("interceptor_required", status, p["citation"],
                        f"Existing FSE that {why}: an interceptor is required within {days} working days of the "
                        f"Director's notification, whose date is {NOT_SHOWN}", value=NOT_SHOWN,
                        limit=f"{days} working days", correction=None if shown else (
                            f"Show the grease interceptor on the plans and the date of the Director's notification; "
                            f"it must be installed within {days} working days of that notification"))]
    start = e["notification_date"]
    due = add_working_days(start, days, c.profile)
    left = working_days_between(c.on, due, c.profile)
    deadline = Deadline(rule="interceptor_required", start=start, start_basis="the Director's notification",
                        working_days=days, date=due, citation=p["citation"],
                        holidays_skipped=tuple(holidays_between(start, due, c.profile)), working_days_left=left)
    timing = (f"{left} working days remain after {c.on.isoformat()}" if left > 0 else
              "the deadline is today" if left == 0 else f"the deadline passed {-left} working days before "
              f"{c.on.isoformat()}")
    msg = (f"Existing FSE that {why}: install a grease interceptor within {days} working days of the "
           f"notification on {start.isoformat()}, i.e. by {due.isoformat()} ({timing})")
    if shown:
        status = PASS if left >= 0 else WARN
        finding = Finding("interceptor_required", status, p["citation"], msg + "; an interceptor is shown",
                          value="shown", limit=f"by {due.isoformat()}")
    else:
        finding = Finding("interceptor_required", FAIL, p["citation"], msg + "; none is shown on the plans",
                          value=NOT_SHOWN, limit=f"by {due.isoformat()}",
                          correction=f"Show the grease interceptor on the plans; it must be installed by "
                                     f"{due.isoformat()} ({days} working days after the notification of "
                                     f"{start.isoformat()})")
    return [finding, deadline]


def _waived(c: _Context, w: dict[str, Any]) -> Finding | None:
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
                       f"{c.on.isoformat()}; the grease interceptor requirement applies and no interceptor is "
                       f"{NOT_SHOWN}", value=f"waiver expired {exp.isoformat()}", limit="a waiver in force",
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


def rule_volume(c: _Context) -> Finding:
    """Proposed volume (gravity) or rating (hydromechanical) >= the CPC size.
    CPC Section 1014.3.6, Table 1014.3.6 (gravity); Section 1014.2.1, Table 1014.2.1 and PDI G-101 (HGI);
    TMC ch. 5.26, Grease interceptor design standards (b)."""
    local = c.profile.parameters.get("sizing_per_cpc")  # a local clause that adopts the CPC size, if any
    tmc = f"; {local['citation']}" if local else ""
    ed = c.sizing.edition
    if c.icp is None:
        return _no_interceptor(c, "volume", f"CPC {ed}, Section 1014{tmc}", "Interceptor size")
    if c.icp.type is None:
        if c.icp.volume_gal is not None and c.icp.rated_flow_gpm is None:
            kind = "gravity"
        elif c.icp.rated_flow_gpm is not None and c.icp.volume_gal is None:
            kind = "hydromechanical"
        else:
            return _missing("volume", f"CPC {ed}, Section 1014{tmc}", "Interceptor type (gravity or hydromechanical)",
                            "State the interceptor type (gravity or hydromechanical) and its volume or rated flow")
    else:
        kind = c.icp.type
    return _volume_gravity(c, tmc) if kind == "gravity" else _volume_hgi(c, tmc)


def _volume_gravity(c: _Context, tmc: str) -> Finding:
    g = c.sizing.gravity
    cite = f"{g['citation']}{tmc}"
    need = g["required_volume_gal"]
    prov = g["provenance"]
    if c.icp.volume_gal is None:
        return _missing("volume", cite, "The gravity interceptor's volume is",
                        "Show the gravity grease interceptor's liquid volume (gallons)"
                        + (f"; the code requires at least {_gal(need)}" if need else ""),
                        limit=need, unit="gal")
    have = c.icp.volume_gal
    typed = c.icp.given.get("volume")
    shown = _gal(have) if typed is None or str(typed).strip().endswith("gal") or isinstance(typed, (int, float)) \
        else f"{typed} ({_gal(have)})"
    if need is None:
        return Finding("volume", WARN, cite, f"Proposed volume {shown}; the CPC size could not be determined: "
                       f"{g['message']}", value=have, unit="gal", provenance=prov)
    basis = f"{c.sizing.dfu_total:g} DFU"
    if g["footnote3_volume_gal"]:
        basis += f" + {_gal(g['footnote3_volume_gal'])} (footnote 3)"
    if have + VOLUME_SLACK_GAL >= need:
        return Finding("volume", PASS, cite, f"Proposed volume {shown} >= required {_gal(need)} ({basis})",
                       value=have, limit=need, unit="gal", provenance=prov)
    return Finding("volume", FAIL, cite, f"Proposed volume {shown} is less than the required {_gal(need)} ({basis})",
                   value=have, limit=need, unit="gal", provenance=prov,
                   correction=f"Increase the gravity grease interceptor to at least {_gal(need)} for {basis}; the "
                              f"plans show {shown}")


def _volume_hgi(c: _Context, tmc: str) -> Finding:
    h = c.sizing.hydromechanical
    ed = c.sizing.edition
    if h["one_minute_flow_gpm"] is not None:
        one, two = h["one_minute_flow_gpm"], h["two_minute_flow_gpm"]
        basis = (f"PDI G-101 fixture-capacity method: {h['drainage_load_gal']:g} gal drainage load"
                 + (f" + {h['added_flow_gpm']:g} gpm of appliances" if h["added_flow_gpm"] else ""))
        cite = f"CPC {ed}, Section 1014.2.1; PDI G-101{tmc}"
        std = f"; next standard rating {h['rated_one_minute_gpm']} gpm" if h["rated_one_minute_gpm"] else ""
    elif h["by_pipe_one_minute_gpm"] is not None:
        one, two = h["by_pipe_one_minute_gpm"], h["by_pipe_two_minute_gpm"]
        basis = f"Table 1014.2.1 for a {h['inlet_pipe_in']:g} in grease waste pipe"
        cite = f"CPC {ed}, Section 1014.2.1, Table 1014.2.1{tmc}"
        std = ""
    else:
        return Finding("volume", WARN, f"CPC {ed}, Section 1014.2.1{tmc}",
                       "The HGI requirement could not be computed: give sink dimensions or flows of the connected "
                       "fixtures, or the inlet pipe size" + (f" ({h['message']})" if h["message"] else ""),
                       value=c.icp.rated_flow_gpm, unit="gpm")
    prov = h["provenance"]
    if c.icp.rated_flow_gpm is None:
        return _missing("volume", cite, "The hydromechanical interceptor's rated flow is",
                        f"Show the hydromechanical grease interceptor's rated flow; at least {one:g} gpm is required "
                        f"for 1-minute drainage ({basis})", limit=one, unit="gpm")
    have = c.icp.rated_flow_gpm
    if have >= one - 1e-9:
        return Finding("volume", PASS, cite, f"Rated flow {have:g} gpm >= the 1-minute drainage flow {one:g} gpm "
                       f"({basis}{std})", value=have, limit=one, unit="gpm", provenance=prov)
    if have >= two - 1e-9:
        return Finding("volume", WARN, cite, f"Rated flow {have:g} gpm meets only the 2-minute drainage flow "
                       f"{two:g} gpm, not the 1-minute flow {one:g} gpm ({basis}); acceptable only where the "
                       "2-minute drain period is allowed and stated on the plans", value=have, limit=one, unit="gpm",
                       provenance=prov)
    return Finding("volume", FAIL, cite, f"Rated flow {have:g} gpm is less than the 2-minute drainage flow {two:g} gpm "
                   f"and the 1-minute flow {one:g} gpm ({basis})", value=have, limit=one, unit="gpm", provenance=prov,
                   correction=f"Increase the hydromechanical grease interceptor's rated flow to at least {one:g} gpm "
                              f"for 1-minute drainage, or {two:g} gpm where a 2-minute drain period is allowed and "
                              f"stated; the plans show {have:g} gpm")


def rule_hgi_capacity(c: _Context) -> Finding | None:
    """The capacity of the fixtures discharging into a hydromechanical interceptor <= 2.5 x its rated flow.
    CPC Section 1014.2.1 (wording secondary: check against the printed code)."""
    if c.kind != "hydromechanical":
        return None
    p = c.param("hgi_max_capacity_ratio")
    ratio = float(p["value"])
    cite = str(p["citation"]).format(edition=c.sizing.edition)
    prov, note = p.get("provenance"), p.get("provenance_note")
    rated = c.icp.rated_flow_gpm
    capacity = c.sizing.hydromechanical.get("fixture_volume_gal")
    counted = [s.key.removeprefix("hgi.volume.") for s in c.sizing.steps if s.key.startswith("hgi.volume.")]
    if rated is None or not counted:
        what = "the rated flow is" if rated is None else "no connected fixture gives its dimensions (length, width, depth):"
        return Finding("hgi_capacity", WARN, cite,
                       f"Fixture capacity against {ratio:g} x the rated flow: not checked; {what} {NOT_SHOWN}",
                       value=capacity, limit=None, unit="gal", provenance=prov, provenance_note=note)
    limit = ratio * rated
    basis = f"{', '.join(counted)}; {ratio:g} gal per gpm x {rated:g} gpm"
    if capacity <= limit + 1e-9:
        return Finding("hgi_capacity", PASS, cite,
                       f"Connected fixture capacity {_gal(capacity)} does not exceed {_gal(limit)} ({basis})",
                       value=capacity, limit=limit, unit="gal", provenance=prov, provenance_note=note)
    return Finding("hgi_capacity", FAIL, cite,
                   f"Connected fixture capacity {_gal(capacity)} exceeds {_gal(limit)} ({basis})",
                   value=capacity, limit=limit, unit="gal", provenance=prov, provenance_note=note,
                   correction=f"Provide a hydromechanical interceptor rated at least {capacity / ratio:.1f} gpm for "
                              f"the {_gal(capacity)} of connected fixtures (at most {ratio:g} gal per gpm), or "
                              f"connect less fixture capacity to it; the plans show {rated:g} gpm")


def _requires_interceptor(c: _Context) -> bool | None:
    """Whether the chapter requires an interceptor here (None: the plans do not show whether it does)."""
    if c.sub.construction == "new" or c.sub.construction in CHANGE_TYPES:
        return True
    e = c.dec.existing_fse
    if e is None:
        return None
    return any(e.get(k) for k in EXISTING_TRIGGERS)


def rule_interceptor_type(c: _Context) -> Finding | None:
    """A hydromechanical interceptor where a grease interceptor is required needs the Director's acceptance.
    TMC ch. 5.26, Grease interceptor design standards (a); section 5.26.080(b)."""
    kind = c.kind
    if kind is None:
        return None
    p = c.param("hydromechanical_needs_acceptance")
    if kind == "gravity":
        return Finding("interceptor_type", PASS, p["citation"], "A gravity grease interceptor is proposed",
                       value="gravity", limit="gravity, or a type the Director accepts")
    w = c.waiver
    if c.waived and w["type"] == "alternative_pretreatment":
        return Finding("interceptor_type", INFO, p["citation"],
                       f"A hydromechanical interceptor is proposed under the granted variance ({w['citation']})",
                       value=kind, limit="accepted by the Director")
    required = _requires_interceptor(c)
    if required is False:
        return Finding("interceptor_type", INFO, p["citation"],
                       "A hydromechanical interceptor is proposed where no installation trigger "
                       f"({c.param('existing_trigger_install_working_days')['citation']}) requires a grease "
                       "interceptor", value=kind, limit="gravity, or a type the Director accepts")
    alt = c.profile.waiver_kinds.get("alternative_pretreatment")
    example = f" (e.g. as alternative pretreatment under {alt['citation']})" if alt else ""
    return Finding("interceptor_type", WARN, p["citation"],
                   "A hydromechanical interceptor is proposed where the chapter requires a grease interceptor: the "
                   f"Director must accept it as an approved type{example}; the plans should show that acceptance",
                   value=kind,
                   limit="gravity, or a type the Director accepts")


def rule_compartments(c: _Context) -> Finding:
    """At least two compartments.
    TMC ch. 5.26, Grease interceptor design standards (b)."""
    p = c.param("min_compartments")
    need = int(p["value"])
    if c.icp is None:
        return _no_interceptor(c, "compartments", p["citation"], "Compartments")
    na = _not_applicable(c, "compartments", p["citation"])
    if na is not None:
        return na
    if c.icp.compartments is None:
        return _missing("compartments", p["citation"], "The number of compartments is",
                        f"Show the number of interceptor compartments (at least {need})", limit=need)
    have = c.icp.compartments
    if have >= need:
        return Finding("compartments", PASS, p["citation"], f"{have} compartments >= {need}", value=have, limit=need)
    return Finding("compartments", FAIL, p["citation"], f"{have} compartment{'s' if have != 1 else ''}; at least {need} are required",
                   value=have, limit=need,
                   correction=f"Provide a grease interceptor with at least {need} compartments; the plans show {have}")


def rule_manhole_diameter(c: _Context) -> Finding:
    """Every access manhole at least 24 in in diameter.
    TMC ch. 5.26, Grease interceptor design standards (d)."""
    p = c.param("min_manhole_diameter")
    need = float(p["value"])
    if c.icp is None:
        return _no_interceptor(c, "manhole_diameter", p["citation"], "Manhole diameters")
    na = _not_applicable(c, "manhole_diameter", p["citation"])
    if na is not None:
        return na
    if not c.icp.manholes:
        return _missing("manhole_diameter", p["citation"], "Access manholes are",
                        f"Show the access manholes and their diameters (at least {need:g} in)", limit=need, unit="in")
    unknown = [m for m in c.icp.manholes if m.diameter_in is None]
    if unknown:
        names = ", ".join(f"manholes[{m.index}]" for m in unknown)
        return _missing("manhole_diameter", p["citation"], f"The diameter of {names} is",
                        f"Show the diameter of every access manhole ({names}); at least {need:g} in", limit=need,
                        unit="in")
    small = [m for m in c.icp.manholes if m.diameter_in < need - 1e-9]
    smallest = min(m.diameter_in for m in c.icp.manholes)
    if not small:
        return Finding("manhole_diameter", PASS, p["citation"],
                       f"All {len(c.icp.manholes)} manholes >= {need:g} in (smallest {smallest:.2f} in)",
                       value=round(smallest, 3), limit=need, unit="in")
    names = ", ".join(f"manholes[{m.index}] ({m.diameter_in:.2f} in)" for m in small)
    return Finding("manhole_diameter", FAIL, p["citation"], f"Manholes under {need:g} in: {names}",
                   value=round(smallest, 3), limit=need, unit="in",
                   correction=f"Enlarge the access manholes to at least {need:g} in diameter: {names}")


def rule_manhole_count(c: _Context) -> Finding:
    """An access manhole over each chamber and each sanitary tee; one over a tee is also over its chamber.
    TMC ch. 5.26, Grease interceptor design standards (d)."""
    p = c.param("manholes_over_each_chamber_and_tee")
    if c.icp is None:
        return _no_interceptor(c, "manhole_count", p["citation"], "Manhole positions")
    na = _not_applicable(c, "manhole_count", p["citation"])
    if na is not None:
        return na
    chambers, tees = c.icp.compartments, c.icp.sanitary_tees
    if chambers is None or tees is None:
        what = " and ".join(w for w, v in (("the number of chambers", chambers), ("the number of sanitary tees", tees))
                            if v is None)
        return _missing("manhole_count", p["citation"], what[0].upper() + what[1:] + (" are" if " and " in what else " is"),
                        f"Show {what}, and an access manhole over each chamber and each sanitary tee")
    manholes = c.icp.manholes or ()
    covers = bool(c.param("manhole_over_tee_covers_chamber")["value"])
    cov = manhole_coverage(manholes, chambers, tees, covers)
    required = _positions_text(list(range(1, chambers + 1)), list(range(1, tees + 1)))
    limit = f"a manhole over each of {required}"
    uncovered = _positions_text(cov["uncovered_chambers"], cov["uncovered_tees"])
    notes = list(cov["outside"])
    if cov["unplaced"]:
        names = ", ".join(f"manholes[{i}]" for i in cov["unplaced"])
        notes.append(f"{names} {'does' if len(cov['unplaced']) == 1 else 'do'} not state what it is over (give "
                     "'over: chamber', 'sanitary_tee', 'chamber_N' or 'sanitary_tee_N')")
    tail = ("; " + "; ".join(notes)) if notes else ""
    via_tee = " (a manhole over a sanitary tee also serves the chamber that holds it)" if covers and tees else ""
    if not uncovered:
        status = WARN if notes else PASS
        return Finding("manhole_count", status, p["citation"],
                       f"{len(manholes)} access manhole{'s' if len(manholes) != 1 else ''} cover {required}{via_tee}"
                       + tail, value="all covered", limit=limit)
    return Finding("manhole_count", FAIL, p["citation"],
                   f"No access manhole over {uncovered}; required: {limit}{via_tee}{tail}",
                   value=f"not covered: {uncovered}", limit=limit,
                   correction=f"Provide an access manhole over {uncovered}; every chamber and every sanitary tee needs "
                              f"one{via_tee}")


def _positions_text(chambers: list[int], tees: list[int]) -> str:
    """'chambers 1 and 2 and sanitary tee 2' ('' when both are empty)."""
    def part(word: str, ns: list[int]) -> str:
        if not ns:
            return ""
        nums = ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}" if len(ns) > 1 else str(ns[0])
        return f"{word}{'s' if len(ns) > 1 else ''} {nums}"
    return " and ".join(x for x in (part("chamber", chambers), part("sanitary tee", tees)) if x)


def rule_manholes_to_grade(c: _Context) -> Finding:
    """Access manholes extend at least to finished grade.
    TMC ch. 5.26, Grease interceptor design standards (d)."""
    p = c.param("manholes_to_finished_grade")
    if c.icp is None:
        return _no_interceptor(c, "manholes_to_grade", p["citation"], "Manholes to grade")
    na = _not_applicable(c, "manholes_to_grade", p["citation"])
    if na is not None:
        return na
    if not c.icp.manholes:
        return _missing("manholes_to_grade", p["citation"], "Access manholes (and that they extend to grade) are",
                        "Show the access manholes extending at least to finished grade")
    unknown = [f"manholes[{m.index}]" for m in c.icp.manholes if m.to_grade is None]
    below = [f"manholes[{m.index}]" for m in c.icp.manholes if m.to_grade is False]
    if below:
        return Finding("manholes_to_grade", FAIL, p["citation"], f"Not extended to finished grade: {', '.join(below)}",
                       value=f"{len(below)} below grade", limit="all to finished grade",
                       correction=f"Extend the access manholes to at least finished grade: {', '.join(below)}")
    if unknown:
        return _missing("manholes_to_grade", p["citation"], f"Extension to finished grade of {', '.join(unknown)} is",
                        f"Show that the access manholes extend to finished grade: {', '.join(unknown)}")
    return Finding("manholes_to_grade", PASS, p["citation"], "All access manholes extend to finished grade",
                   value="all to grade", limit="all to finished grade")


def _flag_rule(rule: str, key: str, attr: str, what: str, fix: str):
    def check(c: _Context) -> Finding:
        p = c.param(key)
        if c.icp is None:
            return _no_interceptor(c, rule, p["citation"], what)
        na = _not_applicable(c, rule, p["citation"])
        if na is not None:
            return na
        value = getattr(c.icp, attr)
        if value is None:
            return _missing(rule, p["citation"], f"{what}:", fix)
        if value:
            return Finding(rule, PASS, p["citation"], f"{what}: yes", value=True, limit=True)
        return Finding(rule, FAIL, p["citation"], f"{what}: no", value=False, limit=True, correction=fix)

    check.__name__ = f"rule_{rule}"
    return check


rule_retention_fittings = _flag_rule(
    "retention_fittings", "grease_retention_fittings", "grease_retention_fittings", "Grease retention fittings",
    "Provide grease retention fittings in the interceptor, as designed for proper function")
rule_retention_fittings.__doc__ = """Grease retention fittings.
    TMC ch. 5.26, Grease interceptor design standards (e)."""
rule_accessible_location = _flag_rule(
    "accessible_location", "accessible_location", "accessible", "Easily accessible location",
    "Locate the grease interceptor where it is at all times easily accessible for inspection, cleaning and "
    "removal of accumulated grease")
rule_accessible_location.__doc__ = """Easily accessible location.
    TMC ch. 5.26, Grease interceptor design standards (c)."""


def _fixture_names(c: _Context, lines) -> str:
    return ", ".join(f"fixtures[{f.index}] ({f.count} x {f.name})" for f in lines)


def rule_dishwasher_connection(c: _Context) -> Finding:
    """Dishwashers shall not be connected to the grease interceptor.
    TMC ch. 5.26, Grease interceptor requirement."""
    p = c.param("dishwashers_not_connected")
    dish = [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].kind.dishwasher and f.count]
    bad = [f for f in dish if f.connected]
    if bad:
        names = _fixture_names(c, bad)
        return Finding("dishwasher_connection", FAIL, p["citation"], f"Dishwasher connected to the interceptor: {names}",
                       value="connected", limit="not connected",
                       correction=f"Disconnect the dishwasher from the grease interceptor: {names}")
    if dish:
        return Finding("dishwasher_connection", PASS, p["citation"],
                       f"{'Dishwashers' if len(dish) > 1 or dish[0].count > 1 else 'Dishwasher'} not connected to "
                       f"the interceptor: {_fixture_names(c, dish)}",
                       value="not connected", limit="not connected")
    return Finding("dishwasher_connection", PASS, p["citation"], "No dishwasher is connected to the interceptor",
                   value="none", limit="not connected")


def rule_prep_fixtures_connected(c: _Context) -> Finding:
    """Fixtures in the food preparation and clean-up areas connected to the interceptor.
    TMC ch. 5.26, Grease interceptor requirement."""
    p = c.param("prep_and_cleanup_fixtures_connected")
    in_area = [f for f in c.sizing.fixtures if f.area in ("food_prep", "cleanup") and f.count
               and not c.sub.fixtures[f.index].kind.dishwasher and not c.sub.fixtures[f.index].kind.sanitary]
    bad = [f for f in in_area if not f.connected]
    if bad:
        names = _fixture_names(c, bad)
        return Finding("prep_fixtures_connected", FAIL, p["citation"],
                       f"Food preparation / clean-up fixtures not connected: {names}",
                       value=f"{len(bad)} not connected", limit="all connected",
                       correction=f"Connect the fixtures in the food preparation and clean-up areas to the grease "
                                  f"interceptor: {names}")
    if not in_area:
        return Finding("prep_fixtures_connected", WARN, p["citation"],
                       f"No fixture in a food preparation or clean-up area is listed; the fixture schedule is "
                       f"{NOT_SHOWN}" if not c.sub.fixtures else
                       "No fixture is listed in a food preparation or clean-up area: check the fixture areas",
                       value="none listed", limit="all connected")
    return Finding("prep_fixtures_connected", PASS, p["citation"],
                   f"All {len(in_area)} food preparation / clean-up fixture lines are connected" if len(in_area) > 1
                   else "The one food preparation / clean-up fixture line is connected",
                   value="all connected", limit="all connected")


def rule_sanitary_connection(c: _Context) -> Finding:
    """No toilets, urinals or restroom wash basins on grease lines.
    TMC ch. 5.26, Prohibitions (e)."""
    p = c.param("no_sanitary_on_grease_lines")
    bad = [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].kind.sanitary and f.connected and f.count]
    if bad:
        names = _fixture_names(c, bad)
        return Finding("sanitary_connection", FAIL, p["citation"],
                       f"Sanitary fixtures on the grease interceptor line: {names}", value="connected",
                       limit="not connected",
                       correction=f"Disconnect the toilets, urinals and restroom wash basins from the grease "
                                  f"interceptor line and route them to the sanitary sewer: {names}")
    return Finding("sanitary_connection", PASS, p["citation"],
                   "No toilet, urinal or restroom wash basin discharges to the grease interceptor line",
                   value="none connected", limit="not connected")


def _grinders(c: _Context):
    return [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].kind.food_grinder and f.count]


def rule_food_grinder(c: _Context) -> Finding:
    """No food grinders in new construction; in an existing FSE only with the Director's written approval.
    TMC ch. 5.26, Prohibitions (a)."""
    p = c.param("food_grinders")
    grinders = _grinders(c)
    if not grinders:
        return Finding("food_grinder", PASS, p["citation"], "No food grinder in the plumbing system",
                       value="none", limit=p["value"])
    names = _fixture_names(c, grinders)
    approval = c.dec.food_grinder_approval
    approved = bool(approval and approval["approved"])
    if c.sub.construction == "new":
        return Finding("food_grinder", FAIL, p["citation"],
                       f"Food grinder in new construction: {names}" + (
                           " (a written approval covers existing FSEs only)" if approved else ""),
                       value="installed", limit="prohibited in new construction",
                       correction=f"Remove the food grinder from the plumbing plans; food grinders are prohibited in "
                                  f"new construction: {names}")
    if approved:
        when = f" dated {approval['date'].isoformat()}" if approval.get("date") else ""
        return Finding("food_grinder", PASS, p["citation"],
                       f"Existing FSE food grinder allowed by the Director's written approval{when}: {names}",
                       value="approved", limit="written approval")
    return Finding("food_grinder", FAIL, p["citation"],
                   f"Food grinder in an existing FSE without the Director's written approval: {names}",
                   value="no written approval", limit="written approval",
                   correction=f"Remove the food grinder, or submit the Director's written approval to keep it: {names}")


def rule_food_grinder_removal(c: _Context) -> list[Finding | Deadline] | None:
    """Food grinders removed from existing FSEs within 180 working days of the chapter's effective date.
    TMC ch. 5.26, Prohibitions (a)."""
    grinders = _grinders(c)
    approval = c.dec.food_grinder_approval
    if not grinders or c.sub.construction == "new" or (approval and approval["approved"]):
        return None
    p = c.param("food_grinder_removal_working_days")
    eff = c.param("ordinance_effective_date")
    days = int(p["value"])
    start = dt.date.fromisoformat(str(eff["value"]))
    due = add_working_days(start, days, c.profile)
    left = working_days_between(c.on, due, c.profile)
    deadline = Deadline(rule="food_grinder_removal", start=start, start_basis="the chapter's effective date",
                        working_days=days, date=due, citation=p["citation"],
                        holidays_skipped=tuple(holidays_between(start, due, c.profile)), working_days_left=left)
    state = "has passed" if left < 0 else "is today" if left == 0 else f"is {left} working days away"
    finding = Finding("food_grinder_removal", INFO, p["citation"],
                      f"Removal deadline for food grinders in existing FSEs: {days} working days after the effective "
                      f"date {start.isoformat()}, i.e. {due.isoformat()}; as of {c.on.isoformat()} it {state}",
                      value=c.on, limit=due, provenance=eff.get("provenance"),
                      provenance_note=f"effective date {start.isoformat()}: {eff.get('rule', '')}")
    return [finding, deadline]


def rule_discharge_temperature(c: _Context) -> Finding:
    """No discharge in excess of 140 degF into the interceptor.
    TMC ch. 5.26, Prohibitions (d)."""
    p = c.param("max_discharge_temperature")
    limit = float(p["value"])
    t = c.dec.max_discharge_temperature_degf
    if t is None:
        return Finding("discharge_temperature", WARN, p["citation"],
                       f"The maximum discharge temperature is {NOT_SHOWN}; it may not exceed {limit:g} degF",
                       value=NOT_SHOWN, limit=limit, unit="degF")
    given = c.dec.max_discharge_temperature_given
    shown = f"{t:g} degF" if given.replace(" ", "").lower().endswith("degf") or given.replace(".", "", 1).isdigit() \
        else f"{given} ({t:g} degF)"
    if t <= limit + 1e-9:
        return Finding("discharge_temperature", PASS, p["citation"],
                       f"Maximum discharge temperature {shown} does not exceed {limit:g} degF", value=t, limit=limit,
                       unit="degF")
    return Finding("discharge_temperature", FAIL, p["citation"],
                   f"Maximum discharge temperature {shown} exceeds {limit:g} degF", value=t, limit=limit, unit="degF",
                   correction=f"Limit the wastewater discharged to the grease interceptor to {limit:g} degF or less, "
                              f"e.g. by tempering or re-routing the hot discharge; the plans show {shown}")


def rule_additives(c: _Context) -> Finding:
    """Additives for treating FOG only with the Director's written authorization or a FOG permit.
    TMC ch. 5.26, Prohibitions (b)."""
    p = c.param("additives_need_authorization")
    a = c.dec.additives
    if a is None or not a["additives_used"]:
        return Finding("additives_authorization", INFO, p["citation"],
                       "No FOG additives declared; additives need the Director's written authorization or a FOG "
                       "wastewater disposal permit", value="none declared", limit="written authorization")
    if a["authorized"]:
        ref = ", ".join(x for x in (a.get("permit"), a["date"].isoformat() if a.get("date") else None) if x)
        return Finding("additives_authorization", PASS, p["citation"],
                       "FOG additives used with the Director's written authorization" + (f" ({ref})" if ref else ""),
                       value="authorized", limit="written authorization")
    return Finding("additives_authorization", FAIL, p["citation"],
                   "FOG additives are used without the Director's written authorization or a FOG wastewater "
                   "disposal permit", value="not authorized", limit="written authorization",
                   correction="Stop adding FOG additives to the wastewater system, or submit the Director's written "
                              "authorization or FOG wastewater disposal permit for them")


RULES = (rule_interceptor_required, rule_interceptor_type, rule_volume, rule_hgi_capacity, rule_compartments, rule_manhole_diameter, rule_manhole_count,
         rule_manholes_to_grade, rule_retention_fittings, rule_accessible_location, rule_dishwasher_connection,
         rule_prep_fixtures_connected, rule_sanitary_connection, rule_food_grinder, rule_food_grinder_removal,
         rule_discharge_temperature, rule_additives)


def review_file(path: str, edition: str | None = None, today: dt.date | None = None,
                jurisdiction: Any = DEFAULT_ID) -> Review:
    """Load a submittal file and review it."""
    from sizing import submittal

    return review(submittal.load(path, edition=edition, jurisdiction=jurisdiction), today=today)


__all__ = ["Finding", "Deadline", "Review", "Interceptor", "Manhole", "Declarations", "review", "review_file",
           "parse_interceptor", "parse_declarations", "RULES"]
