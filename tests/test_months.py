"""The intervals' calendar arithmetic (sizing/jurisdiction/months.py) against the standard library's calendar."""

from __future__ import annotations

import calendar
import datetime as dt

from sizing.jurisdiction.months import add_months, add_years, calendar_months


def test_a_date_some_months_later_is_clamped_to_that_months_last_day_as_the_calendar_has_it():
    for year in (1999, 2000, 2024, 2025, 2100):
        for month in range(1, 13):
            for day in (1, 15, 28, 29, 30, 31):
                if day > calendar.monthrange(year, month)[1]:
                    continue
                start = dt.date(year, month, day)
                for k in range(-25, 26):
                    i = month - 1 + k
                    y, m = year + i // 12, i % 12 + 1
                    assert add_months(start, k) == dt.date(y, m, min(day, calendar.monthrange(y, m)[1])), (start, k)


def test_the_published_examples():
    assert add_months(dt.date(2025, 8, 31), 6) == dt.date(2026, 2, 28)
    assert add_months(dt.date(2023, 12, 31), 2) == dt.date(2024, 2, 29)  # a leap year's February
    assert add_years(dt.date(2024, 2, 29), 1) == dt.date(2025, 2, 28)
    assert [calendar_months(v) for v in ("3 months", "1 year", "90 days", "1.5 months")] == [3, 12, None, None]
