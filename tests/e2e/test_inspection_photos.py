"""A photo saved with an inspection, in Chromium at a phone's width (390 px): its thumbnail on the Inspection page
and on the FSE's timeline (Program page, Timeline tab), the photo whole in a dialog on a tap of "Full size", and
the inspection report downloaded with the photo in it; the pages fit the phone's width."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from sizing.cli.main import main
from tests.e2e.harness import CHROMIUM, PHONE, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")
FSE = "FSE-0417"
FOLDER = Path(tempfile.mkdtemp())
REGISTER = FOLDER / "photos.db"
#: The photo's size [px]: its thumbnail is 120 px on its longer side (app_pages/widgets/photos.py): 120 x 90.
WIDE, HIGH = 800, 600


@pytest.fixture(scope="module")
def app_url():
    log = FOLDER / "log.yaml"
    log.write_text(f"project: {{fse_id: {FSE}, name: Corner Cafe}}\nmaintenance: {{liquid_depth: 48 in, "
                   "services: [2026-01-01]}\n", encoding="utf-8")
    assert main(["register", "add", str(log), "--db", str(REGISTER)]) in (0, 1)
    with serve_app(env={"SIZING_DB": str(REGISTER)}) as url:
        yield url


def fits(page) -> None:
    width = page.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollWidth")
    assert width <= PHONE["width"], width


def natural_sizes(page, scope: str) -> list[list[int]]:
    return page.evaluate(f"[...document.querySelectorAll('{scope} [data-testid=\"stImage\"] img')]"
                         ".map(i => [i.naturalWidth, i.naturalHeight])")


def test_a_photo_saved_with_an_inspection_shows_on_the_timeline_and_in_the_report(app_url, browser):
    shot = FOLDER / "mop-sink.jpg"
    Image.new("RGB", (WIDE, HIGH), (200, 30, 30)).save(shot, "JPEG")
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{app_url}/inspection")
    page.get_by_text("No open notices.").wait_for(timeout=60_000)
    page.locator('[data-testid="stFileUploader"]').filter(has_text="Photos").locator('input[type="file"]') \
        .set_input_files(str(shot))
    page.get_by_text("mop-sink.jpg").first.wait_for(timeout=30_000)
    page.get_by_role("radiogroup").first.get_by_text("yes", exact=True).click()
    page.get_by_text("Save with checklist items unanswered", exact=False).click()
    page.get_by_role("button", name="Save inspection", exact=True).click()
    wait_idle(page)
    page.get_by_text("Saved: stored inspection 1 of FSE-0417", exact=False).wait_for(timeout=30_000)
    assert natural_sizes(page, ".st-key-ins_photo_photos") == [[120, 90]]  # the thumbnail, not the photo
    fits(page)
    with page.expect_download(timeout=60_000) as info:
        page.get_by_role("button", name="Inspection report 1 (PDF), to leave with the FSE").click()
    report = pypdf.PdfReader(io.BytesIO(Path(info.value.path()).read_bytes()))
    assert "Inspection report: Corner Cafe" in report.pages[0].extract_text()
    assert sum(len(p.images) for p in report.pages) == 1  # the photo, printed in the report

    page.goto(f"{app_url}/program")
    page.get_by_role("tab", name="Timeline").click()
    wait_idle(page)
    page.get_by_text("Inspection 1 of", exact=False).wait_for(timeout=60_000)
    assert natural_sizes(page, ".st-key-pg_photo_1_photos") == [[120, 90]]
    fits(page)
    page.get_by_role("button", name="Full size").click()
    dialog = page.locator('[role="dialog"]')
    dialog.locator('[data-testid="stImage"] img').wait_for(timeout=30_000)
    assert natural_sizes(page, '[role="dialog"]') == [[WIDE, HIGH]]  # the photo whole
    assert "mop-sink.jpg" in dialog.inner_text()
    page.close()
