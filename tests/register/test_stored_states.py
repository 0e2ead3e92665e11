"""The FSE list's rows kept in the register (on SQLite and PostgreSQL): a kept row is the row made from the records,
whatever day is asked about and after each write.

The registers are those of the one-status test (the Corner Cafe: a review, a log, two manifests, a failed
inspection with its notice; Corner Coffee: a waiver) and of the parties test (two FSEs on one interceptor). The
days run from before any of their records (so the inspection, the notice and the pump-outs are first in the future
of the day asked about) to after every date they hold, two days apart; in between, a pump-out is imported for one
FSE of the shared interceptor and the inspection is voided. Each day, the FSE list (every FSE: kept rows where
they hold) must equal the rows made from the records alone.
"""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from sizing.jurisdiction.profile import get
from sizing.program import fse_rows, stored_states
from sizing.program import schema as t
from sizing.program.store import open_register
from tests.register import test_compliance_state as one_status
from tests.register import test_parties as parties
from tests.register.test_inspections import run, write

TRACY = get("tracy")


def made(reg, day):
    with reg.db.read() as conn:
        return [row for _, (row, _, _) in sorted(fse_rows.made_rows(conn, day, TRACY).items())]


def sweep(reg, start: dt.date, end: dt.date, step: int = 2):
    day = start
    while day <= end:
        assert fse_rows.fse_list(reg, as_of=day, jurisdiction=TRACY) == made(reg, day), day
        day += dt.timedelta(days=step)


def kept_rows(reg) -> int:
    with reg.db.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(t.fse_states)).scalar()


def test_every_table_feeds_the_rows_or_is_named_as_not():
    for name, table in t.metadata.tables.items():
        assert (name in stored_states.NOT_FEEDING or "fse_id" in table.c
                or name in (stored_states.BY_NOTICE, stored_states.BY_UNIT)), name


def test_kept_rows_are_the_rows_made_on_every_day_and_after_every_write(db, capsys, tmp_path, registers):
    one_status.build(db, capsys, tmp_path)
    reg = open_register(db)
    try:
        assert kept_rows(reg) == 0
        sweep(reg, dt.date(2025, 10, 1), dt.date(2026, 3, 30))
        assert kept_rows(reg) == 2  # the FSE list kept every FSE's row
        with reg.db.read() as conn:
            inspection = conn.execute(sa.select(sa.func.max(t.inspections.c.id))).scalar()
        code, _, err = run(capsys, "register", "void", "inspection", str(inspection), "--reason", "entered in error",
                           "--db", db)
        assert code == 0, err
        sweep(reg, dt.date(2026, 3, 1), dt.date(2027, 4, 30), step=3)
    finally:
        reg.db.engine.dispose()


def test_a_pump_out_for_one_fse_of_a_shared_interceptor_remakes_the_other_fses_row(db, capsys, tmp_path, registers):
    parties.build(db, capsys, tmp_path)
    reg = open_register(db)
    day = dt.date(2026, 3, 15)
    try:
        before = {r["fse_id"]: r["next_service"] for r in fse_rows.fse_list(reg, as_of=day, jurisdiction=TRACY)}
        assert before == {"FSE-0610": dt.date(2026, 4, 5), "FSE-0611": dt.date(2026, 4, 5)}
        manifests = write(tmp_path, "m.csv", "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
                          "FSE-0611,2026-03-10,Valley Grease Haulers,VG-11,1500 gal,full,Stockton\n")
        assert run(capsys, "register", "import-manifests", manifests, "--db", db)[0] == 0
        after = {r["fse_id"]: r["next_service"] for r in fse_rows.fse_list(reg, as_of=day, jurisdiction=TRACY)}
        assert after == {"FSE-0610": dt.date(2026, 6, 10), "FSE-0611": dt.date(2026, 6, 10)}
        sweep(reg, dt.date(2025, 12, 1), dt.date(2026, 12, 31), step=4)
    finally:
        reg.db.engine.dispose()


def test_a_record_dated_after_the_day_asked_counts_from_its_day(db, capsys, tmp_path, registers):
    """Corner Coffee has a waiver expiring 2026-09-15 and nothing else (incomplete); an inspection of 2026-05-20,
    every item yes, is recorded first. Asked on 2026-05-01 its row holds until 2026-05-20, not until the waiver's
    dates (2026-08-16, the 30-day window): from 2026-05-20 it is in compliance."""
    one_status.build(db, capsys, tmp_path)
    items = "\n".join(f"      {k}: yes" for k in ("drain_screens", "yellow_grease", "food_waste", "exhaust_filters",
                                                   "employee_training"))
    records = "\n".join(f"      {k}: yes" for k in ("cleaning_records", "bmp_training_records", "hauler_manifests",
                                                     "sludge_height_records", "spill_records", "other_information"))
    inspection = write(tmp_path, "i.yaml", "project: {fse_id: FSE-0520}\ninspection:\n  date: 2026-05-20\n"
                       "  purpose: routine\n  interceptor_condition: good\n  readings: {liquid_depth: 48 in, fog: "
                       f"1 in, solids: 1 in}}\n  checklists:\n    bmp:\n{items}\n    records:\n{records}\n")
    code, _, err = run(capsys, "register", "inspect", inspection, "--db", db)
    assert code in (0, 1), err
    reg = open_register(db)
    try:
        status = {d: next(r["status"] for r in fse_rows.fse_list(reg, as_of=d, jurisdiction=TRACY)
                          if r["fse_id"] == "FSE-0520") for d in (dt.date(2026, 5, 1), dt.date(2026, 5, 19),
                                                                 dt.date(2026, 5, 20))}
        assert status == {dt.date(2026, 5, 1): "incomplete", dt.date(2026, 5, 19): "incomplete",
                          dt.date(2026, 5, 20): "in_compliance"}
        with reg.db.read() as conn:
            s = t.fse_states
            until = conn.execute(sa.select(s.c.valid_until).where(s.c.fse_id == "FSE-0520")).scalar()
        assert until is None or until > dt.date(2026, 5, 20)  # made again on the 20th
    finally:
        reg.db.engine.dispose()


def test_another_profile_or_window_is_another_key():
    other = type(TRACY)(TRACY.id, {**TRACY.raw, "jurisdiction": "Tracy, edited"}, TRACY.path)
    keys = {stored_states.key(TRACY, 30), stored_states.key(TRACY, 31), stored_states.key(other, 30)}
    assert len(keys) == 3 and stored_states.key(TRACY, 30) == stored_states.key(get("tracy"), 30)


@pytest.mark.parametrize("case", ["notice", "due item"])
def test_a_row_holds_until_the_first_day_a_date_of_its_records_changes_it(case):
    """Hand-worked: a notice due 2026-04-01 is overdue from 2026-04-02; a pump-out due 2026-07-01 enters the 30-day
    window on 2026-06-01 and is overdue from 2026-07-02; a record dated later than the day asked counts on its
    day."""
    from sizing.rules.compliance import FseRecords, changes_after

    if case == "notice":
        rec = FseRecords("F", notices=[{"id": 1, "date": dt.date(2026, 3, 2), "due_on": dt.date(2026, 4, 1),
                                        "type": "x", "tier": 1, "title": "t", "item": "i", "citation": "",
                                        "status": "open", "inspection_id": None}])
        assert changes_after(rec, dt.date(2026, 3, 15)) == dt.date(2026, 4, 1)  # its day itself, conservatively
        assert changes_after(rec, dt.date(2026, 4, 1)) == dt.date(2026, 4, 2)
        assert changes_after(rec, dt.date(2026, 4, 2)) is None
    else:
        rec = FseRecords("F", due=[{"date": dt.date(2026, 7, 1), "what": "pump-out", "detail": "", "citation": "",
                                    "record": {}}])
        assert changes_after(rec, dt.date(2026, 3, 15)) == dt.date(2026, 6, 1)
        assert changes_after(rec, dt.date(2026, 6, 1)) == dt.date(2026, 7, 1)
        assert changes_after(rec, dt.date(2026, 7, 1)) == dt.date(2026, 7, 2)
        assert changes_after(rec, dt.date(2026, 3, 15), later=dt.date(2026, 5, 2)) == dt.date(2026, 5, 2)
