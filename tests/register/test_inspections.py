"""Field inspections on the register (TMC ch. 5.26, Inspection and sampling; Best management practices (b);
Record keeping; Grease interceptor maintenance (e)(5)), through the command line, on SQLite and PostgreSQL.

Every expected date below is counted by hand from the profile's periods (tables/jurisdictions/tracy.yaml,
``inspections.notices``) and the City's calendar; every maintenance date from the accumulation rule of
sizing/rules/accumulation.py worked by hand in the test that uses it.
"""

from __future__ import annotations

import hashlib
import io
import json

import pytest
import sqlalchemy as sa
from PIL import Image

from sizing.cli.main import main
from sizing.program import schema as t

FSE = "FSE-0417"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def register_with_fse(capsys, db, tmp_path, fse=FSE, body="services: [{date: 2026-01-01, hauler: Valley, "
                      "manifest: VG-1}]", as_of="2026-01-01"):
    """A register holding ``fse`` through its maintenance log (liquid depth 48 in, one pump-out)."""
    log = write(tmp_path, f"{fse}-log.yaml", f"project: {{fse_id: {fse}, name: Corner Cafe}}\nmaintenance: "
                f"{{liquid_depth: 48 in, as_of: {as_of}, training: [2025-06-01], {body}}}\n")
    code, _, err = run(capsys, "register", "add", log, "--db", db)
    assert code in (0, 1), err


def inspection(tmp_path, name, date, *, purpose="routine", checklists="", readings="", extra=""):
    lines = [f"project: {{fse_id: {FSE}}}", "inspection:", f"  date: {date}", f"  purpose: {purpose}"]
    if checklists:
        lines.append(f"  checklists: {checklists}")
    if readings:
        lines.append(f"  readings: {readings}")
    if extra:
        lines.append(extra)
    return write(tmp_path, name, "\n".join(lines) + "\n")


def notices_json(capsys, db, *extra):
    code, out, err = run(capsys, "register", "notices", "--db", db, "--format", "json", *extra)
    return code, json.loads(out)["notices"]


def due_items(capsys, db, as_of):
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", as_of, "--within", "0", "--format", "json")
    return code, json.loads(out)["items"]


def counts(registers, db):
    with registers(db).db.read() as conn:
        return tuple(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()
                     for table in (t.inspections, t.notices, t.inspection_photos, t.maintenance_events))


def test_a_failed_bmp_item_opens_a_notice_due_30_days_later_overdue_after_and_closed_by_a_follow_up(
        db, capsys, tmp_path):
    """Drain screens answered "no" on 2026-03-02: a notice of violation (BMP (b)(1)), 30 calendar days: March 2
    + 30 days = April 1 (March has 31 days). Due on April 1, overdue on April 2; the follow-up of April 10 that
    finds the screens closes it."""
    register_with_fse(capsys, db, tmp_path)
    first = inspection(tmp_path, "i1.yaml", "2026-03-02",
                       checklists="{bmp: {drain_screens: {answer: no, note: no screen on the mop sink}, "
                                  "food_waste: yes}, records: {hauler_manifests: n/a}}")
    code, out, err = run(capsys, "register", "inspect", first, "--db", db)
    assert code == 1, err
    assert "opened notice 1: Notice of violation (drain screens), due 2026-04-01" in out

    _, items = notices_json(capsys, db, "--as-of", "2026-04-01")
    assert [(n["notice"], n["item"], n["citation"], n["due_on"], n["status"]) for n in items] == [
        (1, "bmp.drain_screens", "TMC ch. 5.26, Best management practices (b)(1)", "2026-04-01", "open")]
    assert items[0]["period"] == "30 days (program default; the ordinance sets no period)"
    assert items[0]["item_text"].endswith("(no screen on the mop sink)")

    code, due = due_items(capsys, db, "2026-04-01")
    notice_items = [(i["date"], i["status"], i["what"]) for i in due if i["what"].startswith("notice")]
    assert notice_items == [("2026-04-01", "due", "notice 1: Notice of violation")]
    code, due = due_items(capsys, db, "2026-04-02")
    assert ("2026-04-01", "overdue", "notice 1: Notice of violation") in [
        (i["date"], i["status"], i["what"]) for i in due]
    assert code == 1
    assert notices_json(capsys, db, "--as-of", "2026-04-02")[0] == 1  # an overdue notice: exit 1

    follow = inspection(tmp_path, "i2.yaml", "2026-04-10", purpose="follow_up", checklists="{bmp: {drain_screens: yes}}")
    code, out, _ = run(capsys, "register", "inspect", follow, "--db", db)
    assert code == 0 and "closed notice 1 on 2026-04-10 (follow up inspection)" in out
    code, items = notices_json(capsys, db, "--open", "--as-of", "2026-04-10")
    assert (code, items) == (0, [])
    _, due = due_items(capsys, db, "2026-04-10")
    assert not [i for i in due if i["what"].startswith("notice")]


def test_failing_again_after_the_due_date_escalates_to_the_next_tier(db, capsys, tmp_path):
    """Tier 2 (15 days) from Fri April 3: April 18, a Saturday, so the last day runs past Sunday 19 to Monday
    April 20 (Cal. Code Civ. Proc. §§ 12, 12a). Failing again before a notice's due date keeps the one notice."""
    register_with_fse(capsys, db, tmp_path)
    fail = "{bmp: {drain_screens: no}}"
    assert run(capsys, "register", "inspect", inspection(tmp_path, "a.yaml", "2026-03-02", checklists=fail),
               "--db", db)[0] == 1
    code, out, _ = run(capsys, "register", "inspect", inspection(tmp_path, "b.yaml", "2026-03-20", checklists=fail),
                       "--db", db)
    assert "still open: notice 1 (drain screens), due 2026-04-01" in out
    code, out, _ = run(capsys, "register", "inspect", inspection(tmp_path, "c.yaml", "2026-04-03", checklists=fail),
                       "--db", db)
    assert ("opened notice 2: Second notice of violation (drain screens), due 2026-04-20: 15 days (program "
            "default; the ordinance sets no period); extended from 2026-04-18 to 2026-04-20, the next day that is not "
            "a holiday: 2026-04-18 (Saturday), 2026-04-19 (Sunday) (Cal. Code Civ. Proc. §§ 12, 12a)") in out
    _, items = notices_json(capsys, db, "--as-of", "2026-04-03")
    assert [(n["notice"], n["tier"], n["status"], n["how"]) for n in items] == [
        (1, 1, "closed", "escalated"), (2, 2, "open", None)]


def test_a_30_day_notice_whose_last_day_is_new_years_day_falls_due_on_the_next_working_day(db, capsys, tmp_path):
    """A first notice (30 days, tracy.yaml) from the inspection of Wed 2026-12-02: Dec 3 -> Dec 31 is 29 days, day
    30 is Fri 2027-01-01, New Year's Day on the City's list; Sat Jan 2 and Sun Jan 3 are holidays under CCP § 12a,
    so the notice falls due on Monday 2027-01-04, and the notice says why."""
    register_with_fse(capsys, db, tmp_path)
    fail = "{bmp: {drain_screens: no}}"
    code, out, _ = run(capsys, "register", "inspect", inspection(tmp_path, "d.yaml", "2026-12-02", checklists=fail),
                       "--db", db)
    note = ("extended from 2027-01-01 to 2027-01-04, the next day that is not a holiday: 2027-01-01 (New Year's "
            "Day), 2027-01-02 (Saturday), 2027-01-03 (Sunday) (Cal. Code Civ. Proc. §§ 12, 12a)")
    assert code == 1 and "due 2027-01-04" in out and note in out
    _, items = notices_json(capsys, db, "--as-of", "2026-12-02")
    assert [(n["due_on"], n["due_note"]) for n in items] == [("2027-01-04", note)]
    assert run(capsys, "register", "notices", "--db", db, "--as-of", "2027-01-04")[1].count(f"due date {note}") == 1
    _, items = notices_json(capsys, db, "--as-of", "2027-01-04")
    assert items[0]["status"] == "open"          # due through Monday, overdue from Tuesday
    _, items = notices_json(capsys, db, "--as-of", "2027-01-05")
    assert items[0]["status"] == "overdue"


def test_a_reading_over_the_limit_orders_service_within_one_working_day_and_a_pump_out_complies(
        db, capsys, tmp_path):
    """FOG 6 in + solids 7 in of 48 in = 27.1 % > 25 % (Prohibitions (g)) on Wednesday 2025-11-26: the order to
    service immediately (e)(5), one working day on the City's calendar: Thanksgiving (11-27) and the day after
    (11-28) are closed, the weekend too, so Monday 2025-12-01. A pump-out recorded on 11-28 complies."""
    register_with_fse(capsys, db, tmp_path, body="services: [{date: 2025-09-01}]", as_of="2025-09-01")
    over = inspection(tmp_path, "o.yaml", "2025-11-26", readings="{fog: 6 in, solids: 7 in}")
    code, out, _ = run(capsys, "register", "inspect", over, "--db", db)
    assert code == 1 and "= 27.1 % of 48 in (limit 25 %)" in out
    _, items = notices_json(capsys, db, "--as-of", "2025-11-26")
    assert [(n["type"], n["due_on"], n["period"]) for n in items] == [
        ("service_now", "2025-12-01", "1 working day (program default; the ordinance sets no period)")]
    assert items[0]["citation"] == "TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1)"
    pump = write(tmp_path, "pump.yaml", f"project: {{fse_id: {FSE}}}\nmaintenance: {{liquid_depth: 48 in, as_of: "
                 "2025-11-28, services: [2025-09-01, {date: 2025-11-28, hauler: Valley, manifest: VG-9}]}\n")
    assert run(capsys, "register", "add", pump, "--db", db)[0] in (0, 1)
    _, items = notices_json(capsys, db, "--as-of", "2025-12-02")
    assert [(n["status"], n["closed_on"], n["how"]) for n in items] == [("closed", "2025-11-28", "pump_out")]


def test_inspection_readings_give_the_same_service_date_as_a_maintenance_log(db, capsys, tmp_path):
    """Pump-out 2026-01-01; FOG + solids 2, 4 and 6 in on days 30, 60 and 90 of 48 in. By hand: the rate through
    the pump-out is (30x2 + 60x4 + 90x6) / (30^2 + 60^2 + 90^2) = 840 / 12600 = 1/15 in/day; 25 % of 48 in is
    12 in, reached 180 days after the pump-out: 2026-06-30, before the 6-month maximum 2026-07-01 ((e)(2)). So
    the pump-out is due by 2026-06-30, whether the readings come from a log or from three inspections."""
    days = ("2026-01-31", "2026-03-02", "2026-04-01")
    register_with_fse(capsys, db, tmp_path, fse="FSE-LOG", body=(
        "services: [{date: 2026-01-01}], measurements: ["
        + ", ".join(f"{{date: {d}, fog: {n} in, solids: {n} in}}" for d, n in zip(days, (1, 2, 3), strict=True))
        + "]"), as_of="2026-04-01")
    register_with_fse(capsys, db, tmp_path, body="services: [{date: 2026-01-01}]")
    for i, (day, n) in enumerate(zip(days, (1, 2, 3), strict=True)):
        path = inspection(tmp_path, f"r{i}.yaml", day, readings=f"{{fog: {n} in, solids: {n * 25.4} mm}}")
        code, out, err = run(capsys, "register", "inspect", path, "--db", db)
        assert code == 0, err + out
    assert "next pump-out due by 2026-06-30" in out
    _, due = due_items(capsys, db, "2026-06-30")
    pump_outs = {i["fse_id"]: (i["date"], i["citation"]) for i in due if i["what"] == "pump-out"}
    assert pump_outs == {"FSE-LOG": ("2026-06-30", "TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1)"),
                         FSE: ("2026-06-30", "TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1)")}


def test_photos_are_stored_type_checked_and_hashed(db, capsys, tmp_path, registers):
    out = io.BytesIO()
    Image.new("RGB", (16, 12), "gray").save(out, "JPEG")
    jpeg = out.getvalue()
    (tmp_path / "sink.jpg").write_bytes(jpeg)
    register_with_fse(capsys, db, tmp_path)
    path = inspection(tmp_path, "p.yaml", "2026-03-02", extra="  photos: [{file: sink.jpg, caption: mop sink}]")
    assert run(capsys, "register", "inspect", path, "--db", db)[0] == 0
    with registers(db).db.read() as conn:
        row = conn.execute(sa.select(t.inspection_photos)).mappings().one()
    assert (row["media_type"], row["size_bytes"], row["caption"]) == ("image/jpeg", len(jpeg), "mop sink")
    assert row["sha256"] == hashlib.sha256(jpeg).hexdigest() and bytes(row["data"]) == jpeg


BAD = [
    ("checklists: {bmp: {drain_screen: no}}", "inspection.checklists.bmp.drain_screen: not an item of the bmp "
     "checklist; items: drain_screens, yellow_grease, food_waste, exhaust_filters, employee_training"),
    ("checklists: {bmp: {drain_screens: maybe}}", "inspection.checklists.bmp.drain_screens: expected yes, no or n/a"),
    ("checklists: {kitchen: {drain_screens: no}}", "inspection.checklists.kitchen: not a checklist"),
    ("readings: {fog: 2 kg, solids: 1 in}", "inspection.readings.fog: expected a length"),
    ("readings: {fog: 2 in}", "inspection.readings.solids: expected the solids layer depth"),
    ("readings: {liquid_depth: 10 in, fog: 6 in, solids: 6 in}", "inspection.readings.solids: FOG 6 in + solids 6 in"),
    ("findings: [{clause: 'Reporting (b)', text: FOG in the lateral, notice: cctv}]",
     "inspection.findings[0].notice: expected a notice type of City of Tracy"),
    ("findings: [{text: FOG in the lateral}]", "inspection.findings[0].clause: expected the clause"),
    ("photos: [{file: anim.gif}]", "inspection.photos[0]: expected a JPEG, PNG or WebP photo"),
    ("photos: [{file: big.jpg}]", "inspection.photos[0].file: expected a photo of at most 10 MB, got 10.0 MB"),
    ("resolves: [{notice: 99, evidence: report}]", "inspection.resolves[0].notice: no notice 99 in the register"),
]


@pytest.mark.parametrize(("section", "message"), BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_bad_input_is_one_line_naming_the_field_and_nothing_is_written(db, capsys, tmp_path, registers, section,
                                                                       message):
    (tmp_path / "anim.gif").write_bytes(b"GIF89a" + bytes(100))
    with open(tmp_path / "big.jpg", "wb") as fh:  # 10 MB and one byte over the limit
        fh.write(b"\xff\xd8\xff")
        fh.truncate(10 * 1024 * 1024 + 1)
    register_with_fse(capsys, db, tmp_path)
    before = counts(registers, db)
    path = inspection(tmp_path, "bad.yaml", "2026-03-02", extra="  " + section)
    code, out, err = run(capsys, "register", "inspect", path, "--db", db)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert counts(registers, db) == before


def test_the_date_purpose_and_fse_are_checked(db, capsys, tmp_path):
    register_with_fse(capsys, db, tmp_path)
    for path, message in (
            (inspection(tmp_path, "a.yaml", "2199-01-01"), "inspection.date: expected a date on or before today"),
            (inspection(tmp_path, "b.yaml", "2026-03-02", purpose="annual"),
             "inspection.purpose: expected one of routine, complaint, follow_up, blockage_or_overflow"),
            (write(tmp_path, "c.yaml", "project: {fse_id: FSE-0471}\ninspection: {date: 2026-03-02, purpose: "
                   "routine}\n"), "FSE: no FSE 'FSE-0471' in the register; did you mean 'FSE-0417'?")):
        code, _, err = run(capsys, "register", "inspect", path, "--db", db)
        assert code == 2 and message in err, err


def test_a_viewer_may_not_store_an_inspection(db, capsys, tmp_path):
    from sizing.program import access
    from sizing.program.store import open_register

    register_with_fse(capsys, db, tmp_path)
    reg = open_register(db)
    try:
        me = reg.identity
        access.add_user(reg.db, me, "admin", by=me)
    finally:
        reg.db.engine.dispose()
    code, _, err = run(capsys, "register", "inspect", inspection(tmp_path, "v.yaml", "2026-03-02"), "--db", db)
    assert code == 2 and "may not store an inspection or a notice's compliance: that needs the role inspector " \
                          "or director; nothing written" in err


def test_a_record_of_compliance_closes_a_finding_notice(db, capsys, tmp_path):
    """A finding ordering CCTV of the lateral (Reporting (b)), 30 days; closed on the report received."""
    register_with_fse(capsys, db, tmp_path)
    path = inspection(tmp_path, "f.yaml", "2026-03-02", purpose="blockage_or_overflow", extra=(
        "  findings: [{clause: 'TMC ch. 5.26, Reporting (b)', text: FOG in the lateral cleanout, notice: cctv_order}]"))
    assert run(capsys, "register", "inspect", path, "--db", db)[0] == 1
    _, items = notices_json(capsys, db, "--as-of", "2026-03-02")
    assert [(n["type"], n["title"], n["due_on"]) for n in items] == [
        ("cctv_order", "Order for closed circuit television inspection of the sewer lateral", "2026-04-01")]
    code, _, err = run(capsys, "register", "comply", "1", "--date", "2026-03-01", "--evidence", "report", "--db", db)
    assert code == 2 and "--date: expected a date on or after the notice's 2026-03-02" in err
    twice = inspection(tmp_path, "g.yaml", "2026-03-10", extra="  resolves: [{notice: 1, evidence: a}, "
                       "{notice: 1, evidence: b}]")
    code, _, err = run(capsys, "register", "inspect", twice, "--db", db)
    assert code == 2 and "inspection.resolves[1].notice: notice 1 is listed twice; give it once" in err
    code, out, _ = run(capsys, "register", "comply", "1", "--date", "2026-03-20", "--evidence",
                       "CCTV report received", "--db", db)
    assert code == 0 and "closed notice 1 on 2026-03-20" in out
    code, _, err = run(capsys, "register", "comply", "1", "--date", "2026-03-21", "--evidence", "again", "--db", db)
    assert code == 2 and "NOTICE: notice 1 was closed on 2026-03-20 (compliance record); nothing written" in err


def test_the_summary_counts_the_period(db, capsys, tmp_path):
    """Two inspections in March (one failed: a notice issued; the other answers one of Tracy's eleven checklist
    items and nothing fails: incomplete, not passed), one in May (outside); the overflow inspection links the FSE
    to an overflow."""
    register_with_fse(capsys, db, tmp_path)
    for name, day, purpose, lists in (("s1", "2026-03-02", "routine", "{bmp: {drain_screens: no}}"),
                                      ("s2", "2026-03-20", "blockage_or_overflow", "{bmp: {drain_screens: yes}}"),
                                      ("s3", "2026-05-04", "routine", "{bmp: {food_waste: no}}")):
        run(capsys, "register", "inspect", inspection(tmp_path, f"{name}.yaml", day, purpose=purpose,
                                                      checklists=lists), "--db", db)
    code, out, _ = run(capsys, "register", "summary", "--from", "2026-03-01", "--to", "2026-03-31", "--db", db,
                       "--format", "json")
    s = json.loads(out)
    assert s["inspections"] == {"done": 2, "passed": 0, "failed": 1, "incomplete": 1, "fses_inspected": 1,
                                "by_purpose": {"blockage_or_overflow": 1, "routine": 1}}
    assert {k: s["notices"][k] for k in ("issued", "closed", "open_at_end", "overdue_at_end")} == {
        "issued": 1, "closed": 1, "open_at_end": 0, "overdue_at_end": 0}
    assert s["overflow_linked"] == [{"fse_id": FSE, "name": "Corner Cafe"}]
    # pump-out 2026-01-01, no readings: quarterly default (e)(3), due 2026-04-01: on schedule on 2026-03-31
    assert (s["pump_outs"]["fses_with_schedule"], s["pump_outs"]["on_schedule"]) == (1, 1)
    code, out, _ = run(capsys, "register", "summary", "--from", "2026-04-01", "--to", "2026-03-31", "--db", db)
    assert code == 2


def test_the_notice_letter_cites_its_clause(db, capsys, tmp_path):
    import io

    from pypdf import PdfReader

    register_with_fse(capsys, db, tmp_path)
    run(capsys, "register", "inspect", inspection(tmp_path, "l.yaml", "2026-03-02",
                                                  checklists="{records: {hauler_manifests: no}}"), "--db", db)
    out = tmp_path / "notice.pdf"
    assert run(capsys, "register", "notice", "1", "--db", db, "-o", out)[0] == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(out.read_bytes())).pages)
    for expected in ("City of Tracy — FOG Control Program", "TMC ch. 5.26, Record keeping (c)", "2026-04-01",
                     "30 days, set by the Director", "Corner Cafe"):
        assert expected in text, expected
    assert "program default" not in text  # the letter sent carries no staff caveat (the staff copy does)


def test_the_readme_examples_open_and_close_a_notice(db, capsys):
    """examples/register: the routine inspection of 2026-03-02 fails drain screens (due 2026-04-01), the
    follow-up of 2026-03-20 passes them. 76 mm of solids = 2.99 in: FOG + solids 4.99 in of 48 in = 10.4 %."""
    from tests.conftest import EXAMPLES

    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-cafe-cycle1.yaml", "--db", db)[0] == 1
    code, out, _ = run(capsys, "register", "inspect", EXAMPLES / "register" / "corner-cafe-inspection.yaml",
                       "--db", db, "--format", "json")
    data = json.loads(out)
    assert code == 1 and [(n["notice"], n["due_on"]) for n in data["opened"]] == [(1, "2026-04-01")]
    assert round(data["inspection"]["readings"]["percent_full"], 1) == 10.4
    assert data["inspection"]["unanswered"] == []
    code, out, _ = run(capsys, "register", "inspect", EXAMPLES / "register" / "corner-cafe-follow-up.yaml",
                       "--db", db, "--format", "json")
    assert code == 0 and [c["how"] for c in json.loads(out)["closed"]] == ["follow_up_inspection"]


def test_the_summary_pdf_and_csv_carry_the_counts(db, capsys, tmp_path):
    import io

    from pypdf import PdfReader

    register_with_fse(capsys, db, tmp_path)
    run(capsys, "register", "inspect", inspection(tmp_path, "x.yaml", "2026-03-02",
                                                  checklists="{bmp: {drain_screens: no}}"), "--db", db)
    out = tmp_path / "summary.pdf"
    assert run(capsys, "register", "summary", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "pdf",
               "-o", out, "--db", db)[0] == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Inspections: 1 (0 passed, 1 failed, 0 incomplete) at 1 FSEs; routine 1" in text
    assert "Notices: 1 issued, 0 closed; open at the end 1 (0 overdue)" in text  # due 2026-04-01
    _, csv_text, _ = run(capsys, "register", "summary", "--from", "2026-03-01", "--to", "2026-04-02", "--format",
                         "csv", "--db", db)
    assert "notices,overdue_at_end,1" in csv_text.splitlines()  # overdue from 2026-04-02


def test_the_reading_commands_check_their_options_and_create_nothing(db, capsys, tmp_path):
    register_with_fse(capsys, db, tmp_path)
    for argv, message in (
            (["notices", "--as-of", "2026-02-30"], "--as-of: expected a date that exists, as YYYY-MM-DD"),
            (["notice", "one"], "NOTICE: expected a notice number in the digits 0-9"),
            (["notice", "7"], "NOTICE: no notice 7 in the register"),
            (["notices", "--fse", "FSE-0471"], "FSE: no FSE 'FSE-0471' in the register; did you mean 'FSE-0417'?"),
            (["summary", "--from", "2026-04-01", "--to", "2026-03-31"],
             "--to: expected a date on or after --from 2026-04-01")):
        code, out, err = run(capsys, "register", *argv, "--db", db)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, (argv, err)
    none = tmp_path / "none.db"
    code, _, err = run(capsys, "register", "notices", "--db", none)
    assert code == 2 and "no register yet" in err and not none.exists()


def test_a_register_of_the_previous_schema_is_migrated_and_its_readings_count(db, capsys, tmp_path):
    """A 0005 register (no inspections yet) migrated to the current schema (`register migrate`, by its owner: it has
    no users); its earlier readings and
    pump-out count in the plan the inspection recomputes: pump-out 2026-01-01, 2 in on day 30 and the inspection's
    4 in on day 60: rate (30x2 + 60x4) / (30^2 + 60^2) = 300 / 4500 = 1/15 in/day, 12 in on day 180: 2026-06-30;
    with 2 of the 3 readings that establish a frequency, the quarterly default (e)(3) applies: due 2026-04-01."""
    from sizing.program.location import resolve
    from tests.register.conftest import back_to

    register_with_fse(capsys, db, tmp_path, body="services: [2026-01-01], measurements: [{date: 2026-01-31, "
                      "fog: 1 in, solids: 1 in}]", as_of="2026-01-31")
    back_to(resolve(db)[0], "0005")
    assert run(capsys, "register", "migrate", "--db", db)[0] == 0
    code, out, err = run(capsys, "register", "inspect", inspection(tmp_path, "m.yaml", "2026-03-02",
                                                                   readings="{fog: 2 in, solids: 2 in}"), "--db", db)
    assert code == 0 and "migrated" not in err
    assert "next pump-out due by 2026-04-01" in out


def test_a_reading_without_a_maintenance_record_starts_no_schedule(db, capsys, tmp_path, registers):
    """An FSE known only by its review: the reading is kept (one maintenance reading), no plan is made."""
    from tests.conftest import EXAMPLES

    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-cafe-cycle1.yaml", "--db", db)[0] == 1
    code, out, _ = run(capsys, "register", "inspect", inspection(tmp_path, "n.yaml", "2026-03-02", readings=(
        "{liquid_depth: 48 in, fog: 2 in, solids: 2 in}")), "--db", db)
    assert code == 0 and "no pump-out or maintenance log on record: the reading is kept" in out
    with registers(db).db.read() as conn:
        events = conn.execute(sa.select(t.maintenance_events.c.kind, t.maintenance_events.c.fog_in)).all()
        logs = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_logs)).scalar()
    assert [tuple(e) for e in events] == [("reading", 2.0)] and logs == 0


def test_one_letter_carries_an_inspections_notices_clause_by_clause(db, capsys, tmp_path):
    import io

    from pypdf import PdfReader

    register_with_fse(capsys, db, tmp_path)
    register_with_fse(capsys, db, tmp_path, fse="FSE-0520")
    run(capsys, "register", "inspect", inspection(tmp_path, "two.yaml", "2026-03-02", checklists=(
        "{bmp: {drain_screens: no}, records: {spill_records: no}}")), "--db", db)
    other = write(tmp_path, "other.yaml", "project: {fse_id: FSE-0520}\ninspection: {date: 2026-03-02, purpose: "
                  "routine, checklists: {bmp: {food_waste: no}}}\n")
    run(capsys, "register", "inspect", other, "--db", db)
    out = tmp_path / "letter.pdf"
    assert run(capsys, "register", "notice", "1", "2", "--db", db, "-o", out)[0] == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(out.read_bytes())).pages)
    first, second = (text.index(s) for s in ("Notice 1: Notice of violation", "Notice 2: Notice of violation"))
    assert first < text.index("Best management practices (b)(1)", first) < second
    assert "Record keeping (e)" in text[second:]
    code, _, err = run(capsys, "register", "notice", "1", "3", "--db", db, "-o", out)
    assert code == 2 and "NOTICE: notice 3 is to FSE-0520, not to FSE-0417: one letter is to one FSE" in err


def test_a_follow_up_that_resolves_and_passes_the_same_item_closes_it_once(db, capsys, tmp_path):
    register_with_fse(capsys, db, tmp_path)
    run(capsys, "register", "inspect", inspection(tmp_path, "a.yaml", "2026-03-02",
                                                  checklists="{bmp: {drain_screens: no}}"), "--db", db)
    both = inspection(tmp_path, "b.yaml", "2026-03-09", checklists="{bmp: {drain_screens: yes}}",
                      extra="  resolves: [{notice: 1, evidence: invoice for the screens}]")
    code, out, err = run(capsys, "register", "inspect", both, "--db", db)
    assert code == 0, err
    assert out.count("closed notice 1") == 1 and "(compliance record)" in out


def test_a_haulers_full_pump_out_complies_with_an_order_to_service_and_a_partial_one_does_not(
        db, capsys, tmp_path):
    """The order to service immediately after a reading over the limit (27.1 % on 2025-11-26, due Monday
    2025-12-01 as above) closes on a full pump-out on a hauler's manifest, as on a log's pump-out; a partial
    pump-out (on 11-28) leaves the content in place: the notice stays open, and is overdue on 12-02."""
    register_with_fse(capsys, db, tmp_path, body="services: [{date: 2025-09-01}]", as_of="2025-09-01")
    over = inspection(tmp_path, "o.yaml", "2025-11-26", readings="{fog: 6 in, solids: 7 in}")
    assert run(capsys, "register", "inspect", over, "--db", db)[0] == 1
    header = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
    partial = write(tmp_path, "partial.csv", header + f"{FSE},2025-11-28,Valley,VG-10,300 gal,partial,Stockton\n")
    assert run(capsys, "register", "import-manifests", partial, "--db", db)[0] in (0, 1)
    _, items = notices_json(capsys, db, "--as-of", "2025-12-02")
    assert [(n["status"], n["closed_on"]) for n in items] == [("overdue", None)]
    full = write(tmp_path, "full.csv", header + f"{FSE},2025-12-03,Valley,VG-11,1000 gal,full,Stockton\n")
    assert run(capsys, "register", "import-manifests", full, "--db", db)[0] in (0, 1)
    _, items = notices_json(capsys, db, "--as-of", "2025-12-04")
    assert [(n["status"], n["closed_on"], n["how"]) for n in items] == [("closed", "2025-12-03", "pump_out")]


def test_the_inspection_report_to_leave_with_the_fse(db, capsys, tmp_path):
    """The Corner Cafe's inspection of 2026-03-02 with a photo: every checklist item by its words with its answer,
    the readings (2 in + 2.99 in of 48 in = 10.4 %), the notice opened and its day (2026-04-01), the photo, and the
    signature blocks; no checklist key, no account name."""
    from pypdf import PdfReader

    from tests.conftest import EXAMPLES

    out = io.BytesIO()
    Image.new("RGB", (64, 48), "gray").save(out, "JPEG")
    (tmp_path / "sink.jpg").write_bytes(out.getvalue())
    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-cafe-cycle1.yaml", "--db", db)[0] == 1
    text = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, "i.yaml", text + "  photos: [{file: sink.jpg, caption: mop sink drain}]\n")
    assert run(capsys, "register", "inspect", path, "--db", db)[0] == 1
    code, _, err = run(capsys, "register", "inspection-report", "1", "--db", db, "-o", tmp_path / "r.pdf")
    assert code == 0, err
    pages = PdfReader(tmp_path / "r.pdf").pages
    shown = " ".join(" ".join(p.extract_text().split()) for p in pages)
    for expected in ("Inspection report", "FSE-0417", "failed; 1 item(s) failed", "FOG 2 in + solids 2.99 in = 10.4 % "
                     "of 48 in liquid depth", "Drain screens installed on all drainage pipes", "no screen on the mop "
                     "sink drain", "Notice 1: Notice of violation", "comply by 2026-04-01", "mop sink drain · sink.jpg",
                     "Inspector, for the Director", "FSE representative: name, signature and date",
                     "3900 Holly Dr"):
        assert expected in shown, expected
    assert "bmp." not in shown and "records." not in shown
    assert sum(len(p.images) for p in pages) == 1
    code, _, err = run(capsys, "register", "inspection-report", "9", "--db", db, "-o", tmp_path / "x.pdf")
    assert (code, err.strip().splitlines()[-1]) == (2, "sizing register: INSPECTION: no inspection 9 in the register")
