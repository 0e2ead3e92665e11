"""Working-day calendar (US-CA holidays) for ordinance deadlines, with dates counted by hand."""

import datetime as dt

import numpy as np
import pytest

from sizing.ordinance.calendar import (
    add_working_days,
    holiday_name,
    holidays_between,
    is_working_day,
    working_days_between,
)

D = dt.date


def test_thanksgiving_skipped_counted_by_hand():
    # Thu 2025-11-20 is day 0. 1 Fri 21, 2 Mon 24, 3 Tue 25, 4 Wed 26, (Thu 27 Thanksgiving, Fri 28 Day After
    # Thanksgiving, weekend), 5 Mon Dec 1, 6 Tue 2, 7 Wed 3, 8 Thu 4, 9 Fri 5, 10 Mon Dec 8.
    assert add_working_days(D(2025, 11, 20), 10) == D(2025, 12, 8)


def test_christmas_skipped_counted_by_hand():
    # Fri 2025-12-19 is day 0. 1 Mon 22, 2 Tue 23, 3 Wed 24, (Thu 25 Christmas), 4 Fri 26, 5 Mon 29.
    assert add_working_days(D(2025, 12, 19), 5) == D(2025, 12, 29)
    # ... and on across New Year's Day: 6 Tue 30, 7 Wed 31, (Thu Jan 1), 8 Fri Jan 2
    assert add_working_days(D(2025, 12, 19), 8) == D(2026, 1, 2)


def test_observed_independence_day():
    # 2026-07-04 is a Saturday; the state observes Friday 2026-07-03.
    assert not is_working_day(D(2026, 7, 3))
    assert add_working_days(D(2026, 7, 2), 1) == D(2026, 7, 6)


def test_180_working_days_against_an_independent_business_day_count():
    # The CA holidays on weekdays between 2025-11-03 and 2026-07-31, typed from the state calendar.
    hand = ["2025-11-11", "2025-11-27", "2025-11-28", "2025-12-25", "2026-01-01", "2026-01-19", "2026-02-16",
            "2026-03-31", "2026-05-25", "2026-06-19", "2026-07-03"]
    expected = np.busday_offset("2025-11-03", 180, roll="forward", holidays=hand)
    assert str(expected) == "2026-07-28"
    assert add_working_days(D(2025, 11, 3), 180) == D(2026, 7, 28)
    assert [d.isoformat() for d, _ in holidays_between(D(2025, 11, 3), D(2026, 7, 28))] == hand


def test_start_on_weekend_counts_from_next_working_day():
    # Sat 2025-11-22 notification: day 1 is Mon 24.
    assert add_working_days(D(2025, 11, 22), 1) == D(2025, 11, 24)


def test_zero_days_and_between():
    assert add_working_days(D(2025, 11, 27), 0) == D(2025, 11, 27)
    assert working_days_between(D(2025, 11, 20), D(2025, 12, 8)) == 10
    assert working_days_between(D(2025, 12, 8), D(2025, 11, 20)) == -10


def test_holiday_names():
    assert holiday_name(D(2025, 11, 27)) == "Thanksgiving Day"
    assert holiday_name(D(2026, 3, 31)) == "Cesar Chavez Day"
    assert holiday_name(D(2026, 3, 30)) is None


@pytest.mark.parametrize("n", [-1, 1.5, True])
def test_bad_day_count(n):
    with pytest.raises(ValueError, match="whole number >= 0"):
        add_working_days(D(2025, 1, 2), n)
