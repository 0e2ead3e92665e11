"""The Inspection page (phone first): find the FSE, answer the checklists, save; a failed BMP item opens a notice
that the due list shows, overdue after its 30 days (TMC ch. 5.26, Best management practices (b)(1); program
default period), and a follow-up inspection closes it. Bad input is one line naming the field, nothing written."""

from __future__ import annotations

import datetime as dt

import pytest

from sizing.jurisdiction.profile import get
from tests.app.conftest import errors, goto, logged_register, texts

FSE = "FSE-0417"


@pytest.fixture
def register_file(tmp_path, monkeypatch):
    return logged_register(tmp_path, monkeypatch, FSE)


def inspect(app, day, answer, **fields):
    app.date_input(key="in_ins_date").set_value(day)
    app.radio(key="in_ins_bmp__drain_screens").set_value(answer)
    for key, value in fields.items():
        app.text_input(key=f"in_ins_{key}").set_value(value)
    app.checkbox(key="in_ins_allow_unanswered").check()  # the other ten items are left unanswered on purpose
    app.button(key="ins_save").click().run()
    assert not app.exception, [e.value for e in app.exception]


def due(path, as_of):
    from sizing.program.deadlines import due_list
    from sizing.program.store import open_register

    reg = open_register(str(path), create=False, read_only=True)
    try:
        return [(str(i["date"]), i["status"], i["what"]) for i in due_list(reg, as_of=as_of, within=0,
                                                                              jurisdiction=get("tracy"))
                if i["what"].startswith("notice")]
    finally:
        reg.db.engine.dispose()


def test_a_failed_item_opens_a_notice_that_a_follow_up_closes(app, register_file):
    goto(app, "inspection")
    app.text_input(key="in_ins_find").set_value("corner").run()
    assert app.selectbox(key="in_ins_fse").value == FSE and "No open notices." in texts(app)
    inspect(app, dt.date(2026, 3, 2), "no", fog="2 in", solids="50.8 mm")
    assert not errors(app)
    shown = texts(app)
    assert "opened notice 1: Notice of violation (drain screens), due 2026-04-01" in shown
    assert "FOG 2 in + solids 2 in = 8.3 % of 48 in" in shown  # 4 in of 48 in = 8.33 %
    assert "notice 1: Notice of violation — Drain screens installed on all drainage pipes" in texts(app)
    assert any(w.value.startswith("Saved, with failures: stored inspection 1") for w in app.warning)  # not green
    assert "ins_report_pdf" in [b.key for b in app.get("download_button")]  # the report to leave with the FSE
    assert due(register_file, dt.date(2026, 4, 1)) == [("2026-04-01", "due", "notice 1: Notice of violation")]
    assert due(register_file, dt.date(2026, 4, 2)) == [("2026-04-01", "overdue", "notice 1: Notice of violation")]
    inspect(app, dt.date(2026, 4, 10), "yes")
    assert "closed notice 1 on 2026-04-10 (follow up inspection)" in texts(app)
    assert due(register_file, dt.date(2026, 4, 11)) == []


def test_a_reading_in_the_wrong_unit_is_one_line_and_nothing_is_written(app, register_file):
    goto(app, "inspection")
    inspect(app, dt.date(2026, 3, 2), "no", fog="2 kg", solids="1 in")
    assert len(errors(app)) == 1 and errors(app)[0].startswith("inspection.readings.fog: expected a length")
    assert due(register_file, dt.date(2026, 4, 2)) == []


def test_a_role_that_may_not_store_an_inspection_gets_no_form(app, register_file):
    """Where the register has users, the OS user running the app is an admin here: admins change users, they do
    not store records (sizing/program/access.py), so the page shows the FSE but no form."""
    from sizing.program import access
    from sizing.program.store import open_register

    reg = open_register(str(register_file))
    try:
        access.add_user(reg.db, reg.identity, "admin", by=reg.identity)
    finally:
        reg.db.engine.dispose()
    goto(app, "inspection")
    assert app.selectbox(key="in_ins_fse").value == FSE
    assert "Your role may view the register but not store an inspection." in texts(app)
    assert not [b for b in app.button if b.key == "ins_save"]


def test_the_finder_says_whom_to_ask_for_and_the_interceptor_shared(app, tmp_path, monkeypatch):
    """examples/register/property-oak-plaza.yaml: FSE-0611's operator, Luis Ortega, (209) 555-0191, and the
    interceptor GI-1 it shares with FSE-0610."""
    from sizing.cli.main import main
    from tests.conftest import EXAMPLES

    path = tmp_path / "field.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    assert main(["register", "init", "--db", str(path)]) == 0
    assert main(["register", "property", str(EXAMPLES / "register" / "property-oak-plaza.yaml"), "--db", str(path)]) == 0
    goto(app, "inspection")
    app.text_input(key="in_ins_find").set_value("Taqueria").run()
    shown = texts(app)
    assert "On site: Luis Ortega · (209) 555-0191" in shown
    assert "Interceptor GI-1 serves FSE-0610, FSE-0611: a reading here counts for each." in shown


def test_a_half_done_inspection_is_not_saved_by_accident(app, register_file):
    """Ten of the eleven items unanswered: the save lists them and writes nothing until the inspector says so;
    "All yes" answers a whole checklist; the camera is asked for only on request."""
    goto(app, "inspection")
    assert not app.get("camera_input")
    app.radio(key="in_ins_bmp__drain_screens").set_value("no")
    app.button(key="ins_save").click().run()
    warning = [w.value for w in app.warning if w.value.startswith("Not saved")]
    assert warning and warning[0].startswith("Not saved: 10 of 11 checklist items are not answered: Yellow grease")
    assert "bmp." not in warning[0]  # the items by their words, never their keys
    assert due(register_file, dt.date(2026, 12, 31)) == []
    app.button(key="ins_all_yes_records").click().run()
    assert app.radio(key="in_ins_records__cleaning_records").value == "yes"
    assert app.radio(key="in_ins_bmp__drain_screens").value == "no"  # another checklist's answers are kept
    app.button(key="ins_all_yes_bmp").click().run()
    app.radio(key="in_ins_bmp__drain_screens").set_value("no")
    app.button(key="ins_save").click().run()
    assert any(w.value.startswith("Saved, with failures:") for w in app.warning), [w.value for w in app.warning]
    app.toggle(key="in_ins_camera_on").set_value(True).run()
    assert len(app.get("camera_input")) == 1
