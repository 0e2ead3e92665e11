"""The app's downloads: each file made when its button is clicked, from what the page shows then.

A download button is given a callable (``st.download_button(data=...)``, run by Streamlit on its own thread when
the button is clicked). A click first commits the field being typed (a text without Enter, a date), which starts a
run of the page; the callable waits until that run ends, and builds the file from what the latest run registered
under the button's key, so the file holds what the page shows. ``app.py`` marks each whole run (:func:`run`), a
fragment that draws downloads marks its own reruns.

Streamlit's public API does not say whether a click came with a pending edit: the browser sends the edit's rerun
request before the click's file request, and Streamlit starts the run's thread before it takes the file request,
but the run may reach :func:`run` after the file is asked for. So a click that finds no run going waits for one
to begin, at most :data:`GRACE` (woken as soon as one begins); a click after the page's last run has begun and
ended waits for nothing more.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import streamlit as st

#: session_state key of the session's :class:`Runs`.
RUNS = "download_runs"
#: How long a click waits for the session's run going to end (seconds).
WAIT = 30.0
#: How long a click that finds no run going waits for the run its pending edit started to begin (seconds).
GRACE = 0.5


class Runs:
    """The session's runs as the downloads see them: whether one is going, its number, and the file each button
    of the latest run offers ({key: (run number, make, args)}). Read from the thread Streamlit builds a file on."""

    def __init__(self) -> None:
        self.done = threading.Condition()
        self.depth = 0
        self.number = 0
        self.offered: dict[str, tuple[int, Any, tuple]] = {}


def _runs() -> Runs:
    return st.session_state.setdefault(RUNS, Runs())


@contextlib.contextmanager
def run() -> Iterator[None]:
    """Around a whole run of the page (app.py) and a fragment that draws downloads: a click waits until it ends."""
    runs = _runs()
    with runs.done:
        if runs.depth == 0:
            runs.number += 1
        runs.depth += 1
        runs.done.notify_all()
    try:
        yield
    finally:
        with runs.done:
            runs.depth -= 1
            runs.done.notify_all()


def on_click(make: Any, *args: Any) -> Any:
    """A download button's ``data`` made only when the user clicks it, of this run's values."""
    def build() -> Any:
        return make(*args)
    return build


def latest(key: str, make: Any, *args: Any) -> Any:
    """A download button's ``data``, made when it is clicked from what the page shows *then*.

    The file is built once the session's run going (started by the click's pending edit) ends, from the arguments
    the latest run registered under ``key``. If that run did not draw the button (the edit made an error), no
    file is made rather than one that differs from the page."""
    runs = _runs()
    with runs.done:
        own = runs.number
        runs.offered[key] = (own, make, args)

    def build() -> Any:
        with runs.done:
            if runs.depth == 0 and runs.number == own:  # no run since this one: the click's edit may start one
                runs.done.wait_for(lambda: runs.number != own, timeout=GRACE)
            runs.done.wait_for(lambda: runs.depth == 0, timeout=WAIT)
            shown_run, make_now, args_now = runs.offered[key]
            if shown_run != runs.number:
                raise RuntimeError(f"{key}: the page changed and no longer offers this download")
        return make_now(*args_now)
    return build


def download_name(doc: Mapping[str, Any], suffix: str) -> str:
    name = str((doc.get("project") or {}).get("name") or "submittal")
    stem = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:60] or "submittal"
    while "--" in stem:
        stem = stem.replace("--", "-")
    return f"{stem}{suffix}"
