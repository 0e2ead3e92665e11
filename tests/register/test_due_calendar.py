"""The due list as a calendar (``sizing register due --format ics``, RFC 5545), on the register of
tests/register/test_parties.py: FSE-0610 and FSE-0611 on one interceptor, FSE-0610's log of 2026-01-05 (a pump-out,
no training date). As of 2026-04-15, 400 days ahead, each FSE has its records item of 2026-01-05 (no training
record) and its pump-out of 2026-01-05 + 3 months = 2026-04-05, all four overdue: one all-day event per item, on
its date, its UID the same from one export to the next."""

from __future__ import annotations

import datetime as dt
import json

import icalendar

from tests.register.test_inspections import run
from tests.register.test_parties import build

ARGV = ("register", "due", "--as-of", "2026-04-15", "--within", "400")


def test_each_due_item_is_one_all_day_event_with_a_stable_uid(db, capsys, tmp_path):
    build(db, capsys, tmp_path)
    items = json.loads(run(capsys, *ARGV, "--db", db, "--format", "json")[1])["items"]
    code, first, err = run(capsys, *ARGV, "--db", db, "--format", "ics")
    assert code == 1, err  # an item is overdue: the due list's exit code
    assert first.startswith("BEGIN:VCALENDAR\r\n") and first.rstrip().endswith("END:VCALENDAR")
    assert all(len(line.encode()) <= 75 for line in first.split("\r\n"))  # folded as RFC 5545 asks
    cal = icalendar.Calendar.from_ical(first)
    assert str(cal["X-WR-CALNAME"]) == "City of Tracy — FOG Control Program: due list"
    events = cal.walk("VEVENT")
    assert [(str(e["SUMMARY"]), e.decoded("DTSTART"), e.decoded("DTEND")) for e in events] == [
        ("OVERDUE: FSE-0610: records", dt.date(2026, 1, 5), dt.date(2026, 1, 6)),
        ("OVERDUE: FSE-0611: records", dt.date(2026, 1, 5), dt.date(2026, 1, 6)),
        ("OVERDUE: FSE-0610: pump-out", dt.date(2026, 4, 5), dt.date(2026, 4, 6)),
        ("OVERDUE: FSE-0611: pump-out", dt.date(2026, 4, 5), dt.date(2026, 4, 6))]
    assert [str(e["DESCRIPTION"]) for e in events] == [f"{i['detail']}\n{i['citation']}" for i in items]
    second = run(capsys, *ARGV, "--db", db, "--format", "ics")[1]
    uids = [str(e["UID"]) for e in events]
    assert [str(e["UID"]) for e in icalendar.Calendar.from_ical(second).walk("VEVENT")] == uids
    assert len(set(uids)) == 4
