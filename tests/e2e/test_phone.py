"""On a phone the sidebar closes once a page is chosen in it (it stayed open over the page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, DESKTOP, PHONE, launch, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")


def choose_page(browser, url, viewport) -> str | None:
    page = browser.new_page(viewport=viewport)
    page.goto(url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    sidebar = page.locator('[data-testid="stSidebar"]')
    if sidebar.get_attribute("data-collapsed") == "true":
        page.locator('[data-testid="stExpandSidebarButton"]').first.click()
        page.wait_for_timeout(500)
    assert sidebar.get_attribute("data-collapsed") == "false"
    page.get_by_role("link", name="Plan review", exact=True).click()
    wait_idle(page)
    page.get_by_text("Start from the sizing page's submittal", exact=False).first.wait_for(timeout=30_000)
    page.wait_for_timeout(500)
    state = sidebar.get_attribute("data-collapsed")
    page.close()
    return state


def test_the_sidebar_closes_after_choosing_a_page_on_a_phone_and_stays_on_a_desktop(app_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        assert choose_page(browser, app_url, PHONE) == "true"
        assert choose_page(browser, app_url, DESKTOP) == "false"
        browser.close()
