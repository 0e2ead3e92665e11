"""Calendar arithmetic of the ordinance's intervals: a date some calendar months or years later, and the whole
calendar months of an interval written in months or years (kept apart from the maintenance rules so that a
profile's device tasks are checked without importing them)."""

from __future__ import annotations

import datetime as dt
from typing import Any

#: The state rule on the last day of a period of calendar days, used unless a profile's ``holidays.last_day``
#: says otherwise: a last day that is a holiday (a Saturday, a Sunday or a holiday of Gov. Code sections
#: 6700-6707; the profile's calendar lists the days) is extended to the next day that is not a holiday.
LAST_DAY_RULE = {"extend": True, "citation": "Cal. Code Civ. Proc. §§ 12, 12a", "provenance": "secondary"}


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` calendar months later, clamped to the month's last day.

    >>> add_months(dt.date(2025, 8, 31), 6)
    datetime.date(2026, 2, 28)
    >>> add_months(dt.date(2025, 1, 15), 3)
    datetime.date(2025, 4, 15)
    """
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    if day.day <= 28:  # every month has the day: no month length to look up
        return dt.date(year, month, day.day)
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day  # the month's last day
    return dt.date(year, month, min(day.day, last))


def add_years(day: dt.date, years: int) -> dt.date:
    """Calendar years later (29 February -> 28 February).

    >>> add_years(dt.date(2024, 2, 29), -3)
    datetime.date(2021, 2, 28)
    """
    return add_months(day, 12 * years)


_CALENDAR_UNITS = {"month": 1, "months": 1, "mo": 1, "mon": 1, "year": 12, "years": 12, "yr": 12, "yrs": 12}


def calendar_months(value: Any) -> int | None:
    """The whole calendar months of an interval written in months or years (``'3 months'`` -> 3, ``'1 year'`` ->
    12); None for days, weeks, a bare number or a fraction of a month (those are counted in exact days).

    >>> calendar_months("3 months"), calendar_months("1 year"), calendar_months("90 days"), calendar_months("1.5 months")
    (3, 12, None, None)
    """
    if not isinstance(value, str):
        return None
    parts = value.strip().lower().split()
    if len(parts) != 2 or parts[1] not in _CALENDAR_UNITS:
        return None
    try:
        number = float(parts[0])
    except ValueError:
        return None
    return int(number) * _CALENDAR_UNITS[parts[1]] if number.is_integer() and number > 0 else None
