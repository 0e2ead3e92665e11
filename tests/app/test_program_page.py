"""Page 6, Program: the register's FSE list, one FSE's timeline, the due list and the cycle diff; and the
"Save to register" box of the review page (the register is an SQLite file named by SIZING_DB)."""

from __future__ import annotations

import datetime as dt

import pytest

from sizing.cli.main import main
from sizing.program.writers import os_user
from tests.app.conftest import errors, goto, open_program_tab, table, texts
from tests.conftest import EXAMPLES

REG = EXAMPLES / "register"


@pytest.fixture
def register_file(tmp_path, monkeypatch):
    path = tmp_path / "program.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    return path


def fill(path):
    for name in ("corner-cafe-cycle1.yaml", "corner-cafe-cycle2.yaml", "corner-coffee-waiver.yaml",
                 "example-bistro-maintenance.yaml"):
        assert main(["register", "add", str(REG / name), "--db", str(path), "--user", "J. Alvarez"]) in (0, 1)


def test_no_register_yet_says_how_to_make_one(app, register_file):
    goto(app, "program")
    assert "No register yet: an admin creates it with `sizing register init`" in texts(app)
    assert str(register_file) not in texts(app)  # where it is looked for is the deployment's, never shown
    assert not register_file.exists()  # viewing creates nothing


def test_fse_list_due_list_and_cycle_diff(app, register_file):
    fill(register_file)
    app.session_state["in_pg_as_of"] = dt.date(2026, 7, 1)
    goto(app, "program")
    assert not errors(app)
    fses = table(app, "fse_id", "status")
    assert list(fses["fse_id"]) == ["FSE-0311", "FSE-0417", "FSE-0520"]
    # the compliance state: its install deadline (2026-07-28) within 30 days, its review's corrections outstanding
    assert dict(zip(fses["fse_id"], fses["status"], strict=True))["FSE-0417"] == "action due"
    app.multiselect(key="in_pg_status").set_value(["action_due"]).run()
    assert list(table(app, "fse_id", "status")["fse_id"]) == ["FSE-0417"]
    open_program_tab(app, "Due")
    app.number_input(key="in_pg_within").set_value(90).run()
    due = table(app, "date", "status", "what")
    assert [(str(d), s) for d, s in zip(due["date"], due["status"], strict=True)] == [
        ("2025-07-09", "overdue"), ("2026-02-20", "overdue"), ("2026-07-28", "due"), ("2026-09-15", "due")]
    # the same calendar as register due --format ics (tests/register/test_due_calendar.py)
    assert "Due list (calendar, .ics)" in [b.proto.label for b in app.get("download_button")]
    open_program_tab(app, "Cycle diff")
    diff = table(app, "item", "cycle 1", "cycle 2")
    rows = dict(zip(diff["item"], zip(diff["cycle 1"], diff["cycle 2"], strict=True), strict=True))
    assert rows["DFU total"] == ("16", "13")
    assert rows["Interceptor, volume (gal)"] == ("499.3", "1,000")  # a volume to 0.1 gal
    changes = dict(zip(diff["item"], diff["change"], strict=True))
    assert changes["Finding: Volume"] == "resolved" and changes["Finding: Discharge temperature"] == "still failing"
    open_program_tab(app, "Timeline")
    assert "maintenance check" in list(table(app, "what", "detail", "recorded_by")["what"])  # FSE-0311 first
    assert "Accumulation" in texts(app)  # its latest log's chart
    app.selectbox(key="in_pg_fse").set_value("FSE-0417").run()
    timeline = table(app, "what", "detail", "recorded_by", "on_behalf_of")
    assert list(timeline["what"])[:3] == ["notification", "review cycle 1", "review cycle 2"]
    assert set(timeline["recorded_by"]) == {os_user()}  # the writer; --user is on whose behalf
    assert set(timeline["on_behalf_of"]) == {"J. Alvarez"}


def test_the_fse_list_follows_every_write(app, register_file):
    """The FSE list is kept per register state: a record added by anyone (here the command line) shows at the
    next rerun, with its status; the whole list and a filtered one show the same cells."""
    for name in ("corner-cafe-cycle1.yaml", "corner-coffee-waiver.yaml"):
        assert main(["register", "add", str(REG / name), "--db", str(register_file)]) in (0, 1)
    app.session_state["in_pg_as_of"] = dt.date(2026, 7, 1)
    goto(app, "program")
    assert list(table(app, "fse_id")["fse_id"]) == ["FSE-0417", "FSE-0520"]
    assert "2 of 2 FSEs" in texts(app)
    fill(register_file)
    app.run()
    assert not errors(app)
    whole = table(app, "fse_id", "status", "overdue", "next_service")
    assert list(whole["fse_id"]) == ["FSE-0311", "FSE-0417", "FSE-0520"] and "3 of 3 FSEs" in texts(app)
    statuses = dict(zip(whole["fse_id"], whole["status"], strict=True))
    assert statuses["FSE-0417"] == "action due" and statuses["FSE-0311"] == "overdue"
    app.checkbox(key="in_pg_overdue").check().run()
    only = table(app, "fse_id", "status", "overdue", "next_service")
    assert list(only["fse_id"]) == ["FSE-0311"]
    same = whole[whole["fse_id"] == "FSE-0311"].iloc[0]  # the same text (a column of dates alone stays dates)
    assert {k: str(v) for k, v in only.iloc[0].items()} == {k: str(v) for k, v in same.items()}


def test_save_to_register_from_the_review_page(app, register_file):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-noncompliant.yaml")
    app.button(key="rv_load_example").click().run()
    app.session_state["reg_box_open_review"] = True  # open the save box: its fields are drawn when open
    app.run()
    app.text_input(key="in_reg_user").set_value("M. Chen").run()
    app.button(key="reg_save_review").click().run()
    assert not errors(app)
    assert "Saved: stored review cycle 1 of FSE-0417 (not compliant)" in texts(app)
    app.button(key="reg_save_review").click().run()
    assert "stored review cycle 2 of FSE-0417" in texts(app)
    assert main(["register", "history", "FSE-0417", "--db", str(register_file), "--format", "json"]) == 0


def test_save_maintenance_log_asks_for_the_fse_id(app, register_file):
    goto(app, "maintenance")
    app.selectbox(key="in_mt_example").set_value("maintenance-restaurant.yaml")
    app.button(key="mt_load_example").click().run()
    app.session_state["reg_box_open_maintenance"] = True  # open the save box: its fields are drawn when open
    app.run()
    app.button(key="reg_save_maintenance").click().run()
    assert any("project.fse_id" in e or "--fse" in e for e in errors(app))
    assert not register_file.exists() or main(["register", "show", "FSE-0311", "--db", str(register_file)]) == 2
    app.text_input(key="in_reg_fse_maintenance").set_value("FSE-0311").run()
    app.button(key="reg_save_maintenance").click().run()
    assert "stored maintenance log (9 new events) of FSE-0311" in texts(app)


def test_save_waiver_decision_from_the_waiver_page(app, register_file, tmp_path):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value("waiver-coffee-bar.yaml")
    app.button(key="wv_load_example").click().run()
    app.session_state["reg_box_open_waiver"] = True  # open the save box: its fields are drawn when open
    app.run()
    app.text_input(key="in_reg_fse_waiver").set_value("FSE-0520").run()
    app.text_input(key="in_reg_user").set_value("Director").run()
    app.button(key="reg_save_waiver").click().run()
    assert not errors(app)
    assert "Saved: stored waiver decision of FSE-0520" in texts(app)
    out = tmp_path / "export.json"
    assert main(["register", "export", "--db", str(register_file), "-o", str(out)]) == 0
    import json

    waiver = json.loads(out.read_text())["fses"][0]["waivers"][0]
    assert (waiver["status"], waiver["expiration"], waiver["recorded_by"], waiver["on_behalf_of"]) == (
        "grantable", "2028-03-31", os_user(), "Director")


def test_a_record_voided_on_the_timeline_is_struck_through_and_stops_counting(app, register_file):
    """Corner Cafe's routine inspection of 2026-03-02 (drain screens "no": notice 1) voided from the Timeline tab:
    the row stays, struck through with the reason; notice 1 is closed as opened in error; the FSE list's status is
    the one without it (as of 2026-04-15: the install deadline of 2026-07-29 lies ahead, the review's corrections
    are outstanding: action_due)."""
    assert main(["register", "add", str(REG / "corner-cafe-cycle1.yaml"), "--db", str(register_file)]) in (0, 1)
    assert main(["register", "inspect", str(REG / "corner-cafe-inspection.yaml"), "--db", str(register_file)]) in (0, 1)
    app.session_state["in_pg_as_of"] = dt.date(2026, 4, 15)
    goto(app, "program")
    fses = table(app, "fse_id", "status")
    assert dict(zip(fses["fse_id"], fses["status"], strict=True))["FSE-0417"] == "in violation"
    open_program_tab(app, "Timeline")
    app.selectbox(key="in_pg_void_record").set_value("inspection 1 of 2026-03-02 (routine)")
    app.text_input(key="in_pg_void_reason").set_value("saved half-done by mistake")
    next(b for b in app.button if b.label == "Void this record").click().run()
    assert not errors(app), errors(app)
    assert ("Voided inspection 1 of 2026-03-02 (routine): saved half-done by mistake; notice 1 closed as opened in "
            "error.") in texts(app)
    timeline = table(app, "what", "detail", "void")
    row = list(timeline["what"]).index("inspection")
    assert timeline["void"][row].startswith("VOID: saved half-done by mistake (by ")
    assert timeline["detail"][row].replace("\u0336", "").startswith("routine: 1 item(s) failed")
    assert "void" in list(timeline["what"])
    open_program_tab(app, "FSEs")
    fses = table(app, "fse_id", "status")
    assert dict(zip(fses["fse_id"], fses["status"], strict=True))["FSE-0417"] == "action due"


def test_the_audit_tab_lists_every_write_and_the_full_export_holds_every_table(app, register_file):
    import io
    import zipfile

    import openpyxl

    from sizing.program import schema
    from sizing.program.queries import every_table
    from sizing.program.store import open_register
    from sizing.report import workbook

    fill(register_file)
    goto(app, "program")
    open_program_tab(app, "Audit")
    writes = table(app, "recorded_at", "recorded_by", "on_behalf_of", "what", "record", "fse_id")
    assert set(writes["on_behalf_of"]) == {"J. Alvarez"} and set(writes["recorded_by"]) == {os_user()}
    assert {"review cycle", "waiver decision", "maintenance log", "FSE details"} <= set(writes["what"])
    app.selectbox(key="in_pg_audit_fse").set_value("FSE-0520").run()
    assert set(table(app, "what", "fse_id")["fse_id"]) == {"FSE-0520"}
    app.session_state["pg_export_open"] = True
    app.run()
    assert {b.label for b in app.get("download_button")} >= {"Every table (ZIP of CSV)", "Every table (workbook)"}

    reg = open_register(str(register_file))
    try:
        tables = every_table(reg)
    finally:
        reg.db.engine.dispose()
    assert set(tables) == set(schema.metadata.tables) - set(schema.DERIVED)
    cycles_columns, cycles = tables["cycles"]
    assert len(cycles) == 2
    tables = {**tables, "fses": (["fse_id", "name"], [["FSE-1", "=HYPERLINK(\"x\")"], ["FSE-2", 750.0]])}
    with zipfile.ZipFile(io.BytesIO(workbook.csv_zip(tables))) as z:
        assert z.read("fses.csv").decode() == "fse_id,name\nFSE-1,\"'=HYPERLINK(\"\"x\"\")\"\nFSE-2,750\n"
        assert z.read("cycles.csv").decode().splitlines()[0] == ",".join(cycles_columns)
    book = openpyxl.load_workbook(io.BytesIO(workbook.xlsx(tables)))
    assert [[c.value for c in r] for r in book["fses"].iter_rows()] == [
        ["fse_id", "name"], ["FSE-1", "'=HYPERLINK(\"x\")"], ["FSE-2", 750]]
    assert book["fses"]["B2"].data_type == "s"  # text, never a formula
    assert book["cycles"].max_row == 3


def test_contacts_are_shown_and_edited_on_the_timeline(app, register_file):
    """The property file's FSE-0611 (examples/register/property-oak-plaza.yaml): its owner, the property's owner and
    the interceptor it shares are shown; the owner's phone is added from the form (the rest kept), and a ZIP code
    of four digits is refused in one line naming the field, nothing saved."""
    assert main(["register", "init", "--db", str(register_file)]) == 0
    assert main(["register", "property", str(REG / "property-oak-plaza.yaml"), "--db", str(register_file)]) == 0
    goto(app, "program")
    open_program_tab(app, "Timeline")
    app.selectbox(key="in_pg_fse").set_value("FSE-0611").run()
    shown = texts(app)
    assert "**Owner**: Ortega Family Foods Inc, 88 Grant Line Rd, Tracy, CA 95304" in shown
    assert "**Interceptor GI-1** (gravity) serves FSE-0610, FSE-0611" in shown
    app.text_input(key="in_pg_contact_FSE-0611_owner_zip").set_value("9530")
    next(b for b in app.button if b.label == "Save the contact").click().run()
    assert errors(app) == ["ZIP code: expected a ZIP code of five digits, or ZIP+4 (95376 or 95376-1234), got '9530'"]
    app.text_input(key="in_pg_contact_FSE-0611_owner_zip").set_value("95304")
    app.text_input(key="in_pg_contact_FSE-0611_owner_phone").set_value("(209) 555-0199")
    next(b for b in app.button if b.label == "Save the contact").click().run()
    assert not errors(app), errors(app)
    assert "Saved the owner of FSE-0611." in texts(app)
    from sizing.program.parties import contacts
    from sizing.program.store import open_register

    reg = open_register(str(register_file), create=False, read_only=True)
    with reg.db.read() as conn:
        owner = contacts(conn, ["FSE-0611"])["FSE-0611"]["owner"]
    reg.db.engine.dispose()
    assert (owner.name, owner.street, owner.zip, owner.phone) == ("Ortega Family Foods Inc", "88 Grant Line Rd",
                                                                  "95304", "(209) 555-0199")


def test_a_property_file_is_imported_from_the_program_page(app, register_file):
    """examples/register/property-oak-plaza.yaml through the upload: the property, its two FSEs and the interceptor
    they share written; a ZIP code written as a number refused in one line naming it, nothing written."""
    assert main(["register", "init", "--db", str(register_file)]) == 0
    text = (REG / "property-oak-plaza.yaml").read_text(encoding="utf-8")
    goto(app, "program")
    uploader = next(u for u in app.get("file_uploader") if u.proto.label == "Property file")
    uploader.set_value(("bad.yaml", text.replace('zip: "95376"', "zip: 95376").encode(), "application/yaml"))
    app.button(key="pg_property").click().run()
    assert errors(app) == ['property.zip: expected a ZIP code as text, in quotes ("95376"), so a leading zero is '
                           'kept, got 95376']
    uploader = next(u for u in app.get("file_uploader") if u.proto.label == "Property file")
    uploader.set_value(("property-oak-plaza.yaml", text.encode(), "application/yaml"))
    app.button(key="pg_property").click().run()
    assert not errors(app), errors(app)
    assert ("property-oak-plaza.yaml: property 212-040-15 written; FSEs 2 added, 0 changed; contacts 4, "
            "interceptors 1 written.") in texts(app)
    fses = table(app, "fse_id", "name")
    assert list(fses["fse_id"]) == ["FSE-0610", "FSE-0611"]
