"""The due list names the records checks the latest maintenance log did not meet, whether the log was stored with
findings (Finding.to_dict shape) or in the older shape (records with ok / detail)."""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa

from sizing.cli.main import main
from sizing.program import schema as t
from tests.register.conftest import back_to

TRAINING = "Employee BMP training at least every 12 months: no training record"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().out


def records_items(capsys, db):
    code, out = run(capsys, "register", "due", "--db", db, "--as-of", "2025-06-01", "--within", "0",
                    "--format", "json")
    return [(i["date"], i["fse_id"], i["detail"], i["citation"]) for i in json.loads(out)["items"]
            if i["what"] == "records"]


def test_records_not_met_are_due_in_the_new_and_the_older_shape_once_migrated(db, capsys, tmp_path, registers):
    log = tmp_path / "log.yaml"
    log.write_text("project: {fse_id: FSE-0900}\nmaintenance: {liquid_depth: 48 in, as_of: 2025-06-01, "
                   "records_kept_since: 2020-01-01, "
                   "services: [{date: 2025-04-01, hauler: Valley Grease Haulers, manifest: VG-1}]}\n")
    assert run(capsys, "register", "add", log, "--db", db)[0] == 1  # no training record
    cite = "TMC ch. 5.26, Best management practices (b)(5)"
    assert records_items(capsys, db) == [("2025-06-01", "FSE-0900", TRAINING, cite)]

    reg = registers(db)
    with reg.db.read() as conn:
        row = dict(conn.execute(sa.select(t.maintenance_logs).where(t.maintenance_logs.c.computed.is_not(True)))
                   .mappings().one())
    stored = row["result"]
    assert "findings" in stored and all("ok" not in c for c in stored["records"])
    older = {k: v for k, v in stored.items() if k != "findings"}
    older["records"] = [{"key": c["rule"], "title": c["title"],
                         "ok": {"pass": True, "fail": False, "warn": None}[c["status"]], "citation": c["citation"],
                         "detail": c["message"].split(": ", 1)[1]} for c in stored["records"]]
    later = {k: v for k, v in row.items() if k not in ("id", "inspection_id", "due", "computed")}  # 0004's columns
    later.update(result=older, recorded_at=row["recorded_at"] + dt.timedelta(seconds=1))
    from sizing.program.location import resolve

    back_to(resolve(db)[0], "0005")
    with reg.db.write() as conn:  # the same log stored again as an older version wrote it, at that version
        conn.execute(sa.insert(t.maintenance_logs).values(**later))
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0004'"))
        conn.execute(sa.text("ALTER TABLE notifications DROP COLUMN day_kind"))  # as 0004 had it
    reg.db.engine.dispose()
    assert run(capsys, "register", "migrate", "--db", db)[0] == 0  # rewrites the older shape once
    assert records_items(capsys, db) == [("2025-06-01", "FSE-0900", TRAINING, cite)]
    with registers(db).db.read() as conn:
        results = [r[0] for r in conn.execute(sa.select(t.maintenance_logs.c.result).order_by(t.maintenance_logs.c.id))]
    def shown(findings):
        return [(f["rule"], f["status"], f["title"], f["citation"], f["message"]) for f in findings]

    assert shown(results[-1]["records"]) == shown(stored["records"])
