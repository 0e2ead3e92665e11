"""A maintenance task a profile fixes for a type of grease removal device (its ``device_maintenance`` list), as
read from the profile: the device, the task, the interval and its clause. Read when a profile is loaded
(:mod:`sizing.jurisdiction.check` checks each entry) and when a log is checked against them
(:mod:`sizing.rules.device_maintenance`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sizing.io.units import parse_quantity
from sizing.jurisdiction.months import add_months, calendar_months

EVERY_EXPECTED = "a time such as '1 day', '30 days', '1 week' or '1 month'"


@dataclass(frozen=True)
class DeviceTask:
    """One maintenance task the profile fixes for one device type."""

    device: str
    task: str
    days: float
    months: int | None
    every: str
    citation: str
    provenance: str | None = None
    rule: str | None = None

    def next_date(self, last: dt.date) -> dt.date:
        """The last date the task is next due by: calendar months when the interval is in months, else days."""
        if self.months is not None:
            return add_months(last, self.months)
        return last + dt.timedelta(days=int(self.days))


def parse_task(where: str, item: Mapping[str, Any]) -> DeviceTask:
    """One ``device_maintenance`` entry of a profile; a bad interval raises ValueError naming ``where``."""

    every = item["every"]
    try:
        days = parse_quantity(f"{where}.every", every, "day", minimum=0, strict_minimum=True, maximum=3650,
                              expected=EVERY_EXPECTED)
    except ValueError as err:
        raise ValueError(f"{where}.every: expected {EVERY_EXPECTED}, got {every!r}") from err
    if days < 1 - 1e-9:
        raise ValueError(f"{where}.every: expected at least 1 day, got {every!r}")
    return DeviceTask(device=item["device"], task=item["task"], days=days, months=calendar_months(every),
                      every=str(every), citation=item["citation"], provenance=item.get("provenance"),
                      rule=item.get("rule"))
