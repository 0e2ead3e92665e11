"""End to end, timed: first paint after the server answers, page switches, and a report made on click.

The times are printed as figures (they depend on the machine), not asserted; what is asserted is that each
page appears and that the PDF made when its button is clicked is the calculation report.
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.e2e.harness import CHROMIUM, DESKTOP, choose, launch, open_expander, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")

PAGES = (("Plan review", "Plan review"), ("Maintenance", "Maintenance"),
         ("Conditional waiver", "Conditional waiver"), ("Size an interceptor", "Size a grease interceptor"))


def test_first_paint_page_switches_and_pdf_on_click(capsys):
    from playwright.sync_api import sync_playwright

    figures: list[str] = []
    with sync_playwright() as p:
        browser = launch(p)  # the browser is up before the server starts: its own start is not counted
        page = browser.new_page(viewport=DESKTOP)
        page.goto("about:blank")
        with serve_app() as url:
            healthy = time.monotonic()  # serve_app yields as soon as /_stcore/health answers "ok"
            page.goto(url)
            page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
            figures.append(f"first paint (sizing page) {time.monotonic() - healthy:.2f} s after the health check")
            for link, heading in PAGES:
                start = time.monotonic()
                page.get_by_role("link", name=link, exact=True).click()
                page.get_by_role("heading", name=heading).first.wait_for(timeout=60_000)
                figures.append(f"switch to {link!r} {time.monotonic() - start:.2f} s")
                wait_idle(page)

            open_expander(page, "Start from an example")
            choose(page, "Example submittal", "cpc-code-example.yaml")
            page.get_by_role("button", name="Load example").click()
            wait_idle(page)
            page.get_by_text("12 DFU").first.wait_for(timeout=30_000)
            start = time.monotonic()
            with page.expect_download(timeout=60_000) as download:
                page.get_by_role("button", name="Calculation report (PDF)").click()
            data = Path(download.value.path()).read_bytes()
            figures.append(f"PDF report made on click and downloaded {time.monotonic() - start:.2f} s")
            assert data.startswith(b"%PDF")
            assert download.value.suggested_filename == "cpc-1014-3-6-worked-example-sizing.pdf"
            text = "".join(pg.extract_text() for pg in PdfReader(io.BytesIO(data)).pages)
            assert "750 gal" in text and "12 DFU" in text  # the example on the page, not another submittal
        browser.close()
    with capsys.disabled():
        print("\nbrowser timings: " + "; ".join(figures))
