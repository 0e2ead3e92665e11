"""Browser tests really run where a browser is: with Chromium present, a skipped browser test fails the run.

A browser test may skip only when there is no browser (its reason says so), or when it only prints a figure and
runs when asked for (its reason says ``ASKED_FOR``); on a machine with Chromium at
``SIZING_CHROMIUM`` (default /usr/bin/chromium), as in CI after ``.ci/system-deps``, any skip here is reported
at the end and the run's exit status is set to failed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM, launch, serve_app

_SKIPPED: list[tuple[str, str]] = []
#: The reason of a browser test that prints a figure and runs only when asked for (not a skip to report).
ASKED_FOR = "runs when asked for"


def pytest_runtest_logreport(report):
    if report.skipped and "tests/e2e/" in report.nodeid.replace("\\", "/") and Path(CHROMIUM).exists():
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if ASKED_FOR not in reason:
            _SKIPPED.append((report.nodeid, reason))


def pytest_terminal_summary(terminalreporter):
    if _SKIPPED:
        terminalreporter.section("browser tests skipped with Chromium present", sep="=", red=True)
        for nodeid, reason in _SKIPPED:
            terminalreporter.line(f"{nodeid}: {reason}")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if _SKIPPED and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# --- Fixtures every browser test module shares: one app server and one Chromium per module ----------------------

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
