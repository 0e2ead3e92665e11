"""Page 4 — maintenance: the readings table, the accumulation plot against the profile's limit line, the recommendation and
the next service date (all from sizing.rules.maintenance and sizing.report.figures)."""

from __future__ import annotations

import datetime as dt
import io

import pandas as pd
import streamlit as st

from app_pages import documents, evaluate, on_demand
from app_pages.widgets import device_maintenance as device_page
from app_pages.widgets import examples, grid, jurisdiction, page_parts, register_box
from sizing.errors import SizingInputError, TableError
from sizing.io import fields as parse
from sizing.quantities import number, show
from sizing.report.maintenance import maintenance_pdf
from sizing.rules import device_maintenance

ss = st.session_state
import sizing.report.figures as FIGURES  # noqa: E402,N812
import sizing.rules.maintenance as MAINTENANCE  # noqa: E402,N812

READING_COLUMNS = ("date", "fog", "solids", "note")
SERVICE_COLUMNS = ("date", "hauler", "manifest", "note")
TEXT = {"liquid_depth": "in_mt_depth", "approved_interval": "in_mt_interval"}
DATES = {"as_of": "in_mt_as_of", "records_kept_since": "in_mt_kept_since", "operating_since": "in_mt_operating_since"}


def frame(items, columns) -> pd.DataFrame:
    rows = []
    for item in items or []:
        item = dict(item) if isinstance(item, dict) else {"date": item}
        rows.append({c: None if item.get(c) is None else str(item[c]) for c in columns})
    return pd.DataFrame(rows, columns=list(columns), dtype="object")


def init_state() -> None:
    for key in TEXT.values():
        ss.setdefault(key, "")
    for key in DATES.values():
        ss.setdefault(key, None)
    ss.setdefault("in_mt_training", "")
    ss.setdefault("in_mt_project", (ss.get("last_result_doc") or {}).get("project", {}).get("name", ""))


def load_document(doc: dict, source: str) -> None:
    """Fill the form from a maintenance log (top level or under maintenance:), values as typed, once the
    parser of ``sizing maintenance`` accepts it (the same one-line error otherwise)."""
    try:
        MAINTENANCE.from_dict(doc, as_of=dt.date.today())
    except SizingInputError as exc:
        raise SizingInputError(exc.field, message=f"{source}: {exc}") from None
    data = parse.mapping("", doc, None)
    section = data.get("maintenance") if data.get("maintenance") is not None else data
    section = parse.mapping("maintenance", section, None)
    for field, key in TEXT.items():
        ss[key] = grid.text_of(section.get(field))
    for field, key in DATES.items():
        ss[key] = None if section.get(field) is None else parse.date(field, section[field])
    training = parse.sequence("training", section.get("training"), default=[])
    ss.in_mt_training = "\n".join(str(t.get("date") if isinstance(t, dict) else t) for t in training)
    ss.in_mt_project = str((data.get("project") or {}).get("name", ""))
    grid.editor_replace("mt_readings", frame(parse.sequence("measurements", section.get("measurements"),
                                                              default=[]), READING_COLUMNS))
    grid.editor_replace("mt_services", frame(parse.sequence("services", section.get("services"), default=[]),
                                               SERVICE_COLUMNS))
    ss.mt_message = ("success", f"Loaded {source}.")


on_example = examples.example_loader("in_mt_example", "mt_message", load_document)
on_upload = examples.upload_loader("upload_maintenance", "mt_message", load_document)


def form() -> dict:
    with st.expander("Start from an example or a file"):
        c1, c2 = st.columns(2)
        examples.example_picker(c1, "maintenance", "in_mt_example", "mt_load_example", on_example, "Example log")
        c2.file_uploader("Upload a maintenance log (YAML/JSON)", type=["yaml", "yml", "json"],
                         key="upload_maintenance", on_change=on_upload, max_upload_size=examples.MAX_UPLOAD_MB)
    page_parts.show_message("mt_message")
    c1, c2, c3 = st.columns(3)
    c1.text_input("Interceptor liquid depth", key="in_mt_depth", placeholder="48 in or 1219 mm")
    c2.text_input("Approved interval (optional)", key="in_mt_interval", placeholder="90 days or 3 months")
    c3.date_input("Evaluate as of (blank: today)", key="in_mt_as_of", format="YYYY-MM-DD")
    st.text_input("Project name", key="in_mt_project")
    st.subheader("Readings")
    st.caption("FOG and solids layer depths with their units ('2 in', '50 mm'); dates as YYYY-MM-DD.")
    text = st.column_config.TextColumn
    readings = grid.editor("mt_readings", frame([], READING_COLUMNS), num_rows="dynamic", width="stretch",
                             column_config={"date": text("date"), "fog": text("FOG [in]"),
                                            "solids": text("solids [in]"), "note": text("note")})
    with st.expander("Pump-outs, training and records", expanded=True):
        services = grid.editor("mt_services", frame([], SERVICE_COLUMNS), num_rows="dynamic", width="stretch",
                                 column_config={c: text(c) for c in SERVICE_COLUMNS})
        d1, d2, d3 = st.columns(3)
        d1.text_area("Training dates (one a line)", key="in_mt_training")
        d2.date_input("Records kept since", key="in_mt_kept_since", format="YYYY-MM-DD")
        d3.date_input("Operating since", key="in_mt_operating_since", format="YYYY-MM-DD")
    section = documents.clean({field: ss[key] for field, key in TEXT.items()})
    for field, key in DATES.items():
        if ss[key]:
            section[field] = ss[key].isoformat()
    services_rows = grid.frame_records(services)
    if services_rows:
        section["services"] = [r if set(r) - {"date"} else r["date"] for r in services_rows]
    readings_rows = grid.frame_records(readings)
    if readings_rows:
        section["measurements"] = readings_rows
    training = [t.strip() for t in ss.in_mt_training.splitlines() if t.strip()]
    if training:
        section["training"] = training
    doc = {"maintenance": section}
    if ss.in_mt_project.strip():
        doc = {"project": {"name": ss.in_mt_project.strip()}, **doc}
    return doc


def results(doc: dict, place) -> None:
    st.divider()
    st.subheader("Result")
    if not doc["maintenance"].get("liquid_depth") and not doc["maintenance"].get("measurements"):
        st.info("Enter the interceptor's liquid depth and the readings, or load an example log.")
        st.stop()
    try:
        plan = evaluate.maintenance_plan(doc, dt.date.today(), place)
    except (SizingInputError, TableError) as exc:
        page_parts.stop_on_error(exc)
    d = plan.to_dict()
    if plan.service_now or plan.overdue:
        st.error(f"Service now: {plan.next_service_basis}", icon=":material/warning:")
    elif plan.in_order:
        st.success(f"In order. Next service by {d['next_service_date']}: {plan.next_service_basis}")
    else:
        st.warning("Records incomplete: see the checks below.")
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("FOG + solids", "—" if plan.percent_full is None else show(plan.percent_full, "%"),
              help=d["citations"].get("accumulation_limit"))
    m2.metric("Limit", f"{show(plan.limit_percent, '%')} ({show(plan.limit_depth_in, 'in')})")
    m3.metric("Recommended interval", "—" if plan.recommended_interval_days is None
              else f"{plan.recommended_interval_days} days")
    m4.metric("Next service", d["next_service_date"] or "—")
    st.caption(f"Recommendation: {plan.basis}")
    fig = FIGURES.maintenance_figure(plan)
    st.pyplot(fig, width="stretch")
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=150)
    readings_table(plan)
    if plan.findings:
        page_parts.findings_table(plan.findings)
    for warning in plan.warnings:
        st.warning(warning)
    downloads(doc, d, png.getvalue(), place)
    register_box.save_box("maintenance", doc, place)


def readings_table(plan) -> None:
    """The readings, each quantity to its precision (sizing.quantities)."""
    rows = [{"date": r["date"], "FOG [in]": number(r["fog_in"], "length"),
             "solids [in]": number(r["solids_in"], "length"), "total [in]": number(r["total_in"], "length"),
             "% of depth": number(r["percent_full"], "percent"), "over the limit": number(r["exceeds_limit"])}
            for r in plan.readings]
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="mt_readings_table")


def downloads(doc: dict, d: dict, png: bytes, place) -> None:
    """The log, the evaluation, the chart and the report, each made when its button is clicked."""
    st.subheader("Downloads")
    c1, c2, c3, c4 = st.columns(4)
    c1.download_button("Maintenance log (YAML)", on_demand.latest("mt_download_log", documents.to_yaml, doc),
                       file_name=on_demand.download_name(doc, "-maintenance.yaml"), mime="application/x-yaml",
                       key="mt_download_log", on_click="ignore")
    c2.download_button("Evaluation (JSON)", on_demand.latest("mt_download_json", documents.json_text, d),
                       file_name=on_demand.download_name(doc, "-maintenance.json"), mime="application/json",
                       key="mt_download_json", on_click="ignore")
    c3.download_button("Accumulation chart (PNG)", png,
                       file_name=on_demand.download_name(doc, "-accumulation.png"), mime="image/png",
                       key="mt_download_png", on_click="ignore")
    c4.download_button("Maintenance report (PDF)",
                       on_demand.latest("mt_download_pdf", report_pdf, doc, dt.date.today(), place),
                       file_name=on_demand.download_name(doc, "-maintenance.pdf"), mime="application/pdf",
                       key="mt_download_pdf", on_click="ignore")


@st.cache_data(show_spinner=False, max_entries=8, hash_funcs=evaluate.BY_PLACE)
def report_pdf(doc: dict, today: dt.date, place) -> bytes:
    """The maintenance report (sizing.report.maintenance) of the log on the page under ``place``, made when its
    button is clicked."""

    return bytes(maintenance_pdf(evaluate.maintenance_plan(doc, today, place)))


place = jurisdiction.chosen()
page_parts.header("Maintenance", place)  # the maintenance rules do not depend on the CPC edition
if not place.has_maintenance_rules and device_maintenance.tasks(place):
    device_page.page(place)
    st.stop()
if not place.has_maintenance_rules:
    st.info(f"{place.name} has no maintenance rules in this tool (no accumulation limit or service interval): "
            "choose the jurisdiction whose rules apply in the sidebar.", icon=":material/info:")
    st.stop()
init_state()
results(form(), place)
