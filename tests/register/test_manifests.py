"""Hauler manifests: `sizing register import-manifests` checks every line (each rejection named by line and
field), imports all or nothing unless --skip-rejects, and a full pump-out on a manifest drives the due list as the
same pump-out listed in a maintenance log does.

Dates are hand-counted in the comments. The example log (examples/register/example-bistro-maintenance.yaml,
FSE-0311) has an approved interval of 90 days and its last pump-out on 2025-04-10: due 2025-07-09, as the file
says. Corner Cafe (FSE-0417, cycle 1) proposes a 1890 L interceptor = 1890 / 3.785411784 = 499.3 gal, and was
notified on 2025-11-03 to install one.
"""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.jurisdiction.profile import get
from sizing.program import schema as t
from tests.conftest import EXAMPLES

BISTRO = EXAMPLES / "register" / "example-bistro-maintenance.yaml"
CAFE = EXAMPLES / "register" / "corner-cafe-cycle1.yaml"
HEADER = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
SITE = "Stockton Regional WWTP"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def csv_file(tmp_path, *lines, name="manifests.csv"):
    path = tmp_path / name
    path.write_text(HEADER + "".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def count(registers, db, table):
    reg = registers(db)
    with reg.db.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()


def due(capsys, db, as_of, within=400):
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", as_of, "--within", within, "--format", "json")
    return [{k: i[k] for k in ("date", "fse_id", "what", "detail", "citation")} for i in json.loads(out)["items"]]


@pytest.fixture
def filled(db, capsys):
    """A register holding the bistro's log and the cafe's first review cycle."""
    assert run(capsys, "register", "add", BISTRO, "--db", db)[0] == 0
    assert run(capsys, "register", "add", CAFE, "--db", db)[0] == 1
    return db


REJECTIONS = [
    ("FSE-9999,2025-07-08,Valley Grease Haulers,VG-1,1000 gal,full," + SITE,
     "fse_id: no FSE 'FSE-9999' in the register"),
    ("FSE-0311,2025-07-08,Valley Grease Haulers,VG-20250410-11,1000 gal,full," + SITE,  # listed in the log
     "manifest: 'VG-20250410-11' of 'Valley Grease Haulers' is already recorded (the pump-out of 2025-04-10 in a "
     "maintenance log of FSE-0311)"),
    ("FSE-0311,2099-01-01,Valley Grease Haulers,VG-2,1000 gal,full," + SITE,
     r"date: expected a date on or before today \(\d{4}-\d\d-\d\d\), got '2099-01-01'"),
    ("FSE-0311,2025-02-30,Valley Grease Haulers,VG-3,1000 gal,full," + SITE,
     "date: expected a date that exists, as YYYY-MM-DD, got '2025-02-30'"),
    ("FSE-0311,2025-07-08,Valley Grease Haulers,VG-4,12 kg,full," + SITE,
     "gallons: expected a volume such as '1,000 gal' or '3.8 m3' (a bare number is gallons), more than 0, got '12 kg'"),
    ("FSE-0311,2025-07-08,Valley Grease Haulers,VG-5,0 gal,full," + SITE,
     "gallons: expected a volume such as '1,000 gal' or '3.8 m3' (a bare number is gallons), more than 0"),
    ("FSE-0311,2025-07-08,Valley Grease Haulers,VG-6,1000 gal,most," + SITE, "pump_out: expected full or partial, got 'most'"),
    ("FSE-0311,2025-07-08,,VG-7,1000 gal,full," + SITE, "hauler: missing; expected the hauler's name"),
    ("FSE-0311,2025-07-08,Valley Grease Haulers,VG-8,1000 gal,full,",
     "disposal_site: missing; expected where the hauler disposed of the waste"),
    ("FSE\u200b0311,2025-07-08,Valley Grease Haulers,VG-9,1000 gal,full," + SITE,
     r"fse_id: the id contains an invisible or control character \(U\+200B"),
]


@pytest.mark.parametrize(("line", "reason"), REJECTIONS, ids=[r[1][:30] for r in REJECTIONS])
def test_each_rejection_names_the_line_and_field_and_nothing_is_written(filled, capsys, tmp_path, registers, line,
                                                                          reason):
    good = "FSE-0311,2025-07-08,Valley Grease Haulers,VG-20250708-04,\"1,000 gal\",full," + SITE
    path = csv_file(tmp_path, good, line)
    logs_before = count(registers, filled, t.maintenance_logs)
    code, out, err = run(capsys, "register", "import-manifests", path, "--db", filled)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    import re

    assert re.search(r"manifests\.csv: line 3: " + (reason if "\\" in reason else re.escape(reason)), err), err
    assert err.rstrip().endswith("1 line rejected, nothing imported (fix it, or give --skip-rejects to import the "
                                 "other manifests)")
    assert count(registers, filled, t.hauler_manifests) == 0
    assert count(registers, filled, t.maintenance_logs) == logs_before


def test_a_manifest_number_twice_for_one_hauler_in_the_file_or_the_register(filled, capsys, tmp_path, registers):
    """Case and blanks do not make a new manifest number; another hauler may use the same number."""
    first = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-77,1000 gal,full,{SITE}",
                     f"FSE-0417,2025-11-20,Delta Pumping,VG-77,500 gal,full,{SITE}",
                     f"FSE-0311,2025-07-09,valley  grease HAULERS,vg-77,1000 gal,full,{SITE}", name="first.csv")
    code, out, err = run(capsys, "register", "import-manifests", first, "--db", filled, "--skip-rejects")
    assert code == 1
    assert "line 4: manifest: 'vg-77' of 'valley  grease HAULERS' is given twice in the file (lines 2 and 4)" in err
    assert out.startswith("imported 2 manifests (2 full pump-outs, 0 partial) for 2 FSEs; the maintenance schedule of "
                          "1 FSE updated from every pump-out and log on file; 1 line rejected (line 4), not imported")
    again = csv_file(tmp_path, f"FSE-0311,2025-08-01,VALLEY GREASE HAULERS,VG-77,1000 gal,full,{SITE}",
                     name="again.csv")
    code, _, err = run(capsys, "register", "import-manifests", again, "--db", filled)
    assert code == 2
    assert "again.csv: line 2: manifest: 'VG-77' of 'VALLEY GREASE HAULERS' is already recorded (line 2 of first.csv)" in err
    assert count(registers, filled, t.hauler_manifests) == 2


def test_skip_rejects_imports_the_rest_and_writes_the_rejects_file(filled, capsys, tmp_path, registers):
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-1,3.8 m3,full,{SITE}",
                    f"FSE-0404,2025-07-08,Valley Grease Haulers,VG-2,900,full,{SITE}",
                    f"FSE-0417,2025-11-20,Delta Pumping,D-1,120 gal,partial,{SITE}")
    rejects = tmp_path / "rejects.csv"
    code, out, err = run(capsys, "register", "import-manifests", path, "--db", filled, "--skip-rejects",
                         "--rejects", rejects)
    assert code == 1 and err == ""
    assert rejects.read_text() == "line,fse_id,reason\n3,FSE-0404,fse_id: no FSE 'FSE-0404' in the register\n"
    reg = registers(filled)
    with reg.db.read() as conn:
        rows = conn.execute(sa.select(t.hauler_manifests).order_by(t.hauler_manifests.c.line)).mappings().all()
    # 3.8 m3 = 3.8 / 0.003785411784 m3/gal = 1003.85 gal
    assert [(r["fse_id"], r["line"], round(r["gallons"], 2), r["full"]) for r in rows] == [
        ("FSE-0311", 2, 1003.85, True), ("FSE-0417", 4, 120.0, False)]
    assert rows[0]["recorded_by"] and rows[0]["document_name"] == "manifests.csv"


def test_no_register_or_a_file_that_is_not_a_manifest_csv_creates_nothing(capsys, tmp_path):
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-1,1000 gal,full,{SITE}")
    db = tmp_path / "none.db"
    code, _, err = run(capsys, "register", "import-manifests", path, "--db", db)
    assert code == 2 and "no register yet" in err and not db.exists()
    bad = tmp_path / "bad.csv"
    bad.write_text("fse_id,date,hauler,manifest,gallons,pump_out\n")
    code, _, err = run(capsys, "register", "import-manifests", bad, "--db", db)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.strip().endswith("/bad.csv: missing column disposal_site; the columns are fse_id, date, hauler, "
                                "manifest, gallons, pump_out, disposal_site")
    assert not db.exists()


def test_all_or_nothing_still_writes_every_rejected_line_to_the_rejects_file(filled, capsys, tmp_path, registers):
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-1,1000 gal,full,{SITE}",
                    f"FSE-0404,2025-07-08,Valley Grease Haulers,VG-2,900,full,{SITE}",
                    f"FSE-0311,2025-07-09,Valley Grease Haulers,VG-3,900,empty,{SITE}")
    rejects = tmp_path / "rejects.csv"
    code, out, err = run(capsys, "register", "import-manifests", path, "--db", filled, "--rejects", rejects)
    assert code == 2 and out == ""
    assert "manifests.csv: line 3: fse_id: no FSE 'FSE-0404' in the register; 2 lines rejected, nothing imported" in err
    assert rejects.read_text().splitlines() == [
        "line,fse_id,reason", "3,FSE-0404,fse_id: no FSE 'FSE-0404' in the register",
        "4,FSE-0311,\"pump_out: expected full or partial, got 'empty'\""]
    assert count(registers, filled, t.hauler_manifests) == 0


def test_a_full_pump_out_far_below_the_volume_is_a_warning(filled, capsys, tmp_path, registers):
    """Half of 499.3 gal is 249.6 gal: 200 gal warns, 300 gal does not; a partial pump-out never warns."""
    path = csv_file(tmp_path, f"FSE-0417,2025-11-20,Delta Pumping,D-1,200 gal,full,{SITE}",
                    f"FSE-0417,2025-12-20,Delta Pumping,D-2,300 gal,full,{SITE}",
                    f"FSE-0417,2026-01-20,Delta Pumping,D-3,50 gal,partial,{SITE}")
    code, out, err = run(capsys, "register", "import-manifests", path, "--db", filled)
    assert code == 0
    assert err.strip().splitlines() == [
        "sizing register: warning: line 2: FSE-0417: a full pump-out of 200 gal is less than 50 % of the "
        "interceptor's 499.3 gal; a full pump-out removes the whole content: check the manifest's gallons, or mark "
        "it partial"]
    assert out.strip().endswith("; 1 warning")
    assert count(registers, filled, t.hauler_manifests) == 3


def test_a_manifest_and_the_same_pump_out_in_a_log_give_the_same_due_date(db, capsys, tmp_path, registers):
    """Last pump-out 2025-07-08 + the approved 90 days = 2025-10-06 (23 days of July, 31 of August, 30 of
    September, 6 of October), on both registers."""
    assert run(capsys, "register", "add", BISTRO, "--db", db)[0] == 0
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-20250708-04,950 gal,full,{SITE}")
    assert run(capsys, "register", "import-manifests", path, "--db", db)[0] == 0
    from_manifest = due(capsys, db, "2025-07-10")

    other = tmp_path / "other.db"
    log = BISTRO.read_text().replace("  as_of: 2025-06-20", "  as_of: 2025-07-08").replace(
        "  measurements:", "    - {date: 2025-07-08, hauler: Valley Grease Haulers, manifest: VG-20250708-04}\n"
        "  measurements:")
    equivalent = tmp_path / "equivalent.yaml"
    equivalent.write_text(log)
    assert run(capsys, "register", "add", BISTRO, "--db", other)[0] == 0
    assert run(capsys, "register", "add", equivalent, "--db", other)[0] == 0
    from_log = due(capsys, other, "2025-07-10")
    pump = [i for i in from_manifest if i["what"] == "pump-out"]
    assert pump == [{"date": "2025-10-06", "fse_id": "FSE-0311", "what": "pump-out",
                     "detail": "approved interval of 90 days after the last pump-out (at most 6 months) (TMC ch. "
                               "5.26, Grease interceptor maintenance (e)(2))",
                     "citation": "TMC ch. 5.26, Grease interceptor maintenance (e)(2)"}]
    assert from_manifest == from_log
    reg = registers(db)
    with reg.db.read() as conn:  # the plan the import stored is the plan its document evaluates to
        row = conn.execute(sa.select(t.maintenance_logs).order_by(t.maintenance_logs.c.id.desc())).mappings().first()
    from sizing.program.evaluated import evaluate

    assert row["computed"] is True and row["document_text"] is None
    assert evaluate(row["document"], kind="maintenance", jurisdiction=get("tracy")).data == row["result"]
    _, out, _ = run(capsys, "register", "export", "--db", db, "--format", "csv", "--as-of", "2025-07-10")
    _, out_log, _ = run(capsys, "register", "export", "--db", other, "--format", "csv", "--as-of", "2025-07-10")
    assert "2025-10-06" in out and out.splitlines()[1] == out_log.splitlines()[1]


def test_a_late_manifest_fails_the_pump_out_frequency_as_the_log_would(db, capsys, tmp_path):
    """2025-04-10 to 2025-11-20 is 224 days (20 + 31 + 30 + 31 + 31 + 30 + 31 + 20), more than 6 months: the
    records check fails on the due list, dated the new log's date, in both registers."""
    assert run(capsys, "register", "add", BISTRO, "--db", db)[0] == 0
    path = csv_file(tmp_path, f"FSE-0311,2025-11-20,Valley Grease Haulers,VG-20251120-01,1000 gal,full,{SITE}")
    assert run(capsys, "register", "import-manifests", path, "--db", db)[0] == 0
    other = tmp_path / "other.db"
    equivalent = tmp_path / "equivalent.yaml"
    equivalent.write_text(BISTRO.read_text().replace("  as_of: 2025-06-20", "  as_of: 2025-11-20").replace(
        "  measurements:", "    - {date: 2025-11-20, hauler: Valley Grease Haulers, manifest: VG-20251120-01}\n"
        "  measurements:"))
    assert run(capsys, "register", "add", equivalent, "--db", other)[0] == 1
    items = due(capsys, db, "2025-11-21")
    records = [i for i in items if i["what"] == "records" and "pump-outs" in i["detail"]]
    assert records == [{"date": "2025-11-20", "fse_id": "FSE-0311", "what": "records", "detail":
                        "Full pump-outs at least every 6 months: more than 6 months apart: 2025-04-10 to 2025-11-20 "
                        "(224 days)", "citation": "TMC ch. 5.26, Grease interceptor maintenance (e)(2)"}]
    assert items == due(capsys, other, "2025-11-21")


def test_an_fse_with_manifests_only_is_due_by_the_default_interval_and_its_install_deadline_is_met(
        filled, capsys, tmp_path):
    """Corner Cafe has no maintenance log: its pump-out of 2025-11-20 + 3 calendar months (the quarterly default,
    (e)(3)) is due 2026-02-20; the pump-out on or after the notification of 2025-11-03 shows an interceptor in
    service, so the install deadline leaves the due list."""
    before = due(capsys, filled, "2025-11-21")
    assert [i["what"] for i in before if i["fse_id"] == "FSE-0417"] == ["install interceptor"]
    path = csv_file(tmp_path, f"FSE-0417,2025-11-20,Delta Pumping,D-1,480 gal,full,{SITE}")
    assert run(capsys, "register", "import-manifests", path, "--db", filled)[0] == 0
    after = [i for i in due(capsys, filled, "2025-11-21") if i["fse_id"] == "FSE-0417"]
    assert after == [{"date": "2026-02-20", "fse_id": "FSE-0417", "what": "pump-out",
                      "detail": "quarterly while the frequency is not established (TMC ch. 5.26, Grease interceptor "
                                "maintenance (e)(3)); no maintenance log on record (hauler manifests only)",
                      "citation": "TMC ch. 5.26, Grease interceptor maintenance (e)(3)"}]


def test_the_timeline_shows_each_manifest(filled, capsys, tmp_path):
    path = csv_file(tmp_path, f"FSE-0417,2025-11-20,Delta Pumping,D-1,\"1,000 gal\",partial,{SITE}")
    assert run(capsys, "register", "import-manifests", path, "--db", filled, "--user", "Sam Lee")[0] == 0
    _, out, _ = run(capsys, "register", "history", "FSE-0417", "--db", filled, "--format", "json")
    rows = [r for r in json.loads(out)["history"] if r["what"] == "partial pump-out"]
    assert [(r["date"], r["detail"], r["on_behalf_of"]) for r in rows] == [
        ("2025-11-20", f"hauler Delta Pumping; manifest D-1; 1,000 gal to {SITE}", "Sam Lee")]


def test_a_role_that_may_not_store_maintenance_records_is_refused(filled, capsys, tmp_path, registers):
    from sizing.program import access

    reg = registers(filled)
    access.add_user(reg.db, "it-admin@city.example", "admin", by=reg.identity)
    access.add_user(reg.db, reg.identity, "plan_checker", by="it-admin@city.example")
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-1,1000 gal,full,{SITE}")
    code, _, err = run(capsys, "register", "import-manifests", path, "--db", filled)
    assert code == 2
    assert "(role plan_checker) may not import hauler manifests: that needs the role inspector or director; " \
           "nothing written" in err
    assert count(registers, filled, t.hauler_manifests) == 0


def test_the_migrations_build_the_tables_and_indexes_the_code_declares(db, registers):
    """Schema 0007 as the migration builds it (hauler_manifests, its unique key and indexes, maintenance_logs.due,
    the events' and logs' indexes) is what sizing/program/schema.py declares: no difference left to migrate."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from sizing.program.schema import metadata

    reg = registers(db)
    with reg.db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        names = {i["name"] for i in sa.inspect(conn).get_indexes("hauler_manifests")}
    assert "ix_hauler_manifests_fse_date" in names


def test_a_stored_log_that_cannot_be_evaluated_again_names_its_fse_and_imports_nothing(db, capsys, tmp_path,
                                                                                     registers):
    assert run(capsys, "register", "add", BISTRO, "--db", db)[0] == 0
    reg = registers(db)
    with reg.db.write() as conn:  # as an older version might have stored it: a depth this one refuses
        doc = conn.execute(sa.select(t.maintenance_logs.c.document)).scalar()
        doc["maintenance"]["liquid_depth"] = "48 kg"
        conn.execute(t.maintenance_logs.update().values(document=doc))
    path = csv_file(tmp_path, f"FSE-0311,2025-07-08,Valley Grease Haulers,VG-1,1000 gal,full,{SITE}")
    code, out, err = run(capsys, "register", "import-manifests", path, "--db", db)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "sizing register: FSE-0311: its maintenance log of 2025-06-20 cannot be read for the maintenance plan: "
        "maintenance.liquid_depth: expected a length such as '24 in' or '610 mm', got '48 kg'; nothing written"]
    assert count(registers, db, t.hauler_manifests) == 0
