"""How long the Inspection page takes to open, against a minimal Streamlit page with the same widgets, paired.

A (the app): a new session of ``app.py`` opened on its Inspection page (as a browser opening ``/inspection``
starts one), on a register of one FSE with a maintenance log, under AppTest: the whole first run, the app's
sign-in gate, sidebar and navigation included. B (the floor): a new session of a page holding only the same
widgets: the sidebar's jurisdiction selector, the finder (a text input and a selectbox in a fragment, the packet's
two download buttons), the packet's upload box (closed), the camera toggle and the form (date, purpose, condition,
three readings, per checklist item a radio and a note, "All yes" / "All n/a" per checklist, the finding, the photo
uploader, the note, "on behalf of", the tick box and the save button), with the same labels and the profile's
checklist items. Each round opens A, then B (A B A B ...); the
ratio is taken pair by pair and its median quoted, with the machine's load average beside it. Both run in this
process (server-side script time, no browser, no network); ``--profile`` prints where A's run spends its time.

    .venv/bin/python benchmarks/inspection_open.py             # 15 pairs after 2 warm-up pairs
    .venv/bin/python benchmarks/inspection_open.py -n 30
    .venv/bin/python benchmarks/inspection_open.py --profile   # cProfile of one opening, top 30 by cumulative
    .venv/bin/python benchmarks/inspection_open.py --browser   # in headless Chromium at a phone's width, served by
                                                               # ``streamlit run``: from opening the page to its
                                                               # "Save inspection" button shown

Goal: A/B at most 1.5.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest, local_script_runner  # noqa: E402

from sizing.jurisdiction.profile import DEFAULT_ID, get  # noqa: E402
from sizing.rules.inspection import checklist_items  # noqa: E402

MINIMAL_PAGE = '''
import datetime as dt

import streamlit as st

ITEMS = {items!r}
st.sidebar.selectbox("Jurisdiction", ["{place}"], key="in_jurisdiction")
st.sidebar.caption("the profile's confirmation line")
st.title("Inspection")
st.caption("letterhead · jurisdiction: chapter · CPC 2025 · sizing")


@st.fragment
def finder():
    st.text_input("Find an FSE (name, id or address)", key="in_ins_find")
    st.selectbox("FSE", ["FSE-0417 — Corner Cafe"], key="in_ins_fse")
    st.caption("No open notices.")


    row = st.container(horizontal=True, gap="small")
    row.download_button("Inspection packet (CSV, to fill offline)", lambda: b"csv", file_name="p.csv",
                        key="ins_packet_csv", on_click="ignore")
    row.download_button("Inspection packet (PDF, to print)", lambda: b"pdf", file_name="p.pdf", key="ins_packet_pdf",
                        on_click="ignore")


finder()
st.expander("Store a filled inspection packet (inspected without signal)", key="ins_packet_open", on_change="rerun")
st.toggle("Take a photo with the camera", key="in_ins_camera_on")
with st.form("ins_form", border=False, enter_to_submit=False):
    st.date_input("Date", key="in_ins_date", value=dt.date.today(), max_value=dt.date.today())
    st.selectbox("Purpose", ["routine", "complaint", "follow up"], key="in_ins_purpose")
    st.selectbox("Interceptor condition", ["not recorded", "good", "fair"], key="in_ins_condition")
    st.markdown("**Readings**")
    for col, label in zip(st.columns(3), ("FOG", "Solids", "Liquid depth")):
        col.text_input(label, key="in_ins_" + label)
    shown = None
    for key, (title, text) in ITEMS.items():
        if title != shown:
            shown = title
            st.markdown(f"**{{title}}**")
            c1, c2, _ = st.columns([1, 1, 2])
            c1.form_submit_button("All yes", key="yes" + key)
            c2.form_submit_button("All n/a", key="na" + key)
        st.radio(text, ("yes", "no", "n/a"), index=None, horizontal=True, key="in_" + key)
        st.text_input("note", key="in_" + key + "__note", label_visibility="collapsed")
    st.markdown("**Finding** (optional)")
    st.text_input("Clause", key="in_ins_clause")
    st.text_area("What was found", key="in_ins_found", height=68)
    st.selectbox("Notice it opens", ["none", "Notice of violation"], key="in_ins_notice")
    st.file_uploader("Photos", type=["jpg", "jpeg", "png", "webp"], accept_multiple_files=True, key="ins_photos")
    st.text_area("Note", key="in_ins_note", height=68)
    st.text_input("On behalf of", key="in_reg_user")
    st.checkbox("Save with checklist items unanswered", key="in_ins_allow_unanswered")
    st.form_submit_button("Save inspection", key="ins_save", type="primary")
'''


def register(folder: Path) -> Path:
    """A register of one FSE (Corner Cafe) with a maintenance log, as the phone test's."""
    from sizing.cli.main import main

    path, log = folder / "register.db", folder / "log.yaml"
    log.write_text("project: {fse_id: FSE-0417, name: Corner Cafe}\nmaintenance: {liquid_depth: 48 in, "
                   "services: [2026-01-01]}\n", encoding="utf-8")
    assert main(["register", "add", str(log), "--db", str(path)]) in (0, 1)
    return path


def minimal_script(folder: Path) -> Path:
    place = get(DEFAULT_ID)
    items = {k.replace(".", "__"): (i["checklist_title"], f"{i['text']} ({i['citation']})")
             for k, i in checklist_items(place).items()}
    script = folder / "minimal_inspection.py"
    script.write_text(MINIMAL_PAGE.format(items=items, place=place.name), encoding="utf-8")
    return script


#: The components Streamlit finds installed, scanned once for every session made here (AppTest scans them again
#: for each new AppTest, about 100 ms that a server pays once at its start, not at each session's).
COMPONENTS: list = []


def session(script: Path) -> AppTest:
    at = AppTest.from_file(str(script), default_timeout=120)
    if COMPONENTS:
        at._bidi_component_manager = COMPONENTS[0]
    return at


def keep_components(at: AppTest) -> None:
    if not COMPONENTS:
        COMPONENTS.append(at._bidi_component_manager)


def open_app() -> tuple[float, float]:
    at = session(ROOT / "app.py")
    at.switch_page("app_pages/pages/inspection.py")  # a new session opened on the page (its file: no url_path)
    start, start_cpu = time.perf_counter(), time.process_time()
    at.run()
    took = time.perf_counter() - start, time.process_time() - start_cpu
    keep_components(at)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Inspection" and len(at.radio) == len(checklist_items(get(DEFAULT_ID)))
    return took


def open_minimal(script: Path) -> tuple[float, float]:
    at = session(script)
    start, start_cpu = time.perf_counter(), time.process_time()
    at.run()
    took = time.perf_counter() - start, time.process_time() - start_cpu
    assert not at.exception, [e.value for e in at.exception]
    return took


def profiled(opening) -> None:
    """Profile the script's run (on the thread AppTest runs it on) during ``opening()``; print the top 30."""
    profiler = cProfile.Profile()
    runner = local_script_runner.LocalScriptRunner
    plain = runner._run_script

    def run_script(self, rerun_data):
        profiler.enable()
        try:
            return plain(self, rerun_data)
        finally:
            profiler.disable()

    runner._run_script = run_script
    try:
        opening()
    finally:
        runner._run_script = plain
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(int(os.environ.get("TOP", "30")))


def browser_pairs(script: Path, rounds: int, warmup: int) -> tuple[list[float], list[float]]:
    """Each page opened in a new browser tab (a new session) until its "Save inspection" button shows, A B A B."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from harness import PHONE, launch, serve_app

    def opened(browser, url: str) -> float:
        page = browser.new_page(viewport=PHONE)
        start = time.perf_counter()
        page.goto(url)
        page.get_by_role("button", name="Save inspection").wait_for(timeout=120_000)
        took = time.perf_counter() - start
        page.close()
        return took

    a, b = [], []
    with serve_app(env={"SIZING_DB": os.environ["SIZING_DB"]}) as app, serve_app(script=script) as floor, \
            sync_playwright() as p:
        browser = launch(p)
        for i in range(warmup + rounds):
            took_a, took_b = opened(browser, f"{app}/inspection"), opened(browser, floor)
            if i >= warmup:
                a.append((took_a, took_a))
                b.append((took_b, took_b))
        browser.close()
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--rounds", type=int, default=15, help="paired rounds (default 15)")
    parser.add_argument("--warmup", type=int, default=2, help="paired rounds not counted (default 2)")
    parser.add_argument("--profile", action="store_true", help="profile one opening of A (after the warm-up)")
    parser.add_argument("--browser", action="store_true", help="in headless Chromium, each page served by streamlit")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["SIZING_DB"] = str(register(folder))
        script = minimal_script(folder)
        if args.browser:
            a, b = browser_pairs(script, args.rounds, args.warmup)
        else:
            a, b = [], []
            for i in range(args.warmup + args.rounds):
                took_a, took_b = open_app(), open_minimal(script)
                if i >= args.warmup:
                    a.append(took_a)
                    b.append(took_b)
        if args.profile:
            profiled(open_app)
    where = "in Chromium (390 px), to the save button shown" if args.browser else "under AppTest"
    print(f"Inspection page opened in a new session {where}: {args.rounds} pairs; medians (min, max); A = the app's "
          "page, B = the minimal page with the same widgets" + ("" if args.browser else "; cpu: this process's CPU "
                                                                "time during the run"))
    for n, kind in enumerate(("wall",) if args.browser else ("wall", "cpu")):
        xs, ys = [x[n] for x in a], [y[n] for y in b]
        ratios = [x / y for x, y in zip(xs, ys, strict=True)]
        print(f"{kind:4}  A {statistics.median(xs) * 1000:6.1f} ms ({min(xs) * 1000:.1f}, {max(xs) * 1000:.1f})   "
              f"B {statistics.median(ys) * 1000:6.1f} ms ({min(ys) * 1000:.1f}, {max(ys) * 1000:.1f})   "
              f"A/B {statistics.median(ratios):5.2f} ({min(ratios):.2f}, {max(ratios):.2f})   "
              f"load {os.getloadavg()[0]:.2f}")
    print("goal: A/B at most 1.5")
    return 0


if __name__ == "__main__":
    sys.exit(main())
