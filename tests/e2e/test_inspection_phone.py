"""The Inspection page in Chromium at a phone's width (390 px): Enter in a note saves nothing; a failed BMP item
opens a notice (30 calendar days, the program default for TMC ch. 5.26, Best management practices (b)(1)), shown
as a warning; the due list has it, overdue the day after its last day, and a follow-up inspection closes it; the
page fits the phone's width."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest

from sizing.cli.main import main
from sizing.jurisdiction.profile import get
from tests.e2e.harness import CHROMIUM, PHONE, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")
FSE = "FSE-0417"
REGISTER = Path(tempfile.mkdtemp()) / "inspections.db"


@pytest.fixture(scope="module")
def app_url():
    log = REGISTER.parent / "log.yaml"
    log.write_text(f"project: {{fse_id: {FSE}, name: Corner Cafe}}\nmaintenance: {{liquid_depth: 48 in, "
                   "services: [2026-01-01]}\n", encoding="utf-8")
    assert main(["register", "add", str(log), "--db", str(REGISTER)]) in (0, 1)
    with serve_app(env={"SIZING_DB": str(REGISTER)}) as url:
        yield url


def due(as_of):
    from sizing.program.deadlines import due_list
    from sizing.program.store import open_register

    reg = open_register(str(REGISTER), create=False, read_only=True)
    try:
        return [(i["date"], i["status"]) for i in due_list(reg, as_of=as_of, within=0, jurisdiction=get("tracy"))
                if i["what"].startswith("notice 1:")]
    finally:
        reg.db.engine.dispose()


def answer_and_save(page, answer: str) -> None:
    group = page.get_by_role("radiogroup").first
    group.get_by_text(answer, exact=True).click()
    box = page.get_by_text("Save with checklist items unanswered", exact=False)
    if not page.get_by_role("checkbox", name="Save with checklist items unanswered", exact=False).is_checked():
        box.click()
    page.get_by_role("button", name="Save inspection", exact=True).click()
    wait_idle(page)


def test_an_inspection_on_a_phone_opens_a_notice_and_a_follow_up_closes_it(app_url, browser):
    from sizing.jurisdiction.calendar import add_calendar_days
    from sizing.jurisdiction.profile import get

    today = dt.date.today()
    # 30 calendar days after the day of the inspection, a last day on a weekend or holiday moved to the next working
    # day (Code Civ. Proc. §§ 12, 12a; its arithmetic is tested by hand in tests/test_calendar.py): this test runs on
    # whatever day it is, so it takes the date from the calendar the notice uses
    last_day = add_calendar_days(today, 30, get("tracy")).date
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{app_url}/inspection")
    page.get_by_text("Find an FSE", exact=False).first.wait_for(timeout=60_000)
    page.get_by_label("Find an FSE (name, id or address)").fill("Corner")
    page.get_by_label("Find an FSE (name, id or address)").press("Enter")
    wait_idle(page)
    page.get_by_text("No open notices.").wait_for(timeout=30_000)
    # Enter in a note never saves the inspection (it once saved a half-done one that opened a notice)
    note = page.get_by_placeholder("note (optional)").first
    note.fill("no screen on the mop sink drain")
    note.press("Enter")
    wait_idle(page)
    assert page.get_by_text("stored inspection", exact=False).count() == 0 and due(last_day) == []
    answer_and_save(page, "no")
    page.get_by_text(f"opened notice 1: Notice of violation (drain screens), due {last_day.isoformat()}",
                     exact=False).first.wait_for(timeout=30_000)
    assert page.locator('[data-testid="stAlertContentWarning"]').filter(has_text="Saved, with failures").count() == 1
    assert due(last_day) == [(last_day, "due")]
    assert due(last_day + dt.timedelta(days=1)) == [(last_day, "overdue")]
    width = page.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollWidth")
    assert width <= PHONE["width"], width
    answer_and_save(page, "yes")
    page.get_by_text(f"closed notice 1 on {today.isoformat()} (follow up inspection)",
                     exact=False).first.wait_for(timeout=30_000)
    assert due(last_day + dt.timedelta(days=1)) == []
    page.close()
