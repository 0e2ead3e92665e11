"""One maintenance plan per FSE from every record on file: whatever is written (a maintenance log, an inspection's
readings, a hauler-manifest import), the FSE's due date comes from all its pump-outs and readings, each once, taken
by their own dates, and `register due`, the timeline and the FSE list read that one plan.

Tracy's rules (tables/jurisdictions/tracy.yaml): the limit is 25 % of the liquid depth, so 12 in of 48 in; the
frequency is established by 3 readings since the last pump-out; until then the due date is the quarterly default
(3 calendar months after the last pump-out), after it the 6-month maximum; the projected day of reaching the limit
comes first when earlier ((e)(1)). The rate is the least-squares line through the last pump-out (0 in) and the
readings after it: r = sum(t * y) / sum(t * t), t in days since the pump-out, y = FOG + solids [in]; the projected
day is the pump-out + floor(12 / r) days. Every date below is counted by hand in its comment.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import json

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.program import schema as t
from tests.conftest import EXAMPLES

CAFE = EXAMPLES / "register" / "corner-cafe-cycle1.yaml"  # a review cycle: puts the FSE in the register
HEADER = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
SITE = "Stockton Regional WWTP"
HAULER = "Valley Grease Haulers"
CITE_E1 = "TMC ch. 5.26, Prohibitions (g); Grease interceptor maintenance (e)(1)"  # the profile's citation


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def new_fse(capsys, db, fse):
    assert run(capsys, "register", "add", CAFE, "--db", db, "--fse", fse)[0] == 1  # cycle 1 is not compliant


def log_file(tmp_path, name, fse, as_of, services=(), measurements=()):
    """A maintenance log of 48 in with training and records kept since 2020 (so its records checks pass)."""
    lines = [f"project: {{fse_id: {fse}}}", "maintenance:", "  liquid_depth: 48 in", f"  as_of: {as_of}",
             "  records_kept_since: 2020-01-01", "  training: [2026-01-15]", "  services:"]
    lines += [f"    - {s}" for s in services] or ["    []"]
    lines += ["  measurements:"] + ([f"    - {m}" for m in measurements] or ["    []"])
    text = "\n".join(lines).replace("services:\n    []", "services: []").replace("measurements:\n    []",
                                                                                 "measurements: []")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def inspection_file(tmp_path, name, fse, day, fog, solids, depth=None):
    readings = f"{{{'liquid_depth: ' + depth + ', ' if depth else ''}fog: {fog}, solids: {solids}}}"
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"project: {{fse_id: {fse}}}\ninspection:\n  date: {day}\n  purpose: routine\n"
                    f"  interceptor_condition: good\n  readings: {readings}\n", encoding="utf-8")
    return path


def manifest_file(tmp_path, name, *lines):
    path = tmp_path / f"{name}.csv"
    path.write_text(HEADER + "".join(f"{line},{SITE}\n" for line in lines), encoding="utf-8")
    return path


def pump_out_due(capsys, db, fse, as_of="2026-03-01"):
    """The due list's pump-out (or service now) items of ``fse``: (date, what)."""
    code, out, err = run(capsys, "register", "due", "--db", db, "--as-of", as_of, "--within", 3000,
                         "--format", "json")
    assert code in (0, 1), err
    return [(i["date"], i["what"]) for i in json.loads(out)["items"]
            if i["fse_id"] == fse and i["what"] in ("pump-out", "service now")]


def latest_plan(registers, db, fse):
    with registers(db).db.read() as conn:
        g = t.maintenance_logs.c
        return dict(conn.execute(sa.select(t.maintenance_logs).where(g.fse_id == fse, g.computed.is_(True))
                                 .order_by(g.id.desc()).limit(1)).mappings().one())


def test_a_later_log_without_readings_keeps_the_inspection_s_high_reading(db, capsys, tmp_path, registers):
    """Pump-out 2026-01-01; the log's reading 2 in on 2026-01-31 (t = 30), the inspection's 10 in on 2026-03-02
    (t = 30 + 28 + 2 = 60). r = (30 * 2 + 60 * 10) / (30^2 + 60^2) = 660 / 4500 = 0.146667 in/day; 12 / r =
    81.8 days -> 81: 2026-01-01 + 81 = 2026-03-23 (30 days to 01-31, 28 to 02-28, 23 to 03-23). Two readings do not
    establish the frequency: the schedule is quarterly, 2026-04-01, and the projection comes first: due 2026-03-23.
    The later log (2026-03-15) has no readings: alone it says the quarterly 2026-04-01, later than the records
    warrant."""
    fse = "FSE-1001"
    first = log_file(tmp_path, "first", fse, "2026-02-01", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0101}}"],
                     ["{date: 2026-01-31, fog: 1 in, solids: 1 in}"])
    assert run(capsys, "register", "add", first, "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-04-01", "pump-out")]  # 2 in at t = 30: 1 reading, quarterly
    code, out, err = run(capsys, "register", "inspect", inspection_file(tmp_path, "insp", fse, "2026-03-02",
                                                                        "4 in", "6 in"), "--db", db)
    assert code == 0, err  # 10 in of 48 in = 20.8 %: under the 25 % limit
    assert pump_out_due(capsys, db, fse) == [("2026-03-23", "pump-out")]
    later = log_file(tmp_path, "later", fse, "2026-03-15", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0101}}"])
    code, out, err = run(capsys, "register", "add", later, "--db", db)
    assert code == 0, err
    assert "maintenance plan from every record on file (as of 2026-03-15): pump-out due 2026-03-23" in out
    assert pump_out_due(capsys, db, fse) == [("2026-03-23", "pump-out")]
    plan = latest_plan(registers, db, fse)
    assert plan["result"]["accumulation"]["rate_in_per_day"] == pytest.approx(660 / 4500, abs=1e-6)
    assert plan["result"]["due_citation"] == CITE_E1  # the projection decides: (e)(1)
    with registers(db).db.read() as conn:  # the log is stored as written: no readings, evaluated on its own
        g = t.maintenance_logs.c
        stored = conn.execute(sa.select(g.document, g.due_date).where(g.fse_id == fse, g.computed.is_not(True))
                              .order_by(g.id.desc()).limit(1)).one()
    assert stored.document["maintenance"]["measurements"] == [] and stored.due_date.isoformat() == "2026-04-01"


def test_a_log_that_omits_the_manifest_s_pump_out_still_counts_it(db, capsys, tmp_path):
    """Log: pump-out 2026-01-05, no readings: quarterly, due 2026-04-05. The manifest's full pump-out of
    2026-03-10: due 2026-06-10 (3 calendar months). A log of 2026-03-20 listing only 2026-01-05 would alone say
    2026-04-05; the manifest's pump-out still counts: 2026-06-10."""
    fse = "FSE-1002"
    new_fse(capsys, db, fse)
    service = f"{{date: 2026-01-05, hauler: {HAULER}, manifest: VG-0105}}"
    assert run(capsys, "register", "add", log_file(tmp_path, "a", fse, "2026-02-01", [service]), "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-04-05", "pump-out")]
    path = manifest_file(tmp_path, "m", f"{fse},2026-03-10,{HAULER},VG-0310,1000 gal,full")
    assert run(capsys, "register", "import-manifests", path, "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-06-10", "pump-out")]
    code, out, err = run(capsys, "register", "add", log_file(tmp_path, "b", fse, "2026-03-20", [service]), "--db", db)
    assert code == 0, err
    assert pump_out_due(capsys, db, fse) == [("2026-06-10", "pump-out")]


def test_the_same_pump_out_in_a_log_and_a_manifest_counts_once(db, capsys, tmp_path, registers):
    """Log: pump-outs 2025-09-01 (with its manifest) and 2026-01-05 (a bare date: no manifest number), readings
    2 in, 4 in, 6 in on 2026-02-04, 2026-03-06, 2026-04-05 (t = 30, 60, 90 days after 2026-01-05). The hauler's
    manifest VG-0105 of 2026-01-05 is the same pump-out: two pump-outs, not three, each with its manifest.
    2025-09-01 to 2026-01-05 is 126 days (29 + 31 + 30 + 31 + 5), within 6 months. r = (60 + 240 + 540) / (900 +
    3600 + 8100) = 840 / 12600 = 1/15 in/day; 12 in / r = 180 days: 2026-01-05 + 180 = 2026-07-04 (26 days to
    01-31, then 28, 31, 30, 31, 30 = 176 to 06-30, 4 more); three readings establish the frequency: the 6-month
    maximum is 2026-07-05, so due 2026-07-04."""
    fse = "FSE-1003"
    log = log_file(tmp_path, "log", fse, "2026-04-05",
                   [f"{{date: 2025-09-01, hauler: {HAULER}, manifest: VG-0901}}", "2026-01-05"],
                   ["{date: 2026-02-04, fog: 1 in, solids: 1 in}", "{date: 2026-03-06, fog: 2 in, solids: 2 in}",
                    "{date: 2026-04-05, fog: 3 in, solids: 3 in}"])
    assert run(capsys, "register", "add", log, "--db", db)[0] == 1  # alone: 2026-01-05 has no manifest
    path = manifest_file(tmp_path, "m", f"{fse},2026-01-05,{HAULER},VG-0105,1000 gal,full")
    assert run(capsys, "register", "import-manifests", path, "--db", db)[0] == 0
    plan = latest_plan(registers, db, fse)["result"]
    assert plan["services"] == ["2025-09-01", "2026-01-05"]
    records = {r["rule"]: r for r in plan["records"]}
    assert records["pump_out_interval"]["status"] == "pass"
    assert records["pump_out_interval"]["message"].endswith("2 pump-outs, none more than 6 months apart")
    assert records["manifests"]["status"] == "pass"
    assert "each of the 2 pump-outs" in records["manifests"]["message"]
    assert plan["accumulation"]["rate_in_per_day"] == pytest.approx(1 / 15, abs=1e-6)
    assert plan["in_order"] is True
    assert pump_out_due(capsys, db, fse) == [("2026-07-04", "pump-out")]


def test_a_log_listing_the_manifest_s_own_number_is_the_same_pump_out_in_either_order(db, capsys, tmp_path,
                                                                                         registers):
    """Pump-out 2026-01-05 on manifest VG-0105, listed by the FSE's log and by the hauler's file: one pump-out
    whichever comes first (quarterly: due 2026-04-05, 3 calendar months). A number a log lists is refused on
    another day or for another FSE: a reuse."""
    for fse, manifest_first in (("FSE-1004", True), ("FSE-1005", False)):
        new_fse(capsys, db, fse)
        number = f"VG-{fse[-4:]}"
        log = log_file(tmp_path, fse, fse, "2026-02-01", [f"{{date: 2026-01-05, hauler: {HAULER}, manifest: {number}}}"])
        path = manifest_file(tmp_path, f"m{fse}", f"{fse},2026-01-05,{HAULER},{number},1000 gal,full")
        steps = [("import-manifests", path), ("add", log)]
        for command, file in steps if manifest_first else steps[::-1]:
            code, _, err = run(capsys, "register", command, file, "--db", db)
            assert code == 0, err
        assert latest_plan(registers, db, fse)["result"]["services"] == ["2026-01-05"]
        assert pump_out_due(capsys, db, fse) == [("2026-04-05", "pump-out")]
    only = log_file(tmp_path, "only", "FSE-1007", "2026-02-01", [f"{{date: 2026-01-05, hauler: {HAULER}, manifest: VG-7777}}"])
    assert run(capsys, "register", "add", only, "--db", db)[0] == 0
    reuse = manifest_file(tmp_path, "reuse", f"FSE-1007,2026-02-05,{HAULER},VG-7777,1000 gal,full",
                          f"FSE-1004,2026-01-05,{HAULER},VG-7777,1000 gal,full")
    code, out, err = run(capsys, "register", "import-manifests", reuse, "--db", db)
    assert code == 2 and out == ""
    assert err.strip() == (f"sizing register: {reuse}: line 2: manifest: 'VG-7777' of '{HAULER}' is already "
                           "recorded (the pump-out of 2026-01-05 in a maintenance log of FSE-1007); 2 lines rejected, "
                           "nothing imported (fix them, or give --skip-rejects to import the other manifests)")


ORDERS = list(itertools.permutations(("log", "inspection", "manifest")))


def test_a_log_an_inspection_and_a_manifest_in_every_order_give_one_due_date(db, capsys, tmp_path, registers):
    """The log (2026-04-01): pump-out 2025-12-01, readings 2 in on 2026-01-31 and 6 in on 2026-04-01; the
    inspection: 4 in on 2026-03-02; the manifest: a full pump-out on 2026-01-01. The last pump-out is the
    manifest's 2026-01-01; the readings after it are at t = 30 (01-31), 60 (31 + 28 + 1: 03-02) and 90 (+ 30:
    04-01): r = (60 + 240 + 540) / 12600 = 1/15 in/day, 180 days to 12 in: 2026-01-01 + 180 = 2026-06-30 (30 + 28 +
    31 + 30 + 31 + 30 = 180); three readings: the 6-month maximum is 2026-07-01, so due 2026-06-30, the plan dated
    2026-04-01 (the latest record). Without the manifest the last pump-out would be 2025-12-01 and the maximum
    2026-06-01; without the inspection two readings: quarterly, 2026-04-01. Each FSE gets the same records in
    another order."""
    for n, order in enumerate(ORDERS):
        fse = f"FSE-20{n:02d}"
        new_fse(capsys, db, fse)
        files = {
            "log": ("add", log_file(tmp_path, f"log{n}", fse, "2026-04-01",
                                    [f"{{date: 2025-12-01, hauler: {HAULER}, manifest: VG-1201-{n}}}"],
                                    ["{date: 2026-01-31, fog: 1 in, solids: 1 in}",
                                     "{date: 2026-04-01, fog: 3 in, solids: 3 in}"])),
            "inspection": ("inspect", inspection_file(tmp_path, f"insp{n}", fse, "2026-03-02", "2 in", "2 in")),
            "manifest": ("import-manifests", manifest_file(tmp_path, f"m{n}",
                                                           f"{fse},2026-01-01,{HAULER},VG-0101-{n},1000 gal,full"))}
        for what in order:
            code, _, err = run(capsys, "register", files[what][0], files[what][1], "--db", db)
            assert code in (0, 1) and not err, (order, what, err)
        assert pump_out_due(capsys, db, fse) == [("2026-06-30", "pump-out")], order
        plan = latest_plan(registers, db, fse)
        assert (plan["as_of"].isoformat(), plan["due_date"].isoformat()) == ("2026-04-01", "2026-06-30"), order
        assert plan["result"]["services"] == ["2025-12-01", "2026-01-01"], order
        assert [r["date"] for r in plan["result"]["readings"]] == ["2026-01-31", "2026-03-02", "2026-04-01"], order


def test_the_timeline_the_fse_list_and_the_due_list_read_the_one_plan(db, capsys, tmp_path):
    """The log of test 1 then the inspection's 10 in: pump-out due 2026-03-23 (worked in that test); the timeline's
    latest plan says so, `show` holds it as the latest maintenance row by date, the due list lists it."""
    fse = "FSE-1006"
    first = log_file(tmp_path, "first", fse, "2026-02-01", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0102}}"],
                     ["{date: 2026-01-31, fog: 1 in, solids: 1 in}"])
    assert run(capsys, "register", "add", first, "--db", db)[0] == 0
    assert run(capsys, "register", "inspect", inspection_file(tmp_path, "i", fse, "2026-03-02", "4 in", "6 in"),
               "--db", db)[0] == 0
    assert run(capsys, "register", "add", log_file(tmp_path, "later", fse, "2026-03-15"), "--db", db)[0] == 1
    assert pump_out_due(capsys, db, fse) == [("2026-03-23", "pump-out")]
    _, out, _ = run(capsys, "register", "history", fse, "--db", db, "--format", "json")
    plans = [h for h in json.loads(out)["history"] if h["what"] == "maintenance plan"]
    assert plans[-1]["date"] == "2026-03-15"
    assert plans[-1]["detail"].startswith("from every record on file: pump-out due 2026-03-23;")
    _, out, _ = run(capsys, "register", "show", fse, "--db", db)
    assert any(line.startswith("  maintenance as of 2026-03-15: from every record on file: pump-out due 2026-03-23;")
            for line in out.splitlines())
    _, out, _ = run(capsys, "register", "show", fse, "--db", db, "--format", "json")
    rows = json.loads(out)["maintenance_logs"]
    latest = max(rows, key=lambda r: (r["as_of"], r["recorded_at"], r["id"]))
    assert latest["computed"] is True and latest["due_date"] == "2026-03-23"
    _, out, _ = run(capsys, "register", "export", "--db", db, "--format", "csv", "--as-of", "2026-03-01")
    row = next(r for r in csv.DictReader(io.StringIO(out)) if r["fse_id"] == fse)
    # the FSE list's next service is the plan's: the earliest of the last pump-out + the quarterly 90 days
    # (2026-04-01), the due date and the projected 2026-03-23
    assert row["next_service"] == "2026-03-23"


def test_an_older_log_written_later_does_not_move_the_plan_back(db, capsys, tmp_path, registers):
    """The log of 2026-04-01 lists a pump-out on 2026-03-01: quarterly, due 2026-06-01 (3 calendar months). A log
    of 2026-01-15 (pump-out 2026-01-01: alone, due 2026-04-01) written after it is kept, and the plan still counts
    from 2026-03-01: pump-outs 2026-01-01 and 2026-03-01 (59 days apart: 30 + 28 + 1), due 2026-06-01, dated
    2026-04-01."""
    fse = "FSE-1008"
    newer = log_file(tmp_path, "newer", fse, "2026-04-01", [f"{{date: 2026-03-01, hauler: {HAULER}, manifest: VG-0301}}"])
    older = log_file(tmp_path, "older", fse, "2026-01-15", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0101}}"])
    assert run(capsys, "register", "add", newer, "--db", db)[0] == 0
    assert run(capsys, "register", "add", older, "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-06-01", "pump-out")]
    plan = latest_plan(registers, db, fse)
    assert (plan["as_of"].isoformat(), plan["result"]["services"]) == ("2026-04-01", ["2026-01-01", "2026-03-01"])


def test_a_log_shallower_than_a_reading_on_file_is_refused_and_nothing_written(db, capsys, tmp_path, registers):
    """The inspection read 4 + 6 = 10 in on 2026-03-02; a log of 2026-03-15 giving a liquid depth of 8 in is the
    latest record that gives one, and 10 in > 8 in: no plan can be made from these records. One line naming the
    field, exit 2, nothing written (the log, its events and its plan all or nothing)."""
    fse = "FSE-1009"
    first = log_file(tmp_path, "first", fse, "2026-02-01", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0103}}"])
    assert run(capsys, "register", "add", first, "--db", db)[0] == 0
    assert run(capsys, "register", "inspect", inspection_file(tmp_path, "i", fse, "2026-03-02", "4 in", "6 in"),
               "--db", db)[0] == 0

    def rows():
        with registers(db).db.read() as conn:
            return [conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()
                    for table in (t.maintenance_logs, t.maintenance_events, t.findings)]

    before = rows()
    shallow = tmp_path / "shallow.yaml"
    shallow.write_text(log_file(tmp_path, "s", fse, "2026-03-15").read_text().replace("48 in", "8 in"))
    code, out, err = run(capsys, "register", "add", shallow, "--db", db)
    assert (code, out) == (2, "")
    assert err.strip() == (
        "sizing register: maintenance.liquid_depth: FSE-1009: the FOG + solids of 10 in read on 2026-03-02 is deeper "
        "than the liquid depth of 8 in (the maintenance log of 2026-03-15, the latest record that gives one); the "
        "maintenance plan cannot be made from these records; nothing written")
    assert rows() == before


def test_an_inspection_giving_only_the_liquid_depth_is_the_latest_depth_on_file(db, capsys, tmp_path):
    """The log (48 in): pump-out 2026-01-01, 1.5 + 1.5 = 3 in on 2026-01-31 (t = 30): r = 3 / 30 = 0.1 in/day;
    12 in / 0.1 = 120 days: 2026-05-01 (30 + 28 + 31 + 30 + 1), after the quarterly 2026-04-01: due 2026-04-01.
    An inspection of 2026-02-15 measuring the liquid depth at 24 in (no FOG or solids): the limit is 6 in, 6 / 0.1
    = 60 days: 2026-03-02 (30 + 28 + 2), before 2026-04-01: due 2026-03-02."""
    fse = "FSE-1010"
    log = log_file(tmp_path, "log", fse, "2026-02-01", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0104}}"],
                   ["{date: 2026-01-31, fog: 1.5 in, solids: 1.5 in}"])
    assert run(capsys, "register", "add", log, "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-04-01", "pump-out")]
    path = tmp_path / "depth.yaml"
    path.write_text(f"project: {{fse_id: {fse}}}\ninspection:\n  date: 2026-02-15\n  purpose: routine\n"
                    "  readings: {liquid_depth: 24 in}\n", encoding="utf-8")
    code, _, err = run(capsys, "register", "inspect", path, "--db", db)
    assert code == 0, err
    assert pump_out_due(capsys, db, fse) == [("2026-03-02", "pump-out")]


def test_the_plans_stay_marked_when_0007_is_taken_back_and_brought_up_again(db, capsys, tmp_path, registers):
    """A log, its plan, and a plan recomputed at an inspection: downgraded to 0006 the marker goes (the migration's
    own downgrade), upgraded again the plans are marked again (by their inspection, and by their document name)
    and the migration from below 0007 makes the plan once more; the due list reads the same date: the log's pump-out 2026-01-01, 2 in on day 30 and the inspection's
    10 in on day 60 give 2026-03-23 (worked in the first test)."""
    from sizing.program.location import resolve
    from tests.register.conftest import back_to

    fse = "FSE-1011"
    log = log_file(tmp_path, "log", fse, "2026-02-01", [f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0105}}"],
                   ["{date: 2026-01-31, fog: 1 in, solids: 1 in}"])
    assert run(capsys, "register", "add", log, "--db", db)[0] == 0
    assert run(capsys, "register", "inspect", inspection_file(tmp_path, "i", fse, "2026-03-02", "4 in", "6 in"),
               "--db", db)[0] == 0
    registers(db).db.engine.dispose()
    back_to(resolve(db)[0], "0006")
    assert run(capsys, "register", "migrate", "--db", db)[0] == 0
    with registers(db).db.read() as conn:
        g = t.maintenance_logs.c
        marks = [bool(r[0]) for r in conn.execute(sa.select(g.computed).where(g.fse_id == fse).order_by(g.id))]
    # the log as submitted, its plan, the plan made at the inspection, and the plan the migration made from 0006
    assert marks == [False, True, True, True]
    assert pump_out_due(capsys, db, fse) == [("2026-03-23", "pump-out")]


def test_a_register_older_than_0007_gets_each_fse_s_plan_when_migrated(db, capsys, tmp_path, registers):
    """Before 0007 each log was evaluated on its own and the due list read the latest: the log of 2026-03-15
    (pump-out 2026-01-01, no readings: quarterly, 2026-04-01) hid the readings of the log of 2026-03-02 (2 in on
    day 30, 10 in on day 60: due 2026-03-23, worked in the first test). Migrated, the FSE gets its plan from both:
    2026-03-23."""
    from sizing.program.location import resolve
    from tests.register.conftest import back_to

    fse = "FSE-1012"
    service = f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0106}}"
    first = log_file(tmp_path, "first", fse, "2026-03-02", [service],
                     ["{date: 2026-01-31, fog: 1 in, solids: 1 in}", "{date: 2026-03-02, fog: 4 in, solids: 6 in}"])
    assert run(capsys, "register", "add", first, "--db", db)[0] == 0
    assert run(capsys, "register", "add", log_file(tmp_path, "later", fse, "2026-03-15", [service]), "--db", db)[0] == 0
    reg = registers(db)
    with reg.db.write() as conn:  # as a register of 0005 holds them: the logs alone, no plans
        g = t.maintenance_logs.c
        plans = [r[0] for r in conn.execute(sa.select(g.id).where(g.computed.is_(True)))]
        conn.execute(t.findings.delete().where(t.findings.c.source == "maintenance",
                                               t.findings.c.source_id.in_(plans)))
        conn.execute(t.maintenance_logs.delete().where(g.id.in_(plans)))
    reg.db.engine.dispose()
    back_to(resolve(db)[0], "0005")
    assert run(capsys, "register", "migrate", "--db", db)[0] == 0
    assert pump_out_due(capsys, db, fse) == [("2026-03-23", "pump-out")]
    plan = latest_plan(registers, db, fse)
    assert plan["as_of"].isoformat() == "2026-03-15"
    assert [r["date"] for r in plan["result"]["readings"]] == ["2026-01-31", "2026-03-02"]


def test_a_migrated_fse_whose_records_make_no_plan_is_named(db, capsys, tmp_path, registers):
    """An older register could hold a log of 2026-03-15 giving 8 in after a reading of 4 + 6 = 10 in on
    2026-03-02 (each log was evaluated on its own). Migrated, no plan can be made: the migration says which FSE
    and why, and the other FSEs get theirs."""
    from sizing.program.location import resolve
    from tests.register.conftest import back_to

    service = f"{{date: 2026-01-01, hauler: {HAULER}, manifest: VG-0107}}"
    first = log_file(tmp_path, "first", "FSE-1013", "2026-03-02", [service],
                     ["{date: 2026-03-02, fog: 4 in, solids: 6 in}"])
    assert run(capsys, "register", "add", first, "--db", db)[0] == 0
    assert run(capsys, "register", "add", log_file(tmp_path, "later", "FSE-1013", "2026-03-15", [service]),
               "--db", db)[0] == 0
    other = log_file(tmp_path, "other", "FSE-1014", "2026-03-15", [service.replace("VG-0107", "VG-0108")])
    assert run(capsys, "register", "add", other, "--db", db)[0] == 0
    reg = registers(db)
    with reg.db.write() as conn:  # as an older version stored them: the logs alone, the later one at 8 in
        g = t.maintenance_logs.c
        conn.execute(t.maintenance_logs.delete().where(g.computed.is_(True)))
        row = conn.execute(sa.select(g.id, g.document).where(g.fse_id == "FSE-1013", g.as_of == dt.date(2026, 3, 15))).one()
        doc = {**row.document, "maintenance": {**row.document["maintenance"], "liquid_depth": "8 in"}}
        conn.execute(t.maintenance_logs.update().where(g.id == row.id).values(liquid_depth_in=8.0, document=doc))
    reg.db.engine.dispose()
    back_to(resolve(db)[0], "0005")
    code, _, err = run(capsys, "register", "migrate", "--db", db)
    assert code == 0
    assert ("sizing register: no maintenance plan made when migrating: FSE: FSE-1013: the FOG + solids of 10 in "
            "read on 2026-03-02 is deeper than the liquid depth of 8 in (the maintenance log of 2026-03-15, the "
            "latest record that gives one); the maintenance plan cannot be made from these records; nothing "
            "written") in err.splitlines()
    with registers(db).db.read() as conn:
        g = t.maintenance_logs.c
        planned = [r[0] for r in conn.execute(sa.select(g.fse_id).where(g.computed.is_(True)))]
    assert planned == ["FSE-1014"]
    # FSE-1014: pump-out 2026-01-01, no readings: quarterly, 2026-04-01
    assert pump_out_due(capsys, db, "FSE-1014") == [("2026-04-01", "pump-out")]


def test_a_log_listing_a_manifest_s_number_on_another_day_is_refused(db, capsys, tmp_path, registers):
    """The hauler's manifest VG-0110 is the pump-out of 2026-01-05; a log listing VG-0110 on 2026-01-06 would make
    it two pump-outs: one line naming the service, exit 2, nothing written."""
    fse = "FSE-1015"
    new_fse(capsys, db, fse)
    path = manifest_file(tmp_path, "m", f"{fse},2026-01-05,{HAULER},VG-0110,1000 gal,full")
    assert run(capsys, "register", "import-manifests", path, "--db", db)[0] == 0
    log = log_file(tmp_path, "log", fse, "2026-02-01",
                   ["2025-12-01", f"{{date: 2026-01-06, hauler: {HAULER}, manifest: VG-0110}}"])
    with registers(db).db.read() as conn:
        before = conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_logs)).scalar()
    code, out, err = run(capsys, "register", "add", log, "--db", db)
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"sizing register: maintenance.services[1].manifest: 'VG-0110' of '{HAULER}' is already recorded on the "
        "hauler's manifest of 2026-01-05 for FSE-1015 (line 2 of m.csv); a manifest number is one pump-out; nothing "
        "written")
    with registers(db).db.read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(t.maintenance_logs)).scalar() == before
