"""The program summary counts what the maintenance plan and the due list count (on SQLite and PostgreSQL): the full
pump-outs of maintenance logs and hauler manifests, one per FSE a day; the on-schedule share over every FSE the due
list gives a service date, overdue on ``--to`` exactly when the due list says so.

Dates worked by hand from Tracy's Grease interceptor maintenance (e)(3) (tables/jurisdictions/tracy.yaml,
``default_service_interval_months``: 3, calendar months) with no readings after the last pump-out:

* FSE-0311: its log lists a pump-out on 2026-01-02, the manifest of that day is the same pump-out (one); the
  manifests add 2025-12-01 (before the period) and 2026-04-01; last pump-out 2026-04-01 + 3 months = due
  2026-07-01: on schedule on 2026-06-30.
* FSE-0417 (a review cycle, no log: manifests only): full pump-outs 2026-01-05 and 2026-02-10 and a partial one on
  2026-03-01 (a record, not a service); 2026-02-10 + 3 months = due 2026-05-10: overdue on 2026-06-30.

Full pump-outs from 2026-01-01 to 2026-06-30: 2026-01-02 and 2026-04-01 (FSE-0311), 2026-01-05 and 2026-02-10
(FSE-0417) = 4. FSEs with a schedule: 2, on schedule 1 (50 %), overdue FSE-0417.
"""

from __future__ import annotations

import json

from tests.conftest import EXAMPLES
from tests.register.test_inspections import run

CAFE = EXAMPLES / "register" / "corner-cafe-cycle1.yaml"
SITE = "Stockton Regional Wastewater Control Facility"


def filled(db, capsys, tmp_path):
    log = tmp_path / "bistro.yaml"
    log.write_text("project: {fse_id: FSE-0311, name: Example Bistro}\nmaintenance: {liquid_depth: 48 in, as_of: "
                   "2026-01-02, training: [2025-06-01], services: [2026-01-02]}\n", encoding="utf-8")
    assert run(capsys, "register", "add", log, "--db", db)[0] in (0, 1)
    assert run(capsys, "register", "add", CAFE, "--db", db)[0] in (0, 1)
    csv = tmp_path / "manifests.csv"
    lines = [("FSE-0311", "2025-12-01", "VG-1", "full"), ("FSE-0311", "2026-01-02", "VG-2", "full"),
             ("FSE-0311", "2026-04-01", "VG-3", "full"), ("FSE-0417", "2026-01-05", "VG-4", "full"),
             ("FSE-0417", "2026-02-10", "VG-5", "full"), ("FSE-0417", "2026-03-01", "VG-6", "partial")]
    csv.write_text("fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n" + "".join(
        f"{f},{d},Valley Grease Haulers,{m},1000 gal,{kind},{SITE}\n" for f, d, m, kind in lines), encoding="utf-8")
    code, _, err = run(capsys, "register", "import-manifests", csv, "--db", db)
    assert code == 0, err


def test_the_summary_counts_manifest_pump_outs_and_every_fse_the_due_list_schedules(db, capsys, tmp_path):
    filled(db, capsys, tmp_path)
    code, out, _ = run(capsys, "register", "summary", "--from", "2026-01-01", "--to", "2026-06-30", "--db", db,
                       "--format", "json")
    p = json.loads(out)["pump_outs"]
    assert p == {"recorded": 4, "fses_with_schedule": 2, "on_schedule": 1, "overdue": 1,
                 "percent_on_schedule": 50.0, "overdue_fses": ["FSE-0417"]}
    # the due list as of the same day says the same
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-06-30", "--within", "1",
                       "--format", "json")
    pumps = {(i["fse_id"], i["date"], i["status"]) for i in json.loads(out)["items"] if i["what"] == "pump-out"}
    assert pumps == {("FSE-0311", "2026-07-01", "due"), ("FSE-0417", "2026-05-10", "overdue")}
    _, text, _ = run(capsys, "register", "summary", "--from", "2026-01-01", "--to", "2026-06-30", "--db", db)
    assert "Pump-outs: 4 recorded; 1 of 2 FSEs on schedule (50 %); overdue: FSE-0417" in text


def test_the_period_bounds_count_each_day_once(db, capsys, tmp_path):
    """2026-01-02 alone: the log's pump-out and its manifest are one pump-out."""
    filled(db, capsys, tmp_path)
    _, out, _ = run(capsys, "register", "summary", "--from", "2026-01-02", "--to", "2026-01-02", "--db", db,
                    "--format", "json")
    p = json.loads(out)["pump_outs"]
    # on 2026-01-02: FSE-0311 due 2026-07-01 (after the manifest of 2026-04-01, the records as they stand, as the
    # due list reads them); FSE-0417 due 2026-05-10: both on schedule
    assert (p["recorded"], p["fses_with_schedule"], p["on_schedule"]) == (1, 2, 2)
