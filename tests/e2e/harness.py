"""Start the app with ``streamlit run`` on a free port and drive it in headless Chromium (Playwright).

Used by the end-to-end test and by ``docs/make_screenshots.py``. Chromium is Debian's ``/usr/bin/chromium``
(``.ci/system-deps`` installs it); Playwright's own browser download is not used.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SIZING_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_app(timeout: float = 90, cwd: Path | None = None, port: int | None = None,
              env: dict[str, str] | None = None, script: Path | None = None) -> Iterator[str]:
    """Run ``streamlit run app.py --server.headless true`` and yield its URL; stop it afterwards. ``cwd``: the
    folder it starts in (whose ``.streamlit/`` holds its config and secrets; default the checkout); ``script``:
    another script to serve instead of the app (a benchmark's floor)."""
    port = port or free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(script or ROOT / "app.py"), "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
           "--server.fileWatcherType", "none"]
    proc = subprocess.Popen(cmd, cwd=cwd or ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=None if env is None else {**os.environ, **env})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"streamlit exited with {proc.returncode}: {proc.stdout.read()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                    if resp.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not answer on {url} within {timeout:g} s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def launch(playwright):
    """Headless Debian Chromium through Playwright (no Playwright browser download)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def wait_idle(page, timeout: float = 60_000) -> None:
    """Wait for the run an action started to finish (stApp's script state goes running -> notRunning)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    app = '[data-testid="stApp"][data-test-script-state="{}"]'
    try:
        page.locator(app.format("running")).wait_for(state="attached", timeout=3_000)
    except PlaywrightTimeout:
        pass  # the run was quicker than the poll, or the action started none
    page.locator(app.format("notRunning")).wait_for(state="attached", timeout=timeout)
    page.wait_for_timeout(300)


def choose(page, label: str, option: str) -> None:
    """Pick ``option`` in the st.selectbox labelled ``label``."""
    box = page.get_by_label(label, exact=True)
    box.click()
    # The option list is virtualised: an option below the fold is not in the page until the list is
    # filtered, so type the option's text first.
    page.keyboard.type(option)
    page.get_by_role("option", name=option, exact=True).first.click(timeout=15_000)
    wait_idle(page)


def open_expander(page, title: str) -> None:
    """Open the st.expander titled ``title`` (a click on an open one would close it)."""
    details = page.locator('[data-testid="stExpander"] details').filter(has_text=title).first
    if details.get_attribute("open") is None:
        details.locator("summary").first.click()
        wait_idle(page)  # an expander whose contents are drawn only when open reruns the page


def open_waiver_example(browser, url: str, example: str = "waiver-coffee-bar.yaml", **page_options):
    """A new page on the waiver page with ``example`` loaded, as a user does it (the page is returned)."""
    page = browser.new_page(viewport=DESKTOP, **page_options)
    page.goto(url)
    page.get_by_text("Enter the fixture schedule").wait_for(timeout=60_000)
    page.get_by_role("link", name="Conditional waiver", exact=True).click()
    wait_idle(page)
    choose(page, "Example", example)
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    return page
