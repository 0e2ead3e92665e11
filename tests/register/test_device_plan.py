"""The register keeps a maintenance log under whatever maintenance rules its profile has (on SQLite and
PostgreSQL): the accumulation (25 %) rule, intervals fixed by device type, or both. The FSE's plan, the due list,
the FSE list's next service and the timeline follow those rules.

Dates worked by hand from each profile's clause:

* Fullerton, FMC 12.20.220(C) (tables/jurisdictions/fullerton.yaml, ``device_maintenance``): a grease trap
  (hydromechanical) cleaned "on a daily basis": cleaned 2026-11-28 and 2026-11-29, the next cleaning is due by
  2026-11-29 + 1 day = 2026-11-30; due on 2026-11-30, overdue on 2026-12-01.
* Long Beach, LBMC 8.46.040(E) (long-beach.yaml): the owner inspects the grease interceptor (gravity) "at least
  once each month": inspected 2026-10-31, next by one calendar month later, 2026-11-31, which November lacks:
  its last day, 2026-11-30.
* Both: Tracy's accumulation rule with a monthly owner's inspection added (a test profile): pump-out 2026-10-01,
  no readings since, so the quarterly default of Grease interceptor maintenance (e)(3): 2026-10-01 + 3 months =
  2027-01-01; the owner's inspection of 2026-10-20 + 1 month = 2026-11-20. The inspection is not a pump-out: the
  pump-out stays due 2027-01-01.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from sizing.jurisdiction.profile import get
from tests.register.test_inspections import run


def add(capsys, db, tmp_path, name, text, jurisdiction):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return run(capsys, "register", "add", path, "--db", db, "--jurisdiction", jurisdiction)


def due(capsys, db, as_of, jurisdiction, within=0):
    code, out, err = run(capsys, "register", "due", "--db", db, "--as-of", as_of, "--within", str(within),
                         "--format", "json", "--jurisdiction", jurisdiction)
    assert code in (0, 1), err
    return code, [i for i in json.loads(out)["items"] if i["what"] != "employee training"]


FULLERTON = ("project: {fse_id: FUL-001, name: Taco Stand}\nmaintenance: {liquid_depth: 12 in, device: "
             "hydromechanical, services: [2026-11-28, 2026-11-29], as_of: 2026-11-29}\n")
LONG_BEACH = ("project: {fse_id: LB-001, name: Harbor Grill}\nmaintenance: {liquid_depth: 48 in, device: gravity, "
              "inspections: [2026-10-31], as_of: 2026-11-15}\n")


def test_fullerton_daily_cleaning_is_stored_and_due_the_next_day(db, capsys, tmp_path):
    code, out, err = add(capsys, db, tmp_path, "ful", FULLERTON, "fullerton")
    assert code == 0, err
    assert "cleaning due 2026-11-30" in out
    code, items = due(capsys, db, "2026-11-30", "fullerton")
    assert code == 0
    assert [(i["fse_id"], i["what"], i["date"], i["status"], i["citation"]) for i in items] == [
        ("FUL-001", "cleaning", "2026-11-30", "due", "FMC 12.20.220(C)")]
    code, items = due(capsys, db, "2026-12-01", "fullerton")
    assert code == 1 and [(i["what"], i["status"]) for i in items] == [("cleaning", "overdue")]
    _, history, _ = run(capsys, "register", "history", "FUL-001", "--db", db)
    assert "from every record on file: cleaning due 2026-11-30" in history
    _, out, _ = run(capsys, "register", "export", "--db", db, "--format", "csv")
    assert "2026-11-30" in next(line for line in out.splitlines() if line.startswith("FUL-001"))


def test_long_beach_monthly_owner_inspection_counts_calendar_months(db, capsys, tmp_path):
    code, out, err = add(capsys, db, tmp_path, "lb", LONG_BEACH, "long-beach")
    assert code == 0, err
    code, items = due(capsys, db, "2026-11-15", "long-beach", within=30)
    assert [(i["what"], i["date"], i["citation"]) for i in items] == [
        ("owner's inspection", "2026-11-30", "LBMC 8.46.040(E)")]
    code, items = due(capsys, db, "2026-12-01", "long-beach")
    assert code == 1 and [(i["what"], i["status"]) for i in items] == [("owner's inspection", "overdue")]
    # the summary's schedule is the due list's: overdue on 2026-12-01
    _, out, _ = run(capsys, "register", "summary", "--from", "2026-11-01", "--to", "2026-12-01", "--db", db,
                    "--format", "json", "--jurisdiction", "long-beach")
    p = json.loads(out)["pump_outs"]
    assert (p["fses_with_schedule"], p["on_schedule"], p["overdue_fses"]) == (1, 0, ["LB-001"])


def test_both_rules_keep_the_pump_out_and_the_inspection_apart(db, capsys, tmp_path):
    raw = yaml.safe_load(Path(get("tracy").path).read_text(encoding="utf-8"))
    raw["device_maintenance"] = [{"device": "gravity", "task": "inspect", "every": "1 month",
                                  "citation": "TBMC 9.8"}]
    both = tmp_path / "bothville.yaml"
    both.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    code, _, err = add(capsys, db, tmp_path, "both", "project: {fse_id: B-001, name: Both}\nmaintenance: "
                       "{liquid_depth: 48 in, device: gravity, services: [{date: 2026-10-01, hauler: Valley, "
                       "manifest: VG-9}], inspections: [2026-10-20], training: [2026-06-01], as_of: 2026-11-01}\n",
                       str(both))
    assert code == 0, err
    _, items = due(capsys, db, "2026-11-01", str(both), within=90)
    assert {(i["what"], i["date"], i["citation"]) for i in items if i["what"] != "records"} == {
        ("owner's inspection", "2026-11-20", "TBMC 9.8"),
        ("pump-out", "2027-01-01", "TMC ch. 5.26, Grease interceptor maintenance (e)(3)")}


def test_a_profile_with_no_maintenance_rules_is_still_refused(db, capsys, tmp_path):
    code, _, err = add(capsys, db, tmp_path, "cpc", LONG_BEACH, "cpc")
    assert code == 2 and "has no maintenance rules in this tool" in err
