"""Boxes stay open while a user types in them: Enter in the FSE field of the Director's decision box and of the
save box reruns the page and leaves the box open (it closed before); the decision is then recorded."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, open_expander, open_waiver_example, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")


@pytest.fixture(scope="module")
def app_url():
    register = Path(tempfile.mkdtemp()) / "boxes.db"
    with serve_app(env={"SIZING_DB": str(register)}) as url:
        yield url


def is_open(page, title: str) -> bool:
    details = page.locator('[data-testid="stExpander"] details').filter(has_text=title).first
    return details.get_attribute("open") is not None


def test_enter_in_a_box_keeps_it_open_and_the_decision_is_recorded(app_url, browser):
    page = open_waiver_example(browser, app_url)
    for title, field in (("Save to register", "FSE id (the document has no project.fse_id)"),
                         ("Record the Director's decision", "FSE id (the application has no project.fse_id)")):
        open_expander(page, title)
        box = page.get_by_label(field, exact=True)
        box.fill("FSE-0520")
        box.press("Enter")
        wait_idle(page)
        assert is_open(page, title), title
    page.get_by_role("button", name="Record this decision in the register", exact=True).click()
    wait_idle(page)
    assert page.get_by_text("Recorded (granted): stored waiver decision of FSE-0520", exact=False).count() == 1
    page.close()
