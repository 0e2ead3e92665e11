"""The ``meals`` section of a submittal (the meals-formula cross-check), parsed once into :class:`Meals`.

:data:`MEALS_FIELDS` is the one list of its fields (the JSON schema agrees with it). Units are resolved here:
waste flow in [gal per meal], times in [h].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.tables import load_table
from sizing.io.units import parse_quantity

MEALS_FIELDS = ("meals_per_peak_hour", "seats", "meal_factor", "waste_flow_rate", "retention_time",
                "storage_factor", "dishwashing_machine", "single_service", "food_waste_disposer",
                "hours_of_operation")


@dataclass(frozen=True)
class Meals:
    meals_per_peak_hour: float | None = None
    seats: float | None = None
    meal_factor: float | None = None
    meal_factor_name: str | None = None
    waste_flow_rate_gal: float | None = None
    retention_time_h: float | None = None
    storage_factor: float | None = None
    dishwashing_machine: bool | None = None
    single_service: bool | None = None
    food_waste_disposer: bool | None = None
    hours_of_operation_h: float | None = None


def parse_meals(value: Any) -> Meals:
    """The ``meals`` section (field-path errors); a meal factor by name or as a number."""
    m = parse.mapping("meals", value, MEALS_FIELDS)
    factors = load_table("meals-factors").meta["meal_factors"]
    mph = None if m.get("meals_per_peak_hour") is None else parse.number(
        "meals.meals_per_peak_hour", m["meals_per_peak_hour"], minimum=0, maximum=1e6)
    seats = None if m.get("seats") is None else parse.number("meals.seats", m["seats"], minimum=0, maximum=1e6)
    factor, factor_name = None, None
    if m.get("meal_factor") is not None:
        raw = m["meal_factor"]
        if isinstance(raw, str) and parse.normalise_key(raw) in factors:
            factor_name = parse.normalise_key(raw)
            factor = float(factors[factor_name])
        elif isinstance(raw, str) and not raw.strip().replace(".", "", 1).isdigit():
            parse.choice("meals.meal_factor", raw, list(factors))  # raises with a suggestion
        else:
            factor = parse.number("meals.meal_factor", raw, minimum=0, maximum=10,
                                  expected=f"a number or one of {', '.join(factors)}:")
    if mph is None and (seats is None or factor is None):
        missing = "meal_factor" if seats is not None else "seats" if factor is not None else "meals_per_peak_hour"
        raise SizingInputError(f"meals.{missing}", None, "meals_per_peak_hour, or seats and meal_factor")
    waste = None if m.get("waste_flow_rate") is None else parse_quantity(
        "meals.waste_flow_rate", m["waste_flow_rate"], "gal", minimum=0, strict_minimum=True, maximum=100,
        expected="gallons per meal such as 6 or '6 gal'")
    retention = None if m.get("retention_time") is None else parse_quantity(
        "meals.retention_time", m["retention_time"], "h", minimum=0, strict_minimum=True, maximum=48)
    storage = None if m.get("storage_factor") is None else parse.number(
        "meals.storage_factor", m["storage_factor"], minimum=0, strict_minimum=True, maximum=10)
    hours = None if m.get("hours_of_operation") is None else parse_quantity(
        "meals.hours_of_operation", m["hours_of_operation"], "h", minimum=0, strict_minimum=True, maximum=24)
    flags = {k: (None if m.get(k) is None else parse.boolean(f"meals.{k}", m[k]))
             for k in ("dishwashing_machine", "single_service", "food_waste_disposer")}
    return Meals(meals_per_peak_hour=mph, seats=seats, meal_factor=factor, meal_factor_name=factor_name,
                 waste_flow_rate_gal=waste, retention_time_h=retention, storage_factor=storage,
                 hours_of_operation_h=hours, **flags)
