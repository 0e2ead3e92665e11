"""Grease interceptor maintenance: the 25 % rule, the service interval, and the records an FSE keeps.

TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e); Best management practices (b)(5);
Record keeping. Every number (25 %, 6 months, quarterly, 12-month training, 3 years, the readings that
establish a frequency, the safety factor) is read from the jurisdiction profile.

Input (top level, or under a ``maintenance:`` section of a submittal)::

    liquid_depth: 48 in            # total interceptor liquid (design hydraulic) depth, any length unit
    services:                      # full pump-outs: {date, hauler, manifest} (a bare date records no manifest)
      - {date: 2025-01-10, hauler: Valley Grease Haulers, manifest: VG-20250110-03}
    measurements:                  # FOG and solids layer depths, any length unit
      - {date: 2025-02-10, fog: 2 in, solids: 1.5 in}
    approved_interval: 90 days     # optional: the frequency the Director approved (bare number = days)
    training: [2024-06-01, ...]    # optional: employee BMP training dates (or {date, note})
    records_kept_since: 2022-01-01 # optional: the oldest maintenance record kept on the premises
    operating_since: 2020-05-01    # optional: when the FSE began operating (limits the 3-year look-back)
    as_of: 2025-06-01              # optional: the date of the evaluation (default: today)

How the frequency is derived (the profile's local-policy parameters, documented there):

* The accumulation rate is a least-squares line through the last full pump-out (0 in, since a pump-out
  removes the full content, (a)) and the readings taken after it: rate = sum(t*y) / sum(t*t) [in/day].
  Without a pump-out on record, an ordinary least-squares line through the readings is used.
* The (e)(1) frequency counts as *established* once ``maintenance_frequency_min_readings`` readings were
  taken since the last pump-out. Until then the interval is quarterly ((e)(3)).
* Once established: interval = floor(safety factor x days from empty to 25 %), never longer than six
  calendar months ((e)(2)) and never shorter than one day.
* A reading taken on the day of a pump-out is taken as the reading before that pump-out.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from sizing import parse
from sizing.errors import SizingInputError
from sizing.jurisdiction import DEFAULT_ID
from sizing.jurisdiction import get as get_jurisdiction
from sizing.tables import profile_parameter
from sizing.units import parse_quantity

FIELDS = ("liquid_depth", "services", "measurements", "approved_interval", "training", "records_kept_since",
          "operating_since", "as_of")
SERVICE_FIELDS = ("date", "hauler", "manifest", "note")
MEASUREMENT_FIELDS = ("date", "fog", "solids", "note")
TRAINING_FIELDS = ("date", "note", "employees")
INTERVAL_EXPECTED = "a time such as '90 days' or '3 months' (a bare number is days)"


# --- Dates ---------------------------------------------------------------------------------------------

def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` calendar months later, clamped to the month's last day.

    >>> add_months(dt.date(2025, 8, 31), 6)
    datetime.date(2026, 2, 28)
    >>> add_months(dt.date(2025, 1, 15), 3)
    datetime.date(2025, 4, 15)
    """
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def add_years(day: dt.date, years: int) -> dt.date:
    """Calendar years later (29 February -> 28 February).

    >>> add_years(dt.date(2024, 2, 29), -3)
    datetime.date(2021, 2, 28)
    """
    return add_months(day, 12 * years)


# --- Parsed input --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Measurement:
    index: int
    date: dt.date
    fog_in: float
    solids_in: float

    @property
    def total_in(self) -> float:
        return self.fog_in + self.solids_in


@dataclass(frozen=True)
class PumpOut:
    """A full pump-out and its wastehauling record (None where the log does not give it)."""

    index: int
    date: dt.date
    hauler: str | None = None
    manifest: str | None = None


@dataclass(frozen=True)
class MaintenanceRecord:
    """A maintenance log in code units: depths [in], intervals [day]."""

    liquid_depth_in: float
    services: tuple[dt.date, ...] = ()
    measurements: tuple[Measurement, ...] = ()
    approved_interval_days: float | None = None
    training: tuple[dt.date, ...] = ()
    records_kept_since: dt.date | None = None
    operating_since: dt.date | None = None
    as_of: dt.date | None = None
    project: Mapping[str, str] = field(default_factory=dict)
    #: The pump-outs with their hauler and manifest, in log order.
    pump_outs: tuple[PumpOut, ...] = ()


def from_dict(data: Mapping[str, Any], as_of: dt.date | None = None) -> MaintenanceRecord:
    """Parse a maintenance log: at top level, or under ``maintenance:`` of a submittal.

    ``as_of`` (e.g. from ``--as-of``) overrides the file's; without either, today is used.
    """
    from sizing.submittal import PROJECT_FIELDS, TOP_LEVEL

    data = parse.mapping("", data, tuple(dict.fromkeys(TOP_LEVEL + FIELDS)))
    prefix = ""
    if data.get("maintenance") is not None:
        for key in FIELDS:
            if key in data:
                raise SizingInputError(key, None, "", message=(
                    f"{key}: given both at top level and under maintenance; give it once"))
        section = parse.mapping("maintenance", data["maintenance"], FIELDS)
        prefix = "maintenance."
    else:
        section = data
    project_raw = parse.mapping("project", data.get("project"), PROJECT_FIELDS, default={})
    project = {k: parse.text(f"project.{k}", v) for k, v in project_raw.items() if v is not None}

    def f(name: str) -> str:
        return prefix + name

    if section.get("liquid_depth") is None:
        raise SizingInputError(f("liquid_depth"), None, "the interceptor's liquid depth, a length such as '48 in' or '1219 mm'")
    depth = parse_quantity(f("liquid_depth"), section["liquid_depth"], "in", minimum=0, strict_minimum=True,
                           maximum=600)
    file_as_of = None if section.get("as_of") is None else parse.date(f("as_of"), section["as_of"])
    when = as_of or file_as_of or dt.date.today()

    def dates(key: str, fields: tuple[str, ...]) -> list[dt.date]:
        """A list of dates, each a bare date or a mapping with a ``date``; none after the evaluation date."""
        out = []
        for i, item in enumerate(parse.sequence(f(key), section.get(key), default=[])):
            path = f"{f(key)}[{i}]"
            if isinstance(item, Mapping):
                item = parse.mapping(path, item, fields)
                out.append(_past_date(f"{path}.date", item.get("date"), when))
            else:
                out.append(_past_date(path, item, when))
        return out

    services = dates("services", SERVICE_FIELDS)
    pump_outs = []
    for i, item in enumerate(parse.sequence(f("services"), section.get("services"), default=[])):
        path = f"{f('services')}[{i}]"
        info = item if isinstance(item, Mapping) else {}
        hauler, manifest = (None if info.get(k) is None else parse.text(f"{path}.{k}", info[k], max_length=200)
                            for k in ("hauler", "manifest"))
        pump_outs.append(PumpOut(index=i, date=services[i], hauler=hauler, manifest=manifest))

    measurements = []
    for i, item in enumerate(parse.sequence(f("measurements"), section.get("measurements"), default=[])):
        path = f"{f('measurements')}[{i}]"
        item = parse.mapping(path, item, MEASUREMENT_FIELDS)
        day = _past_date(f"{path}.date", item.get("date"), when)
        layers = {}
        for layer in ("fog", "solids"):
            if item.get(layer) is None:
                raise SizingInputError(f"{path}.{layer}", None, f"the {layer.upper() if layer == 'fog' else layer} "
                                       "layer depth, a length such as '2 in' or '50 mm'")
            layers[layer] = parse_quantity(
                f"{path}.{layer}", item[layer], "in", minimum=0, maximum=depth,
                expected=f"a length such as '2 in' or '50 mm', no deeper than the liquid depth ({depth:g} in)")
        if layers["fog"] + layers["solids"] > depth * (1 + 1e-9):
            raise SizingInputError(f"{path}.solids", item["solids"], "", message=(
                f"{path}.solids: FOG {layers['fog']:g} in + solids {layers['solids']:g} in = "
                f"{layers['fog'] + layers['solids']:g} in is deeper than the interceptor's liquid depth {depth:g} in"))
        measurements.append(Measurement(index=i, date=day, fog_in=layers["fog"], solids_in=layers["solids"]))

    approved = None
    if section.get("approved_interval") is not None:
        approved = parse_quantity(f("approved_interval"), section["approved_interval"], "day", minimum=0,
                                  strict_minimum=True, maximum=3650, expected=INTERVAL_EXPECTED)

    training = dates("training", TRAINING_FIELDS)

    kept = None if section.get("records_kept_since") is None else _past_date(
        f("records_kept_since"), section["records_kept_since"], when)
    since = None if section.get("operating_since") is None else _past_date(
        f("operating_since"), section["operating_since"], when)
    return MaintenanceRecord(liquid_depth_in=depth, services=tuple(sorted(services)),
                             measurements=tuple(sorted(measurements, key=lambda m: (m.date, m.index))),
                             approved_interval_days=approved, training=tuple(sorted(training)),
                             records_kept_since=kept, operating_since=since, as_of=when, project=project,
                             pump_outs=tuple(pump_outs))


def load(path: str, as_of: dt.date | None = None) -> MaintenanceRecord:
    return from_dict(parse.load_document(path), as_of=as_of)


def _past_date(field_name: str, value: Any, as_of: dt.date) -> dt.date:
    if value is None:
        raise SizingInputError(field_name, None, "a date that exists, as YYYY-MM-DD")
    day = parse.date(field_name, value)
    if day > as_of:
        raise SizingInputError(field_name, str(day), f"a date on or before the evaluation date {as_of.isoformat()}")
    return day


# --- Clause functions ----------------------------------------------------------------------------------

def percent_full(fog_in: float, solids_in: float, liquid_depth_in: float) -> float:
    """Combined FOG and solids as a percentage of the interceptor liquid depth [%].

    TMC ch. 5.26, Prohibitions (g).

    >>> percent_full(6, 6, 48)
    25.0
    """
    return (fog_in + solids_in) / liquid_depth_in * 100.0


def exceeds_accumulation_limit(percent: float, limit_percent: float) -> bool:
    """True only when the accumulation is *over* the limit: exactly 25 % is at the limit, not over it.

    TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1).

    >>> exceeds_accumulation_limit(25.0, 25), exceeds_accumulation_limit(25.2, 25)
    (False, True)
    """
    return round(percent, 9) > limit_percent


def rate_through_origin(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of y = r t through (0, 0) [depth per day]; None without a point at t > 0.

    >>> rate_through_origin([(10, 1.0), (20, 2.0)])
    0.1
    """
    sxx = sum(t * t for t, _ in points)
    if sxx <= 0:
        return None
    return sum(t * y for t, y in points) / sxx


def least_squares(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Ordinary least squares (slope, intercept); None with fewer than two distinct t.

    >>> least_squares([(0, 1.0), (10, 2.0), (20, 3.0)])
    (0.1, 1.0)
    """
    n = len(points)
    if n < 2:
        return None
    mt = sum(t for t, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((t - mt) ** 2 for t, _ in points)
    if sxx <= 0:
        return None
    slope = sum((t - mt) * (y - my) for t, y in points) / sxx
    return slope, my - slope * mt


# --- Result --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """One records or frequency check: ok True / False, or None when the log does not show it."""

    key: str
    title: str
    ok: bool | None
    citation: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MaintenancePlan:
    as_of: dt.date
    project: dict[str, str]
    liquid_depth_in: float
    limit_percent: float
    limit_depth_in: float
    readings: tuple[dict[str, Any], ...]
    services: tuple[dt.date, ...]
    latest: dict[str, Any] | None
    percent_full: float | None
    exceeds_limit: bool | None
    last_service: dt.date | None
    readings_since_service: int
    established: bool
    accumulation: dict[str, Any]
    projected_limit_date: dt.date | None
    recommended_interval_days: int | None
    basis: str
    approved_interval_days: float | None
    due_date: dt.date | None
    due_basis: str
    overdue: bool
    service_now: bool
    next_service_date: dt.date | None
    next_service_basis: str
    projection: dict[str, Any] | None
    checks: tuple[Check, ...]
    warnings: tuple[str, ...]
    citations: dict[str, str]
    #: The jurisdiction's letterhead line, for the maintenance report.
    letterhead: str = ""

    @property
    def in_order(self) -> bool:
        return not self.service_now and not self.overdue and all(c.ok is not False for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        def iso(d: dt.date | None) -> str | None:
            return None if d is None else d.isoformat()

        return {
            "as_of": iso(self.as_of),
            "project": dict(self.project),
            "in_order": self.in_order,
            "liquid_depth_in": self.liquid_depth_in,
            "limit_percent": self.limit_percent,
            "limit_depth_in": self.limit_depth_in,
            "percent_full": self.percent_full,
            "exceeds_limit": self.exceeds_limit,
            "service_now": self.service_now,
            "overdue": self.overdue,
            "latest_reading": self.latest,
            "last_service": iso(self.last_service),
            "readings_since_service": self.readings_since_service,
            "frequency_established": self.established,
            "accumulation": dict(self.accumulation),
            "projected_limit_date": iso(self.projected_limit_date),
            "recommended_interval_days": self.recommended_interval_days,
            "basis": self.basis,
            "approved_interval_days": self.approved_interval_days,
            "due_date": iso(self.due_date),
            "due_basis": self.due_basis,
            "next_service_date": iso(self.next_service_date),
            "next_service_basis": self.next_service_basis,
            "readings": [dict(r) for r in self.readings],
            "services": [iso(s) for s in self.services],
            "projection": None if self.projection is None else dict(self.projection),
            "records": [c.to_dict() for c in self.checks],
            "warnings": list(self.warnings),
            "citations": dict(self.citations),
        }


# --- Orchestration -------------------------------------------------------------------------------------

def plan(rec: MaintenanceRecord, jurisdiction: Any = DEFAULT_ID) -> MaintenancePlan:
    """Evaluate a maintenance log against the accumulation limit and the service-interval and records rules of
    ``jurisdiction`` (an id or a Jurisdiction)."""
    profile = get_jurisdiction(jurisdiction)
    if not profile.has_maintenance_rules:
        raise SizingInputError("jurisdiction", profile.id, "", message=(
            f"jurisdiction: {profile.name} ({profile.id!r}) has no maintenance rules in this tool (no accumulation "
            "limit or service interval); check the log under the jurisdiction whose rules apply (--jurisdiction ID)"))
    p = {k: profile_parameter(k, profile) for k in (
        "max_accumulation_percent", "max_service_interval_months", "default_service_interval_months",
        "training_interval_months", "records_retention_years", "maintenance_frequency_min_readings",
        "maintenance_interval_safety_factor", "service_immediately_when_over_limit")}
    limit = float(p["max_accumulation_percent"]["value"])
    cap_months = int(p["max_service_interval_months"]["value"])
    default_months = int(p["default_service_interval_months"]["value"])
    min_readings = int(p["maintenance_frequency_min_readings"]["value"])
    safety = float(p["maintenance_interval_safety_factor"]["value"])
    cite = {k: v["citation"] for k, v in p.items()}
    as_of = rec.as_of or dt.date.today()
    depth = rec.liquid_depth_in
    limit_depth = depth * limit / 100.0
    warnings: list[str] = []

    last_service = rec.services[-1] if rec.services else None
    readings = []
    for m in rec.measurements:
        before = [s for s in rec.services if s < m.date]
        since = before[-1] if before else None
        pct = percent_full(m.fog_in, m.solids_in, depth)
        readings.append({"index": m.index, "date": m.date.isoformat(), "fog_in": m.fog_in, "solids_in": m.solids_in,
                         "total_in": round(m.total_in, 6), "percent_full": round(pct, 3),
                         "exceeds_limit": exceeds_accumulation_limit(pct, limit),
                         "days_since_service": None if since is None else (m.date - since).days})

    # Latest reading and the 25 % rule.
    latest = readings[-1] if readings else None
    pct_latest = None if latest is None else latest["percent_full"]
    exceeds = None if latest is None else latest["exceeds_limit"]
    latest_is_current = latest is not None and (last_service is None or dt.date.fromisoformat(latest["date"]) > last_service)
    if latest is not None and not latest_is_current:
        warnings.append(f"the latest reading ({latest['date']}) was taken on or before the last pump-out "
                        f"({last_service.isoformat()}); it does not show the interceptor's present state")
    service_now = bool(exceeds and latest_is_current)

    # Accumulation rate over the current cycle.
    cycle = [m for m in rec.measurements if last_service is None or m.date > last_service]
    origin_date, origin_in, rate, method = None, 0.0, None, None
    if last_service is not None and cycle:
        rate = rate_through_origin([((m.date - last_service).days, m.total_in) for m in cycle])
        origin_date, method = last_service, "least squares through the last pump-out (0 in) and the readings after it"
    elif last_service is None and len(cycle) >= 2:
        first = cycle[0].date
        fit = least_squares([((m.date - first).days, m.total_in) for m in cycle])
        if fit is not None:
            rate, origin_in = fit
            origin_date, method = first, "least squares through the readings (no pump-out on record)"
    established = len(cycle) >= min_readings and rate is not None
    need = (f"at least {min_readings} FOG + solids readings since the last pump-out "
            f"({cite['maintenance_frequency_min_readings']}; local policy)")
    days_to_limit = limit_depth / rate if rate and rate > 0 else None
    projected = None
    if rate and rate > 0 and origin_date is not None:
        projected = origin_date + dt.timedelta(days=math.floor((limit_depth - origin_in) / rate))
    accumulation = {
        "rate_in_per_day": None if rate is None else round(rate, 6),
        "rate_in_per_30_days": None if rate is None else round(rate * 30, 4),
        "rate_percent_per_day": None if rate is None else round(rate / depth * 100, 6),
        "days_from_empty_to_limit": None if days_to_limit is None else round(days_to_limit, 1),
        "readings_used": [m.index for m in cycle] if rate is not None else [],
        "method": method,
    }
    if rate is not None and rate <= 0:
        warnings.append("the readings since the last pump-out show no accumulation; the rate cannot project a date")

    # Recommended interval.
    anchor = last_service or as_of
    cap_days = (add_months(anchor, cap_months) - anchor).days
    quarter_days = (add_months(anchor, default_months) - anchor).days
    if established:
        if days_to_limit is None:
            recommended = cap_days
            basis = (f"frequency established ({len(cycle)} readings since the last pump-out) but no measurable "
                     f"accumulation: the {cap_months}-month maximum applies ({cite['max_service_interval_months']})")
        else:
            measured = max(1, math.floor(safety * days_to_limit))
            recommended = min(measured, cap_days)
            basis = (f"measured accumulation {rate:.4f} in/day: {days_to_limit:.1f} days from empty to {limit:g} % "
                     f"({limit_depth:g} in of {depth:g} in) x safety factor {safety:g} = {measured} days "
                     f"(local policy, {cite['maintenance_interval_safety_factor']})")
            if measured > cap_days:
                basis += f"; capped at {cap_months} months = {cap_days} days ({cite['max_service_interval_months']})"
    else:
        recommended = quarter_days
        basis = (f"{_every(default_months)} default ({default_months} months = {quarter_days} days) while the "
                 "frequency is not "
                 f"established ({cite['default_service_interval_months']}); {len(cycle)} of {min_readings} readings: "
                 f"the frequency is established by {need}")

    # The frequency that applies (approved, quarterly, or measured) and its due date.
    checks: list[Check] = []
    approved = rec.approved_interval_days
    if approved is not None and approved > cap_days:
        checks.append(Check("approved_interval", f"Approved interval within the {cap_months}-month maximum", False,
                            cite["max_service_interval_months"],
                            f"the approved interval of {approved:g} days is longer than {cap_months} months "
                            f"({cap_days} days); the {cap_months}-month maximum applies"))
    elif approved is not None:
        checks.append(Check("approved_interval", f"Approved interval within the {cap_months}-month maximum", True,
                            cite["max_service_interval_months"], f"{approved:g} days"))
        if established and recommended < approved:
            warnings.append(f"the measured accumulation supports {recommended} days, shorter than the approved "
                            f"{approved:g} days; the Director may increase the frequency "
                            f"({cite['service_immediately_when_over_limit']})")
    due_date, due_basis = None, "no pump-out on record"
    if last_service is not None:
        cap_date = add_months(last_service, cap_months)
        if approved is not None:
            due_date = min(last_service + dt.timedelta(days=math.floor(approved)), cap_date)
            due_basis = f"approved interval of {approved:g} days after the last pump-out (at most {cap_months} months)"
        elif not established:
            due_date = add_months(last_service, default_months)
            due_basis = (f"{_every(default_months)} while the frequency is not established "
                         f"({cite['default_service_interval_months']})")
        else:
            due_date = cap_date
            due_basis = f"{cap_months} months after the last pump-out ({cite['max_service_interval_months']})"
            if projected is not None and projected < cap_date:
                due_date = projected
                due_basis = (f"the projected date of reaching {limit:g} % ({cite['max_accumulation_percent']})")
    overdue = due_date is not None and as_of > due_date

    if service_now:
        next_date = as_of
        next_basis = (f"the latest reading is {pct_latest:g} %, over the {limit:g} % limit: service immediately "
                      f"({cite['service_immediately_when_over_limit']})")
    elif last_service is None:
        next_date = None
        next_basis = "no pump-out on record: a full pump-out starts the maintenance cycle"
    else:
        next_date = last_service + dt.timedelta(days=recommended)
        next_basis = f"last pump-out {last_service.isoformat()} + {recommended} days"
        if due_date is not None and due_date < next_date:
            next_date, next_basis = due_date, f"the due date: {due_basis}"
        if projected is not None and projected < next_date:
            next_date, next_basis = projected, f"the projected date of reaching {limit:g} %"
        if overdue:
            next_basis += f"; OVERDUE since {due_date.isoformat()}: service now"

    # Records.
    checks += _records_checks(rec, as_of, cap_months, cite, profile)

    projection = None
    if rate is not None and origin_date is not None:
        end = projected if projected is not None else (next_date or as_of)
        projection = {"origin_date": origin_date.isoformat(), "origin_percent": round(origin_in / depth * 100, 4),
                      "end_date": end.isoformat(),
                      "end_percent": round((origin_in + rate * (end - origin_date).days) / depth * 100, 4),
                      "rate_percent_per_day": round(rate / depth * 100, 6)}
    citations = {"accumulation_limit": cite["max_accumulation_percent"],
                 "maximum_interval": cite["max_service_interval_months"],
                 "quarterly_default": cite["default_service_interval_months"],
                 "service_immediately": cite["service_immediately_when_over_limit"],
                 "established_readings": cite["maintenance_frequency_min_readings"] + " (local policy)",
                 "safety_factor": cite["maintenance_interval_safety_factor"] + " (local policy)"}
    return MaintenancePlan(
        as_of=as_of, project=dict(rec.project), liquid_depth_in=depth, limit_percent=limit,
        limit_depth_in=round(limit_depth, 6), readings=tuple(readings), services=rec.services, latest=latest,
        percent_full=pct_latest, exceeds_limit=exceeds, last_service=last_service, readings_since_service=len(cycle),
        established=established, accumulation=accumulation, projected_limit_date=projected,
        recommended_interval_days=recommended, basis=basis, approved_interval_days=approved, due_date=due_date,
        due_basis=due_basis, overdue=overdue, service_now=service_now, next_service_date=next_date,
        next_service_basis=next_basis, projection=projection, checks=tuple(checks), warnings=tuple(warnings),
        citations=citations, letterhead=profile.letterhead)


def _every(months: int) -> str:
    """A service interval in words: 'quarterly' for 3 months, 'every-N-months' where no word fits.

    >>> _every(3), _every(1), _every(4)
    ('quarterly', 'monthly', 'every-4-months')
    """
    return {1: "monthly", 3: "quarterly", 12: "annual"}.get(months, f"every-{months}-months")


def _records_checks(rec: MaintenanceRecord, as_of: dt.date, cap_months: int, cite: dict[str, str],
                    profile: Any) -> list[Check]:
    out = []
    # Pump-outs no more than the maximum interval apart.
    if not rec.services:
        out.append(Check("pump_out_interval", f"Full pump-outs at least every {cap_months} months", False,
                         cite["max_service_interval_months"], "no pump-out on record"))
    else:
        gaps = [(a, b) for a, b in zip(rec.services, rec.services[1:], strict=False) if b > add_months(a, cap_months)]
        detail = ("; ".join(f"{a.isoformat()} to {b.isoformat()} ({(b - a).days} days)" for a, b in gaps)
                  if gaps else f"{len(rec.services)} pump-out{'s' if len(rec.services) != 1 else ''}"
                  + (f", none more than {cap_months} months apart" if len(rec.services) > 1 else ""))
        if gaps:
            detail = f"more than {cap_months} months apart: " + detail
        out.append(Check("pump_out_interval", f"Full pump-outs at least every {cap_months} months", not gaps,
                         cite["max_service_interval_months"], detail))
    # Annual training.
    months = int(profile_parameter("training_interval_months", profile)["value"])
    tcite = cite["training_interval_months"]
    if not rec.training:
        out.append(Check("training", f"Employee BMP training at least every {months} months", False, tcite,
                         "no training record"))
    else:
        problems = [f"{a.isoformat()} to {b.isoformat()}" for a, b in zip(rec.training, rec.training[1:], strict=False)
                    if b > add_months(a, months)]
        last = rec.training[-1]
        if as_of > add_months(last, months):
            problems.append(f"last training {last.isoformat()} is more than {months} months before {as_of.isoformat()}")
        out.append(Check("training", f"Employee BMP training at least every {months} months", not problems, tcite,
                         (f"more than {months} months between trainings: " + "; ".join(problems)) if problems
                         else f"last training {last.isoformat()}"))
    # Records kept three years.
    years = int(profile_parameter("records_retention_years", profile)["value"])
    rcite = cite["records_retention_years"]
    need_from = add_years(as_of, -years)
    if rec.operating_since is not None and rec.operating_since > need_from:
        need_from = rec.operating_since
    # The hauler and the manifest of each pump-out within the retention period.
    mcite = profile_parameter("pump_out_manifests", profile)["citation"]
    kept = [p for p in rec.pump_outs if p.date >= need_from]
    if kept:
        lacking = []
        for p in kept:
            gaps = [w for w, v in (("hauler", p.hauler), ("manifest", p.manifest)) if v is None]
            if gaps:
                lacking.append(f"services[{p.index}] ({p.date.isoformat()}): no {' and no '.join(gaps)}")
        n = len(kept)
        detail = (f"{len(lacking)} of {n} pump-out{'s' if n != 1 else ''} since {need_from.isoformat()} without a "
                  "complete wastehauling record: " + "; ".join(lacking) if lacking else
                  f"hauler and manifest recorded for {'each of the ' + str(n) + ' pump-outs' if n != 1 else 'the pump-out'}"
                  f" since {need_from.isoformat()}")
        out.append(Check("manifests", "Hauler and manifest of each pump-out", not lacking, mcite, detail))
    if rec.records_kept_since is None:
        out.append(Check("records_retention", f"Records kept for {years} years", None, rcite,
                         f"records_kept_since not given; records must reach back to {need_from.isoformat()}"))
    else:
        ok = rec.records_kept_since <= need_from
        out.append(Check("records_retention", f"Records kept for {years} years", ok, rcite,
                         f"records kept since {rec.records_kept_since.isoformat()}; required from "
                         f"{need_from.isoformat()}"))
    return out
