"""Working days for ordinance deadlines ("within 180 working days upon notification").

A working day is a weekday that is not a holiday the jurisdiction observes. The profile lists those holidays
by name (``holidays.observed``, with where the list came from); their dates come from the
``holidays`` package for the profile's country and subdivision (e.g. ``US``, ``CA``), and with
``observed_days: true`` a weekend holiday closes its observed weekday too (Independence Day on a Saturday ->
Friday off). A day in the package's list that the profile does not name (Susan B. Anthony Day, Diwali) is a
working day. A profile without an ``observed`` list takes every holiday of the package.

Counting rule: the day of notification is day 0, whatever day it is; day 1 is the first working day after
it, and the deadline is the n-th working day after it.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sizing.errors import TableError
from sizing.jurisdiction import load_profile

OBSERVED_SUFFIX = " (observed)"
#: Years whose holiday names a profile's list is checked against (a typo must not drop a holiday silently).
NAME_CHECK_YEARS = range(2019, 2041)

if TYPE_CHECKING:
    import holidays


@lru_cache(maxsize=8)
def _calendar(profile: str) -> tuple[holidays.HolidayBase, frozenset[str] | None, bool]:
    import holidays  # only when a deadline is counted: keeps it off the start of every command

    spec = load_profile(profile).get("holidays") or {}
    country, subdiv = spec.get("country", "US"), spec.get("subdivision")
    cal = holidays.country_holidays(country, subdiv=subdiv)
    listed = spec.get("observed")
    if listed is None:
        return cal, None, True
    known = set()
    for name in holidays.country_holidays(country, subdiv=subdiv, years=NAME_CHECK_YEARS).values():
        known.update(n.removesuffix(OBSERVED_SUFFIX) for n in name.split("; "))
    unknown = [n for n in listed if n not in known]
    if unknown:
        raise TableError(f"jurisdiction profile {profile!r}: holidays.observed lists {', '.join(map(repr, unknown))}, "
                         f"not a holiday name of the holidays package for {country}-{subdiv}; names: "
                         f"{', '.join(sorted(known))}")
    return cal, frozenset(listed), bool(spec.get("observed_days", True))


def holiday_name(day: dt.date, profile: Any) -> str | None:
    """The observed holiday that closes ``day``, or None.

    >>> holiday_name(dt.date(2025, 11, 28), "tracy")
    'Day After Thanksgiving'
    >>> holiday_name(dt.date(2028, 2, 15), "tracy") is None   # Susan B. Anthony Day: the City is open
    True
    """
    cal, listed, observed_days = _calendar(profile)
    names = []
    for name in cal.get_list(day):
        base = name.removesuffix(OBSERVED_SUFFIX)
        if listed is not None and base not in listed:
            continue
        if name != base and not observed_days:
            continue
        names.append(name)
    return "; ".join(names) if names else None


def working_days_rule(profile: Any) -> str:
    """How working days are counted, for reports: the profile's note and where its holiday list came from."""
    spec = load_profile(profile).get("holidays") or {}
    note = spec.get("note") or "Working days exclude Saturdays, Sundays and holidays."
    listed = spec.get("observed")
    if listed:
        note += " Holidays observed: " + ", ".join(listed) + "."
    if spec.get("source"):
        note += f" Source of the list ({spec.get('provenance', 'unstated')}): {spec['source']}"
    return note


def is_working_day(day: dt.date, profile: Any) -> bool:
    """A weekday that is not a holiday.

    >>> [is_working_day(dt.date(2025, 11, d), "tracy") for d in (27, 29)], is_working_day(dt.date(2025, 12, 1), "tracy")
    ([False, False], True)
    """
    return day.weekday() < 5 and holiday_name(day, profile) is None


def add_working_days(start: dt.date, n: int, profile: Any) -> dt.date:
    """The n-th working day after ``start`` (``start`` itself is day 0; n = 0 returns ``start``).

    >>> add_working_days(dt.date(2025, 11, 26), 1, "tracy")   # Thanksgiving and the day after are closed
    datetime.date(2025, 12, 1)
    >>> add_working_days(dt.date(2025, 12, 24), 1, "tracy")   # Christmas Day is closed
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


def working_days_between(start: dt.date, end: dt.date, profile: Any) -> int:
    """Working days after ``start`` up to and including ``end`` (negative when ``end`` is before ``start``).

    >>> working_days_between(dt.date(2025, 11, 26), dt.date(2025, 12, 1), "tracy")
    1
    """
    if end < start:
        return -working_days_between(end, start, profile)
    return sum(1 for k in range(1, (end - start).days + 1)
               if is_working_day(start + dt.timedelta(days=k), profile))


def holidays_between(start: dt.date, end: dt.date, profile: Any) -> list[tuple[dt.date, str]]:
    """Holidays falling on weekdays after ``start`` up to ``end``: the days a deadline skipped.

    >>> holidays_between(dt.date(2025, 11, 20), dt.date(2025, 12, 31), "tracy")
    [(datetime.date(2025, 11, 27), 'Thanksgiving Day'), (datetime.date(2025, 11, 28), 'Day After Thanksgiving'), (datetime.date(2025, 12, 25), 'Christmas Day')]
    """
    out = []
    for k in range(1, (end - start).days + 1):
        day = start + dt.timedelta(days=k)
        name = holiday_name(day, profile) if day.weekday() < 5 else None
        if name:
            out.append((day, name))
    return out
