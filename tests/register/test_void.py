"""Void, never delete (on SQLite and PostgreSQL): ``sizing register void KIND ID --reason TEXT``.

The register is the one of tests/register/test_compliance_state.py (worked by hand under Tracy's profile, as of
2026-04-15). Without the inspection of 2026-03-02, FSE-0417 (the Corner Cafe) is ``overdue``: its plan (dated by
the last full pump-out on a manifest, 2026-04-01) finds no training record (Record keeping), overdue from
2026-04-02, and review cycle 1 asks for corrections (``action_due``); the due list holds that records item, the
pump-out of 2026-07-01 (2026-04-01 + 3 months, Grease interceptor maintenance (e)(3)) and Corner Coffee's waiver
expiring 2026-09-15. With the inspection it is ``in_violation`` (notice 1 open past its day, the failed inspection
not cured). Voided, the inspection gives back the state without it, everywhere; it stays on the timeline, marked
VOID with its reason, and notice 1 is closed as opened in error on the day it was issued.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from tests.register.test_compliance_state import AS_OF, REG, build
from tests.register.test_inspections import run, write

REASON = "saved half-done by mistake"


def pictures(db, capsys, registers) -> dict:
    """What show, the export, the FSE list, the due list and the summary say of the register as of AS_OF."""
    from sizing.jurisdiction.profile import get
    from sizing.program.fse_rows import fse_list

    out = {}
    code, text, err = run(capsys, "register", "show", "FSE-0417", "--db", db, "--as-of", AS_OF, "--format", "json")
    assert code == 0, err
    out["show"] = [(r["status"], r["record"]["kind"], r["text"]) for r in json.loads(text)["compliance"]["reasons"]]
    out["status"] = json.loads(text)["compliance"]["status"]
    code, text, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", AS_OF)
    out["export"] = {r["fse_id"]: (r["status"], r["open_notices"], r["last_inspection"], r["next_service"])
                     for r in csv.DictReader(io.StringIO(text))}
    out["list"] = {r["fse_id"]: r["status"] for r in fse_list(registers(db), dt.date(2026, 4, 15),
                                                              jurisdiction=get("tracy"))}
    code, text, _ = run(capsys, "register", "due", "--db", db, "--as-of", AS_OF, "--within", "400", "--format", "json")
    out["due"] = [(i["fse_id"], i["date"], i["status"], i["what"]) for i in json.loads(text)["items"]]
    code, text, _ = run(capsys, "register", "summary", "--from", "2026-01-01", "--to", AS_OF, "--db", db,
                        "--format", "json")
    s = json.loads(text)
    out["summary"] = (s["fses_by_status"], s["inspections"]["done"], s["notices"]["issued"], s["notices"]["closed"],
                      s["notices"]["open_at_end"], s["pump_outs"]["recorded"])
    return out


WITHOUT_INSPECTION = {
    "status": "overdue",
    "show": [("overdue", "maintenance_log", "records overdue since 2026-04-02: Employee BMP training at least every 12 "
                                            "months: no training record"),
             ("action_due", "cycle", "review cycle 1 of 2026-03-02: corrections required (12 findings failing)")],
    "export": {"FSE-0417": ("overdue", "0", "", "2026-07-01"), "FSE-0520": ("incomplete", "0", "", "")},
    "list": {"FSE-0417": "overdue", "FSE-0520": "incomplete"},
    "due": [("FSE-0417", "2026-04-01", "overdue", "records"), ("FSE-0417", "2026-07-01", "due", "pump-out"),
            ("FSE-0520", "2026-09-15", "due", "waiver expires")],
    "summary": ({"incomplete": 1, "overdue": 1}, 0, 0, 0, 0, 3),
}


def inspection_id(db, capsys) -> int:
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    return json.loads(text)["inspections"][0]["id"]


def test_voiding_the_inspection_gives_back_the_state_without_it_everywhere(db, capsys, tmp_path, registers):
    build(db, capsys, tmp_path)
    with_it = pictures(db, capsys, registers)
    assert with_it["status"] == "in_violation"
    assert with_it["export"]["FSE-0417"] == ("in_violation", "1", "2026-03-02", "2026-07-01")
    assert with_it["summary"][1:5] == (1, 1, 0, 1)

    number = inspection_id(db, capsys)
    code, text, err = run(capsys, "register", "void", "inspection", number, "--reason", REASON, "--db", db,
                          "--format", "json")
    assert code == 0, err
    done = json.loads(text)
    assert (done["kind"], done["id"], done["fse_id"], done["reason"]) == ("inspection", number, "FSE-0417", REASON)
    assert [(n["notice"], n["closed_on"], n["how"]) for n in done["notices_closed"]] == [
        (1, "2026-03-02", "opened_in_error")]

    assert pictures(db, capsys, registers) == WITHOUT_INSPECTION

    # the timeline still shows it, marked void with its reason; the notice is closed as opened in error
    code, text, _ = run(capsys, "register", "history", "FSE-0417", "--db", db)
    line = next(x for x in text.splitlines() if x.split()[1] == "inspection")
    assert line.startswith("2026-03-02  inspection") and f"VOID ({REASON}; voided by " in line
    assert any(x.split()[1] == "void" and f"inspection {number} voided: {REASON}" in x for x in text.splitlines())
    code, text, _ = run(capsys, "register", "history", "FSE-0417", "--db", db, "--format", "json")
    inspected = [e for e in json.loads(text)["history"] if e["what"] == "inspection"]
    assert [e["void"]["reason"] for e in inspected] == [REASON]
    code, text, _ = run(capsys, "register", "notices", "--db", db, "--format", "json", "--as-of", AS_OF)
    assert [(n["notice"], n["status"], n["how"]) for n in json.loads(text)["notices"]] == [(1, "closed", "opened_in_error")]
    code, text, _ = run(capsys, "register", "summary", "--from", "2026-01-01", "--to", AS_OF, "--db", db,
                        "--format", "json")
    assert json.loads(text)["notices"]["opened_in_error"] == 1


def test_a_void_is_refused_when_it_cannot_be_made(db, capsys, tmp_path):
    build(db, capsys, tmp_path)
    number = inspection_id(db, capsys)
    assert run(capsys, "register", "void", "inspection", number, "--reason", REASON, "--db", db)[0] == 0
    code, _, err = run(capsys, "register", "void", "inspection", number, "--reason", "again", "--db", db)
    assert code == 2 and f"ID: inspection {number} was voided on " in err and f"({REASON}); nothing written" in err
    code, _, err = run(capsys, "register", "void", "inspection", "99999", "--reason", "x", "--db", db)
    assert (code, err.strip()) == (2, "sizing register: ID: no inspection 99999 in the register; nothing written")
    code, _, err = run(capsys, "register", "void", "inspection", "1e0", "--reason", "x", "--db", db)
    assert code == 2 and "ID: expected a record number in the digits 0-9" in err
    code, _, err = run(capsys, "register", "void", "inspection", number, "--reason", "  ", "--db", db)
    assert code == 2 and "--reason: expected why the record is voided" in err
    code, _, err = run(capsys, "register", "void", "inspection", number, "--reason", "bad\x1b[2Jreason", "--db", db)
    assert code == 2 and "--reason: holds a control character (U+001B)" in err
    code, _, err = run(capsys, "register", "void", "notice", "1", "--reason", "x", "--db", db)
    assert (code, err.strip()) == (2, "sizing register: KIND: expected inspection, maintenance_log or manifest, got 'notice'")

    # a plan the register made: void the record it was made from
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    plans = [r["id"] for r in json.loads(text)["maintenance_logs"] if r["computed"] and not r["void"]]
    code, _, err = run(capsys, "register", "void", "maintenance_log", plans[-1], "--reason", "x", "--db", db)
    assert code == 2 and "is the maintenance plan the register made from the records on file" in err


def test_an_inspection_that_closed_a_notice_is_not_voided(db, capsys, tmp_path):
    """The follow-up of 2026-03-20 closes notice 1 (drain screens "yes"); voiding it would reopen the notice."""
    build(db, capsys, tmp_path)
    assert run(capsys, "register", "inspect", REG / "corner-cafe-follow-up.yaml", "--db", db)[0] in (0, 1)
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    follow_up = json.loads(text)["inspections"][-1]["id"]
    code, _, err = run(capsys, "register", "void", "inspection", follow_up, "--reason", "x", "--db", db)
    assert code == 2 and f"inspection {follow_up} closed notice 1 (follow up inspection)" in err
    assert "nothing written" in err
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    assert json.loads(text)["voids"] == []


def test_voiding_a_maintenance_log_takes_its_pump_out_out_of_the_plan(db, capsys, tmp_path):
    """Corner Cafe's log of 2026-01-01 (48 in, a pump-out that day) and a second log of 2026-05-01 with a pump-out
    that day: the plan is dated 2026-05-01, the next pump-out due 2026-08-01 (3 months). Voided, the second log's
    pump-out no longer counts: the plan is made again from the first log and the two manifests (last full pump-out
    2026-04-01), due 2026-07-01."""
    build(db, capsys, tmp_path)
    second = write(tmp_path, "log2.yaml", "project: {fse_id: FSE-0417, name: Corner Cafe}\nmaintenance: {liquid_depth: "
                   "48 in, as_of: 2026-05-01, services: [{date: 2026-05-01, hauler: Valley, manifest: VG-9}]}\n")
    assert run(capsys, "register", "add", second, "--db", db)[0] in (0, 1)

    def pump_out_due():
        code, text, _ = run(capsys, "register", "due", "--db", db, "--as-of", "2026-05-02", "--within", "400",
                            "--format", "json")
        return [i["date"] for i in json.loads(text)["items"] if i["fse_id"] == "FSE-0417" and i["what"] == "pump-out"]

    assert pump_out_due() == ["2026-08-01"]
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    log = next(r["id"] for r in json.loads(text)["maintenance_logs"] if r["as_of"] == "2026-05-01" and not r["computed"])
    code, out, err = run(capsys, "register", "void", "maintenance_log", log, "--reason", "wrong FSE", "--db", db)
    assert code == 0, err
    assert "maintenance plan made again" in out
    assert pump_out_due() == ["2026-07-01"]
    code, text, _ = run(capsys, "register", "show", "FSE-0417", "--db", db, "--format", "json")
    d = json.loads(text)
    assert [e["void"]["reason"] for e in d["maintenance_events"] if e["on_date"] == "2026-05-01"] == ["wrong FSE"]


def test_only_a_role_that_writes_the_record_voids_it(db, capsys, tmp_path, registers):
    """An admin manages users but writes no inspection, so voids none."""
    build(db, capsys, tmp_path)
    me = registers(db).identity
    assert run(capsys, "register", "users", "add", me, "--role", "admin", "--db", db)[0] == 0
    number = inspection_id(db, capsys)
    code, _, err = run(capsys, "register", "void", "inspection", number, "--reason", "x", "--db", db)
    assert code == 2 and "(role admin) may not store an inspection or a notice's compliance" in err


def test_the_audit_trail_lists_every_write_and_the_void_with_its_writer(db, capsys, tmp_path, registers):
    """The worked register: the FSEs' details, review cycle 1, its notification and interceptor, a log and its two
    events, two manifests, the inspection (its notice), the waiver; then the void and the notice it closes."""
    build(db, capsys, tmp_path)
    number = inspection_id(db, capsys)
    assert run(capsys, "register", "void", "inspection", number, "--reason", REASON, "--db", db, "--user",
               "J. Alvarez")[0] == 0
    me = registers(db).identity
    code, text, err = run(capsys, "register", "audit", "--db", db, "--fse", "FSE-0417", "--format", "json")
    assert code == 0, err
    writes = json.loads(text)["writes"]
    assert {w["recorded_by"] for w in writes} == {me}
    voided = [(w["what"], w["detail"], w["on_behalf_of"]) for w in writes if w["what"] in ("void", "notice closure")
              and not w["detail"].startswith("maintenance_log ")]
    assert sorted(voided) == [("notice closure", "notice 1: opened_in_error", "J. Alvarez"),
                              ("void", f"inspection {number}: {REASON}", "J. Alvarez")]
    plans = [w["detail"] for w in writes if w["what"] == "void" and w["detail"].startswith("maintenance_log ")]
    assert plans and all(d.endswith(f": made from records that included inspection {number}, voided") for d in plans)
    kinds = [w["what"] for w in writes]
    assert kinds.count("inspection") == 1 and kinds.count("hauler manifest") == 2 and kinds.count("review cycle") == 1
    assert all(w["fse_id"] == "FSE-0417" for w in writes)
    code, text, _ = run(capsys, "register", "audit", "--db", db, "--limit", "1", "--format", "json")
    assert len(json.loads(text)["writes"]) == 1
    code, text, _ = run(capsys, "register", "audit", "--db", db, "--format", "csv")
    assert text.splitlines()[0] == "recorded_at,recorded_by,on_behalf_of,what,table,record,fse_id,detail"


def test_the_full_export_writes_every_table_whole(db, capsys, tmp_path):
    import zipfile

    import openpyxl

    from sizing.program import schema

    build(db, capsys, tmp_path)
    code, _, err = run(capsys, "register", "export", "--format", "zip", "--db", db, "-o", tmp_path / "all.zip")
    assert code == 0, err
    with zipfile.ZipFile(tmp_path / "all.zip") as z:
        assert sorted(z.namelist()) == sorted(f"{name}.csv" for name in schema.metadata.tables if name not in schema.DERIVED)
        manifests = z.read("hauler_manifests.csv").decode().splitlines()
    assert len(manifests) == 3 and manifests[1].split(",")[2] == "2026-02-10"  # header, VG-2, VG-3
    code, _, err = run(capsys, "register", "export", "--format", "xlsx", "--db", db, "-o", tmp_path / "all.xlsx")
    assert code == 0, err
    book = openpyxl.load_workbook(tmp_path / "all.xlsx")
    assert book["inspections"].max_row == 2 and book["hauler_manifests"].max_row == 3
    code, _, err = run(capsys, "register", "export", "--format", "xlsx", "--db", db)
    assert (code, err.strip()) == (2, "sizing register: --output: the xlsx export is a binary file; give -o FILE.xlsx")
