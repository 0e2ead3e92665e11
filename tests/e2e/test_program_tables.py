"""The Program page in Chromium at 1280 px and at a phone's 390 px, over the register of the shipped examples: the
due list's long detail, cut by its grid cell, is read whole below the table once its row is selected (wrapped
within the screen's width); its headings are words; the summary's From and To dates sit just above its figures."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.app.test_no_internal_names import fill
from tests.e2e.harness import CHROMIUM, DESKTOP, PHONE, launch, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")
#: The due list's first item (the Example Bistro's pump-out by its approved interval, dated 2025-10-06 whatever
#: the day): its detail, longer than the grid's cell.
DETAIL = ("approved interval of 90 days after the last pump-out (at most 6 months) (TMC ch. 5.26, Grease "
          "interceptor maintenance (e)(2))")
#: The grid's header row and each row's height (px) in Streamlit's data grid.
ROW = 35


@pytest.fixture(scope="module")
def app_url():
    register = fill(Path(tempfile.mkdtemp()) / "program.db")
    with serve_app(env={"SIZING_DB": str(register)}) as url:
        yield url


def open_tab(browser, url: str, viewport: dict, tab: str):
    page = browser.new_page(viewport=viewport)
    page.goto(f"{url}/program")
    page.get_by_role("tab", name=tab, exact=True).click(timeout=60_000)
    wait_idle(page)
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_a_due_item_s_detail_is_read_whole_once_its_row_is_selected(app_url, viewport):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        page = open_tab(browser, app_url, viewport, "Due")
        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        assert page.locator('[data-testid="stTable"]').count() == 0  # no row in full until one is selected
        assert page.get_by_text("Select a row (the box at its left) to read it in full").is_visible()
        box = grid.bounding_box()
        page.mouse.click(box["x"] + 12, box["y"] + ROW + ROW / 2)  # the first row's selection box
        wait_idle(page)
        cell = page.locator('[data-testid="stTable"]').get_by_text(DETAIL, exact=True)
        cell.scroll_into_view_if_needed()
        assert cell.is_visible()
        shown = cell.bounding_box()
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= viewport["width"]  # wrapped within the screen
        headings = page.locator('[data-testid="stTable"]').inner_text()
        assert "FSE id" in headings and "fse_id" not in headings
        browser.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
def test_the_summary_s_period_sits_above_its_figures(app_url, viewport):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        page = open_tab(browser, app_url, viewport, "Summary")
        start = page.get_by_label("From", exact=True).bounding_box()
        end = page.get_by_label("To", exact=True).bounding_box()
        figures = page.locator('[data-testid="stMetric"]').first.bounding_box()
        assert start["y"] < figures["y"] and end["y"] < figures["y"]
        assert figures["y"] - max(start["y"], end["y"]) < 200  # beside the summary, not up the page
        if viewport is DESKTOP:
            assert abs(start["y"] - end["y"]) < 5 and start["x"] < end["x"]  # side by side
        browser.close()
