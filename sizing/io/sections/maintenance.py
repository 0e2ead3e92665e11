"""The maintenance log, parsed once into a :class:`MaintenanceRecord` (depths in inches, intervals in days).

Input (top level, or under a ``maintenance:`` section of a submittal)::

    liquid_depth: 48 in            # total interceptor liquid (design hydraulic) depth, any length unit
    services:                      # full pump-outs: {date, hauler, manifest} (a bare date records no manifest)
      - {date: 2025-01-10, hauler: Valley Grease Haulers, manifest: VG-20250110-03}
    measurements:                  # FOG and solids layer depths, any length unit
      - {date: 2025-02-10, fog: 2 in, solids: 1.5 in}
    approved_interval: 90 days     # optional: the frequency the Director approved (bare number = days)
    training: [2024-06-01, ...]    # optional: employee BMP training dates (or {date, note})
    records_kept_since: 2022-01-01 # optional: the oldest maintenance record kept on the premises
    operating_since: 2020-05-01    # optional: when the FSE began operating (limits the records look-back)
    as_of: 2025-06-01              # optional: the date of the evaluation (default: today)

The field lists below are the only place the section's keys are named; the JSON Schema
(``schema/submittal.schema.json``, ``maintenance``) is tested against them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.sections.top_level import PROJECT_FIELDS, TOP_LEVEL
from sizing.io.units import parse_quantity
from sizing.jurisdiction.months import calendar_months
from sizing.quantities import show

#: The keys of the maintenance section (or of a maintenance file's top level).
FIELDS = ("liquid_depth", "services", "measurements", "approved_interval", "training", "records_kept_since",
          "operating_since", "as_of", "device", "inspections")
#: The device types a log may name (``device``).
DEVICES = ("gravity", "hydromechanical")
#: The keys of one pump-out given as a mapping (a bare date is a pump-out without hauler or manifest).
SERVICE_FIELDS = ("date", "hauler", "manifest", "note")
#: The keys of one FOG + solids reading.
MEASUREMENT_FIELDS = ("date", "fog", "solids", "note")
#: The keys of one training given as a mapping (a bare date is a training on that day).
TRAINING_FIELDS = ("date", "note", "employees")
INTERVAL_EXPECTED = "a time such as '90 days' or '3 months' (a bare number is days)"


@dataclass(frozen=True)
class Measurement:
    """One FOG + solids reading [in]; ``index`` is its place in the log."""

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
    #: The approved interval in whole calendar months when it was given in months or years ("3 months"): it then
    #: falls due on the same day of the month (None: given in days or weeks, counted in exact days).
    approved_interval_months: int | None = None
    training: tuple[dt.date, ...] = ()
    records_kept_since: dt.date | None = None
    operating_since: dt.date | None = None
    as_of: dt.date | None = None
    project: Mapping[str, str] = field(default_factory=dict)
    #: The pump-outs with their hauler and manifest, in log order.
    pump_outs: tuple[PumpOut, ...] = ()
    #: The device the log is about (gravity or hydromechanical; None: not stated), for the intervals a
    #: jurisdiction fixes by device type.
    device: str | None = None
    #: Owner's inspections (dates), beside the FOG + solids readings.
    inspections: tuple[dt.date, ...] = ()


def from_dict(data: Mapping[str, Any], as_of: dt.date | None = None) -> MaintenanceRecord:
    """Parse a maintenance log: at top level, or under ``maintenance:`` of a submittal.

    ``as_of`` (e.g. from ``--as-of``) overrides the file's; without either, today is used.
    """
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
    project = parse.project("project", project_raw)

    def f(name: str) -> str:
        return prefix + name

    if section.get("liquid_depth") is None:
        raise SizingInputError(f("liquid_depth"), None,
                               "the interceptor's liquid depth, a length such as '48 in' or '1219 mm'")
    depth = parse_quantity(f("liquid_depth"), section["liquid_depth"], "in", minimum=0, strict_minimum=True,
                           maximum=600)
    file_as_of = None if section.get("as_of") is None else parse.date(f("as_of"), section["as_of"])
    when = as_of or file_as_of or dt.date.today()

    pump_outs = tuple(_pump_out(f"{f('services')}[{i}]", i, item, when)
                      for i, item in enumerate(parse.sequence(f("services"), section.get("services"), default=[])))
    _one_a_day(f("services"), pump_outs)
    measurements = [_measurement(f"{f('measurements')}[{i}]", i, item, depth, when) for i, item in
                    enumerate(parse.sequence(f("measurements"), section.get("measurements"), default=[]))]
    approved, approved_months = _approved(section, f)
    training = _training(section, f, when)
    kept = None if section.get("records_kept_since") is None else past_date(
        f("records_kept_since"), section["records_kept_since"], when)
    since = None if section.get("operating_since") is None else past_date(
        f("operating_since"), section["operating_since"], when)
    device, inspections = _device(section, f, when)
    return MaintenanceRecord(liquid_depth_in=depth, device=device, inspections=inspections,
                             services=tuple(sorted(p.date for p in pump_outs)),
                             measurements=tuple(sorted(measurements, key=lambda m: (m.date, m.index))),
                             approved_interval_days=approved, approved_interval_months=approved_months,
                             training=tuple(sorted(training)),
                             records_kept_since=kept, operating_since=since, as_of=when, project=project,
                             pump_outs=pump_outs)


def _approved(section: Mapping[str, Any], f: Any) -> tuple[float | None, int | None]:
    """The approved interval in days, and in calendar months where it is written in months or years."""
    if section.get("approved_interval") is None:
        return None, None
    approved = parse_quantity(f("approved_interval"), section["approved_interval"], "day", minimum=0,
                              strict_minimum=True, maximum=3650, expected=INTERVAL_EXPECTED)
    return approved, calendar_months(section["approved_interval"])


def _training(section: Mapping[str, Any], f: Any, when: dt.date) -> list[dt.date]:
    """The dates of the staff training sessions: a date, or a mapping with ``date`` and a note."""
    training = []
    for i, item in enumerate(parse.sequence(f("training"), section.get("training"), default=[])):
        path = f"{f('training')}[{i}]"
        if isinstance(item, Mapping):
            item = parse.mapping(path, item, TRAINING_FIELDS)
            _note(path, item)
            training.append(past_date(f"{path}.date", item.get("date"), when))
        else:
            training.append(past_date(path, item, when))
    return training


def _device(section: Mapping[str, Any], f: Any, when: dt.date) -> tuple[str | None, tuple[dt.date, ...]]:
    """The device the log is about (None: not stated) and the owner's inspections, sorted."""
    device = None if section.get("device") is None else parse.choice(f("device"), section["device"], DEVICES)
    inspections = tuple(sorted(past_date(f"{f('inspections')}[{i}]", item, when) for i, item in
                               enumerate(parse.sequence(f("inspections"), section.get("inspections"), default=[]))))
    return device, inspections


def load(path: str, as_of: dt.date | None = None) -> MaintenanceRecord:
    """Read and parse a maintenance log file (YAML or JSON)."""
    return from_dict(parse.load_document(path), as_of=as_of)


def _one_a_day(path: str, pump_outs: tuple[PumpOut, ...]) -> None:
    """One full pump-out per interceptor per day: a second one on a day is refused, naming the first."""
    first: dict[dt.date, int] = {}
    for p in pump_outs:
        if first.setdefault(p.date, p.index) != p.index:
            field_name = f"{path}[{p.index}]"
            raise SizingInputError(field_name, None, "", message=(
                f"{field_name}: a second full pump-out on {p.date.isoformat()} ({path}[{first[p.date]}] is the "
                "first); one full pump-out per interceptor per day: give it once"))


def _pump_out(path: str, index: int, item: Any, when: dt.date) -> PumpOut:
    """One pump-out: a bare date, or a mapping with its date and, where kept, the hauler and the manifest."""
    if not isinstance(item, Mapping):
        return PumpOut(index=index, date=past_date(path, item, when))
    item = parse.mapping(path, item, SERVICE_FIELDS)
    _note(path, item)
    day = past_date(f"{path}.date", item.get("date"), when)
    hauler = None if item.get("hauler") is None else parse.text(f"{path}.hauler", item["hauler"], max_length=200,
                                                                single_line=True)
    manifest = None if item.get("manifest") is None else parse.identifier(f"{path}.manifest", item["manifest"])
    return PumpOut(index=index, date=day, hauler=hauler, manifest=manifest)


def _measurement(path: str, index: int, item: Any, depth: float, when: dt.date) -> Measurement:
    """One reading: its date and both layers, together no deeper than the liquid depth."""
    item = parse.mapping(path, item, MEASUREMENT_FIELDS)
    _note(path, item)
    day = past_date(f"{path}.date", item.get("date"), when)
    layers = {}
    for layer in ("fog", "solids"):
        if item.get(layer) is None:
            raise SizingInputError(f"{path}.{layer}", None, f"the {layer.upper() if layer == 'fog' else layer} "
                                   "layer depth, a length such as '2 in' or '50 mm'")
        layers[layer] = parse_quantity(
            f"{path}.{layer}", item[layer], "in", minimum=0, maximum=depth,
            expected=f"a length such as '2 in' or '50 mm', no deeper than the liquid depth ({show(depth, 'in')})")
    if layers["fog"] + layers["solids"] > depth * (1 + 1e-9):
        raise SizingInputError(f"{path}.solids", item["solids"], "", message=(
            f"{path}.solids: FOG {show(layers['fog'], 'in')} + solids {show(layers['solids'], 'in')} = "
            f"{show(layers['fog'] + layers['solids'], 'in')} is deeper than the interceptor's liquid depth {show(depth, 'in')}"))
    return Measurement(index=index, date=day, fog_in=layers["fog"], solids_in=layers["solids"])


def _note(path: str, item: Mapping[str, Any]) -> None:
    """An entry's ``note``, when given, is text (the register stores it as written)."""
    if item.get("note") is not None:
        parse.text(f"{path}.note", item["note"])


def past_date(field_name: str, value: Any, as_of: dt.date) -> dt.date:
    if value is None:
        raise SizingInputError(field_name, None, "a date that exists, as YYYY-MM-DD")
    day = parse.date(field_name, value)
    if day > as_of:
        raise SizingInputError(field_name, str(day), f"a date on or before the evaluation date {as_of.isoformat()}")
    return day
