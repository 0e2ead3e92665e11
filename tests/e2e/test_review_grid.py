"""End to end: an edit in the review page's fixture grid reruns the review and what follows the notes grid, not the
grid and not the notes grid; both stay on the page and the review shows the edited schedule."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from sizing.cpc.size import size
from sizing.io.fields import load_document
from sizing.io.submittal import from_dict
from sizing.quantities import show
from tests.e2e.harness import CHROMIUM, DESKTOP, choose, open_expander, wait_idle
from tests.e2e.test_browser import COUNT, eventually, metric_values, type_in_grid

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "review-noncompliant.yaml"
FIXTURE_GRID = '[data-testid="stDataFrame"]:has-text("Other name")'
NOTES_GRID = '[data-testid="stDataFrame"]:has-text("N/A (reason)")'


def volume_for(row: int, count: int) -> str:
    doc = copy.deepcopy(load_document(ROOT / "examples" / EXAMPLE))
    doc["fixtures"][row]["count"] = count
    return show(size(from_dict(doc)).required_volume_gal, "gal")


def test_an_edit_in_the_review_grid_keeps_both_grids_and_shows_the_new_volume(app_url, browser):
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{app_url}/review")
    page.get_by_text("Start from the sizing page's submittal").wait_for(timeout=60_000)
    choose(page, "Example", EXAMPLE)
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    page.get_by_text("NOT COMPLIANT").first.wait_for(timeout=60_000)
    open_expander(page, "Fixture schedule (edit it here")
    for count in (40, 3):  # the second edit: the grid still takes edits after the first one's rerun
        type_in_grid(page, 2, COUNT, str(count), grid=FIXTURE_GRID)
        want = volume_for(2, count)
        assert eventually(lambda: metric_values(page)[4:5], [want]) == [want]
        assert page.locator(NOTES_GRID).count() == 1 and page.locator(FIXTURE_GRID).count() == 1
        assert page.get_by_role("button", name="Review report (PDF)").count() == 1
    page.close()
