"""Page 1 — size an interceptor: fixture schedule in, the CPC size with every step, clause and provenance out.

The page's code lives in this module (imported once per process); ``app_pages/pages/size.py``, the page script
Streamlit runs on every rerun, only calls :func:`main`.
"""

from __future__ import annotations

import functools

import pandas as pd
import streamlit as st

from app_pages import documents, evaluate, on_demand
from app_pages.widgets import examples, fixtures, grid, jurisdiction, page_parts
from sizing.cpc import meals as meals_clause
from sizing.errors import SizingInputError, TableError
from sizing.io import fields as parse
from sizing.io import submittal
from sizing.io.tables import DEFAULT_EDITION
from sizing.quantities import show
from sizing.report.text import summary_rows

ss = st.session_state
TRI = ("from the fixture list", "yes", "no")
MEALS_INPUTS = {  # submittal meals field -> widget key
    "meals_per_peak_hour": "in_meals_mph", "seats": "in_meals_seats", "meal_factor": "in_meals_factor",
    "hours_of_operation": "in_meals_hours", "waste_flow_rate": "in_meals_waste",
    "retention_time": "in_meals_retention", "storage_factor": "in_meals_storage",
}
MEALS_FLAGS = {"dishwashing_machine": "in_meals_dish", "food_waste_disposer": "in_meals_disposer",
               "single_service": "in_meals_single"}
#: The result's tabs (``in_size_tab`` holds the open one, kept across page switches).
RESULT_TABS = ("Steps", "Fixtures", "Table 1014.3.6", "Meals cross-check")
#: Sections this page edits itself; any other section of a loaded submittal is carried along unchanged.
EDITED = ("$schema", "edition", "construction", "fixtures", "inlet_pipe", "meals")
#: The page's fragment (``@st.fragment(key=)``): the fixture grid and what it changes (the result).
GRID = "fx_grid"
#: The submittal's ``project`` fields this page edits -> widget key (the calculation report's header prints them).
PROJECT_INPUTS = {"name": "in_project_name", "engineer": "in_engineer", "engineer_license": "in_engineer_license",
                  "address": "in_site_address", "apn": "in_apn", "permit": "in_permit"}


# --- state -------------------------------------------------------------------------------------------------

def init_state() -> None:
    if "fx_current" not in ss:
        ss.fx_current = fixtures.frame([], jurisdiction.chosen())
    ss.setdefault("sub_extra", {})
    ss.setdefault("in_edition", DEFAULT_EDITION)
    ss.setdefault("in_construction", "new")
    ss.setdefault("in_project_name", "")
    ss.setdefault("in_engineer", "")
    ss.setdefault("in_engineer_license", "")
    for key in PROJECT_INPUTS.values():
        ss.setdefault(key, "")
    ss.setdefault("in_inlet_pipe", "")
    ss.setdefault("in_units", "US")
    ss.setdefault("in_add_count", 1)
    # the meals fields get their state when first drawn (or a file fills them): fewer keys for every widget to scan


def replace_fixtures(frame: pd.DataFrame) -> None:
    """New editor contents (a fresh editor key, so no stale edits are replayed onto them)."""
    grid.editor_replace("fx", frame)


def load_document(doc: dict, source: str) -> None:
    """Fill every input from a submittal mapping, as typed, once the CLI's parser has accepted it."""
    place = jurisdiction.chosen()
    fixtures.check_document(doc, source, place)
    items = parse.sequence("fixtures", doc.get("fixtures"), default=[])
    meals = parse.mapping("meals", doc.get("meals"), submittal.MEALS_FIELDS, default={})
    project = dict(parse.mapping("project", doc.get("project"), submittal.PROJECT_FIELDS, default={}))
    construction = parse.choice("construction", doc.get("construction"), submittal.CONSTRUCTION, default="new")
    chosen = str(doc.get("edition", ss.in_edition))
    if chosen not in documents.edition_names():
        raise SizingInputError("edition", doc.get("edition"), "one of " + ", ".join(documents.edition_names()))
    replace_fixtures(fixtures.frame(items, place))
    ss.in_edition = chosen
    ss.in_construction = construction
    for field, key in PROJECT_INPUTS.items():
        ss[key] = str(project.pop(field, "") or "")
    ss.in_inlet_pipe = "" if doc.get("inlet_pipe") is None else str(doc["inlet_pipe"])
    for field, key in MEALS_INPUTS.items():
        ss[key] = "" if meals.get(field) is None else str(meals[field])
    for field, key in MEALS_FLAGS.items():
        value = meals.get(field)
        ss[key] = TRI[0] if value is None else (TRI[1] if parse.boolean(f"meals.{field}", value) else TRI[2])
    extra = {k: v for k, v in doc.items() if k not in EDITED and k != "project"}
    if project:
        extra["project"] = project
    ss.sub_extra = extra
    ss.load_message = ("success", f"Loaded {source}.")


on_load_example = examples.example_loader("in_example", "load_message", load_document)
on_upload = examples.upload_loader("upload_submittal", "load_message", load_document)


def on_clear() -> None:
    replace_fixtures(fixtures.frame([], jurisdiction.chosen()))
    ss.sub_extra = {}


def build_document(sched: fixtures.Schedule) -> dict:
    """The submittal mapping from what is on the page (values as typed; sizing parses them)."""
    doc: dict = {"edition": ss.in_edition, "construction": ss.in_construction}
    project = dict(ss.sub_extra.get("project", {}))
    typed = {field: ss.get(key, "") for field, key in PROJECT_INPUTS.items()}
    project = {**{k: v.strip() for k, v in typed.items() if v.strip()}, **project}
    if project:
        doc["project"] = project
    if sched.fixtures:
        doc["fixtures"] = sched.fixtures
    if ss.in_inlet_pipe.strip():
        doc["inlet_pipe"] = ss.in_inlet_pipe.strip()
    meals = documents.clean({field: ss.get(key, "") for field, key in MEALS_INPUTS.items()})
    for field, key in MEALS_FLAGS.items():
        if ss.get(key, TRI[0]) != TRI[0]:
            meals[field] = ss[key] == TRI[1]
    if meals:
        doc["meals"] = meals
    doc.update({k: v for k, v in ss.sub_extra.items() if k != "project"})
    return doc


# --- inputs --------------------------------------------------------------------------------------------------

def inputs(place) -> None:
    examples = st.expander("Start from an example or a file", key="examples_open", on_change="rerun")
    if examples.open:  # its picker and uploader are drawn only when open, not on every rerun after an edit
        with examples:
            start_from()
    page_parts.show_message("load_message")
    form_fields(place)


def start_from() -> None:
    """The example picker and the file uploader (in the "Start from an example or a file" expander)."""
    left, right = st.columns(2)
    with left:
        st.selectbox("Example submittal", examples.example_names(), key="in_example")
        st.button("Load example", key="load_example", on_click=on_load_example)
    with right:
        st.file_uploader("Upload a submittal (YAML/JSON) or a fixture schedule (CSV)",
                         type=["yaml", "yml", "json", "csv"], key="upload_submittal", on_change=on_upload,
                         max_upload_size=examples.MAX_UPLOAD_MB,
                         help="CSV columns are the submittal's fixture fields: "
                              + ", ".join(submittal.FIXTURE_FIELDS))


def form_fields(place) -> None:
    """The submittal's fields and the form that adds a row, above the fixture grid."""
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("CPC edition", documents.edition_names(), key="in_edition")
    c2.selectbox("Construction", submittal.CONSTRUCTION, key="in_construction",
                 format_func=lambda c: c.replace("_", " "))
    c3.text_input("Project name", key="in_project_name")
    c4.text_input("Inlet pipe (optional)", key="in_inlet_pipe", placeholder="4 in or 100 mm",
                  help="The grease waste pipe into the interceptor: sizes from Table 703.2 when no fixtures are "
                       "given, and the Table 1014.2.1 HGI size")
    site = st.container(horizontal=True)  # wraps on a phone, one field under the other
    site.text_input("Site address (optional)", key="in_site_address", width=480,
                    help="where the interceptor is installed; printed on the calculation report's header")
    site.text_input("APN (optional)", key="in_apn", width=200, placeholder="212-030-12",
                    help="the assessor's parcel number of the site")
    site.text_input("Permit number (optional)", key="in_permit", width=200)
    engineer = st.container(horizontal=True)
    engineer.text_input("Engineer of record (optional)", key="in_engineer", help="printed on the calculation report",
                        width=480)
    engineer.text_input("Licence number (optional)", key="in_engineer_license", width=240)

    st.subheader("Fixture schedule")
    st.caption("Type lengths and flows with their units: '24 in', '610 mm', '2 gpm', '7.5 L/min'. "
               "A bare number is taken in inches (lengths) or gpm (flow). Messages count the rows from 1, "
               "top down. An appliance that is not listed: 'Other appliance', its name under 'Other name', "
               "and its flow. A floor sink is counted by its trap size (the Trap column).")
    # outside the fragments: adding a row gives the grid a new key, which reruns the page
    fixtures.add_form("fx", "in_add_type", "in_add_count", "add_fixture", place)


@st.fragment(key=GRID)
def grid_and_result(place) -> None:
    """The fixture grid, the meals cross-check and the result, as one fragment: an edit in the grid (or in any
    widget of its own) reruns it alone, not the app's sign-in, sidebar and navigation, the header, the example
    picker and the fields above; the result is sized from what the grid returns in this run."""
    with on_demand.run():  # a download clicked while this part reruns is built from what it shows
        sched = fixtures.schedule(fixtures.editor("fx"), place)
        schedule_fields()
        results(build_document(sched), sched, place)


def schedule_fields() -> None:
    """The button that clears the grid and the meals cross-check, below the grid."""
    st.button("Clear the schedule", key="clear_fixtures", on_click=on_clear)

    meals = st.expander("Meals cross-check (optional; never the code minimum)", key="meals_inputs",
                        on_change="rerun")
    if not meals.open:  # its fields are drawn only when open; what was typed is kept (keep_inputs) and sized
        return
    with meals:
        m1, m2, m3 = st.columns(3)  # one st.columns per row keeps the reading order on a phone
        m1.text_input("Meals per peak hour", key="in_meals_mph")
        m2.text_input("Seats", key="in_meals_seats")
        m3.text_input("Meal factor", key="in_meals_factor",
                      help="a number, or one of " + ", ".join(documents.meal_factor_names()))
        m1, m2, m3 = st.columns(3)
        m1.text_input("Hours of operation", key="in_meals_hours", placeholder="12 h")
        m2.text_input("Waste flow [gal per meal]", key="in_meals_waste", placeholder="from the kitchen type")
        m3.text_input("Retention time", key="in_meals_retention", placeholder="2.5 h")
        m1, m2, m3 = st.columns(3)
        m1.text_input("Storage factor", key="in_meals_storage", placeholder="from the hours")
        m2.selectbox("Dishwashing machine", TRI, key="in_meals_dish")
        m3.selectbox("Food waste disposer", TRI, key="in_meals_disposer")
        st.selectbox("Single-service kitchen", TRI, key="in_meals_single")


# --- results -------------------------------------------------------------------------------------------------

def results(doc: dict, sched: fixtures.Schedule, place) -> None:
    st.divider()
    st.subheader("Result")
    fixtures.show_incomplete(sched)
    try:
        result = evaluate.size_document(doc, place)
    except (SizingInputError, TableError) as exc:
        if not doc.get("fixtures") and not doc.get("inlet_pipe") and not doc.get("meals"):
            st.info("Enter the fixture schedule (or an inlet pipe size) to size the interceptor, "
                    "or load an example above.")
            st.stop()
        fixtures.show_error(exc, sched)
    ss.last_result_doc = doc  # the plan-review page starts from this submittal
    units = st.radio("Units", ("US", "SI"), key="in_units", horizontal=True).lower()
    g, h = result.gravity, result.hydromechanical

    m1 = m2 = m3 = m4 = st.container(horizontal=True)  # one block for the four (four columns were five)
    m1.metric("DFU total", show(result.dfu_total, "DFU"), help=f"from {g['dfu_basis'] or 'nothing'}")
    local = result.local.get("gravity")  # the jurisdiction's own size with the CPC's: the larger governs
    m2.metric("Gravity interceptor, required", show(result.required_volume_gal, "gal", units),
              help=local["shown"] if local else g["citation"])
    m3.metric("HGI, 1-minute drainage", show(h["rated_one_minute_gpm"], "gpm", units), help=h["citation"])
    m4.metric("HGI, 2-minute drainage", show(h["rated_two_minute_gpm"], "gpm", units), help=h["citation"])
    if g.get("message"):
        st.warning(g["message"])
    for warning in result.warnings:
        st.warning(sched.name(warning))
    summary = [dict(zip(("quantity", "value", "basis"), row, strict=True)) for row in summary_rows(result, units)]
    st.dataframe(page_parts.arrow_table(summary, ["quantity", "value", "basis"]), hide_index=True, width="stretch",
                 key="summary_table")
    page_parts.show_provenance(result.provenance)

    # only the open tab is drawn (a click on another tab reruns the page): three tables and a chart fewer per edit
    steps, fixtures_tab, chart, meals = st.tabs(list(RESULT_TABS), key="in_size_tab", on_change="rerun")
    if steps.open:
        rows = [{"#": i, "step": sched.name(s.title), "value": show(s.value, s.unit, units) if isinstance(s.value, (int, float))
                 else "—", "clause": s.citation, "provenance": s.provenance, "note": s.note or ""}
                for i, s in enumerate(result.steps, 1)]
        steps.dataframe(page_parts.arrow_table(rows), hide_index=True, width="stretch", key="steps_table",
                        column_config={"provenance": page_parts.levels_column("provenance")})
    if fixtures_tab.open:
        rows = [{"#": sched.rows[f.index] + 1 if f.index < len(sched.rows) else f.index + 1, "fixture": f.name, "count": f.count, "area": f.area,
                 "connected": "yes" if f.connected else "no", "DFU each": f.dfu_each, "DFU": f.dfu,
                 "basis": f.basis, "clause": f.citation, "provenance": f.provenance} for f in result.fixtures]
        fixtures_tab.dataframe(page_parts.arrow_table(rows), hide_index=True, width="stretch", key="fixture_lines_table",
                               column_config={"provenance": page_parts.levels_column("provenance")})
    if chart.open:
        with chart:
            table_chart(result)
    if meals.open:
        meals_tab(meals, result)
    downloads(doc, result, units, place)


def meals_tab(tab, result) -> None:
    with tab:
        if result.meals is None:
            st.caption("No meals section given: fill the meals cross-check above to compare.")
        else:
            m = result.meals
            st.latex(meals_clause.equation_latex({"M": m["meals_per_peak_hour"], "W": m["waste_flow_rate_gal_per_meal"],
                                                  "R": m["retention_time_h"], "S": m["storage_factor"]}))
            st.caption(f"{m['citation']} · provenance: {m['provenance']} · "
                       + "; ".join(f"{k.replace('_', ' ')}: {v}" for k, v in m["basis"].items()))


def table_chart(result) -> None:
    table_volume = result.gravity.get("table_volume_gal")
    layers = [_table_chart_line(result.edition)]
    if table_volume is not None:  # the project's point: a plain Vega-Lite layer, no chart library per rerun
        point = {"values": [{"DFU": result.dfu_total, "volume_gal": table_volume,
                             "label": f"this project: {show(result.dfu_total, 'DFU')} → {show(table_volume, 'gal')}"}]}
        layers += [{"data": point, "mark": {"type": "point", "size": 120, "filled": True, "color": "#d62728"},
                    "encoding": _chart_axes(result.edition)},
                   {"data": point, "mark": {"type": "text", "align": "left", "dx": 8, "dy": -10},
                    "encoding": {**_chart_axes(result.edition), "text": {"field": "label", "type": "nominal"}}}]
    st.vega_lite_chart(spec={"layer": layers}, width="stretch", key="table_chart")
    st.caption(f"CPC {result.edition}, Table 1014.3.6: the first row whose DFU is at least the total.")


@functools.cache
def _chart_axes(edition: str) -> dict:
    """The chart's axes: a tick at each row of Table 1014.3.6 (the DFU limits a reader looks up), not only at
    round numbers."""
    ticks = [0] + [r["max_dfu"] for r in documents.table_rows("1014.3.6", edition)]
    return {"x": {"field": "DFU", "type": "quantitative", "scale": {"type": "symlog"},
                  "title": "connected DFU (symlog scale)",
                  "axis": {"values": ticks, "labelAngle": -45, "labelOverlap": False, "format": ",d"}},
            "y": {"field": "volume_gal", "type": "quantitative", "title": "minimum volume [gal]"}}


@functools.cache
def _table_chart_line(edition: str) -> dict:
    """The Table 1014.3.6 step line (a Vega-Lite layer), built once per edition."""
    rows = documents.table_rows("1014.3.6", edition)
    values = ([{"DFU": 0, "volume_gal": rows[0]["volume_gal"]}]
              + [{"DFU": r["max_dfu"], "volume_gal": r["volume_gal"]} for r in rows])
    return {"data": {"values": values}, "mark": {"type": "line", "interpolate": "step-before"},
            "encoding": _chart_axes(edition)}


def downloads(doc: dict, result, units: str, place) -> None:
    st.subheader("Downloads")
    name = (doc.get("project", {}).get("name") or "submittal").strip()
    stem = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")[:60] or "submittal"
    row = st.container(horizontal=True)  # one block for the four buttons (four columns were five blocks)
    d1 = d2 = d3 = d4 = row
    d1.download_button("Submittal (YAML)", on_demand.latest("download_submittal", documents.to_yaml, doc), file_name=f"{stem}.yaml",
                       mime="application/x-yaml", key="download_submittal", on_click="ignore")
    d2.download_button("Result (JSON)", on_demand.latest("download_json", documents.json_text, result),
                       file_name=f"{stem}-sizing.json", mime="application/json", key="download_json",
                       on_click="ignore")
    d3.download_button("Report (markdown)", on_demand.latest("download_markdown", evaluate.sizing_markdown_text, doc, units, place),
                       file_name=f"{stem}-sizing.md", mime="text/markdown", key="download_markdown",
                       on_click="ignore")
    # made when clicked: building it on every rerun kept the page busy for seconds after each edit
    d4.download_button("Calculation report (PDF)", on_demand.latest("download_pdf", evaluate.sizing_pdf_bytes, doc, place, units),
                       file_name=f"{stem}-sizing.pdf", mime="application/pdf", key="download_pdf",
                       on_click="ignore")


def main() -> None:
    """The page, run by app_pages/pages/size.py on every rerun."""
    init_state()
    place = jurisdiction.chosen()
    page_parts.header("Size a grease interceptor", place, ss.in_edition)
    inputs(place)
    grid_and_result(place)


main()
