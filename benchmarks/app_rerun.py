"""One rerun of the sizing page and of the review page after a cell edit, against a minimal Streamlit page,
paired, under AppTest.

A (the app): ``app.py`` on its sizing page holding a 40-line fixture schedule, and on its review page holding
the compliant example with the same 40 lines in its fixture grid. B (the floor): a page holding only
``st.data_editor`` with the same 40 rows and four ``st.metric``. Each round types a new count into one cell of
each page's grid and times the rerun that follows (A B A B ...); the ratio is taken pair by pair and its median
quoted, with the machine's load average beside it. Both run in this process with Streamlit's AppTest
(server-side script time; no browser, no network).

On both pages the grid and what it changes (the result, the review) are one fragment (``st.fragment``): in a
browser, an edit in the grid sends a rerun request naming that fragment, with the grid's new state, and the server
runs it alone (the grid drawn again, and the result). AppTest always asks for a whole run and sends no state for a
grid, so this script names the fragment in the rerun request (``RerunData.fragment_id_queue``) and adds the grid's
state to it (``RerunData.widget_states``), as the browser does; ``--full`` times whole runs instead (what a widget
outside the fragment costs), the edit given through session_state.

    .venv/bin/python benchmarks/app_rerun.py           # 15 rounds
    .venv/bin/python benchmarks/app_rerun.py -n 30 --lines 80 --page size
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates  # noqa: E402
from streamlit.testing.v1 import AppTest, local_script_runner  # noqa: E402

from sizing.io import submittal  # noqa: E402
from sizing.jurisdiction.profile import DEFAULT_ID, get  # noqa: E402

MINIMAL_PAGE = '''
import pandas as pd
import streamlit as st

if "frame" not in st.session_state:
    st.session_state.frame = pd.read_pickle({frame!r})
edited = st.data_editor(st.session_state.frame, key="editor", num_rows="dynamic")
m1, m2, m3, m4 = st.columns(4)
m1.metric("DFU total", f"{{edited['count'].sum():g}}")
m2.metric("Gravity interceptor, required", "750 gal")
m3.metric("HGI, 1-minute drainage", "35 gpm")
m4.metric("HGI, 2-minute drainage", "20 gpm")
'''


def schedule(lines: int) -> list[dict]:
    """A fixture schedule of ``lines`` lines: every fixture type in turn, sinks with dimensions, some flows."""
    kinds = list(submittal.fixture_types())
    out = []
    for i in range(lines):
        kind = kinds[i % len(kinds)]
        item = {"type": kind, "count": 1 + i % 3, "area": submittal.fixture_types()[kind].area}
        if kind.endswith("sink") and kind != "hand_sink":
            item.update({"length": "24 in", "width": "610 mm", "depth": "12 in"})
        if kind in ("floor_sink",):
            item["trap_size"] = "2 in"
        if kind in ("dishwasher", "ice_machine"):
            item["flow"] = "2 gpm"
        out.append(item)
    return out


class FragmentRerun:
    """Names a fragment in AppTest's next rerun request, and adds a grid's new state to it, as the browser does
    after an edit in the grid."""

    fragment_id: str | None = None
    widget: tuple[str, str] | None = None  # (the grid's widget id, its state as JSON)
    _rerun_data = local_script_runner.RerunData

    @classmethod
    def rerun_data(cls, **kwargs):
        if cls.fragment_id is not None:
            kwargs["fragment_id_queue"] = [cls.fragment_id]
        if cls.widget is not None and kwargs.get("widget_states") is not None:
            states = WidgetStates()
            states.CopyFrom(kwargs["widget_states"])
            states.widgets.append(WidgetState(id=cls.widget[0], string_value=cls.widget[1]))
            kwargs["widget_states"] = states
        return cls._rerun_data(**kwargs)


local_script_runner.RerunData = FragmentRerun.rerun_data
#: The fragment (``@st.fragment(key=)``) that holds each page's fixture grid and what it changes.
GRID_FRAGMENT = {"size": "fx_grid", "review": "rv_grid"}


def the_fragment(at: AppTest, page: str) -> str:
    """The id of the fragment that holds the page's fixture grid (the rerun an edit in it asks for)."""
    ids = at._fragment_storage.resolve_target(GRID_FRAGMENT[page])
    assert len(ids) == 1, ids
    return ids[0]


def app_page(lines: int, page: str) -> tuple[AppTest, callable]:
    from app_pages.widgets import fixtures

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    prefix = "fx" if page == "size" else "rv_fx"
    if page == "review":
        at.switch_page("app_pages/pages/review.py").run()
        at.button(key="rv_load_example").click().run()
        at.session_state["rv_fx_open"] = True  # its grid is drawn (and edited) when its box is open
    frame = fixtures.frame(schedule(lines), get(DEFAULT_ID))
    at.session_state[f"{prefix}_base"] = frame
    at.session_state[f"{prefix}_current"] = frame
    at.session_state[f"{prefix}_ver"] = 7
    at.run()
    assert not at.exception, at.exception
    assert page == "review" or not at.error, [e.value for e in at.error]  # the review's verdict may be an error

    key = at.session_state[f"{prefix}_editor_key"]
    widget_id = next(e.proto.id for e in at.data_editor if e.proto.id.endswith(f"-{key}"))

    def edit(count: int) -> None:
        state = {"edited_rows": {3: {"count": count}}, "added_rows": [], "deleted_rows": []}
        if FragmentRerun.fragment_id is None:  # a whole run: typed into session_state (no callback runs)
            at.session_state[key] = state
        else:  # the grid's new state in the request, as the browser sends it
            FragmentRerun.widget = (widget_id, json.dumps(state))

    return at, edit


def minimal_page(lines: int, folder: Path) -> tuple[AppTest, callable]:
    from app_pages.widgets import fixtures

    frame_path = folder / "frame.pkl"
    fixtures.frame(schedule(lines), get(DEFAULT_ID)).to_pickle(frame_path)
    script = folder / "minimal_page.py"
    script.write_text(MINIMAL_PAGE.format(frame=str(frame_path)), encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=120)
    at.run()
    assert not at.exception

    def edit(count: int) -> None:
        at.session_state["editor"] = {"edited_rows": {3: {"count": count}}, "added_rows": [], "deleted_rows": []}

    return at, edit


def timed_rerun(at: AppTest, edit, count: int, fragment: str | None = None) -> tuple[float, float]:
    """(wall s, cpu s of this process) of the rerun after typing ``count`` into the edited cell (a run of
    ``fragment`` alone when given)."""
    FragmentRerun.fragment_id = fragment
    edit(count)
    try:
        start, start_cpu = time.perf_counter(), time.process_time()
        at.run()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    finally:
        FragmentRerun.fragment_id = FragmentRerun.widget = None
    assert not at.exception, [e.value for e in at.exception]
    return elapsed, cpu


def paired(page: str, args: argparse.Namespace, folder: Path) -> tuple[dict[str, list[float]], str]:
    """Paired reruns of ``page`` (A) and the minimal page (B); the DFU total A shows at the end."""
    app, edit_app = app_page(args.lines, page)
    fragment = None if args.full else the_fragment(app, page)
    floor, edit_floor = minimal_page(args.lines, folder)
    figures: dict[str, list[float]] = {"wall_a": [], "wall_b": [], "cpu_a": [], "cpu_b": []}
    for i in range(args.warmup + args.rounds):
        count = 2 + i % 7 + (i // 7) * 10  # a new value every round: nothing is served from a cache
        wall_a, cpu_a = timed_rerun(app, edit_app, count, fragment)
        wall_b, cpu_b = timed_rerun(floor, edit_floor, count)
        if i >= args.warmup:
            for key, value in (("wall_a", wall_a), ("wall_b", wall_b), ("cpu_a", cpu_a), ("cpu_b", cpu_b)):
                figures[key].append(value)
    label = "DFU total" if page == "size" else "Required volume (CPC)"
    shown = next((m.value for m in app.metric if m.label == label), "?")
    return figures, f"{label} now {shown}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=15, help="paired rounds (default 15)")
    parser.add_argument("--lines", type=int, default=40, help="fixture lines (default 40)")
    parser.add_argument("--warmup", type=int, default=2, help="paired rounds not counted (default 2)")
    parser.add_argument("--page", choices=("size", "review"), action="append", help="one page (repeatable)")
    parser.add_argument("--full", action="store_true", help="whole runs, not the fragment's")
    args = parser.parse_args(argv)
    kind = "whole runs" if args.full else "fragment reruns, as the browser asks for them"
    for page in args.page or ("size", "review"):
        with tempfile.TemporaryDirectory() as tmp:
            figures, shown = paired(page, args, Path(tmp))
        print(f"\n{page} page: {args.rounds} paired reruns after one cell edit ({kind}), {args.lines} fixture "
              f"lines ({shown}); medians (min, max); A = the {page} page, B = the minimal page (floor)")
        for kind_ in ("wall", "cpu"):
            a, b = figures[f"{kind_}_a"], figures[f"{kind_}_b"]
            ratios = [x / y for x, y in zip(a, b, strict=True)]
            print(f"{kind_:4}  A {statistics.median(a) * 1000:6.1f} ms ({min(a) * 1000:.1f}, {max(a) * 1000:.1f})   "
                  f"B {statistics.median(b) * 1000:6.1f} ms ({min(b) * 1000:.1f}, {max(b) * 1000:.1f})   "
                  f"A/B {statistics.median(ratios):5.2f} ({min(ratios):.2f}, {max(ratios):.2f})   "
                  f"load {os.getloadavg()[0]:.2f}")
    print("goal: A/B at most 2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
