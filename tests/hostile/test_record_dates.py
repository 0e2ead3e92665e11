"""A record of something that happened is never dated after today, nor before the notice it closes.

Every writer of the register is held to one check (``sizing.io.fields.record_date``): a compliance record
(``register comply --date``), an inspection, a hauler manifest line, and the documents ``register add`` stores
(a maintenance log's ``as_of``, a review's ``review_date`` and the Director's ``notification_date``, a waiver's
``date`` and ``granted_on``, and the ``--date`` given for a document without one). A record dated tomorrow would
stand in the way of the real one (the notice shows closed, and the next failure restarts the escalation ladder at
tier 1), so it is refused with one line naming the field, exit 2, and nothing is written.

"Tomorrow" is the clock's day + 1 (the only date here not counted from a text: it is whatever day the run is).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import sqlalchemy as sa
import yaml

from sizing.cli.main import main
from sizing.program import schema as t

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FSE = "FSE-0417"
TODAY = dt.date.today()
TOMORROW = TODAY + dt.timedelta(days=1)
AFTER_TODAY = f"expected a date on or before today ({TODAY.isoformat()}), got '{TOMORROW.isoformat()}'"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def count(db_path, table) -> int:
    engine = sa.create_engine(f"sqlite:///{db_path}")
    try:
        with engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()
    finally:
        engine.dispose()


def register_with_notice(capsys, tmp_path):
    """A register holding FSE-0417 (a maintenance log of 2026-01-01) and notice 1, a CCTV order issued at the
    inspection of 2026-03-02 (TMC ch. 5.26, Reporting (b): 30 days)."""
    db = tmp_path / "reg.db"
    log = write(tmp_path, "log.yaml", f"project: {{fse_id: {FSE}, name: Corner Cafe}}\nmaintenance: {{liquid_depth: "
                "48 in, as_of: 2026-01-01, training: [2025-06-01], services: [{date: 2026-01-01, hauler: Valley, "
                "manifest: VG-1}]}\n")
    assert run(capsys, "register", "add", log, "--db", db)[0] in (0, 1)
    visit = write(tmp_path, "visit.yaml", f"project: {{fse_id: {FSE}}}\ninspection:\n  date: 2026-03-02\n  purpose: "
                  "blockage_or_overflow\n  findings: [{clause: 'TMC ch. 5.26, Reporting (b)', text: FOG in the lateral "
                  "cleanout, notice: cctv_order}]\n")
    assert run(capsys, "register", "inspect", visit, "--db", db)[0] == 1
    return db


def test_a_compliance_record_dated_tomorrow_is_refused_and_the_notice_stays_open(capsys, tmp_path):
    db = register_with_notice(capsys, tmp_path)
    code, out, err = run(capsys, "register", "comply", "1", "--date", TOMORROW, "--evidence", "CCTV report", "--db", db)
    assert (code, out) == (2, "") and err.strip().endswith(f"--date: {AFTER_TODAY}") and len(err.strip().splitlines()) == 1
    assert count(db, t.notice_closures) == 0
    # the real record (today) is not blocked by it
    code, out, _ = run(capsys, "register", "comply", "1", "--date", TODAY, "--evidence", "CCTV report", "--db", db)
    assert code == 0 and f"closed notice 1 on {TODAY.isoformat()}" in out


def test_a_compliance_record_before_its_notice_is_refused(capsys, tmp_path):
    db = register_with_notice(capsys, tmp_path)
    code, _, err = run(capsys, "register", "comply", "1", "--date", "2026-03-01", "--evidence", "report", "--db", db)
    assert code == 2 and "--date: expected a date on or after the notice's 2026-03-02, got '2026-03-01'" in err
    assert count(db, t.notice_closures) == 0


def test_an_inspection_and_a_manifest_dated_tomorrow_are_refused(capsys, tmp_path):
    db = register_with_notice(capsys, tmp_path)
    visit = write(tmp_path, "late.yaml", f"project: {{fse_id: {FSE}}}\ninspection:\n  date: {TOMORROW}\n"
                  "  purpose: routine\n")
    code, _, err = run(capsys, "register", "inspect", visit, "--db", db)
    assert code == 2 and f"inspection.date: {AFTER_TODAY}" in err
    manifests = write(tmp_path, "m.csv", "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
                      f"{FSE},{TOMORROW},Valley,VG-9,1000 gal,full,Tracy WWTP\n")
    code, _, err = run(capsys, "register", "import-manifests", manifests, "--db", db)
    assert code == 2 and f"date: {AFTER_TODAY}" in err
    assert count(db, t.inspections) == 1 and count(db, t.hauler_manifests) == 0


def _doc(name, **changes):
    doc = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    doc.setdefault("project", {})["fse_id"] = FSE
    for path, value in changes.items():
        where = doc
        *parents, last = path.split(".")
        for key in parents:
            where = where[key]
        where[last] = value
    return doc


def _added(capsys, tmp_path, doc, *extra):
    path = write(tmp_path, "doc.yaml", yaml.safe_dump(doc, sort_keys=False))
    db = tmp_path / "add.db"
    code, out, err = run(capsys, "register", "add", path, "--db", db, *extra)
    return code, out, err, db


def test_register_add_refuses_each_record_date_after_today(capsys, tmp_path):
    cases = [
        ("maintenance-restaurant.yaml", {"maintenance.as_of": TOMORROW.isoformat()}, (), "maintenance.as_of"),
        ("review-compliant.yaml", {"review_date": TOMORROW.isoformat()}, (), "review_date"),
        ("review-noncompliant.yaml", {"review_date": TODAY.isoformat(),
                                      "existing_fse.notification_date": TOMORROW.isoformat()}, (),
         "existing_fse.notification_date"),
        ("waiver-coffee-bar.yaml", {"waiver.date": TOMORROW.isoformat()}, (), "waiver.date"),
        ("review-compliant.yaml", {"review_date": None}, ("--date", TOMORROW.isoformat()), "--date"),
    ]
    for name, changes, extra, field in cases:
        code, out, err, db = _added(capsys, tmp_path, _doc(name, **changes), *extra)
        assert (code, out) == (2, ""), (name, field, err)
        assert f"{field}: {AFTER_TODAY}" in err and len(err.strip().splitlines()) == 1, (name, field, err)
        assert not db.exists() or count(db, t.fses) == 0, (name, field)


def test_register_add_keeps_a_record_dated_today(capsys, tmp_path):
    code, out, err, db = _added(capsys, tmp_path, _doc("review-compliant.yaml", review_date=TODAY.isoformat()))
    assert code == 0, err
    assert FSE in out and count(db, t.cycles) == 1
