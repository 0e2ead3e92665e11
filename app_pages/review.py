"""Page 2 — plan review: the submittal plus the proposed design in, findings with citations, corrections and the
install deadline out (all from sizing.ordinance.review)."""

from __future__ import annotations

import datetime as dt
import json

import pandas as pd
import streamlit as st

from app_pages import common, register_box
from sizing import parse
from sizing.errors import SizingInputError, TableError
from sizing.report.quantities import show
from sizing.tables import DEFAULT_EDITION

ss = st.session_state
REVIEW = common.optional_module("sizing.ordinance.review", "review", "parse_interceptor")
REPORT = common.optional_module("sizing.report.review", "headline", "value_limit")
#: The sections this page edits; the rest of the submittal (fixtures, inlet pipe, meals...) is carried as is.
SECTIONS = ("interceptor", "max_discharge_temperature", "food_grinder_approval", "additives_authorization",
            "existing_fse", "review_date")
TEXT_FIELDS = {"volume": "in_rv_volume", "rated_flow": "in_rv_rated_flow", "compartments": "in_rv_compartments",
               "liquid_depth": "in_rv_liquid_depth", "sanitary_tees": "in_rv_sanitary_tees", "product": "in_rv_product"}
TRI_FIELDS = {"grease_retention_fittings": "in_rv_fittings", "accessible": "in_rv_accessible"}
MANHOLE_COLUMNS = ("over", "diameter", "to_grade", "label")
STATUS_COLOURS = {"fail": "#f8d7da", "warn": "#fff3cd", "pass": "#d1e7dd", "info": "#e2e3e5"}


def manhole_frame(items) -> pd.DataFrame:
    rows = []
    for item in items or []:
        item = dict(item) if isinstance(item, dict) else {}
        to_grade = item.get("to_grade")
        rows.append({"over": common.text_of(item.get("over")) or None,
                     "diameter": common.text_of(item.get("diameter")) or None,
                     "to_grade": None if to_grade is None else common.tri_choice(to_grade, "to_grade"),
                     "label": common.text_of(item.get("label")) or None})
    return pd.DataFrame(rows, columns=list(MANHOLE_COLUMNS), dtype="object")


def init_state() -> None:
    defaults = {"in_rv_type": "not shown", "in_rv_temperature": "", "in_rv_review_date": None,
                "in_rv_blockage": False, "in_rv_hot_spot": False, "in_rv_significant_fog": False,
                "in_rv_notification_date": None, "in_rv_grinder_approved": False, "in_rv_grinder_date": None,
                "in_rv_grinder_by": "", "in_rv_additives_used": False, "in_rv_additives_authorized": False,
                "in_rv_additives_product": "", "in_rv_additives_permit": ""}
    for key, value in {**defaults, **{k: "" for k in TEXT_FIELDS.values()},
                       **{k: common.TRI_SHOWN[0] for k in TRI_FIELDS.values()}}.items():
        ss.setdefault(key, value)
    if "rv_doc" not in ss and ss.get("last_result_doc"):
        try:
            load_document(ss.last_result_doc, "the submittal from the sizing page")
        except SizingInputError as exc:
            ss.rv_message = ("error", str(exc))


def _date(field: str, value) -> dt.date | None:
    return None if value is None else parse.date(field, value)


def load_document(doc: dict, source: str) -> None:
    """Fill the design form from a submittal mapping, values as typed."""
    icp = dict(parse.mapping("interceptor", doc.get("interceptor"), REVIEW.INTERCEPTOR_FIELDS, default={}))
    manholes = parse.sequence("interceptor.manholes", icp.get("manholes"), default=[])
    kind = icp.get("type")
    ss.in_rv_type = "not shown" if kind is None else parse.choice("interceptor.type", kind, REVIEW.INTERCEPTOR_TYPES)
    for field, key in TEXT_FIELDS.items():
        ss[key] = common.text_of(icp.get(field))
    for field, key in TRI_FIELDS.items():
        ss[key] = common.tri_choice(icp.get(field), f"interceptor.{field}")
    ss.in_rv_temperature = common.text_of(doc.get("max_discharge_temperature"))
    ss.in_rv_review_date = _date("review_date", doc.get("review_date"))
    existing = parse.mapping("existing_fse", doc.get("existing_fse"), REVIEW.EXISTING_FSE_FIELDS, default={})
    ss.in_rv_blockage = parse.boolean("existing_fse.caused_blockage", existing.get("caused_blockage"), default=False)
    ss.in_rv_hot_spot = parse.boolean("existing_fse.lateral_to_hot_spot", existing.get("lateral_to_hot_spot"),
                                      default=False)
    ss.in_rv_significant_fog = parse.boolean("existing_fse.significant_fog", existing.get("significant_fog"),
                                             default=False)
    ss.in_rv_notification_date = _date("existing_fse.notification_date", existing.get("notification_date"))
    grinder = parse.mapping("food_grinder_approval", doc.get("food_grinder_approval"), REVIEW.APPROVAL_FIELDS,
                            default={})
    ss.in_rv_grinder_approved = parse.boolean("food_grinder_approval.approved", grinder.get("approved"),
                                              default=False)
    ss.in_rv_grinder_date = _date("food_grinder_approval.date", grinder.get("date"))
    ss.in_rv_grinder_by = common.text_of(grinder.get("by"))
    additives = parse.mapping("additives_authorization", doc.get("additives_authorization"),
                              REVIEW.ADDITIVES_FIELDS, default={})
    ss.in_rv_additives_used = parse.boolean("additives_authorization.additives_used", additives.get("additives_used"),
                                            default=False)
    ss.in_rv_additives_authorized = parse.boolean("additives_authorization.authorized", additives.get("authorized"),
                                                  default=False)
    ss.in_rv_additives_product = common.text_of(additives.get("product"))
    ss.in_rv_additives_permit = common.text_of(additives.get("permit"))
    common.editor_replace("rv_mh", manhole_frame(manholes))
    ss.rv_doc = {k: v for k, v in doc.items() if k not in SECTIONS}
    ss.rv_message = ("success", f"Loaded {source}.")


def on_from_sizing() -> None:
    if not ss.get("last_result_doc"):
        ss.rv_message = ("error", "Nothing sized yet: size an interceptor on the first page, or upload a submittal.")
        return
    doc = ss.last_result_doc
    if any(k in doc for k in SECTIONS):  # the sizing page carries a design (from a loaded file): take it all
        try:
            load_document(doc, "the submittal from the sizing page")
        except SizingInputError as exc:
            ss.rv_message = ("error", str(exc))
        return
    ss.rv_doc = {k: v for k, v in doc.items() if k not in SECTIONS}  # keep the design typed on this page
    ss.rv_message = ("success", "Took the fixtures and project from the sizing page; the design below is kept.")


on_example = common.example_loader("in_rv_example", "rv_message", load_document)
on_upload = common.upload_loader("upload_review", "rv_message", load_document)


# --- the page ------------------------------------------------------------------------------------------------

def source() -> None:
    with st.expander("The submittal", expanded="rv_doc" not in ss):
        c1, c2, c3 = st.columns(3)
        c1.button("Use the submittal from the sizing page", key="rv_from_sizing", on_click=on_from_sizing)
        common.example_picker(c2, "review", "in_rv_example", "rv_load_example", on_example)
        c3.file_uploader("Upload a submittal (YAML/JSON)", type=["yaml", "yml", "json"], key="upload_review",
                         on_change=on_upload)
    common.show_message("rv_message")
    if "rv_doc" not in ss:
        st.info("Start from the sizing page's submittal, an example or a file.")
        st.stop()
    doc = ss.rv_doc
    sized = ss.get("last_result_doc")
    if sized and {k: v for k, v in sized.items() if k not in SECTIONS} != doc:
        st.info("The sizing page has changed since this submittal was taken: press "
                "'Use the submittal from the sizing page' to review the new one.", icon=":material/sync:")
    fixtures = doc.get("fixtures") or []
    st.caption(f"Project: {(doc.get('project') or {}).get('name', '—')} · construction "
               f"{str(doc.get('construction', 'new')).replace('_', ' ')} · {len(fixtures)} fixture lines"
               + (f" · inlet pipe {doc['inlet_pipe']}" if doc.get("inlet_pipe") else ""))


def design_form() -> dict:
    st.subheader("Proposed interceptor")
    # one st.columns per row, so that on a phone (columns stacked) the fields keep their reading order
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("Type", ("not shown",) + tuple(REVIEW.INTERCEPTOR_TYPES), key="in_rv_type")
    c2.text_input("Volume (gravity)", key="in_rv_volume", placeholder="1250 gal or 4732 L")
    c3.text_input("Rated flow (hydromechanical)", key="in_rv_rated_flow", placeholder="50 gpm")
    c4.text_input("Compartments", key="in_rv_compartments", placeholder="2")
    c1, c2, c3, c4 = st.columns(4)
    c1.text_input("Liquid depth", key="in_rv_liquid_depth", placeholder="54 in")
    c2.text_input("Sanitary tees", key="in_rv_sanitary_tees", placeholder="2")
    c3.selectbox("Grease retention fittings", common.TRI_SHOWN, key="in_rv_fittings")
    c4.selectbox("Easily accessible location", common.TRI_SHOWN, key="in_rv_accessible")
    st.text_input("Product (optional)", key="in_rv_product")
    st.markdown("**Access manholes** — one row each; diameter with its unit ('24 in', '610 mm')")
    config = {"over": st.column_config.SelectboxColumn("over", options=list(REVIEW.MANHOLE_OVER)),
              "diameter": st.column_config.TextColumn("diameter [in]"),
              "to_grade": st.column_config.SelectboxColumn("to finished grade", options=["yes", "no"]),
              "label": st.column_config.TextColumn("label")}
    manholes = common.editor("rv_mh", manhole_frame([]), num_rows="dynamic", column_config=config,
                             width="stretch")

    st.subheader("Operations and existing-FSE triggers")
    d1, d2 = st.columns(2)
    d1.text_input("Maximum discharge temperature", key="in_rv_temperature", placeholder="140 degF or 60 degC")
    d2.date_input("Review date (blank: today)", key="in_rv_review_date", format="YYYY-MM-DD")
    e1, e2 = st.columns(2)
    with e1:
        st.checkbox("Caused or contributed to a grease-related blockage", key="in_rv_blockage")
        st.checkbox("Sewer lateral connected to a hot spot", key="in_rv_hot_spot")
        st.checkbox("Found by the Director to contribute significant FOG", key="in_rv_significant_fog")
        st.date_input("Director's notification date", key="in_rv_notification_date", format="YYYY-MM-DD")
    with e2:
        st.checkbox("Food grinder: Director's written approval", key="in_rv_grinder_approved")
        st.date_input("Approval date", key="in_rv_grinder_date", format="YYYY-MM-DD")
        st.text_input("Approved by", key="in_rv_grinder_by")
        st.checkbox("FOG additives used", key="in_rv_additives_used")
        st.checkbox("Additives authorized in writing", key="in_rv_additives_authorized")
        st.text_input("Additive product", key="in_rv_additives_product")
        st.text_input("Permit", key="in_rv_additives_permit")
    return build_document(manholes)


def build_document(manholes: pd.DataFrame) -> dict:
    doc = dict(ss.rv_doc)
    icp = common.clean({field: ss[key] for field, key in TEXT_FIELDS.items()})
    if ss.in_rv_type != "not shown":
        icp = {"type": ss.in_rv_type, **icp}
    for field, key in TRI_FIELDS.items():
        if common.tri_value(ss[key]) is not None:
            icp[field] = common.tri_value(ss[key])
    rows = common.frame_records(manholes)
    if rows:
        icp["manholes"] = rows
    if icp:
        doc["interceptor"] = icp
    if ss.in_rv_temperature.strip():
        doc["max_discharge_temperature"] = ss.in_rv_temperature.strip()
    if ss.in_rv_review_date:
        doc["review_date"] = ss.in_rv_review_date.isoformat()
    triggers = {"caused_blockage": ss.in_rv_blockage, "lateral_to_hot_spot": ss.in_rv_hot_spot,
                "significant_fog": ss.in_rv_significant_fog}
    if any(triggers.values()) or ss.in_rv_notification_date:
        doc["existing_fse"] = {**triggers, **({"notification_date": ss.in_rv_notification_date.isoformat()}
                                              if ss.in_rv_notification_date else {})}
    if ss.in_rv_grinder_approved or ss.in_rv_grinder_date or ss.in_rv_grinder_by.strip():
        doc["food_grinder_approval"] = common.clean({
            "approved": ss.in_rv_grinder_approved, "by": ss.in_rv_grinder_by,
            "date": ss.in_rv_grinder_date.isoformat() if ss.in_rv_grinder_date else None})
    if ss.in_rv_additives_used or ss.in_rv_additives_authorized:
        doc["additives_authorization"] = common.clean({
            "additives_used": ss.in_rv_additives_used, "authorized": ss.in_rv_additives_authorized,
            "product": ss.in_rv_additives_product, "permit": ss.in_rv_additives_permit})
    return doc


def results(doc: dict) -> None:
    st.divider()
    st.subheader("Review")
    try:
        r = common.review_document(doc, dt.date.today())
    except (SizingInputError, TableError) as exc:
        common.stop_on_error(exc)
    ss.last_review_doc = doc
    counts = r.counts()
    (st.success if r.compliant else st.warning)(REPORT.headline(r))
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Fail", counts["fail"])
    m2.metric("Warn", counts["warn"])
    m3.metric("Pass", counts["pass"])
    m4.metric("Required volume (CPC)", show(r.sizing.required_volume_gal, "gal"),
              help=r.sizing.gravity["citation"])
    if r.deadline is not None:
        d = r.deadline
        skipped = ", ".join(f"{day.isoformat()} {name}" for day, name in d.holidays_skipped)
        left = "" if d.working_days_left is None else f" — {d.working_days_left} working days remain"
        st.info(f"**Deadline ({d.rule.replace('_', ' ')}): {d.date.isoformat()}** — {d.working_days} working days "
                f"after {d.start.isoformat()} ({d.start_basis}){left}. [{d.citation}]"
                + (f"  \nHolidays skipped: {skipped}" if skipped else ""), icon=":material/event:")
    rows = []
    for f in r.findings:
        value, limit = REPORT.value_limit(f)
        rows.append({"status": f.status.upper(), "rule": f.rule, "finding": f.message, "value": value,
                     "limit": limit, "citation": f.citation,
                     "provenance": " — ".join(p for p in (f.provenance, f.provenance_note) if p)})
    frame = pd.DataFrame(rows)
    styled = frame.style.apply(
        lambda row: [f"background-color: {STATUS_COLOURS.get(row['status'].lower(), '')}"] * len(row), axis=1)
    st.dataframe(styled, hide_index=True, width="stretch", height=36 * (len(rows) + 1) + 4, key="findings_table")
    if r.corrections:
        st.markdown("**Corrections**\n\n" + "\n".join(f"{i}. {c}" for i, c in enumerate(r.corrections, 1)))
    for warning in r.sizing.warnings:
        st.warning(warning)
    common.show_provenance(r.sizing.provenance)
    downloads(doc, r)
    register_box.save_box("review", doc)


def downloads(doc: dict, r) -> None:
    st.subheader("Downloads")
    d1, d2, d3, d4 = st.columns(4)
    d1.download_button("Submittal with the design (YAML)", common.to_yaml(doc),
                       file_name=common.download_name(doc, ".yaml"), mime="application/x-yaml",
                       key="rv_download_submittal", on_click="ignore")
    d2.download_button("Review (JSON)", json.dumps(r.to_dict(), indent=2, default=str),
                       file_name=common.download_name(doc, "-review.json"), mime="application/json",
                       key="rv_download_json", on_click="ignore")
    markdown = common.optional_module("sizing.report.review", "review_markdown")
    if markdown is not None:
        d3.download_button("Review (markdown)", markdown.review_markdown(r),
                           file_name=common.download_name(doc, "-review.md"), mime="text/markdown",
                           key="rv_download_markdown", on_click="ignore")
    if not common.module_available("sizing.report.pdf"):  # imported (with fpdf2) only when a PDF is made
        d4.caption("The PDF review report is not available in this version (sizing.report.pdf is missing).")
    else:
        d4.download_button("Review report (PDF)", common.on_click(common.review_pdf_bytes, doc, dt.date.today()),
                           file_name=common.download_name(doc, "-review.pdf"), mime="application/pdf",
                           key="rv_download_pdf", on_click="ignore")


common.header("Plan review", str(ss.rv_doc.get("edition") or DEFAULT_EDITION) if "rv_doc" in ss else None)
if REVIEW is None or REPORT is None:
    common.unavailable("Plan review", "sizing.ordinance.review")
    st.stop()
init_state()
source()
results(design_form())
