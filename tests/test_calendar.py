"""Working-day calendar (US-CA holidays) for ordinance deadlines, with dates counted by hand."""

import datetime as dt

import numpy as np
import pytest

from sizing.jurisdiction import calendar
from sizing.jurisdiction.profile import get as get_jurisdiction

D = dt.date
#: The calendar of the City's profile: every count below is by hand against its holiday list.
CITY = get_jurisdiction("tracy")


def add_working_days(start, n):
    return calendar.add_working_days(start, n, CITY)


def holiday_name(day):
    return calendar.holiday_name(day, CITY)


def holidays_between(start, end):
    return calendar.holidays_between(start, end, CITY)


def is_working_day(day):
    return calendar.is_working_day(day, CITY)


def working_days_between(start, end):
    return calendar.working_days_between(start, end, CITY)


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


# --- The City's own holidays (the profile's list), not every day of the package's California list -----------

def test_deadline_spanning_15_february_is_not_pushed_back():
    """Item 4: Susan B. Anthony Day (Tue 2028-02-15) is in the package's California list, but City offices are
    open: only the profile's observed holidays are skipped."""
    # Tue 2028-02-01 is day 0. February's weekdays after it: 2-4 (3), 7-11 (8), 14-18 (13, the 15th counted),
    # (Mon 21 Presidents' Day), 22-25 (17), 28-29 (19); day 20 is Wed 2028-03-01.
    expected = np.busday_offset("2028-02-01", 20, roll="forward", holidays=["2028-02-21"])
    assert str(expected) == "2028-03-01"
    assert add_working_days(D(2028, 2, 1), 20) == D(2028, 3, 1)
    assert is_working_day(D(2028, 2, 15)) and holiday_name(D(2028, 2, 15)) is None
    assert holidays_between(D(2028, 2, 1), D(2028, 3, 1)) == [(D(2028, 2, 21), "Presidents' Day")]


def test_diwali_is_a_working_day():
    """Item 4: Diwali (Fri 2027-10-29, in the package's California list from 2026) is not a City holiday."""
    # Wed 2027-10-20 is day 0: 21, 22, 25, 26, 27, 28, 29 (7), Nov 1, 2, 3 (10).
    assert add_working_days(D(2027, 10, 20), 10) == D(2027, 11, 3)
    assert holidays_between(D(2027, 10, 20), D(2027, 11, 3)) == []


def test_observed_weekdays_of_listed_holidays_are_closed():
    # Christmas Day 2027 is a Saturday: Friday 2027-12-24 is its observed day; New Year's Day 2028 is observed on
    # Fri 2027-12-31.
    assert holiday_name(D(2027, 12, 24)) == "Christmas Day (observed)"
    assert holiday_name(D(2027, 12, 31)) == "New Year's Day (observed)"


def city(tmp_path, name: str, **holidays):
    """The City's profile under another name, with its holidays block changed."""
    import yaml

    from sizing.io.tables import tables_dir
    from sizing.jurisdiction.profile import get

    raw = yaml.safe_load((tables_dir() / "jurisdictions" / "tracy.yaml").read_text(encoding="utf-8"))
    raw["holidays"].update(holidays)
    (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return get(name, tmp_path)


def test_profile_holiday_list_is_what_the_calendar_uses(tmp_path):
    """Item 4: the list is data; a name the package does not know is an error when the calendar first counts a day
    under the profile (and in `sizing jurisdictions check`), never a silently dropped holiday."""
    from sizing.io.tables import TableError

    only_christmas = city(tmp_path, "xmas", observed=["Christmas Day"])
    assert calendar.is_working_day(D(2025, 11, 27), only_christmas)          # Thanksgiving not listed: a working day
    assert not calendar.is_working_day(D(2025, 12, 25), only_christmas)
    with pytest.raises(TableError, match=r"typo.yaml: holidays.observed\[1\]: 'Thanksgivng Day' is not a holiday of "
                                         r"the holidays package for US-CA \(did you mean 'Thanksgiving Day'\?\)"):
        calendar.is_working_day(D(2025, 11, 27), city(tmp_path, "typo", observed=["Christmas Day", "Thanksgivng Day"]))


def test_local_closure_days_are_data_in_the_profile(tmp_path):
    """A city's own days (not in the holidays package): Christmas Eve every year, the fourth Friday of November,
    and one dated closure. 5 working days from Mon 2026-12-21: Tue 22, Wed 23, (Thu 24 Christmas Eve, Fri 25
    Christmas Day), Mon 28, Tue 29, Wed 30 -> 2026-12-30."""
    from sizing.jurisdiction.calendar import add_working_days, holiday_name, working_days_rule

    own = city(tmp_path, "own", local=[{"name": "Christmas Eve", "month": 12, "day": 24},
                                       {"name": "Native American Day", "month": 9, "weekday": "friday", "nth": 4},
                                       {"name": "Office move", "date": "2026-06-05"}])
    assert holiday_name(D(2026, 12, 24), own) == "Christmas Eve"
    assert holiday_name(D(2026, 9, 25), own) == "Native American Day"        # the 4th Friday of September 2026
    assert holiday_name(D(2026, 6, 5), own) == "Office move" and holiday_name(D(2027, 6, 5), own) is None
    assert add_working_days(D(2026, 12, 21), 5, own) == D(2026, 12, 30)
    assert "Christmas Eve (every December 24)" in working_days_rule(own)


def test_a_local_day_that_is_not_a_date_is_refused_at_load(tmp_path):
    from sizing.io.tables import TableError

    with pytest.raises(TableError, match=r"bad.yaml: holidays.local\[0\]: month 2 has no day 30"):
        city(tmp_path, "bad", local=[{"name": "Leap", "month": 2, "day": 30}])


def test_working_days_rule_names_the_list_and_its_source():
    from sizing.jurisdiction.calendar import working_days_rule

    text = working_days_rule(CITY)
    assert "Day After Thanksgiving" in text and "Susan B. Anthony" in text and "should confirm" in text


# --- the last day of a period of calendar days (Cal. Code Civ. Proc. §§ 12, 12a) --------------------------------

def test_a_30_day_notice_of_2026_12_02_falls_due_on_monday_2027_01_04():
    """Counted by hand: Dec 2 is day 0; Dec 3 -> Dec 31 is 29 days, so day 30 is Fri 2027-01-01, New Year's Day on
    the City's list (tracy.yaml holidays.observed). CCP § 12a extends the last day to the next day that is not a
    holiday (Saturdays and Sundays are holidays there): Sat Jan 2, Sun Jan 3, so Mon 2027-01-04 (no holiday of the
    list falls on it: Martin Luther King Jr. Day is the third Monday, Jan 18)."""
    from sizing.rules.inspection import due_on

    due = calendar.add_calendar_days(D(2026, 12, 2), 30, CITY)
    assert (due.counted, due.date) == (D(2027, 1, 1), D(2027, 1, 4))
    assert due.passed == ((D(2027, 1, 1), "New Year's Day"), (D(2027, 1, 2), "Saturday"), (D(2027, 1, 3), "Sunday"))
    assert due.note == ("extended from 2027-01-01 to 2027-01-04, the next day that is not a holiday: 2027-01-01 "
                        "(New Year's Day), 2027-01-02 (Saturday), 2027-01-03 (Sunday) (Cal. Code Civ. Proc. §§ 12, 12a)")
    assert due_on(D(2026, 12, 2), {"value": 30, "unit": "days"}, CITY) == D(2027, 1, 4)


def test_a_last_day_that_is_a_working_day_is_not_moved():
    """30 days after Mon 2026-03-02 is Wed 2026-04-01 (Mar 3 -> Mar 31 is 29, + 1): a working day, kept."""
    due = calendar.add_calendar_days(D(2026, 3, 2), 30, CITY)
    assert (due.date, due.passed, due.note) == (D(2026, 4, 1), (), None)


def test_a_profile_whose_code_says_otherwise_keeps_the_counted_day(tmp_path):
    """holidays.last_day with extend: false and the profile's own citation: 30 days after 2026-12-02 stays on
    2027-01-01; the same switch citing the state rule it departs from is refused when the profile is loaded."""
    from sizing.io.tables import TableError

    own = city(tmp_path, "strict", last_day={"extend": False, "citation": "Example City Code 1.04.030"})
    due = calendar.add_calendar_days(D(2026, 12, 2), 30, own)
    assert (due.date, due.note) == (D(2027, 1, 1), None)
    with pytest.raises(TableError, match=r"bad.yaml: holidays.last_day.citation: expected the jurisdiction's own "
                                         r"clause"):
        city(tmp_path, "bad", last_day={"extend": False, "citation": "Cal. Code Civ. Proc. §§ 12, 12a"})
    with pytest.raises(TableError, match=r"last_day"):
        city(tmp_path, "nocite", last_day={"extend": False})
