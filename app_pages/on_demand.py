"""The app's downloads: each file made when its button is clicked, from what the page shows then.

A click on a download button first commits the field being typed (a text without Enter, a date), which starts a
run of the page; :func:`latest` builds the file after that run, from the arguments it registered. ``app.py`` counts
the runs (:func:`start_run`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st


def on_click(make: Any, *args: Any) -> Any:
    """A download button's ``data`` made only when the user clicks it (Streamlit calls it then), so a rerun
    after an edit does not build a report nobody asked for; ``make`` is cached on the submittal's content."""
    def build() -> Any:
        return make(*args)
    return build


#: session_state key of the downloads of the latest run: {button key: (run number, make, args), RUN: number}.
LATEST = "downloads_latest"
RUN = "run"
#: How long a click waits for the run its pending edit started, and the quiet moment after it (seconds).
LATEST_WAIT = 30.0
LATEST_QUIET = 0.8


#: holder key of the function that waits for the session's run (found once per run, for all its downloads).
WAITER = "waiter"


def start_run() -> None:
    """Count the runs of this session (app.py, each run): a download is built only from its own run."""
    holder = st.session_state.setdefault(LATEST, {})
    holder[RUN] = holder.get(RUN, 0) + 1
    holder.pop(WAITER, None)


def latest(key: str, make: Any, *args: Any) -> Any:
    """A download button's ``data``, made when it is clicked from what the page shows *then*.

    A click on a download button first commits the field being typed (a text without Enter, a date), which
    starts a run of the page; the file is built after that run, from the arguments that run registered under
    ``key``, so the file holds what the page shows. If that run did not draw the button (the edit made an
    error), no file is made rather than one that differs from the page."""
    holder = st.session_state.setdefault(LATEST, {})  # one dict per session, read from the download's thread
    holder[key] = (holder.get(RUN, 0), make, args)
    wait = holder.get(WAITER)
    if wait is None:
        wait = holder[WAITER] = _run_waiter(holder)

    def build() -> Any:
        wait()
        shown_run, make_now, args_now = holder[key]
        if shown_run != holder.get(RUN, 0):
            raise RuntimeError(f"{key}: the page changed and no longer offers this download")
        return make_now(*args_now)
    return build


def _run_waiter(holder: dict) -> Any:
    """A function that waits until the session's script run (started by the click's pending edit) ends."""
    import threading
    import time

    try:
        from streamlit.runtime import Runtime
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx()
        info = Runtime.instance()._session_mgr.get_active_session_info(ctx.session_id)
        session = info.session
    except Exception:  # AppTest, or no server: the caller's run is the latest
        return lambda: None

    def running() -> bool:
        thread = getattr(getattr(session, "_scriptrunner", None), "_script_thread", None)
        return thread is not None and thread.is_alive() and thread is not threading.current_thread()

    def wait() -> None:
        # The edit's run may reach the server just before or just after the click: wait until no run is going
        # and none has started for a quiet moment.
        deadline = time.monotonic() + LATEST_WAIT
        while time.monotonic() < deadline:
            while running() and time.monotonic() < deadline:
                time.sleep(0.05)
            run = holder.get(RUN)
            time.sleep(LATEST_QUIET)
            if not running() and holder.get(RUN) == run:
                return
    return wait


def download_name(doc: Mapping[str, Any], suffix: str) -> str:
    name = str((doc.get("project") or {}).get("name") or "submittal")
    stem = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:60] or "submittal"
    while "--" in stem:
        stem = stem.replace("--", "-")
    return f"{stem}{suffix}"
