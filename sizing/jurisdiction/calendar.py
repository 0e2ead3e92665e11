"""Working days for ordinance deadlines ("within 180 working days upon notification").

A working day is a weekday that is not a holiday the jurisdiction observes (:attr:`Jurisdiction.holidays`, checked
when the profile is loaded). Two kinds of holiday, both data in the profile:

* ``observed``: names of the ``holidays`` package's calendar for the profile's country and subdivision (e.g.
  ``US``, ``CA``); with ``observed_days: true`` a weekend holiday closes its observed weekday too (Independence
  Day on a Saturday -> Friday off). A day of the package's list the profile does not name (Susan B. Anthony Day,
  Diwali) is a working day. A profile without an ``observed`` list takes every holiday of the package.
* ``local``: the jurisdiction's own closure days, each a ``date`` (one day), a ``month``/``day`` (every year,
  e.g. Christmas Eve) or a ``month``/``weekday``/``nth`` (every year, e.g. the fourth Friday of November;
  ``nth: -1`` the last). A local day is closed on that date only (no observed weekday).

Counting rule: the day of notification is day 0, whatever day it is; day 1 is the first working day after
it, and the deadline is the n-th working day after it.

A period of calendar days (:func:`add_calendar_days`) counts every day, and its last day, when it is not a working
day (a Saturday, a Sunday or a holiday of the profile's calendar), is extended to the next day that is
(:data:`LAST_DAY_RULE`: Cal. Code Civ. Proc. sections 12 and 12a, holidays per Gov. Code sections 6700-6707,
Saturdays included). A profile whose code says otherwise switches the extension off with ``holidays.last_day``
(``extend: false`` and its own citation).
"""

from __future__ import annotations

import calendar as _weeks
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sizing.jurisdiction.check import check_holiday_names
from sizing.jurisdiction.months import LAST_DAY_RULE
from sizing.jurisdiction.profile import Jurisdiction

OBSERVED_SUFFIX = " (observed)"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

if TYPE_CHECKING:
    import holidays


@lru_cache(maxsize=8)
def _calendar(jurisdiction: Jurisdiction) -> tuple[holidays.HolidayBase, frozenset[str] | None, bool]:
    import holidays  # only when a deadline is counted: keeps it off the start of every command

    spec = jurisdiction.holidays
    check_holiday_names(spec, str(jurisdiction.path))
    cal = holidays.country_holidays(spec.get("country", "US"), subdiv=spec.get("subdivision"))
    listed = spec.get("observed")
    return cal, None if listed is None else frozenset(listed), bool(spec.get("observed_days", True))


def local_days(spec: Mapping[str, Any], year: int) -> dict[dt.date, str]:
    """The profile's own closure days (``holidays.local``) in ``year``.

    >>> local_days({"local": [{"name": "Christmas Eve", "month": 12, "day": 24},
    ...                       {"name": "Fiesta", "month": 11, "weekday": "friday", "nth": 4},
    ...                       {"name": "Move", "date": "2026-06-05"}]}, 2026)
    {datetime.date(2026, 12, 24): 'Christmas Eve', datetime.date(2026, 11, 27): 'Fiesta', datetime.date(2026, 6, 5): 'Move'}
    """
    out: dict[dt.date, str] = {}
    for day in spec.get("local") or ():
        if "date" in day:
            when = dt.date.fromisoformat(str(day["date"]))
            if when.year != year:
                continue
        elif "day" in day:
            try:
                when = dt.date(year, int(day["month"]), int(day["day"]))
            except ValueError:  # Feb 29 in a common year
                continue
        else:
            target = WEEKDAYS.index(day["weekday"])
            days = [d for d in _weeks.Calendar().itermonthdates(year, int(day["month"]))
                    if d.month == int(day["month"]) and d.weekday() == target]
            nth = int(day["nth"])
            if nth > len(days):
                continue
            when = days[nth - 1] if nth > 0 else days[nth]
        out[when] = f"{out[when]}; {day['name']}" if when in out else str(day["name"])
    return out


@lru_cache(maxsize=64)
def _local(jurisdiction: Jurisdiction, year: int) -> dict[dt.date, str]:
    return local_days(jurisdiction.holidays, year)


def holiday_name(day: dt.date, jurisdiction: Jurisdiction) -> str | None:
    """The observed holiday that closes ``day``, or None.

    >>> from sizing.jurisdiction.profile import get
    >>> tracy = get("tracy")
    >>> holiday_name(dt.date(2025, 11, 28), tracy)
    'Day After Thanksgiving'
    >>> holiday_name(dt.date(2028, 2, 15), tracy) is None   # Susan B. Anthony Day: the City is open
    True
    """
    cal, listed, observed_days = _calendar(jurisdiction)
    names = [_local(jurisdiction, day.year)[day]] if day in _local(jurisdiction, day.year) else []
    for name in cal.get_list(day):
        base = name.removesuffix(OBSERVED_SUFFIX)
        if listed is not None and base not in listed:
            continue
        if name != base and not observed_days:
            continue
        names.append(name)
    return "; ".join(names) if names else None


def working_days_rule(jurisdiction: Jurisdiction) -> str:
    """How working days are counted, for reports: the profile's note and where its holiday list came from."""
    spec = jurisdiction.holidays
    note = spec.get("note") or "Working days exclude Saturdays, Sundays and holidays."
    listed = spec.get("observed")
    if listed:
        note += " Holidays observed: " + ", ".join(listed) + "."
    if spec.get("local"):
        note += " The jurisdiction's own closure days: " + ", ".join(_local_words(d) for d in spec["local"]) + "."
    if spec.get("source"):
        note += f" Source of the list ({spec.get('provenance', 'unstated')}): {spec['source']}"
    return note


def _local_words(day: Mapping[str, Any]) -> str:
    if "date" in day:
        return f"{day['name']} ({day['date']})"
    if "day" in day:
        return f"{day['name']} (every {_weeks.month_name[int(day['month'])]} {int(day['day'])})"
    nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}[int(day["nth"])]
    return f"{day['name']} (the {nth} {day['weekday'].capitalize()} of {_weeks.month_name[int(day['month'])]})"


def is_working_day(day: dt.date, jurisdiction: Jurisdiction) -> bool:
    """A weekday that is not a holiday.

    >>> from sizing.jurisdiction.profile import get
    >>> tracy = get("tracy")
    >>> [is_working_day(dt.date(2025, 11, d), tracy) for d in (27, 29)], is_working_day(dt.date(2025, 12, 1), tracy)
    ([False, False], True)
    """
    return day.weekday() < 5 and holiday_name(day, jurisdiction) is None


def add_working_days(start: dt.date, n: int, jurisdiction: Jurisdiction) -> dt.date:
    """The n-th working day after ``start`` (``start`` itself is day 0; n = 0 returns ``start``).

    >>> from sizing.jurisdiction.profile import get
    >>> tracy = get("tracy")
    >>> add_working_days(dt.date(2025, 11, 26), 1, tracy)   # Thanksgiving and the day after are closed
    datetime.date(2025, 12, 1)
    >>> add_working_days(dt.date(2025, 12, 24), 1, tracy)   # Christmas Day is closed
    datetime.date(2025, 12, 26)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"working days must be a whole number >= 0, got {n!r}")
    day = start
    left = n
    while left:
        day += dt.timedelta(days=1)
        if is_working_day(day, jurisdiction):
            left -= 1
    return day


def working_days_between(start: dt.date, end: dt.date, jurisdiction: Jurisdiction) -> int:
    """Working days after ``start`` up to and including ``end`` (negative when ``end`` is before ``start``).

    >>> from sizing.jurisdiction.profile import get
    >>> tracy = get("tracy")
    >>> working_days_between(dt.date(2025, 11, 26), dt.date(2025, 12, 1), tracy)
    1
    """
    if end < start:
        return -working_days_between(end, start, jurisdiction)
    return sum(1 for k in range(1, (end - start).days + 1)
               if is_working_day(start + dt.timedelta(days=k), jurisdiction))


def holidays_between(start: dt.date, end: dt.date, jurisdiction: Jurisdiction) -> list[tuple[dt.date, str]]:
    """Holidays falling on weekdays after ``start`` up to ``end``: the days a deadline skipped.

    >>> from sizing.jurisdiction.profile import get
    >>> tracy = get("tracy")
    >>> holidays_between(dt.date(2025, 11, 20), dt.date(2025, 12, 31), tracy)
    [(datetime.date(2025, 11, 27), 'Thanksgiving Day'), (datetime.date(2025, 11, 28), 'Day After Thanksgiving'), (datetime.date(2025, 12, 25), 'Christmas Day')]
    """
    out = []
    for k in range(1, (end - start).days + 1):
        day = start + dt.timedelta(days=k)
        name = holiday_name(day, jurisdiction) if day.weekday() < 5 else None
        if name:
            out.append((day, name))
    return out


@dataclass(frozen=True)
class CalendarDue:
    """The last day of a period of calendar days: ``counted`` (start + n), extended past the days in ``passed``
    (each with why it is closed) to ``date`` under ``citation``."""

    date: dt.date
    counted: dt.date
    passed: tuple[tuple[dt.date, str], ...] = ()
    citation: str | None = None

    @property
    def note(self) -> str | None:
        """What moved the date, for the output (None: the counted day is the last day)."""
        if not self.passed:
            return None
        days = ", ".join(f"{d.isoformat()} ({why})" for d, why in self.passed)
        return (f"extended from {self.counted.isoformat()} to {self.date.isoformat()}, the next day that is not a "
                f"holiday: {days} ({self.citation})")


def last_day_rule(jurisdiction: Jurisdiction) -> Mapping[str, Any]:
    """Whether the last day of a calendar-day period moves off a closed day, and under which citation."""
    return jurisdiction.holidays.get("last_day") or LAST_DAY_RULE


def closed_because(day: dt.date, jurisdiction: Jurisdiction) -> str | None:
    """Why ``day`` is not a working day ("Saturday", "Sunday", a holiday's name), or None when it is one."""
    names = [WEEKDAYS[day.weekday()].capitalize()] if day.weekday() >= 5 else []
    holiday = holiday_name(day, jurisdiction)
    return "; ".join(names + [holiday] if holiday else names) or None


def add_calendar_days(start: dt.date, n: int, jurisdiction: Jurisdiction) -> CalendarDue:
    """The last day of a period of ``n`` calendar days after ``start`` (``start`` is day 0), moved to the next
    working day when it falls on a Saturday, a Sunday or a holiday (unless the profile switches that off).

    >>> from sizing.jurisdiction.profile import get
    >>> due = add_calendar_days(dt.date(2026, 12, 2), 30, get("tracy"))   # 2027-01-01 is New Year's Day
    >>> due.date, due.counted
    (datetime.date(2027, 1, 4), datetime.date(2027, 1, 1))
    >>> add_calendar_days(dt.date(2026, 3, 2), 30, get("tracy")).note is None    # 2026-04-01, a Wednesday
    True
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"calendar days must be a whole number >= 0, got {n!r}")
    counted = start + dt.timedelta(days=n)
    rule = last_day_rule(jurisdiction)
    if not rule.get("extend", True):
        return CalendarDue(counted, counted)
    day, passed = counted, []
    while (why := closed_because(day, jurisdiction)) is not None:
        passed.append((day, why))
        day += dt.timedelta(days=1)
    return CalendarDue(day, counted, tuple(passed), rule["citation"] if passed else None)
