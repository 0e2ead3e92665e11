"""Page 3 — conditional waiver (the Director): findings with evidence, the computed evidence scores, the
determination and conditions, a revocation timeline and the letter (all from sizing.rules.waiver)."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import streamlit as st

from app_pages import documents, evaluate, on_demand
from app_pages.widgets import decision_box, examples, grid, jurisdiction, page_parts, register_box
from sizing.errors import SizingInputError, TableError
from sizing.io import fields as parse
from sizing.io import submittal
from sizing.io.tables import DEFAULT_EDITION
from sizing.report.findings import label

ss = st.session_state
import sizing.io.sections.waiver as WAIVER_SECTION  # noqa: E402,N812
import sizing.report.letter as LETTER  # noqa: E402,N812
import sizing.rules.waiver as WAIVER  # noqa: E402,N812

#: What this page edits; fixtures, meals and project come from the submittal it starts from.
SECTIONS = ("waiver", "application", "revocation")
FINDING_STATES = ("not made", "met", "not met")
APP_TEXT = {"seats": "in_wv_seats", "meals_per_day": "in_wv_meals_per_day", "water_use": "in_wv_water_use",
            "fryers": "in_wv_fryers", "on_site_consumption": "in_wv_on_site", "menu": "in_wv_menu"}


def grounds(place) -> dict[str, str]:
    """The revocation grounds of the jurisdiction whose waivers the page decides, ``{key: label and text}``."""
    spec = place.parameter("revocation_grounds")
    return {key: f"{spec.get('label', '({key})').format(key=key)} {text}"
            for key, text in (spec.get("value") or {}).items()}


def empty_rows(columns) -> pd.DataFrame:
    return pd.DataFrame([], columns=list(columns), dtype="object")


def rows_frame(items, columns) -> pd.DataFrame:
    rows = []
    for item in items or []:
        item = dict(item) if isinstance(item, dict) else {}
        rows.append({c: (None if item.get(c) is None else
                         ("yes" if item[c] is True else "no" if item[c] is False else str(item[c])))
                     for c in columns})
    return pd.DataFrame(rows, columns=list(columns), dtype="object")


def types() -> dict:
    """The waiver kinds of the chosen jurisdiction (read in callbacks too, which run before the page)."""
    return WAIVER.waiver_types(jurisdiction.chosen())


def init_state(place) -> None:
    kinds = WAIVER.waiver_types(place)
    if ss.get("in_wv_type") not in kinds:  # a kind of another jurisdiction's waivers
        ss.pop("in_wv_type", None)
    defaults = {"in_wv_type": next(iter(kinds)), "in_wv_date": None, "in_wv_expiration": None,
                "in_wv_terms": "", "in_wv_fee": grid.TRI_SHOWN[0], "in_wv_technology": "",
                "in_wv_hood": "not given", "in_wv_mon_start": None, "in_wv_mon_end": None,
                "in_wv_revocation": False, "in_wv_notice_mailed": None, "in_wv_proposed_effective": None,
                "in_wv_grounds": [], "in_wv_response_received": False, "in_wv_response_date": None,
                "in_wv_response_considered": False, "in_wv_explanation": ""}
    for key, value in {**defaults, **{k: "" for k in APP_TEXT.values()}}.items():
        ss.setdefault(key, value)
    if ss.get("last_result_doc") and "wv_doc" not in ss:
        base = {k: v for k, v in ss.last_result_doc.items() if k not in SECTIONS}
        ss.wv_doc = base
        if "in_wv_construction" not in ss:
            ss.in_wv_construction = base.get("construction", "new")


def _date(field: str, value) -> dt.date | None:
    return None if value is None else parse.date(field, value)


def load_document(doc: dict, source: str) -> None:
    """Fill the form from a submittal's waiver, application and revocation sections, as typed."""
    ss.pop("wv_recorded", None)  # a decision recorded for another application
    w = parse.mapping("waiver", doc.get("waiver"), WAIVER_SECTION.WAIVER_FIELDS, default={})
    kinds = types()
    kind = parse.choice("waiver.type", w.get("type"), list(kinds), default=next(iter(kinds)))
    construction = parse.choice("construction", doc.get("construction"), submittal.CONSTRUCTION, default="new")
    findings = parse.mapping("waiver.findings", w.get("findings"), default={})
    for spec in kinds[kind]["findings"]:
        value = findings.get(spec["key"])
        met, evidence = value, None
        if isinstance(value, dict):
            met, evidence = value.get("met"), value.get("evidence")
        state = "not made" if met is None else ("met" if parse.boolean(f"waiver.findings.{spec['key']}", met)
                                                else "not met")
        ss[f"in_wv_f_{kind}_{spec['key']}"] = state
        ss[f"in_wv_e_{kind}_{spec['key']}"] = grid.text_of(evidence)
    ss.in_wv_type = kind
    ss.in_wv_construction = construction
    ss.in_wv_date = _date("waiver.date", w.get("date"))
    ss.in_wv_expiration = _date("waiver.expiration", w.get("expiration"))
    ss.in_wv_terms = "\n".join(str(t) for t in parse.sequence("waiver.terms", w.get("terms"), default=[]))
    ss.in_wv_fee = grid.tri_choice(w.get("mitigation_fee_paid"), "waiver.mitigation_fee_paid")
    ss.in_wv_technology = grid.text_of(w.get("technology"))
    mon = parse.mapping("waiver.monitoring", w.get("monitoring"), WAIVER_SECTION.MONITORING_FIELDS, default={})
    ss.in_wv_mon_start = _date("waiver.monitoring.start", mon.get("start"))
    ss.in_wv_mon_end = _date("waiver.monitoring.end", mon.get("end"))
    grid.editor_replace("wv_mon", rows_frame(mon.get("inspections"), ("date", "visible_fog")))
    a = parse.mapping("application", doc.get("application"), WAIVER_SECTION.APPLICATION_FIELDS, default={})
    for field, key in APP_TEXT.items():
        ss[key] = grid.text_of(a.get(field))
    hood = a.get("kitchen_hood")
    ss.in_wv_hood = "not given" if hood is None else parse.choice("application.kitchen_hood", hood, WAIVER_SECTION.HOODS)
    grid.editor_replace("wv_samples", rows_frame(a.get("sampling"), ("date", "fog")))
    grid.editor_replace("wv_insp", rows_frame(a.get("inspections"), ("date", "visible_fog")))
    r = parse.mapping("revocation", doc.get("revocation"), WAIVER_SECTION.REVOCATION_FIELDS, default={})
    ss.in_wv_revocation = bool(r)
    ss.in_wv_notice_mailed = _date("revocation.notice_mailed", r.get("notice_mailed"))
    ss.in_wv_proposed_effective = _date("revocation.proposed_effective", r.get("proposed_effective"))
    grounds_given = r.get("grounds") or []
    grounds_given = [grounds_given] if isinstance(grounds_given, str) else list(grounds_given)
    known = grounds(jurisdiction.chosen())
    ss.in_wv_grounds = [g for g in (str(x).strip("()").lower() for x in grounds_given) if g in known]
    for g in known:
        ss[f"in_wv_ground_{g}"] = g in ss.in_wv_grounds
    received = r.get("response_received")
    ss.in_wv_response_date = None
    if isinstance(received, (dt.date, str)) and str(received).lower() not in ("true", "false", "yes", "no"):
        ss.in_wv_response_date = _date("revocation.response_received", received)
        received = True
    ss.in_wv_response_received = bool(received) and parse.boolean("revocation.response_received", received)
    ss.in_wv_response_considered = parse.boolean("revocation.response_considered", r.get("response_considered"),
                                                 default=False)
    ss.in_wv_explanation = grid.text_of(r.get("explanation"))
    ss.wv_doc = {k: v for k, v in doc.items() if k not in SECTIONS}
    ss.wv_message = ("success", f"Loaded {source}.")


on_example = examples.example_loader("in_wv_example", "wv_message", load_document)
on_upload = examples.upload_loader("upload_waiver", "wv_message", load_document)


def on_from_sizing() -> None:
    if not ss.get("last_result_doc"):
        ss.wv_message = ("error", "Nothing sized yet: size an interceptor on the first page, or load a file.")
        return
    ss.wv_doc = {k: v for k, v in ss.last_result_doc.items() if k not in SECTIONS}
    ss.in_wv_construction = ss.wv_doc.get("construction", "new")
    ss.wv_message = ("success", "Took the fixtures and project from the sizing page; the waiver below is kept.")


# --- the page ------------------------------------------------------------------------------------------------

def source() -> None:
    with st.expander("The application", expanded="wv_doc" not in ss):
        c1, c2, c3 = st.columns(3)
        c1.button("Use the submittal from the sizing page", key="wv_from_sizing", on_click=on_from_sizing)
        examples.example_picker(c2, "waiver", "in_wv_example", "wv_load_example", on_example)
        c3.file_uploader("Upload a submittal with a waiver section (YAML/JSON)", type=["yaml", "yml", "json"],
                         key="upload_waiver", on_change=on_upload, max_upload_size=examples.MAX_UPLOAD_MB)
    page_parts.show_message("wv_message")
    if "wv_doc" not in ss:
        st.info("Start from the sizing page's submittal, an example or a file: the waiver needs the FSE's "
                "fixtures (its CPC size is part of the evidence).")
        st.stop()


def form(place) -> dict:
    kinds = WAIVER.waiver_types(place)
    c1, c2 = st.columns(2)
    c1.selectbox("Waiver", list(kinds), key="in_wv_type",
                 format_func=lambda k: f"{kinds[k]['title']} ({kinds[k]['citation']})")
    c2.selectbox("Construction", submittal.CONSTRUCTION, key="in_wv_construction",
                 format_func=lambda c: c.replace("_", " "))
    spec = kinds[ss.in_wv_type]
    st.caption(f"{spec['citation']} · applies to {', '.join(spec['construction'])}")

    waiver: dict = {"type": ss.in_wv_type}
    findings = findings_form(spec)
    if findings:
        waiver["findings"] = findings
    if spec.get("fee_required"):
        st.selectbox(f"Grease disposal mitigation fee paid ({spec['fee_citation']})", grid.TRI_SHOWN,
                     key="in_wv_fee")
        if grid.tri_value(ss.in_wv_fee) is not None:
            waiver["mitigation_fee_paid"] = grid.tri_value(ss.in_wv_fee)
    if spec.get("monitoring_required"):
        waiver.update(monitoring_form(spec))
    application = application_form() if ss.in_wv_type == "new_construction" else {}
    waiver.update(terms_form())
    revocation = revocation_form(grounds(place), place.text("revocation_citation"))
    recorded = ss.get("wv_recorded")
    if recorded:  # the Director's decision as recorded in the register: the letter is final
        waiver.update(recorded)
    doc = {**ss.wv_doc, "construction": ss.in_wv_construction, "waiver": waiver}
    if application:
        doc["application"] = application
    if revocation is not None:
        doc["revocation"] = revocation
    return doc


def findings_form(spec: dict) -> dict:
    """The Director's findings of the chosen waiver kind: each made one, ``met`` or with its evidence."""
    st.subheader("The Director's findings")
    findings = {}
    for f in spec["findings"]:
        met_key, ev_key = f"in_wv_f_{ss.in_wv_type}_{f['key']}", f"in_wv_e_{ss.in_wv_type}_{f['key']}"
        ss.setdefault(met_key, "not made")
        ss.setdefault(ev_key, "")
        with st.container(border=True):
            st.markdown(f"**{f['citation']}** — {f['text']}" + ("  \n*one of these is enough*"
                                                               if f["rule"] == "one_of" else ""))
            a, b = st.columns([1, 3])
            a.selectbox("Finding", FINDING_STATES, key=met_key)
            b.text_input("Evidence", key=ev_key)
        if ss[met_key] != "not made":
            met = ss[met_key] == "met"
            findings[f["key"]] = {"met": met, "evidence": ss[ev_key].strip()} if ss[ev_key].strip() else met
    return findings


def monitoring_form(spec: dict) -> dict:
    """The downstream visual monitoring and the alternative technology, as the waiver section's keys."""
    out: dict = {}
    st.markdown(f"**Downstream visual monitoring** ({spec['monitoring_citation']})")
    m1, m2 = st.columns(2)
    m1.date_input("Monitoring start", key="in_wv_mon_start", format="YYYY-MM-DD")
    m2.date_input("Monitoring end", key="in_wv_mon_end", format="YYYY-MM-DD")
    inspections = grid.editor("wv_mon", empty_rows(("date", "visible_fog")), num_rows="dynamic",
                                width="stretch", column_config=inspection_config())
    st.text_input("Alternative pretreatment technology", key="in_wv_technology")
    monitoring = documents.clean({"start": _iso(ss.in_wv_mon_start), "end": _iso(ss.in_wv_mon_end)})
    rows = grid.frame_records(inspections)
    if rows:
        monitoring["inspections"] = rows
    if monitoring:
        out["monitoring"] = monitoring
    if ss.in_wv_technology.strip():
        out["technology"] = ss.in_wv_technology.strip()
    return out


def application_form() -> dict:
    """The new-construction application's data scored as evidence for (c)(1) and (c)(2)."""
    with st.expander("Application data scored as evidence for (c)(1) and (c)(2)", expanded=True):
        a1, a2, a3 = st.columns(3)  # one st.columns per row keeps the reading order on a phone
        a1.text_input("Seats", key="in_wv_seats")
        a2.text_input("Meals per day", key="in_wv_meals_per_day")
        a3.text_input("Water use", key="in_wv_water_use", placeholder="250 gal/day")
        a1, a2, a3 = st.columns(3)
        a1.selectbox("Kitchen hood", ("not given",) + tuple(WAIVER_SECTION.HOODS), key="in_wv_hood")
        a2.text_input("Fryers", key="in_wv_fryers")
        a3.text_input("On-site consumption", key="in_wv_on_site", placeholder="40 %")
        st.text_input("Menu", key="in_wv_menu")
        s1, s2 = st.columns(2)
        with s1:
            st.caption("FOG sampling (fog with its unit: '35 mg/L')")
            samples = grid.editor("wv_samples", empty_rows(("date", "fog")), num_rows="dynamic",
                                    width="stretch", column_config={
                                        "date": st.column_config.TextColumn("date (YYYY-MM-DD)"),
                                        "fog": st.column_config.TextColumn("fog [mg/L]")})
        with s2:
            st.caption("Inspections")
            insp = grid.editor("wv_insp", empty_rows(("date", "visible_fog")), num_rows="dynamic",
                                 width="stretch", column_config=inspection_config())
    application = documents.clean({field: ss[key] for field, key in APP_TEXT.items()})
    if ss.in_wv_hood != "not given":
        application["kitchen_hood"] = ss.in_wv_hood
    if grid.frame_records(samples):
        application["sampling"] = grid.frame_records(samples)
    if grid.frame_records(insp):
        application["inspections"] = grid.frame_records(insp)
    return application


def terms_form() -> dict:
    """The terms, the determination date and the expiration, as the waiver section's keys."""
    out: dict = {}
    st.subheader("Terms and dates")
    t1, t2 = st.columns(2)
    t1.date_input("Determination date (blank: today)", key="in_wv_date", format="YYYY-MM-DD")
    t2.date_input("Expiration", key="in_wv_expiration", format="YYYY-MM-DD")
    st.text_area("Terms and conditions (one a line)", key="in_wv_terms")
    terms = [t.strip() for t in ss.in_wv_terms.splitlines() if t.strip()]
    if terms:
        out["terms"] = terms
    for field, key in (("date", "in_wv_date"), ("expiration", "in_wv_expiration")):
        if ss[key]:
            out[field] = ss[key].isoformat()
    return out


def revocation_form(grounds_shown: dict, revocation_citation: str) -> dict | None:
    """A proposed revocation's section, or None when none is proposed or its two dates are not both in."""
    st.checkbox(f"A revocation of this waiver is proposed ({revocation_citation})", key="in_wv_revocation")
    if not ss.in_wv_revocation:
        return None
    r1, r2 = st.columns(2)
    r1.date_input("Notice mailed", key="in_wv_notice_mailed", format="YYYY-MM-DD")
    r2.date_input("Proposed effective date", key="in_wv_proposed_effective", format="YYYY-MM-DD")
    st.markdown("**Grounds** (each one that applies; none is ticked for you)")
    for g, text in grounds_shown.items():  # one box each: no "select all"
        key = f"in_wv_ground_{g}"
        ss.setdefault(key, g in ss.in_wv_grounds)
        st.checkbox(text, key=key)
    ss.in_wv_grounds = [g for g in grounds_shown if ss[f"in_wv_ground_{g}"]]
    r1, r2 = st.columns(2)
    r1.checkbox("Written response received", key="in_wv_response_received")
    r2.date_input("Response date", key="in_wv_response_date", format="YYYY-MM-DD")
    st.checkbox("The response was reviewed and considered", key="in_wv_response_considered")
    st.text_input("Explanation", key="in_wv_explanation")
    received = (ss.in_wv_response_date.isoformat() if ss.in_wv_response_received and ss.in_wv_response_date
                else ss.in_wv_response_received)
    missing = [label for label, day in (("the date the notice was mailed", ss.in_wv_notice_mailed),
                                         ("the proposed effective date", ss.in_wv_proposed_effective)) if not day]
    if missing:  # the determination stands; the revocation is checked once both dates are in
        st.warning("Revocation incomplete: enter " + " and ".join(missing) + " to check the notice period "
                   f"({revocation_citation}). The determination below does not depend on it.",
                   icon=":material/pending:")
        return None
    return documents.clean({"notice_mailed": _iso(ss.in_wv_notice_mailed),
                         "proposed_effective": _iso(ss.in_wv_proposed_effective),
                         "grounds": list(ss.in_wv_grounds) or None, "response_received": received,
                         "response_considered": ss.in_wv_response_considered,
                         "explanation": ss.in_wv_explanation})


def inspection_config() -> dict:
    return {"date": st.column_config.TextColumn("date (YYYY-MM-DD)"),
            "visible_fog": st.column_config.SelectboxColumn("visible FOG", options=["yes", "no"])}


def _iso(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()


def results(doc: dict, place) -> None:
    st.divider()
    st.subheader("Determination")
    try:
        d = evaluate.waiver_decision(doc, dt.date.today(), place)
    except (SizingInputError, TableError) as exc:
        page_parts.stop_on_error(exc)
    decision_box.decision_shown(d)
    page_parts.findings_table(d.findings, extra={"evidence score": lambda f: LETTER.score_text(f.detail.get("score"))})
    scored = [(f, f.detail["score"]) for f in d.findings if f.detail.get("score")]
    if scored:
        with st.expander("Evidence scores (local policy thresholds, not ordinance text)"):
            if d.policy_note:
                st.caption(d.policy_note)
            for f, score in scored:
                st.markdown(f"**{label(f)}** ({f.citation}) — {score['summary']}")
                checks = [{"check": c["name"], "value": LETTER.number_text(c["value"], c["unit"]),
                           "limit": LETTER.number_text(c["limit"], c["unit"]), "unit": c["unit"],
                           "result": "no data" if c["ok"] is None else ("ok" if c["ok"] else "against"),
                           "source": c["source"]} for c in score["checks"]]
                st.dataframe(pd.DataFrame(checks).astype(str), hide_index=True, width="stretch")
    if d.missing:
        st.markdown("**Not met**\n\n" + "\n".join(f"- {LETTER.plain(d, m)}" for m in d.missing))
    if d.conditions:
        st.markdown("**Conditions**\n\n" + "\n".join(f"- {c['text']} [{c['citation']}]" for c in d.conditions))
    for warning in d.warnings:
        st.warning(LETTER.plain(d, warning))
    if d.revocation is not None:
        revocation(d.revocation)
    page_parts.show_provenance(d.sizing["provenance"])  # the CPC size behind the evidence
    downloads(doc, d, place)
    decision_box.decision_box(doc, d, place)
    register_box.save_box("waiver", doc, place)


def revocation(r: dict) -> None:
    import altair as alt  # only when a revocation is drawn: it stays off the page's start

    st.subheader("Revocation timeline")
    (st.success if r["may_proceed"] else st.warning)(
        "The revocation may proceed as proposed." if r["may_proceed"] else
        "The revocation may not proceed as proposed: " + "; ".join(r["issues"]))
    events = [("notice mailed", r["notice_mailed"]), ("earliest effective (notice + "
              f"{r['notice_days_required']} days)", r["earliest_effective"]),
              ("proposed effective", r["proposed_effective"])]
    if r.get("response_date"):
        events.append(("written response received", r["response_date"]))
    frame = pd.DataFrame([{"event": e, "date": pd.Timestamp(d)} for e, d in events]).sort_values("date")
    # one row per event, in date order, the full label and the date with its year; no line between the events
    # (it drew a zig-zag across the rows)
    chart = alt.Chart(frame).encode(
        x=alt.X("date:T", title=None, axis=alt.Axis(format="%Y-%m-%d", labelAngle=-30, tickCount="week")),
        y=alt.Y("event:N", sort=None, title=None, axis=alt.Axis(labelLimit=0)))
    st.altair_chart(chart.mark_rule(color="#bbb", strokeDash=[2, 3]).encode(x="date:T")
                    + chart.mark_point(size=90, filled=True)
                    + chart.mark_text(align="left", dx=8, fontSize=11).encode(text=alt.Text("date:T", format="%Y-%m-%d")),
                    width="stretch", key="revocation_chart")
    st.caption(f"{r['days_of_notice']} days of notice; at least {r['notice_days_required']} required "
               f"({r['citations']['notice']}). Response: {r['response']} ({r['citations']['response']}).")


def downloads(doc: dict, d, place) -> None:
    st.subheader("Downloads")
    d1, d2, d3, d4 = st.columns(4)
    d1.download_button("Application (YAML)", on_demand.latest("wv_download_submittal", documents.to_yaml, doc), file_name=on_demand.download_name(doc, "-waiver.yaml"),
                       mime="application/x-yaml", key="wv_download_submittal", on_click="ignore")
    d2.download_button("Decision (JSON)", on_demand.latest("wv_download_json", documents.json_text, d),
                       file_name=on_demand.download_name(doc, "-waiver.json"), mime="application/json",
                       key="wv_download_json", on_click="ignore")
    d3.download_button("Letter (markdown)", on_demand.latest("wv_download_markdown", LETTER.waiver_markdown, d),
                       file_name=on_demand.download_name(doc, "-determination.md"), mime="text/markdown",
                       key="wv_download_markdown", on_click="ignore")
    if d.revocation is not None:
        n1, n2 = st.columns(2)
        n1.download_button("Notice of proposed revocation (PDF)",
                           on_demand.latest("wv_notice_pdf", notice_pdf, doc, dt.date.today(), place),
                           file_name=on_demand.download_name(doc, "-revocation-notice.pdf"), mime="application/pdf",
                           key="wv_notice_pdf", on_click="ignore")
        n2.download_button("Notice of proposed revocation (markdown)",
                           on_demand.latest("wv_notice_md", LETTER.revocation_notice_markdown, d),
                           file_name=on_demand.download_name(doc, "-revocation-notice.md"), mime="text/markdown",
                           key="wv_notice_md", on_click="ignore")
    d4.download_button("Determination letter (PDF)", on_demand.latest("wv_download_pdf", evaluate.waiver_pdf_bytes, doc, dt.date.today(), place),
                       file_name=on_demand.download_name(doc, "-determination.pdf"), mime="application/pdf",
                       key="wv_download_pdf", on_click="ignore")


def notice_pdf(doc: dict, today: dt.date, place) -> bytes:
    return bytes(LETTER.revocation_notice_pdf(evaluate.waiver_decision(doc, today, place)))


place = jurisdiction.chosen()
page_parts.header("Conditional waiver", place, str(ss.wv_doc.get("edition") or DEFAULT_EDITION) if "wv_doc" in ss else None)
if not place.has_waivers:
    st.info(f"{place.name} has no conditional waivers or variances in this tool: choose the jurisdiction that "
            "grants the waiver in the sidebar.", icon=":material/info:")
    st.stop()
init_state(place)
source()
results(form(place), place)
