"""The Program page's Notices and Summary tabs: what the register holds on the page's date, as the command line
prints it (``sizing register notices | summary``). The FSE has one failed BMP item on 2026-03-02 (Best
management practices (b)(1)): a notice of violation due 30 calendar days later, 2026-04-01 (program default)."""

from __future__ import annotations

import datetime as dt

import pytest
from pypdf import PdfReader

from sizing.cli.main import main
from tests.app.conftest import errors, goto, logged_register, metrics, open_program_tab

FSE = "FSE-0417"


@pytest.fixture
def register_file(tmp_path, monkeypatch):
    path = logged_register(tmp_path, monkeypatch, FSE)
    visit = tmp_path / "visit.yaml"
    visit.write_text(f"project: {{fse_id: {FSE}}}\ninspection: {{date: 2026-03-02, purpose: routine, "
                     "checklists: {bmp: {drain_screens: no}}}\n", encoding="utf-8")
    assert main(["register", "inspect", str(visit), "--db", str(path)]) == 1
    return path


def page_on(app, day: dt.date, tab: str):
    goto(app, "program")
    app.date_input(key="in_pg_as_of").set_value(day).run()
    return open_program_tab(app, tab)


def test_the_open_notice_is_listed_and_overdue_the_day_after_its_last_day(app, register_file):
    page_on(app, dt.date(2026, 4, 1), "Notices")
    info = [i.value for i in app.info]
    assert info[0] == "1 open notice on 2026-04-01; 0 overdue."
    # what the staff's copy says and the letter to mail does not: the period's basis, the contact block's gaps
    prefixes = ("Staff copy only: Notice 1: The ordinance sets no compliance period for a notice of violation; 30 "
                "days is the program's default. The letter sent states it as the Director's period, citing no clause",
                "Staff copy only: The City's contact block lacks the e-mail address, office hours (profile tracy, "
                "contact; read from")
    assert len(info) == 3 and all(x.startswith(p) for x, p in zip(info[1:], prefixes, strict=True)), info
    row = app.dataframe[0].value.iloc[0]
    assert (row["fse_id"], row["item_text"], str(row["due_on"]), row["status"]) == (
        FSE, "Drain screens installed on all drainage pipes, floor drains included, in food preparation, dishwashing "
        "and mop sink areas", "2026-04-01", "open")
    page_on(app, dt.date(2026, 4, 2), "Notices")
    # the FSE's records give no mailing address: the letter cannot be mailed as it stands, and the page says so
    assert [w.value for w in app.warning] == [
        "1 open notice on 2026-04-02; 1 overdue.",
        "Notice 1 to the FSE owner: MAILING ADDRESS INCOMPLETE: no street, city, state, ZIP code on file; add it on "
        "the Timeline tab's contacts."]
    assert app.dataframe[0].value.iloc[0]["status"] == "overdue"


def test_the_notice_letter_is_the_one_the_command_line_prints(app, register_file, tmp_path):
    page_on(app, dt.date(2026, 4, 2), "Notices")
    labels = [b.proto.label for b in app.get("download_button")]
    assert labels == ["Notices (CSV)", "Letter to mail (PDF)", "Letter to mail (.docx)", "Staff copy (PDF)"]
    out = tmp_path / "notice-1.pdf"
    assert main(["register", "notice", "1", "--db", str(register_file), "--as-of", "2026-04-02", "-o", str(out)]) == 0
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(out)).pages).split())
    assert "Best management practices (b)(1)" in text and "2026-04-01" in text


def test_the_summary_counts_the_period_and_a_bad_period_is_one_line(app, register_file):
    page_on(app, dt.date(2026, 6, 30), "Summary")
    shown = metrics(app)
    # one FSE, one inspection (failed), one notice issued and none closed in 2026-01-01 .. 2026-06-30
    assert (shown["FSEs"], shown["Inspections"], shown["Notices issued / closed"]) == ("1", "1", "1 / 0")
    assert [b.proto.label for b in app.get("download_button")] == ["Summary (CSV)", "Summary (PDF)"]
    app.date_input(key="in_pg_summary_from").set_value(dt.date(2026, 7, 1)).run()
    assert errors(app) == ["From: expected a date on or before To 2026-06-30, got 2026-07-01"]


def test_letters_to_mail_are_made_on_request_and_recorded_as_mailed(app, register_file, capsys):
    """The FSE's owner has no mailing address: its letter is made but cannot be recorded as mailed; once the
    address is on file, the letter is recorded and is on the FSE's timeline."""
    page_on(app, dt.date(2026, 4, 2), "Notices")
    assert "pg_letters_pdf" not in [b.key for b in app.get("download_button")]  # made only on request
    app.button(key="pg_letters_make").click().run()
    labels = [b.proto.label for b in app.get("download_button")]
    assert labels[-2:] == ["Letters (PDF)", "Mail-merge list (CSV)"]
    assert [c.value for c in app.caption if c.value.startswith("1 letter")] == [
        "1 letter (1 notice), 1 page, dated 2026-04-02."]
    assert f"{FSE}: the mailing address is incomplete; its letter says so and is not recorded as mailed." in [
        w.value for w in app.warning]
    assert "pg_letters_mailed" not in [b.key for b in app.button]
    assert main(["register", "contact", FSE, "--role", "owner", "--name", "Corner Cafe LLC", "--street",
                 "25 W 10th St", "--city", "Tracy", "--state", "CA", "--zip", "95376", "--db", str(register_file)]) == 0
    app.run()  # the register changed: the letters are made again on request
    assert "pg_letters_pdf" not in [b.key for b in app.get("download_button")]
    app.button(key="pg_letters_make").click().run()
    app.button(key="pg_letters_mailed").click().run()
    assert [s.value for s in app.success] == ["Recorded 1 letter as mailed on 2026-04-02; each is on its FSE's "
                                              "timeline."]
    capsys.readouterr()
    assert main(["register", "history", FSE, "--db", str(register_file)]) == 0
    assert "letter mailed to Corner Cafe LLC: Notice of violation (notice 1)" in capsys.readouterr().out
