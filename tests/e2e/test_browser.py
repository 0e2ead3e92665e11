"""End to end: the real app under ``streamlit run``, driven in headless Chromium like a user would.

Skipped only when Debian's Chromium (/usr/bin/chromium) is absent; ``.ci/system-deps`` installs it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sizing import __version__
from tests.e2e.harness import CHROMIUM, DESKTOP, PHONE, choose, open_expander, wait_idle

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM}: run .ci/system-deps (apt-get install chromium)")


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


#: Column places in the fixture grid (as in app_pages/widgets/fixtures.py COLUMNS) and its row geometry [px].
TYPE, OTHER_TYPE, COUNT, LENGTH, TRAP, FLOW = 0, 1, 2, 3, 7, 8
HEADER, ROW = 35, 35


#: The page's first grid (the fixture grid of the sizing page).
GRID = '[data-testid="stDataFrame"]'


def grid_rows(page, grid: str = GRID) -> list[list[str]]:
    """The rows of the grid ``grid`` finds first as cell texts (its accessible table mirrors the canvas)."""
    return page.locator(grid).first.evaluate(
        "g => Array.from(g.querySelectorAll('table tbody tr')).map(tr => Array.from(tr.querySelectorAll('td'))"
        ".map(td => td.innerText))")


def grid_cell(page, row: int, col: int, grid: str = GRID) -> str | None:
    """The text of the cell at ``row`` and ``col`` (0-based, in the grid's own column order) of the grid ``grid``
    finds first, read by its place (``aria-colindex``) in the grid's accessible table, which holds the columns on
    screen: None when that column is scrolled out of view."""
    return page.locator(grid).first.evaluate(
        "(g, [r, c]) => { const tr = g.querySelector(`table tbody tr[aria-rowindex='${r + 2}']`);"
        " const td = tr && tr.querySelector(`td[aria-colindex='${c + 1}']`); return td ? td.innerText : null; }",
        [row, col])


def grid_headings(page, grid: str = GRID) -> list[str]:
    """The headings of the grid's columns on screen (a pinned column stays among them when the grid scrolls)."""
    return page.locator(grid).first.evaluate(
        "g => Array.from(g.querySelectorAll('table thead th')).map(th => th.innerText)")


def type_in_grid(page, row: int, col: int, text: str, grid: str = GRID) -> None:
    """Select a cell of the grid ``grid`` finds first (click the row's type cell, then arrow right), open its
    editor, type, commit; retried until the grid shows the text (a click that lands while the grid redraws after a
    run is lost)."""
    editor = page.locator("#portal textarea, #portal input").first
    for _ in range(5):
        grid_box = page.locator(grid).first
        grid_box.scroll_into_view_if_needed()
        box = grid_box.bounding_box()
        page.mouse.click(box["x"] + 120, box["y"] + HEADER + ROW * row + ROW / 2)
        page.wait_for_timeout(400)
        for _ in range(col):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        try:
            editor.wait_for(state="visible", timeout=2_000)
        except Exception:
            page.keyboard.press("Escape")
            continue
        page.wait_for_timeout(300)
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(text)
        page.wait_for_timeout(200)
        page.keyboard.press("Tab")  # commit without moving down into the trailing (add) row
        wait_idle(page)
        page.keyboard.press("Escape")

        if eventually(lambda: grid_cell(page, row, col, grid), text, timeout=5) == text:  # in the column meant
            return
    raise AssertionError(f"could not type {text!r} into row {row}, column {col}")


def open_app(browser, url, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    return page


def test_enter_the_code_example_and_see_750_gal(browser, app_url):
    page = open_app(browser, app_url, DESKTOP)
    # the running DFU total after each line: 3 (food prep sink), + 3 x 2 (floor drains), + 3 (mop sink)
    from sizing.io.submittal import fixture_types

    labels = {key: kind.label for key, kind in fixture_types().items()}  # as the picker shows them
    for label, count, total in ((labels["food_prep_sink"], 1, "3 DFU"), (labels["floor_drain"], 3, "9 DFU"),
                                (labels["mop_sink"], 1, "12 DFU")):
        choose(page, "Add a fixture: type", label)
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
    choose(page, "Add a fixture: type", "Floor sink (indirect waste receptor)")
    page.get_by_role("button", name="Add", exact=True).click()
    wait_idle(page)
    type_in_grid(page, 0, TRAP, "2 kg")
    bad = ["fixture 1 (Floor sink (indirect waste receptor)), trap size: expected a length such as '24 in' or "
           "'610 mm', got '2 kg'"]
    assert eventually(lambda: errors(page), bad) == bad
    assert grid_cell(page, 0, TRAP) == "2 kg"
    type_in_grid(page, 0, TRAP, "50 mm")  # Table 702.2(1): a 2 in trap is 4 DFU
    assert eventually(lambda: errors(page), []) == []
    assert grid_cell(page, 0, TRAP) == "50 mm"
    expect_metrics(page, ["4 DFU", "500 gal"])
    page.close()


def load_example(page, name: str) -> None:
    open_expander(page, "Start from an example")
    choose(page, "Example submittal", name)
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)


def test_an_unlisted_appliance_at_2_gpm_in_the_grid_adds_60_gal(browser, app_url):
    """An appliance that is not a listed type (a pasta cooker, directly connected), typed in the grid with its
    flow: 2 gpm x 30 min = 60 gal (CPC 1014.3.6 footnote 3) on top of the worked example's 750 gal. (A combi
    oven is listed: it drains indirectly to the example's floor drains, which carry its load.)"""
    page = open_app(browser, app_url, DESKTOP)
    load_example(page, "cpc-code-example.yaml")
    expect_metrics(page, ["12 DFU", "750 gal"])
    n = len(grid_rows(page))
    grid = page.locator('[data-testid="stDataFrame"]').first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    page.mouse.click(box["x"] + 120, box["y"] + HEADER + ROW * n + ROW / 2)  # the trailing row adds a row
    wait_idle(page)
    page.keyboard.press("Escape")
    assert eventually(lambda: len(grid_rows(page)), n + 1) == n + 1
    type_in_grid(page, n, FLOW, "2 gpm")
    type_in_grid(page, n, OTHER_TYPE, "pasta_cooker")
    expect_metrics(page, ["12 DFU", "810 gal"])
    assert errors(page) == []
    page.close()


def test_upload_with_a_typo_shows_the_command_line_error(browser, app_url, tmp_path):
    path = tmp_path / "t8.yaml"
    path.write_text("fixtures:\n  - {type: three_compartment_sink, count: 1}\n"
                    "  - {type: water_closet, count: 2, conected_to_interceptor: false}\n")
    page = open_app(browser, app_url, DESKTOP)
    open_expander(page, "Start from an example")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(str(path))
    wait_idle(page)
    want = "t8.yaml: fixtures[1].conected_to_interceptor: unknown field (did you mean 'connected_to_interceptor'?)"
    assert eventually(lambda: [e for e in errors(page) if e.startswith(want)][:1] != [], True)
    assert page.get_by_text("Loaded t8.yaml").count() == 0
    page.close()


def test_table_chart_draws_a_line(browser, app_url):
    """The Table 1014.3.6 step chart draws its line and the project's marker (it was blank)."""
    page = open_app(browser, app_url, DESKTOP)
    load_example(page, "cpc-code-example.yaml")
    page.get_by_role("tab", name="Table 1014.3.6").click()
    chart = page.locator('[data-testid="stVegaLiteChart"]').first
    chart.wait_for(timeout=30_000)
    chart.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)
    box = chart.bounding_box()
    pixels = page.screenshot(clip=box)
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(pixels)).convert("RGB")
    colours = image.getcolors(maxcolors=1_000_000) or []
    blue = sum(n for n, (r, g, b) in colours if b > 150 and r < 120)  # the step line
    red = sum(n for n, (r, g, b) in colours if r > 180 and r - g > 70 and r - b > 70)  # the project marker
    assert blue > 200 and red > 50, (blue, red)
    page.close()


def test_no_deploy_button(browser, app_url):
    page = open_app(browser, app_url, DESKTOP)
    assert page.get_by_role("button", name="Deploy").count() == 0
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
