"""End to end at a desktop's 1280 px and a phone's 390 px: a fixture row that cannot be counted yet keeps the result
for the rest and is named, with the column to fill, in a warning; a value typed lands in the column meant (the type
column stays pinned while the grid scrolls sideways); the plan review leads with its verdict and its fails, the
passes folded below them.

Skipped only when Debian's Chromium (/usr/bin/chromium) is absent; ``.ci/system-deps`` installs it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, DESKTOP, PHONE, choose, wait_idle
from tests.e2e.test_browser import (
    LENGTH,
    TRAP,
    errors,
    eventually,
    expect_metrics,
    grid_cell,
    grid_headings,
    load_example,
    open_app,
    type_in_grid,
)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")

WIDTHS = {"1280px": DESKTOP, "390px": PHONE}
FLOOR_SINK = "Floor sink (indirect waste receptor)"


def warnings(page) -> list[str]:
    return [t.split("\n")[-1] for t in page.locator('[data-testid="stAlertContentWarning"]').all_inner_texts()]


def main_text(page) -> str:
    return page.locator('[data-testid="stMain"]').inner_text()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_floor_sink_without_its_trap_keeps_the_result_and_names_the_row_and_column(browser, app_url, width):
    """The CPC worked example (12 DFU, 750 gal) and a floor sink picked without its trap size: the floor sink waits
    in a warning naming its row (fixture 5) and its column ('Trap'), never an error, and the result stays; a 2 in
    trap typed in its Trap cell counts it: 4 DFU (Table 702.2(1)), 16 DFU in all, 750 gal (Table 1014.3.6)."""
    page = open_app(browser, app_url, WIDTHS[width])
    load_example(page, "cpc-code-example.yaml")
    expect_metrics(page, ["12 DFU", "750 gal"])
    choose(page, "Add a fixture: type", FLOOR_SINK)
    page.get_by_role("button", name="Add", exact=True).click()
    wait_idle(page)
    want = (f"Incomplete row: fixture 5 ({FLOOR_SINK}): not counted yet — enter its trap size under 'Trap' (or its "
            "'Flow' or 'DFU')")
    assert eventually(lambda: want in warnings(page), True), warnings(page)
    assert errors(page) == []
    expect_metrics(page, ["12 DFU", "750 gal"])  # the result for the other rows stays on screen
    shown = main_text(page)
    assert "floor_sink" not in shown and "trap_size" not in shown

    type_in_grid(page, 4, TRAP, "2 in")  # checked by the cell's own column, not by what is on screen
    expect_metrics(page, ["16 DFU", "750 gal"])
    assert eventually(lambda: any(w.startswith("Incomplete row") for w in warnings(page)), False) is False
    headings = grid_headings(page)
    assert "Trap" in headings and "Type" in headings  # scrolled to the Trap column, the row is still named

    type_in_grid(page, 0, LENGTH, "24 in")  # the food preparation sink's length, in the Length column
    assert grid_cell(page, 0, LENGTH) == "24 in"
    sink = ("Incomplete row: fixture 1 (Food preparation sink): enter its 'Width' and 'Depth' — its volume is not in "
            "the hydromechanical size yet (its DFU is counted)")
    assert eventually(lambda: sink in warnings(page), True), warnings(page)
    expect_metrics(page, ["16 DFU", "750 gal"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= WIDTHS[width]["width"]
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_review_shows_its_verdict_and_fails_before_its_passes(browser, app_url, width):
    """review-noncompliant: the verdict, then the findings to act on (12 fails, then the food grinder removal note),
    each by its rule's name with its clause; the 3 passes folded in a closed box below them."""
    page = browser.new_page(viewport=WIDTHS[width])
    page.goto(f"{app_url}/review")
    page.get_by_text("Start from the sizing page's submittal").wait_for(timeout=60_000)
    choose(page, "Example", "review-noncompliant.yaml")
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    verdict = page.get_by_text("NOT COMPLIANT: 12 fail, 0 warn, 3 pass, 1 info").first
    verdict.wait_for(timeout=60_000)
    first = page.locator('[data-testid="stTable"]').first  # the findings to act on

    def statuses():
        return first.evaluate("t => Array.from(t.querySelectorAll('tbody tr')).map(tr => tr.cells[0].innerText.trim())")
    assert eventually(statuses, ["FAIL"] * 12 + ["INFO"]) == ["FAIL"] * 12 + ["INFO"]
    assert "Manhole diameter" in first.inner_text() and "manhole_diameter" not in main_text(page)
    passed = page.locator('[data-testid="stExpander"]').filter(has_text="Passed checks (3)").first
    assert passed.locator("details").get_attribute("open") is None  # folded
    y = {name: box.bounding_box()["y"] for name, box in (("verdict", verdict), ("fails", first), ("passes", passed))}
    assert y["verdict"] < y["fails"] < y["passes"], y
    passed.locator("summary").first.click()
    wait_idle(page)
    folded = passed.locator('[data-testid="stTable"]').first.inner_text()
    assert folded.count("PASS") == 3 and "Grease interceptor required" in folded
    page.close()
