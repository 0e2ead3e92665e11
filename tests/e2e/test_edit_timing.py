"""End to end, timed: one cell edit in a 40-line fixture schedule, from the commit of the cell to the new result.

The schedule is uploaded as a submittal; each round types a new count into one cell of the grid and measures
the time from the key that commits the cell (Tab) to the DFU total shown for it. The times are printed as
figures (they depend on the machine; the aim is 300 ms or less), not asserted; what is asserted is that each
edit shows the DFU total ``sizing size`` gives for the schedule as edited.
"""

from __future__ import annotations

import copy
import os
import statistics
import sys
import time
from pathlib import Path

import pytest
import yaml

from sizing.cpc.size import size
from sizing.io.submittal import from_dict
from sizing.quantities import show
from tests.e2e.harness import CHROMIUM, DESKTOP, open_expander, wait_idle
from tests.e2e.test_browser import COUNT, HEADER, ROW, eventually, grid_rows, metric_values

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)"),
    # a figure to read, not a check of the page: the driver's click into the canvas grid is sometimes dropped or
    # put on a neighbouring cell (on every version of the page), so it runs when asked for, not in the suite
    pytest.mark.skipif(os.environ.get("SIZING_TIMING") != "1",
                       reason="the edit-to-result timing runs when asked for: SIZING_TIMING=1"),
]

ROOT = Path(__file__).resolve().parents[2]
EDITED_ROW = 3
COUNTS = (5, 2, 4)


def forty_lines() -> dict:
    """The 40-line schedule the rerun benchmark uses (benchmarks/app_rerun.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from app_rerun import schedule
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return {"project": {"name": "Forty lines"}, "fixtures": schedule(40)}


def dfu_shown(doc: dict, count: int) -> str:
    """The DFU total the page shows for ``doc`` with the edited row's count set to ``count``."""
    edited = copy.deepcopy(doc)
    edited["fixtures"][EDITED_ROW]["count"] = count
    return show(size(from_dict(edited)).dfu_total, "DFU")


def open_count_editor(page, current: str | None = None) -> None:
    """Select the edited row's count cell and open its editor (retried: a click during a redraw is lost, or a key
    that moves to the count cell; with ``current``, the editor opened must hold the cell's count)."""
    editor = page.locator("#portal textarea, #portal input").first
    for _ in range(5):
        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        box = grid.bounding_box()
        page.mouse.click(box["x"] + 120, box["y"] + HEADER + ROW * EDITED_ROW + ROW / 2)
        page.wait_for_timeout(300)
        for _ in range(COUNT):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        try:
            editor.wait_for(state="visible", timeout=2_000)
            if current is None or editor.input_value() == current:
                page.wait_for_timeout(300)  # the editor takes the keys once it has the focus
                return
        except Exception:
            pass
        page.keyboard.press("Escape")
    raise AssertionError("could not open the count cell's editor")


def until_shown(page, want: str, timeout: float = 30.0) -> str:
    """Poll the first metric (every few milliseconds) until it shows ``want``; the last text read."""
    deadline = time.monotonic() + timeout
    while True:
        got = page.evaluate("() => (document.querySelector('[data-testid=\"stMetricValue\"]') || {}).innerText")
        if got == want or time.monotonic() > deadline:
            return got
        time.sleep(0.005)


def test_one_cell_edit_to_its_result(browser, app_url, tmp_path, capsys):
    doc = forty_lines()
    path = tmp_path / "forty-lines.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    page = browser.new_page(viewport=DESKTOP)
    page.goto(app_url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    open_expander(page, "Start from an example")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(str(path))
    wait_idle(page)
    first = dfu_shown(doc, doc["fixtures"][EDITED_ROW]["count"])
    assert eventually(lambda: metric_values(page)[:1], [first]) == [first], page.locator(
        '[data-testid="stAlert"]').all_inner_texts()
    times = []
    current = str(doc["fixtures"][EDITED_ROW]["count"])
    for count in COUNTS:
        want = dfu_shown(doc, count)
        open_count_editor(page, current)
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(str(count))
        typed = page.locator("#portal textarea, #portal input").first  # in the cell's editor before it commits
        assert eventually(lambda typed=typed: typed.input_value(), str(count), timeout=5.0) == str(count)
        start = time.monotonic()
        page.keyboard.press("Tab")
        shown = until_shown(page, want)
        times.append(time.monotonic() - start)
        assert shown == want, (shown, grid_rows(page)[EDITED_ROW])
        wait_idle(page)
        page.keyboard.press("Escape")
        assert metric_values(page)[0] == want
        assert grid_rows(page)[EDITED_ROW][COUNT] == str(count)
        current = str(count)
    page.close()
    with capsys.disabled():
        print(f"\none cell edit to its result (40 lines): median {statistics.median(times) * 1000:.0f} ms, "
              f"each {', '.join(f'{t * 1000:.0f}' for t in times)} ms (aim: 300 ms or less); "
              f"load {os.getloadavg()[0]:.2f}")
