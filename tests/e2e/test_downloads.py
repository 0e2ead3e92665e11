"""Every download holds what the page shows when it is clicked: a field typed without Enter, a date typed
without Enter or Tab, and the units chosen (the real app in headless Chromium)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, DESKTOP, choose, open_expander, open_waiver_example, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def type_date(field, digits: str) -> None:
    """Type a date into a date field segment by segment, as a user does (year, month, day)."""
    field.get_by_role("spinbutton").first.click()
    field.page.keyboard.type(digits)


def click_download(page, name: str) -> bytes:
    """Click the download button ``name`` (no wait in between: the field being typed still has the focus)."""
    with page.expect_download(timeout=60_000) as info:
        page.get_by_role("button", name=name, exact=True).click()
    return Path(info.value.path()).read_bytes()


def open_size_page(browser, url):
    page = browser.new_page(viewport=DESKTOP, accept_downloads=True)
    page.goto(url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    open_expander(page, "Start from an example")
    choose(page, "Example submittal", "cpc-code-example.yaml")
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    return page


def test_a_name_typed_without_enter_is_in_the_markdown_and_the_pdf(browser, app_url):
    page = open_size_page(browser, app_url)
    name = page.get_by_label("Project name", exact=True)
    name.fill("Harbor Noodle House")  # no Enter, no Tab: the click on the download commits it
    markdown = click_download(page, "Report (markdown)").decode()
    assert "# Grease interceptor sizing — CPC 2025 — Harbor Noodle House" in markdown
    engineer = page.get_by_label("Engineer of record (optional)", exact=True)
    engineer.fill("Rosa Quintero-Diaz PE")
    text = pdf_text(click_download(page, "Calculation report (PDF)"))
    assert "Rosa Quintero-Diaz PE" in text
    page.close()


def test_si_chosen_on_the_page_gives_an_si_pdf(browser, app_url):
    page = open_size_page(browser, app_url)
    page.get_by_text("SI", exact=True).click()
    wait_idle(page)
    text = pdf_text(click_download(page, "Calculation report (PDF)"))
    assert "SI (converted from the US code units)" in text
    assert "US customary" not in text
    assert "2839 L" in text.replace(",", "")  # 750 gal
    page.close()


def test_an_expiration_typed_without_enter_is_in_the_letter(browser, app_url):
    page = open_waiver_example(browser, app_url, accept_downloads=True)
    expiration = page.get_by_label("Expiration", exact=True)
    type_date(expiration, "20291130")  # no Enter, no Tab
    text = pdf_text(click_download(page, "Determination letter (PDF)"))
    assert "Expiration: 2029-11-30" in text
    type_date(expiration, "20300115")
    markdown = click_download(page, "Letter (markdown)").decode()
    assert "Expiration: 2030-01-15" in markdown
    page.close()
