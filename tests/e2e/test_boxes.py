"""Boxes stay open while a user types in them: Enter in the FSE field of the Director's decision box and of the
save box reruns the page and leaves the box open (it closed before); the decision is then recorded. The review's
letter and save boxes draw their fields only when open and keep what was typed while closed; the findings show
each status on its colour."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.e2e.harness import (
    CHROMIUM,
    DESKTOP,
    choose,
    open_expander,
    open_waiver_example,
    serve_app,
    wait_idle,
)

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


def colour(page, status: str) -> tuple[int, ...]:
    """The background (r, g, b) behind a status in the findings table."""
    cell = page.locator('[data-testid="stTable"]').get_by_text(status, exact=True).first
    rgb = cell.evaluate("e => getComputedStyle(e).backgroundColor")
    return tuple(int(float(v)) for v in rgb[rgb.index("(") + 1:-1].split(",")[:3])


def test_the_review_boxes_keep_what_was_typed_and_the_statuses_show_their_colours(app_url, browser):
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{app_url}/review")
    page.get_by_text("Start from the sizing page's submittal").wait_for(timeout=60_000)
    choose(page, "Example", "review-noncompliant.yaml")
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    page.get_by_text("NOT COMPLIANT").first.wait_for(timeout=60_000)
    red, green = colour(page, "FAIL"), colour(page, "PASS")
    assert red[0] > red[1] and red[0] > red[2], red
    assert green[1] > green[0] and green[1] > green[2], green
    for title, field, text in (("Correction letter: addressee, signature", "Addressee", "Lin Design Group"),
                               ("Save to register", "On behalf of (recorded beside you with each save; optional)",
                                "M. Chen")):
        open_expander(page, title)
        box = page.get_by_label(field, exact=True)
        box.fill(text)
        box.press("Enter")
        wait_idle(page)
        assert is_open(page, title), title
        page.locator('[data-testid="stExpander"] details').filter(has_text=title).first.locator("summary").click()
        wait_idle(page)
        for _ in range(50):  # the box folds when its rerun is done and its animation ends
            if not is_open(page, title):
                break
            page.wait_for_timeout(100)
        assert not is_open(page, title) and page.get_by_label(field, exact=True).count() == 0, title
        open_expander(page, title)
        assert page.get_by_label(field, exact=True).input_value() == text, title
    open_expander(page, "Fixture schedule (edit it here")  # drawn when open: the add form and the grid
    assert page.get_by_role("button", name="Add", exact=True).count() == 1
    assert page.get_by_text("NOT COMPLIANT").count() >= 1
    page.close()
