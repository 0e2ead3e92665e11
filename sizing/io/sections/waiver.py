"""The ``waiver``, ``application`` and ``revocation`` sections of a submittal, parsed once into typed objects.

The kinds of waiver, their findings and the grounds of a revocation are read from the jurisdiction profile
(``waivers``); :data:`FIELDS` is the one list of each section's fields (the JSON schema agrees with it)::

    construction: new                      # (c) for new construction and remodels; (b), (d) for existing FSEs
    waiver:
      type: new_construction               # new_construction (c) | infeasible_existing (d) | alternative_pretreatment (b)
      findings:                            # the Director's findings: true/false or {met, evidence}
        negligible_fog_quantity: {met: true, evidence: "coffee bar, no cooking"}
      mitigation_fee_paid: false           # (d): the grease disposal mitigation fee
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

Seats default to ``meals.seats`` when ``application.seats`` is not given.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.units import parse_quantity
from sizing.jurisdiction.profile import Jurisdiction

#: Every field of each section (and of the items in it): the parser accepts these and no others.
FIELDS: dict[str, tuple[str, ...]] = {
    "waiver": ("type", "findings", "mitigation_fee_paid", "monitoring", "terms", "expiration", "date",
               "technology", "status", "granted_on", "decided_by", "conditions", "notes"),
    "finding": ("met", "evidence"),
    "monitoring": ("start", "end", "inspections", "notes"),
    "inspection": ("date", "visible_fog", "inspector", "note"),
    "application": ("seats", "meals_per_day", "water_use", "kitchen_hood", "fryers", "on_site_consumption",
                    "menu", "sampling", "inspections", "notes"),
    "sample": ("date", "fog", "note"),
    "revocation": ("notice_mailed", "proposed_effective", "grounds", "response_received", "response_considered",
                   "explanation"),
}
WAIVER_FIELDS = FIELDS["waiver"]
FINDING_FIELDS = FIELDS["finding"]
MONITORING_FIELDS = FIELDS["monitoring"]
INSPECTION_FIELDS = FIELDS["inspection"]
APPLICATION_FIELDS = FIELDS["application"]
SAMPLE_FIELDS = FIELDS["sample"]
REVOCATION_FIELDS = FIELDS["revocation"]
#: ``applied``: an application for the Director (``sizing waiver``); ``granted``: a waiver in force, which plan
#: review honours until its expiration; ``denied`` and ``revoked`` waive nothing.
WAIVER_STATUSES = ("applied", "granted", "denied", "revoked")
HOODS = ("none", "type_ii", "type_i")


@dataclass(frozen=True)
class DirectorFinding:
    """The Director's finding on one requirement, as the submittal gives it: met or not, and on what evidence."""

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
    findings: Mapping[str, DirectorFinding]
    mitigation_fee_paid: bool | None
    monitoring: Monitoring | None
    terms: tuple[str, ...]
    expiration: dt.date | None
    #: The determination date: as given, else the review date; None when neither is (the day it is decided).
    date: dt.date | None
    technology: str | None
    application: Application
    revocation: Revocation | None
    status: str = "applied"
    granted_on: dt.date | None = None
    conditions: tuple[str, ...] = ()
    #: Who recorded the decision (the signed-in Director, as the app records it); None while applied.
    decided_by: str | None = None


def waiver_types(jurisdiction: Jurisdiction) -> dict[str, Any]:
    """The kinds of waiver of the jurisdiction: ``{type: spec}`` (``common_conditions`` left out); empty for a
    jurisdiction without waivers."""
    return jurisdiction.waiver_kinds


def no_waivers_error(jurisdiction: Jurisdiction) -> SizingInputError:
    """The error for a waiver asked of a jurisdiction that has none."""
    return SizingInputError("jurisdiction", jurisdiction.id, "", message=(
        f"jurisdiction: {jurisdiction.name} ({jurisdiction.id!r}) has no conditional waivers or variances in this tool; evaluate the "
        "waiver under the jurisdiction that grants it (--jurisdiction ID)"))


def parse_waiver(raw: Mapping[str, Any], jurisdiction: Jurisdiction, *, review_date: dt.date | None = None,
                 meals_seats: float | None = None, today: dt.date | None = None) -> WaiverApplication:
    """Read the ``waiver``, ``application`` and ``revocation`` sections of a document (field-path errors) under
    ``jurisdiction``. ``review_date`` (the submittal's declarations) dates the waiver when it gives no date, else
    ``today``; ``meals_seats`` (its meals section) gives the seats an application does not."""
    if not jurisdiction.has_waivers:
        raise no_waivers_error(jurisdiction)
    if raw.get("waiver") is None:
        raise SizingInputError("waiver", None, "", message=(
            f"waiver: missing; give waiver: {{type, findings, ...}} ({jurisdiction.text('waiver_citation')})"))
    w = parse.mapping("waiver", raw["waiver"], FIELDS["waiver"])
    kinds = waiver_types(jurisdiction)
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
    given = None if w.get("date") is None else parse.date("waiver.date", w["date"])
    when = given or review_date or today  # None: the day it is decided
    technology = None if w.get("technology") is None else parse.text("waiver.technology", w["technology"],
                                                                     single_line=True)
    status = parse.choice("waiver.status", w.get("status", "applied"), WAIVER_STATUSES)
    granted_on = None if w.get("granted_on") is None else parse.date("waiver.granted_on", w["granted_on"])
    decided_by = None if w.get("decided_by") is None else parse.text("waiver.decided_by", w["decided_by"],
                                                                     max_length=200, single_line=True)
    conditions = tuple(parse.text(f"waiver.conditions[{i}]", t) for i, t in
                       enumerate(parse.sequence("waiver.conditions", w.get("conditions"), default=[])))
    application = _application(raw.get("application"), meals_seats)
    revocation = None if raw.get("revocation") is None else _revocation(raw["revocation"])
    return WaiverApplication(type=kind, findings=findings, mitigation_fee_paid=fee, monitoring=monitoring,
                             terms=terms, expiration=expiration, date=when, technology=technology,
                             application=application, revocation=revocation, status=status, granted_on=granted_on,
                             conditions=conditions, decided_by=decided_by)


def _finding(path: str, value: Any) -> DirectorFinding:
    if isinstance(value, Mapping):
        value = parse.mapping(path, value, FIELDS["finding"])
        if value.get("met") is None:
            raise SizingInputError(f"{path}.met", None, "true or false (the Director's finding)")
        evidence = None if value.get("evidence") is None else parse.text(f"{path}.evidence", value["evidence"])
        return DirectorFinding(parse.boolean(f"{path}.met", value["met"]), evidence)
    try:
        return DirectorFinding(parse.boolean(path, value))
    except SizingInputError:
        raise SizingInputError(path, value, "true, false, or {met: true/false, evidence: text}") from None


def _inspection(path: str, item: Any) -> Inspection:
    item = parse.mapping(path, item, FIELDS["inspection"])
    if item.get("date") is None:
        raise SizingInputError(f"{path}.date", None, "a date that exists, as YYYY-MM-DD")
    if item.get("visible_fog") is None:
        raise SizingInputError(f"{path}.visible_fog", None, "true or false (FOG seen in the lateral or downstream sewer)")
    return Inspection(parse.date(f"{path}.date", item["date"]), parse.boolean(f"{path}.visible_fog", item["visible_fog"]))


def _monitoring(value: Any) -> Monitoring:
    m = parse.mapping("waiver.monitoring", value, FIELDS["monitoring"])
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


def _application(value: Any, meals_seats: float | None) -> Application:
    a = parse.mapping("application", value, FIELDS["application"], default={})
    seats, source = None, None
    if a.get("seats") is not None:
        seats, source = parse.number("application.seats", a["seats"], minimum=0, maximum=1e6), "application.seats"
    elif meals_seats is not None:
        seats, source = meals_seats, "meals.seats"
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
        item = parse.mapping(path, item, FIELDS["sample"])
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
    r = parse.mapping("revocation", value, FIELDS["revocation"])
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
