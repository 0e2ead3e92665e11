"""An inspection that answers nothing has not passed: each inspection is passed, failed or incomplete, and one
with checklist items left unanswered names them wherever it is shown (``register inspect``, the timeline, the
program summary).

Tracy's checklists (tables/jurisdictions/tracy.yaml, ``inspections.checklists``) are the ordinance's own lists:
Best management practices (b)(1)-(5), five items, and Record keeping (a)-(f), six: eleven items in all. An
inspection answering one of them leaves ten unanswered; one answering none (and taking no reading) checks nothing.
"""

from __future__ import annotations

import json

from sizing.cli.main import main

FSE = "FSE-0417"
BMP = ("drain_screens", "yellow_grease", "food_waste", "exhaust_filters", "employee_training")
RECORDS = ("cleaning_records", "bmp_training_records", "hauler_manifests", "sludge_height_records", "spill_records",
           "other_information")
ALL = [f"bmp.{k}" for k in BMP] + [f"records.{k}" for k in RECORDS]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def register(tmp_path, capsys):
    db = tmp_path / "register.db"
    log = tmp_path / "log.yaml"
    log.write_text(f"project: {{fse_id: {FSE}, name: Corner Cafe}}\nmaintenance: {{liquid_depth: 48 in, as_of: "
                   "2026-01-01, training: [2025-06-01], services: [{date: 2026-01-01, hauler: Valley, manifest: "
                   "VG-1}]}\n", encoding="utf-8")
    code, _, err = run(capsys, "register", "add", log, "--db", db)
    assert code in (0, 1), err
    return db


def inspect(tmp_path, capsys, db, name, date, checklists=None):
    path = tmp_path / f"{name}.yaml"
    body = f"project: {{fse_id: {FSE}}}\ninspection:\n  date: {date}\n  purpose: routine\n"
    if checklists:
        body += f"  checklists: {checklists}\n"
    path.write_text(body, encoding="utf-8")
    code, out, err = run(capsys, "register", "inspect", path, "--db", db, "--format", "json")
    assert code in (0, 1), err
    return code, json.loads(out)


def test_an_inspection_that_answers_nothing_is_incomplete_not_passed(tmp_path, capsys):
    db = register(tmp_path, capsys)
    code, data = inspect(tmp_path, capsys, db, "empty", "2026-03-02")
    assert data["passed"] is False and data["inspection"]["outcome"] == "incomplete"
    assert data["inspection"]["unanswered"] == ALL
    assert code == 0  # nothing failed: no notice, no "not compliant" exit

    path = tmp_path / "empty.yaml"
    code, out, _ = run(capsys, "register", "inspect", path, "--db", db)  # the same visit again, as text
    assert "passed" not in out.split("\n")[0]
    assert "incomplete: 11 of 11 checklist items not answered (drain screens" in out
    assert "other information)" in out


def test_one_item_answered_names_the_ten_left_and_the_timeline_and_summary_say_so(tmp_path, capsys):
    db = register(tmp_path, capsys)
    inspect(tmp_path, capsys, db, "one", "2026-03-02", "{bmp: {drain_screens: yes}}")
    everything = "{bmp: {" + ", ".join(f"{k}: yes" for k in BMP) + "}, records: {" + ", ".join(
        f"{k}: n/a" for k in RECORDS) + "}}"
    code, data = inspect(tmp_path, capsys, db, "all", "2026-03-09", everything)
    assert code == 0 and data["passed"] is True and data["inspection"]["outcome"] == "passed"
    code, data = inspect(tmp_path, capsys, db, "fail", "2026-03-16", "{bmp: {food_waste: no}}")
    assert code == 1 and data["inspection"]["outcome"] == "failed"

    _, history, _ = run(capsys, "register", "history", FSE, "--db", db)
    first = next(line for line in history.splitlines() if "2026-03-02" in line and "inspection" in line)
    assert "incomplete: 10 of 11 checklist items not answered (yellow grease, food waste" in first
    assert "passed" not in first
    failed = next(line for line in history.splitlines() if "2026-03-16" in line and "inspection" in line)
    assert "1 item(s) failed" in failed and "10 of 11 checklist items not answered" in failed

    _, out, _ = run(capsys, "register", "summary", "--from", "2026-03-01", "--to", "2026-03-31", "--db", db,
                    "--format", "json")
    i = json.loads(out)["inspections"]
    assert (i["done"], i["passed"], i["failed"], i["incomplete"]) == (3, 1, 1, 1)
    _, text, _ = run(capsys, "register", "summary", "--from", "2026-03-01", "--to", "2026-03-31", "--db", db)
    assert "Inspections: 3 (1 passed, 1 failed, 1 incomplete) at 1 FSEs" in text
