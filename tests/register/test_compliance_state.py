"""One compliance state per FSE (on SQLite and PostgreSQL): ``register show``, the FSE list, the export, the due list
and the program summary give the same status and the same dates, from the same records.

The register (worked by hand under tables/jurisdictions/tracy.yaml, as of 2026-04-15):

* FSE-0417, the Corner Cafe: review cycle 1 (examples/register/corner-cafe-cycle1.yaml, 2026-03-02, not compliant;
  its notification of 2025-11-03 is met by the pump-out of 2026-01-01, after it); a maintenance log of 2026-01-01
  (48 in, a pump-out that day, no training date); two full pump-outs on hauler manifests, 2026-02-10 and
  2026-04-01; the routine inspection of 2026-03-02 (examples/register/corner-cafe-inspection.yaml): drain screens
  "no", so notice 1 (a notice of violation, 30 days: due 2026-04-01, overdue from 2026-04-02), employee training
  and training records "yes".

  - in violation: notice 1 open past its day, and the failed inspection it came from not cured;
  - the schedule: the log alone gave 2026-01-01 + 3 months = 2026-04-01 (Grease interceptor maintenance (e)(3),
    quarterly while the frequency is not established); the manifests move it: last full pump-out 2026-04-01 + 3
    months = 2026-07-01;
  - training: no date on file, verified at the inspection of 2026-03-02: next training 2026-03-02 + 12 months
    (training_interval_months) = 2027-03-02, and no "no training record" item.

* FSE-0520, Corner Coffee: a granted waiver expiring 2026-09-15 (examples/register/corner-coffee-waiver.yaml) and no
  review or inspection: incomplete.

Summary 2026-01-01 to 2026-04-15: full pump-outs 2026-01-01, 2026-02-10, 2026-04-01 = 3; one inspection, failed;
one FSE with a schedule (FSE-0417, due 2026-07-01: on schedule).
"""

from __future__ import annotations

import csv
import io
import json

from tests.conftest import EXAMPLES
from tests.register.test_inspections import run, write

REG = EXAMPLES / "register"
AS_OF = "2026-04-15"


def build(db, capsys, tmp_path):
    assert run(capsys, "register", "add", REG / "corner-cafe-cycle1.yaml", "--db", db)[0] in (0, 1)
    log = write(tmp_path, "log.yaml", "project: {fse_id: FSE-0417, name: Corner Cafe}\nmaintenance: {liquid_depth: "
                "48 in, as_of: 2026-01-01, services: [{date: 2026-01-01, hauler: Valley, manifest: VG-1}]}\n")
    assert run(capsys, "register", "add", log, "--db", db)[0] in (0, 1)
    manifests = write(tmp_path, "m.csv", "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
                      "FSE-0417,2026-02-10,Valley Grease Haulers,VG-2,1000 gal,full,Stockton\n"
                      "FSE-0417,2026-04-01,Valley Grease Haulers,VG-3,1000 gal,full,Stockton\n")
    assert run(capsys, "register", "import-manifests", manifests, "--db", db)[0] == 0
    assert run(capsys, "register", "inspect", REG / "corner-cafe-inspection.yaml", "--db", db)[0] in (0, 1)
    assert run(capsys, "register", "add", REG / "corner-coffee-waiver.yaml", "--db", db)[0] == 0


def test_show_the_fse_list_the_export_the_due_list_and_the_summary_agree(db, capsys, tmp_path, registers):
    build(db, capsys, tmp_path)
    shown = {}
    for fse in ("FSE-0417", "FSE-0520"):
        code, out, err = run(capsys, "register", "show", fse, "--db", db, "--as-of", AS_OF, "--format", "json")
        assert code == 0, err
        shown[fse] = json.loads(out)["compliance"]
    cafe = shown["FSE-0417"]
    assert cafe["status"] == "in_violation"
    assert [(r["status"], r["record"]["kind"], r["text"]) for r in cafe["reasons"]] == [
        ("in_violation", "notice", "notice 1 open: Notice of violation (tier 1, drain screens); "
                                   "overdue since 2026-04-02"),
        ("in_violation", "inspection", "inspection of 2026-03-02 failed (drain screens), not cured"),
        ("action_due", "cycle", "review cycle 1 of 2026-03-02: corrections required (12 findings failing)")]
    assert cafe["reasons"][0]["clause"] == "TMC ch. 5.26, Best management practices (b)(1)"
    assert (cafe["last_inspection"], cafe["next_service"]) == ("2026-03-02", "2026-07-01")
    assert shown["FSE-0520"]["status"] == "incomplete"

    # the export (the FSE list's rows as CSV)
    code, out, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", AS_OF)
    rows = {r["fse_id"]: r for r in csv.DictReader(io.StringIO(out))}
    assert {f: (r["status"], r["compliance"], r["open_notices"], r["last_inspection"], r["next_service"])
            for f, r in rows.items()} == {"FSE-0417": ("in_violation", "in_violation", "1", "2026-03-02", "2026-07-01"),
                                          "FSE-0520": ("incomplete", "incomplete", "0", "", "")}

    # the FSE list itself
    import datetime as dt

    from sizing.jurisdiction.profile import get
    from sizing.program.fse_rows import fse_list

    listed = {r["fse_id"]: r for r in fse_list(registers(db), dt.date(2026, 4, 15), jurisdiction=get("tracy"))}
    assert {f: r["status"] for f, r in listed.items()} == {f: s["status"] for f, s in shown.items()}

    # the due list: the same dates
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", AS_OF, "--within", "400", "--format", "json")
    items = [(i["fse_id"], i["date"], i["status"], i["what"]) for i in json.loads(out)["items"]]
    assert items == [("FSE-0417", "2026-04-01", "overdue", "notice 1: Notice of violation"),
                     ("FSE-0417", "2026-07-01", "due", "pump-out"),
                     ("FSE-0520", "2026-09-15", "due", "waiver expires"),
                     ("FSE-0417", "2027-03-02", "due", "employee training")]
    details = {i["what"]: i["detail"] for i in json.loads(out)["items"]}
    assert details["employee training"] == ("verified at the inspection of 2026-03-02; date of last training not "
                                            "recorded")
    assert not any("no training record" in i["detail"] for i in json.loads(out)["items"])

    # the summary counts the FSEs by the same state
    code, out, _ = run(capsys, "register", "summary", "--from", "2026-01-01", "--to", AS_OF, "--db", db,
                       "--format", "json")
    s = json.loads(out)
    assert s["fses_by_status"] == {"in_violation": 1, "incomplete": 1}
    assert (s["inspections"]["done"], s["inspections"]["failed"]) == (1, 1)
    assert {k: s["pump_outs"][k] for k in ("recorded", "fses_with_schedule", "on_schedule", "overdue")} == {
        "recorded": 3, "fses_with_schedule": 1, "on_schedule": 1, "overdue": 0}


def test_the_inspection_yes_without_any_training_date_is_the_training_evidence(db, capsys, tmp_path):
    """Before the inspection (as of 2026-03-01) the plan's records check says there is no training record; the
    inspection's "yes" on 2026-03-02 replaces it by the training item dated from the inspection."""
    build(db, capsys, tmp_path)
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-03-01", "--within", "400",
                       "--format", "json")
    before = [i for i in json.loads(out)["items"] if i["fse_id"] == "FSE-0417" and "training" in i["detail"]]
    assert [(i["what"], "no training record" in i["detail"]) for i in before] == [("records", True)]
