"""Screenshots of every app page at desktop (1280 px) and phone (390 px) width, made in headless Chromium.

    .venv/bin/python docs/make_screenshots.py            # writes docs/screenshots/<page>-<width>.png
    .venv/bin/python docs/make_screenshots.py --pages size review

Starts the app with ``streamlit run app.py`` on a free port (tests/e2e/harness.py), loads an example on each
page the way a user would, and captures the whole page. Needs Debian's Chromium (``.ci/system-deps``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sizing import __version__  # noqa: E402
from tests.e2e.harness import DESKTOP, PHONE, choose, launch, open_expander, serve_app, wait_idle  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def load_example(page, expander: str, label: str, example: str, button: str = "Load example") -> None:
    open_expander(page, expander)
    choose(page, label, example)
    page.get_by_role("button", name=button, exact=True).click()
    wait_idle(page)


#: page -> (url path, what a user does before the screenshot)
PAGES = {
    "size": ("", lambda p: load_example(p, "Start from an example", "Example submittal", "restaurant.yaml")),
    "review": ("review", lambda p: load_example(p, "The submittal", "Example", "review-noncompliant.yaml")),
    "waiver": ("waiver", lambda p: load_example(p, "The application", "Example", "waiver-coffee-bar.yaml")),
    "maintenance": ("maintenance", lambda p: load_example(p, "Start from an example", "Example log",
                                                          "maintenance-restaurant.yaml")),
    "inventory": ("inventory", lambda p: (p.get_by_role("button", name="Use the example inventory").click(),
                                          wait_idle(p))),
    "letter": ("review", lambda p: (load_example(p, "The submittal", "Example", "review-correction-letter.yaml"),
                                    open_expander(p, "Correction letter: addressee, signature"))),
    "decision": ("waiver", lambda p: record_decision(p)),
    "program": ("program", lambda p: import_inventory(p)),
    "inspection": ("inspection", lambda p: inspect(p)),
}


def record_decision(page) -> None:
    """The Director grants the coffee bar's waiver and records it (in the screenshots' own register)."""
    load_example(page, "The application", "Example", "waiver-coffee-bar.yaml")
    open_expander(page, "Record the Director's decision")
    fse = page.get_by_label("FSE id (the application has no project.fse_id)", exact=True)
    if fse.count():
        fse.fill("FSE-0520")
        fse.press("Enter")
        wait_idle(page)
    page.get_by_role("button", name="Record this decision in the register", exact=True).click()
    wait_idle(page)


def import_inventory(page) -> None:
    """The example inventory imported from the Program page (its rejected row left out)."""
    open_expander(page, "Import an inventory (CSV)")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').first.set_input_files(
        str(ROOT / "examples" / "inventory.csv"))
    wait_idle(page)
    page.get_by_text("Import the other submittals when rows are rejected", exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Import into the register", exact=True).click()
    wait_idle(page)


def inspect(page) -> None:
    """A routine inspection with readings and a failed drain-screen item, saved (the register needs an FSE: the
    Program page's import, or any record, makes one)."""
    wait_idle(page)
    page.get_by_role("radiogroup").first.get_by_text("no", exact=True).click()
    page.get_by_label("FOG", exact=True).fill("2 in")
    page.get_by_label("Solids", exact=True).fill("75 mm")
    page.get_by_label("Liquid depth", exact=True).fill("48 in")
    page.get_by_role("button", name="Save inspection", exact=True).click()
    wait_idle(page)


def full_height(page, width: int) -> None:
    """Grow the window to the page's full height (the app scrolls inside its own container)."""
    height = page.evaluate(
        "() => Math.max(...['[data-testid=\"stMain\"]', '[data-testid=\"stAppViewContainer\"]', 'body']"
        ".map(s => document.querySelector(s)).filter(Boolean).map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 16000)})
    page.wait_for_timeout(1500)


def shoot(browser, url: str, name: str, path: str, action, viewport: dict) -> Path:
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.goto(f"{url}/{path}")
    page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for(timeout=60_000)
    page.get_by_text(f"sizing {__version__}", exact=False).first.wait_for(timeout=60_000)
    action(page)
    page.wait_for_timeout(1000)
    full_height(page, viewport["width"])
    label = "desktop" if viewport["width"] >= 1000 else "phone"
    target = OUT / f"{name}-{label}.png"
    page.screenshot(path=str(target), full_page=True)
    page.close()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", choices=list(PAGES), default=list(PAGES))
    args = parser.parse_args(argv)
    import tempfile

    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    register = Path(tempfile.mkdtemp()) / "screenshots.db"  # the decision and the import go here, not to a real one
    with serve_app(env={"SIZING_DB": str(register)}) as url, sync_playwright() as p:
        browser = launch(p)
        for name in args.pages:
            path, action = PAGES[name]
            for viewport in (DESKTOP, PHONE):
                print(shoot(browser, url, name, path, action, viewport).relative_to(ROOT))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
