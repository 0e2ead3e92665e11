"""Working days for ordinance deadlines ("within 180 working days upon notification").

A working day is a weekday that is not a holiday of the jurisdiction's calendar. The calendar is the
``holidays`` package's public holidays for the country and subdivision named in the jurisdiction profile
(Tracy: ``US``, ``CA``), including observed days (Independence Day on a Saturday -> Friday off).
Holiday names the profile lists under ``holidays.ignore`` are treated as working days.

Counting rule: the day of notification is day 0, whatever day it is; day 1 is the first working day after
it, and the deadline is the n-th working day after it.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import TYPE_CHECKING

from sizing.tables import load_profile

if TYPE_CHECKING:
    import holidays


@lru_cache(maxsize=8)
def _calendar(profile: str) -> tuple[holidays.HolidayBase, frozenset[str]]:
    import holidays  # only when a deadline is counted: keeps it off the start of every command

    spec = load_profile(profile).get("holidays") or {}
    cal = holidays.country_holidays(spec.get("country", "US"), subdiv=spec.get("subdivision"))
    return cal, frozenset(spec.get("ignore") or ())


def holiday_name(day: dt.date, profile: str = "tracy") -> str | None:
    """The holiday that closes ``day``, or None.

    >>> holiday_name(dt.date(2025, 11, 28))
    'Day After Thanksgiving'
    >>> holiday_name(dt.date(2025, 12, 1)) is None
    True
    """
    cal, ignore = _calendar(profile)
    names = [n for n in cal.get_list(day) if n not in ignore]
    return "; ".join(names) if names else None


def is_working_day(day: dt.date, profile: str = "tracy") -> bool:
    """A weekday that is not a holiday.

    >>> is_working_day(dt.date(2025, 11, 27)), is_working_day(dt.date(2025, 11, 29)), is_working_day(dt.date(2025, 12, 1))
    (False, False, True)
    """
    return day.weekday() < 5 and holiday_name(day, profile) is None


def add_working_days(start: dt.date, n: int, profile: str = "tracy") -> dt.date:
    """The n-th working day after ``start`` (``start`` itself is day 0; n = 0 returns ``start``).

    >>> add_working_days(dt.date(2025, 11, 26), 1)   # Thanksgiving and the day after are closed
    datetime.date(2025, 12, 1)
    >>> add_working_days(dt.date(2025, 12, 24), 1)   # Christmas Day is closed
    datetime.date(2025, 12, 26)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"working days must be a whole number >= 0, got {n!r}")
    day = start
    left = n
    while left:
        day += dt.timedelta(days=1)
        if is_working_day(day, profile):
            left -= 1
    return day


def working_days_between(start: dt.date, end: dt.date, profile: str = "tracy") -> int:
    """Working days after ``start`` up to and including ``end`` (negative when ``end`` is before ``start``).

    >>> working_days_between(dt.date(2025, 11, 26), dt.date(2025, 12, 1))
    1
    """
    if end < start:
        return -working_days_between(end, start, profile)
    return sum(1 for k in range(1, (end - start).days + 1)
               if is_working_day(start + dt.timedelta(days=k), profile))


def holidays_between(start: dt.date, end: dt.date, profile: str = "tracy") -> list[tuple[dt.date, str]]:
    """Holidays falling on weekdays after ``start`` up to ``end``: the days a deadline skipped.

    >>> holidays_between(dt.date(2025, 11, 20), dt.date(2025, 12, 31))
    [(datetime.date(2025, 11, 27), 'Thanksgiving Day'), (datetime.date(2025, 11, 28), 'Day After Thanksgiving'), (datetime.date(2025, 12, 25), 'Christmas Day')]
    """
    out = []
    for k in range(1, (end - start).days + 1):
        day = start + dt.timedelta(days=k)
        name = holiday_name(day, profile) if day.weekday() < 5 else None
        if name:
            out.append((day, name))
    return out
