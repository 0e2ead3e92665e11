"""End to end: the real app under ``streamlit run``, driven in headless Chromium like a user would.

Skipped only when Debian's Chromium (/usr/bin/chromium) is absent; ``.ci/system-deps`` installs it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sizing import __version__
from tests.e2e.harness import CHROMIUM, DESKTOP, PHONE, choose, launch, open_expander, serve_app, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")


@pytest.fixture(scope="module")
def app_url():
    with serve_app() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def metric_values(page) -> list[str]:
    return page.locator('[data-testid="stMetricValue"]').all_inner_texts()


def eventually(read, want, timeout: float = 30.0):
    """Poll ``read()`` until it returns ``want`` (the app reruns asynchronously); return the last value read."""
    deadline = time.monotonic() + timeout
    while True:
        got = read()
        if got == want or time.monotonic() > deadline:
            return got
        time.sleep(0.25)


def expect_metrics(page, values: list[str]) -> None:
    """The first metrics shown become ``values``."""
    assert eventually(lambda: metric_values(page)[:len(values)], values) == values


def errors(page) -> list[str]:
    return [t.split("\n")[-1] for t in page.locator('[data-testid="stAlertContentError"]').all_inner_texts()]


def grid_cells(page) -> list[str]:
    """The fixture editor's cell texts (its accessible table mirrors the canvas)."""
    return page.evaluate("() => Array.from(document.querySelectorAll("
                         "'[data-testid=\"stDataFrame\"] table td')).map(td => td.innerText)")


def type_in_cell(page, x: float, y: float, text: str, index: int) -> None:
    """Click a grid cell, open its editor (Enter), replace its text and commit (Enter).

    ``index`` is the cell's place in the grid's accessible table; the edit is retried until the grid shows it
    (a click that lands while the grid is redrawing after a run is lost).
    """
    editor = page.locator("#portal textarea, #portal input").first
    for _ in range(4):
        page.mouse.click(x, y)
        page.wait_for_timeout(500)
        page.keyboard.press("Enter")
        try:
            editor.wait_for(state="visible", timeout=2_000)
        except Exception:
            page.keyboard.press("Escape")
            continue
        page.wait_for_timeout(500)
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(text)
        page.wait_for_timeout(200)
        page.keyboard.press("Enter")
        wait_idle(page)
        if eventually(lambda: grid_cells(page)[index:index + 1], [text], timeout=5) == [text]:
            return
    raise AssertionError(f"could not type {text!r} into the cell at ({x}, {y})")


def open_app(browser, url, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    return page


def test_enter_the_code_example_and_see_750_gal(browser, app_url):
    page = open_app(browser, app_url, DESKTOP)
    open_expander(page, "Add a fixture")
    # the running DFU total after each line: 3 (food prep sink), + 3 x 2 (floor drains), + 3 (mop sink)
    for label, count, total in (("Food preparation sink", 1, "3 DFU"), ("Floor drain", 3, "9 DFU"),
                                ("Mop sink / service sink", 1, "12 DFU")):
        choose(page, "Fixture type", label)
        count_box = page.get_by_label("Count", exact=True)
        count_box.fill(str(count))
        count_box.press("Enter")
        wait_idle(page)
        assert eventually(lambda box=count_box: box.input_value(), str(count)) == str(count)
        page.get_by_role("button", name="Add", exact=True).click()
        wait_idle(page)
        expect_metrics(page, [total])
    expect_metrics(page, ["12 DFU", "750 gal"])
    assert page.get_by_text(f"sizing {__version__}", exact=False).count() >= 1
    page.close()


def test_bad_unit_in_a_cell_shows_the_field_and_keeps_the_cell(browser, app_url):
    page = open_app(browser, app_url, DESKTOP)
    open_expander(page, "Add a fixture")
    choose(page, "Fixture type", "Floor sink (indirect waste receptor)")
    page.get_by_role("button", name="Add", exact=True).click()
    wait_idle(page)
    box = page.locator('[data-testid="stDataFrame"]').first.bounding_box()
    trap_cell = (box["x"] + 540, box["y"] + 52)  # row 0, the trap_size column
    type_in_cell(page, *trap_cell, "2 kg", index=4)
    bad = ["fixtures[0].trap_size: expected a length such as '24 in' or '610 mm', got '2 kg' "
           "(fixture table: row 0, column trap_size)"]
    assert eventually(lambda: errors(page), bad) == bad
    assert grid_cells(page)[:5] == ["floor_sink", "1", "food_prep", "true", "2 kg"]
    type_in_cell(page, *trap_cell, "50 mm", index=4)  # Table 702.2(1): a 2 in trap is 4 DFU
    assert eventually(lambda: errors(page), []) == []
    assert grid_cells(page)[4] == "50 mm"
    expect_metrics(page, ["4 DFU", "500 gal"])
    page.close()


def test_phone_width_loads_an_example(browser, app_url):
    page = open_app(browser, app_url, PHONE)
    open_expander(page, "Start from an example")
    choose(page, "Example submittal", "cpc-code-example.yaml")
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    expect_metrics(page, ["12 DFU", "750 gal"])
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing forces a sideways scroll of the page
    page.close()
