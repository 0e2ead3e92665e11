"""Checking a jurisdiction profile when it is loaded: one error naming the file, the key path and what was expected.

Two layers:

1. The shape, by the JSON Schema ``schema/jurisdiction.schema.json`` (data, like the submittal's schema: a city
   edits a profile with the schema beside it, and editors can complete keys from it). Unknown keys, wrong types,
   a missing required key are refused.
2. What the shape cannot say: every review rule the profile lists exists (the rules' catalogue,
   :mod:`sizing.jurisdiction.rule_catalogue`) and finds the parameters it declares, in the units it declares (a
   length written in another length unit is converted, the value as written kept); the maintenance, waiver and
   revocation parameters come as a set with their units; holiday names are names the ``holidays`` package knows
   for the country and subdivision; local holidays are real dates; dates are dates.

Why JSON Schema and not pydantic: the schema is a data file a city can read and point an editor at, and the project
already documents its submittal that way. Every profile is checked in full each time it is loaded (once a process):
a check remembered from an earlier run could not know every piece of code and data it rested on.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sizing.errors import TableError
from sizing.io.tables import schema_dir
from sizing.io.units import convert
from sizing.jurisdiction import rule_catalogue
from sizing.jurisdiction.months import LAST_DAY_RULE

#: The maintenance plan's parameters and their units: a profile has all of them or none.
MAINTENANCE_PARAMETERS = {
    "max_accumulation_percent": "percent", "max_service_interval_months": "months",
    "default_service_interval_months": "months", "training_interval_months": "months",
    "records_retention_years": "years", "maintenance_frequency_min_readings": "count",
    "maintenance_interval_safety_factor": "fraction", "service_immediately_when_over_limit": None,
    "pump_out_manifests": None}
#: The waiver decision's and revocation's parameters: required with any waiver kind.
WAIVER_PARAMETERS = {
    "waiver_validity": None, "revocation_notice_days": "days", "revocation_grounds": None,
    "revocation_response_considered": None, "alternative_pretreatment_monitoring_months": "months",
    "alternative_pretreatment_min_inspections": "count"}
WAIVER_TEXTS = ("waiver_citation", "revocation_citation")
#: Units a value may be converted from (the rule's unit -> the pint dimension it must share).
CONVERTIBLE = {"in": "length", "ft": "length", "degF": "temperature", "gpm": "flow", "gal": "volume"}
#: Years whose holiday names an ``observed`` list is checked against.
NAME_CHECK_YEARS = range(2019, 2041)


class ProfileError(TableError):
    """A jurisdiction profile that does not pass its checks (one line: file, key path, what was expected)."""


def schema_path() -> Path:

    return schema_dir() / "jurisdiction.schema.json"


def check(raw: Any, path: Path | str) -> dict[str, Any]:
    """``raw`` (a loaded profile) checked; returns it with every parameter in the unit its rules declare.
    Raises :class:`ProfileError`."""
    name = str(path)
    if not isinstance(raw, Mapping):
        raise ProfileError(f"{name}: a jurisdiction profile is a mapping of keys (jurisdiction, ordinance, ...)")
    _shape(raw, name)
    _rules(raw, name)
    _inspections(raw.get("inspections"), name)
    out = _local_rules(_converted(dict(raw), name), name)
    _holidays(out.get("holidays") or {}, name)
    return out


# --- layer 1: the shape ------------------------------------------------------------------------------------------

def _shape(raw: Mapping[str, Any], name: str) -> None:

    import jsonschema

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(_plain(raw)), key=lambda e: (len(e.absolute_path), list(map(str, e.path))))
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors)
    where = ".".join(str(p) for p in err.absolute_path) or "(top level)"
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        known = ", ".join(err.schema.get("properties", {})) or "none"
        raise ProfileError(f"{name}: {where}: unknown key {extra[0]!r}; expected one of: {known}")
    if err.validator == "required":
        raise ProfileError(f"{name}: {where}: {err.message}")
    raise ProfileError(f"{name}: {where}: expected {_expected(err)}, got {_shown(err.instance)}")


def _expected(err: Any) -> str:
    s = err.schema
    if "enum" in s:
        return "one of " + ", ".join(map(str, s["enum"]))
    if "const" in s:
        return repr(s["const"])
    if "type" in s:
        return {"string": "text", "number": "a number", "integer": "a whole number", "boolean": "true or false",
                "array": "a list", "object": "a mapping"}.get(s["type"], s["type"])
    return err.message


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _plain(value: Any) -> Any:
    """YAML dates as ISO text (the schema speaks JSON)."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# --- layer 2: the rules, their parameters and units ------------------------------------------------------------

def _needs(raw: Mapping[str, Any]) -> dict[str, tuple[str | None, str]]:
    """Every parameter the profile must carry: name -> (unit, who needs it)."""
    need: dict[str, tuple[str | None, str]] = {}
    for rule_id in raw.get("review_rules") or []:
        spec = rule_catalogue.entry(rule_id)
        for key, unit in spec.parameters.items():
            need.setdefault(key, (unit, f"the review rule {rule_id}"))
    params = raw.get("parameters") or {}
    if any(k in params for k in MAINTENANCE_PARAMETERS):
        for key, unit in MAINTENANCE_PARAMETERS.items():
            need.setdefault(key, (unit, "the maintenance rules"))
    if any(k != "common_conditions" for k in raw.get("waivers") or {}):
        for key, unit in WAIVER_PARAMETERS.items():
            need.setdefault(key, (unit, "the waivers"))
    return need


def _units(raw: Mapping[str, Any]) -> dict[str, str | None]:
    """The unit each parameter is read in, by whoever reads it (the rules, optional reads included)."""
    out = {k: u for k, (u, _) in _needs(raw).items()}
    for spec in rule_catalogue.entries():
        for key, unit in spec.optional.items():
            out.setdefault(key, unit)
    return out


def _converted(raw: dict[str, Any], name: str) -> dict[str, Any]:
    """The profile with each parameter in the unit its readers declare (a length in mm -> in, keeping the value as
    written); a unit that cannot be converted is an error."""
    params = dict(raw.get("parameters") or {})
    for key, unit in _units(raw).items():
        p = params.get(key)
        if p is None or unit is None:
            continue
        given = p.get("unit")
        value = p["value"]
        if isinstance(unit, tuple):  # the rule reads the unit given: it must be one of those it knows
            if given not in unit or isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ProfileError(f"{name}: parameters.{key}: expected a number in one of {', '.join(unit)} (as read "
                                   f"by {_reader(raw, key)}), got {_shown(value)} {_shown(given)}")
            continue
        if unit == "date":
            _date(value, f"{name}: parameters.{key}.value")
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProfileError(f"{name}: parameters.{key}.value: expected a number in {unit} (as read by "
                               f"{_reader(raw, key)}), got {_shown(value)}")
        if given == unit:
            continue
        if unit in CONVERTIBLE and given is not None and not isinstance(p["value"], bool) \
                and isinstance(p["value"], (int, float)):
            from sizing.io.units import convert

            try:
                value = convert(float(p["value"]), given, unit)
            except Exception:  # noqa: BLE001 - any unit pint cannot convert: the one-line error below
                value = None
            if value is not None:
                params[key] = {**p, "value": value, "unit": unit, "as_written": f"{p['value']} {given}"}
                continue
        raise ProfileError(f"{name}: parameters.{key}.unit: expected {unit!r} (as read by {_reader(raw, key)}), "
                           f"got {_shown(given)}")
    raw["parameters"] = params
    return raw


def _reader(raw: Mapping[str, Any], key: str) -> str:
    need = _needs(raw).get(key)
    if need is not None:
        return need[1]
    return next((f"the review rule {s.id}" for s in rule_catalogue.entries() if key in s.optional), "the tool")


def _rules(raw: Mapping[str, Any], name: str) -> None:
    known = rule_catalogue.ids()
    for i, rule_id in enumerate(raw.get("review_rules") or []):
        if rule_id not in known:
            raise ProfileError(f"{name}: review_rules[{i}]: {rule_id!r} is not a rule of the review; rules: "
                               f"{', '.join(known)}")
    for key in raw.get("design_rules_by_interceptor_type") or {}:
        if key != "citation" and key not in known:
            raise ProfileError(f"{name}: design_rules_by_interceptor_type.{key}: not a rule of the review; rules: "
                               f"{', '.join(known)}")
    params = raw.get("parameters") or {}
    for key, (_, who) in _needs(raw).items():
        if key not in params:
            raise ProfileError(f"{name}: parameters.{key}: missing; {who} needs it (value, unit, citation)")
    if any(k != "common_conditions" for k in raw.get("waivers") or {}):
        for key in WAIVER_TEXTS:
            if key not in (raw.get("texts") or {}):
                raise ProfileError(f"{name}: texts.{key}: missing; the waivers need it")


def _local_rules(raw: dict[str, Any], name: str) -> dict[str, Any]:
    """What the schema cannot say of the local rule types: a local size table's rows (ascending DFU bounds, sizes
    in gal or gpm, converted to the unit read), the device types an appliance is barred from, the intervals by
    device type, and a listed ``local_size`` with neither a minimum nor a table."""
    params = dict(raw.get("parameters") or {})
    raw["parameters"] = params
    if "local_size" in (raw.get("review_rules") or []) and not {"local_min_volume", "local_size_table"} & set(params):
        raise ProfileError(f"{name}: parameters.local_size_table: missing; the review rule local_size needs it or "
                           "parameters.local_min_volume")
    if "local_size_table" in params:
        params["local_size_table"] = _size_table(params["local_size_table"], f"{name}: parameters.local_size_table")
    for key in ("dishwasher_barred_from", "disposer_barred_from"):
        from sizing.io.sections.interceptor import INTERCEPTOR_TYPES

        value = params.get(key, {}).get("value", [])
        if key in params and (not isinstance(value, list) or any(v not in INTERCEPTOR_TYPES for v in value)):
            raise ProfileError(f"{name}: parameters.{key}.value: expected a list of interceptor types "
                               f"({', '.join(INTERCEPTOR_TYPES)}), got {_shown(value)}")
    _device_terms(raw.get("device_terms"), name)
    for i, item in enumerate(raw.get("device_maintenance") or []):
        from sizing.rules.device_tasks import parse_task

        try:
            parse_task(f"device_maintenance[{i}]", item)
        except ValueError as err:
            raise ProfileError(f"{name}: {str(err).splitlines()[0]}") from None
    return raw


def _device_terms(terms: Mapping[str, Any] | None, name: str) -> None:
    """What the text calls a grease trap and a grease interceptor: one interceptor type is not both (the texts that
    define both terms, e.g. LBMC 8.46.010, define them apart)."""
    if not terms:
        return
    both = sorted(set(terms.get("grease_trap") or ()) & set(terms.get("grease_interceptor") or ()))
    if both:
        raise ProfileError(f"{name}: device_terms.grease_trap: {both[0]!r} is also under device_terms.grease_interceptor; "
                           "expected each interceptor type under one term at most")


def _size_table(p: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A local size table: rows [up to DFU, size] with DFU bounds rising, sizes positive, in gal (a volume unit
    converted) or gpm (a flow unit converted)."""

    rows = p.get("value")
    given = p.get("unit")
    unit = next((u for u in ("gal", "gpm") if _converts(given, u)), None)
    if unit is None:
        raise ProfileError(f"{where}.unit: expected a volume unit (gal, L) or a flow unit (gpm, L/s), got {_shown(given)}")
    if not isinstance(rows, list):
        raise ProfileError(f"{where}.value: expected a list of rows [up to DFU, size], got {_shown(rows)}")
    out, last = [], -1.0
    for i, row in enumerate(rows):
        ok = isinstance(row, list) and len(row) == 2 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in row)
        if not ok or row[0] <= last or row[1] <= 0:
            raise ProfileError(f"{where}.value[{i}]: expected [up to DFU, size {given}] with the DFU bound above the "
                               f"row before and a positive size, got {_shown(row)}")
        last = row[0]
        out.append([row[0], convert(float(row[1]), given, unit) if given != unit else row[1]])
    return {**p, "value": out, "unit": unit} if given != unit else {**p, "value": out}


def _converts(given: Any, unit: str) -> bool:
    """Whether a unit written in a profile converts to ``unit`` in the project's registry."""

    try:
        convert(1.0, str(given), unit)
    except Exception:  # noqa: BLE001 - any unit pint cannot read or convert: not this dimension
        return False
    return given is not None


def _inspections(spec: Mapping[str, Any] | None, name: str) -> None:
    """Every notice a checklist item or the accumulation limit opens is a notice type of the profile; an item's
    key appears once in its checklist."""
    if not spec:
        return
    types = spec.get("notices") or {}
    for list_key, checklist in (spec.get("checklists") or {}).items():
        seen: set[str] = set()
        for i, item in enumerate(checklist.get("items") or []):
            where = f"{name}: inspections.checklists.{list_key}.items[{i}]"
            if item["key"] in seen:
                raise ProfileError(f"{where}.key: {item['key']!r} appears twice in the checklist")
            seen.add(item["key"])
            if item.get("notice") is not None and item["notice"] not in types:
                raise ProfileError(f"{where}.notice: {item['notice']!r} is not a notice type of inspections.notices; "
                                   f"types: {', '.join(types)}")
    over = spec.get("over_limit_notice")
    if over is not None and over not in types:
        raise ProfileError(f"{name}: inspections.over_limit_notice: {over!r} is not a notice type of "
                           f"inspections.notices; types: {', '.join(types)}")


def _date(value: Any, where: str) -> dt.date:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise ProfileError(f"{where}: expected a date YYYY-MM-DD, got {_shown(value)}") from None


# --- holidays -------------------------------------------------------------------------------------------------

def _holidays(spec: Mapping[str, Any], name: str) -> None:
    _last_day(spec.get("last_day"), name)
    for i, day in enumerate(spec.get("local") or []):
        where = f"{name}: holidays.local[{i}]"
        if "date" in day:
            _date(day["date"], f"{where}.date")
        elif "day" in day:
            try:
                dt.date(2024, int(day["month"]), int(day["day"]))  # a leap year: Feb 29 is a date
            except ValueError:
                raise ProfileError(f"{where}: month {day['month']} has no day {day['day']}") from None


@functools.cache
def _known_names(country: str, subdiv: str | None) -> frozenset[str]:
    import holidays

    names = holidays.country_holidays(country, subdiv=subdiv, years=NAME_CHECK_YEARS).values()
    return frozenset(n.removesuffix(" (observed)") for each in names for n in each.split("; "))


def check_holiday_names(spec: Mapping[str, Any], name: str) -> None:
    """The profile's ``holidays.observed`` names are holidays of the ``holidays`` package for its country and
    subdivision (one :class:`ProfileError` naming the key path, with the closest name). Run by the calendar before
    it counts a deadline and by ``sizing jurisdictions check``, not at every load: only a deadline reads the names,
    and the package costs a command that counts none (a sizing, an inventory) about 150 ms."""
    listed = spec.get("observed")
    if not listed:
        return
    country, subdiv = spec.get("country", "US"), spec.get("subdivision")
    try:
        known = _known_names(country, subdiv)
    except NotImplementedError:
        raise ProfileError(f"{name}: holidays.country: the holidays package has no calendar for "
                           f"{country}{'-' + subdiv if subdiv else ''}") from None
    for i, holiday in enumerate(listed):
        if holiday not in known:
            import difflib

            close = difflib.get_close_matches(holiday, sorted(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ProfileError(f"{name}: holidays.observed[{i}]: {holiday!r} is not a holiday of the holidays package "
                               f"for {country}{'-' + subdiv if subdiv else ''}{hint}; a day of the jurisdiction's "
                               "own goes under holidays.local")


def _last_day(rule: Mapping[str, Any] | None, name: str) -> None:
    """A profile that does not extend a period's last day off a closed day cites its own code for it (not the
    state rule it departs from)."""
    if rule is not None and not rule.get("extend") and rule.get("citation") == LAST_DAY_RULE["citation"]:
        raise ProfileError(f"{name}: holidays.last_day.citation: expected the jurisdiction's own clause that keeps "
                           f"the last day on a closed day, got the state rule {LAST_DAY_RULE['citation']!r}")
