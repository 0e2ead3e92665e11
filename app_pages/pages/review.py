"""Page 2 — plan review: the submittal plus the proposed design in, findings with citations, corrections and the
install deadline out (all from sizing.rules.review)."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import streamlit as st

from app_pages import access, declaration_form, documents, evaluate, on_demand
from app_pages.widgets import (
    examples,
    fixtures,
    grid,
    jurisdiction,
    page_parts,
    register_box,
    review_letter,
    review_output,
)
from sizing.errors import SizingInputError, TableError
from sizing.io.sections.declarations import SECTIONS as DECLARATION_SECTIONS
from sizing.io.sections.interceptor import INTERCEPTOR_TYPES, MANHOLE_FIELDS, MANHOLE_OVER, Interceptor
from sizing.io.sections.review_notes import as_dict as notes_as_dict
from sizing.io.tables import DEFAULT_EDITION
from sizing.program import queries
from sizing.quantities import show
from sizing.report.findings import rule_label

ss = st.session_state
import sizing.report.review as REPORT  # noqa: E402,N812

#: The declarations the form can show, whatever the profile (widget key -> input, from the rule catalogue).
DECLARATIONS = declaration_form.bindings()
#: The sections this page edits; the rest of the submittal (fixtures, inlet pipe, meals...) is carried as is.
SECTIONS = tuple(dict.fromkeys(("interceptor", *DECLARATION_SECTIONS, *declaration_form.sections(DECLARATIONS),
                                "review_notes")))
#: The permit header of the review report (submittal ``project`` fields) -> widget key.
HEADER_FIELDS = {"permit": "in_rv_permit", "plan_check": "in_rv_plan_check", "review_cycle": "in_rv_cycle",
                 "reviewer": "in_rv_reviewer"}
TEXT_FIELDS = {"volume": "in_rv_volume", "rated_flow": "in_rv_rated_flow", "compartments": "in_rv_compartments",
               "liquid_depth": "in_rv_liquid_depth", "sanitary_tees": "in_rv_sanitary_tees", "product": "in_rv_product",
               "sheet": "in_rv_sheet"}
TRI_FIELDS = {"grease_retention_fittings": "in_rv_fittings", "accessible": "in_rv_accessible"}
MANHOLE_COLUMNS = MANHOLE_FIELDS
#: The page's fragment (``@st.fragment(key=)``): the fixture grid's box, the review, the reviewer's notes grid and
#: the rest of the review (corrections, provenance, downloads, save box).
GRID = "rv_grid"


def manhole_frame(items) -> pd.DataFrame:
    rows = []
    for item in items or []:
        item = dict(item) if isinstance(item, dict) else {}
        to_grade = item.get("to_grade")
        rows.append({"over": grid.text_of(item.get("over")) or None,
                     "diameter": grid.text_of(item.get("diameter")) or None,
                     "to_grade": None if to_grade is None else grid.tri_choice(to_grade, "to_grade"),
                     "label": grid.text_of(item.get("label")) or None,
                     "sheet": grid.text_of(item.get("sheet")) or None})
    return pd.DataFrame(rows, columns=list(MANHOLE_COLUMNS), dtype="object")


def init_state() -> None:
    """Each widget's value before the page first draws it; a declaration the form did not draw in the last run
    (another profile chosen) gets its latest answer back (``rv_answers``)."""
    answers = ss.setdefault("rv_answers", declaration_form.defaults(DECLARATIONS))
    for key, value in {"in_rv_type": "not shown", **{k: "" for k in TEXT_FIELDS.values()},
                       **{k: "" for k in HEADER_FIELDS.values()},
                       **{k: grid.TRI_SHOWN[0] for k in TRI_FIELDS.values()}, **answers}.items():
        ss.setdefault(key, value)
    if "rv_doc" not in ss and ss.get("last_result_doc"):
        try:
            load_document(ss.last_result_doc, "the submittal from the sizing page")
        except SizingInputError as exc:
            ss.rv_message = ("error", str(exc))


def load_document(doc: dict, source: str) -> None:
    """Fill the design form from a submittal mapping once the CLI's parser accepts it: its parsed sections, the
    values the form shows as text as typed."""
    sub = fixtures.check_document(doc, source, jurisdiction.chosen())
    icp = sub.interceptor or Interceptor()
    ss.in_rv_type = icp.type or "not shown"
    for field, key in TEXT_FIELDS.items():
        ss[key] = grid.text_of(icp.given.get(field))
    for field, key in TRI_FIELDS.items():
        ss[key] = grid.tri_choice(getattr(icp, field), f"interceptor.{field}")
    ss.rv_answers = declaration_form.answers(doc, DECLARATIONS)
    for key, value in ss.rv_answers.items():
        ss[key] = value
    grid.editor_replace("rv_mh", manhole_frame([m.given for m in icp.manholes or ()]))
    for field, key in HEADER_FIELDS.items():
        ss[key] = grid.text_of(sub.project.get(field))
    ss.rv_notes = {str(rule): {k: v for k, v in vars(n).items() if v is not None}
                   for rule, n in sub.review_notes.items()}
    ss.rv_notes_ver = ss.get("rv_notes_ver", 0) + 1  # a fresh notes editor: no stale edits replayed
    take_submittal(doc)
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
    take_submittal(doc)  # keep the design typed on this page
    ss.rv_message = ("success", "Took the fixtures and project from the sizing page; the design below is kept.")


def take_submittal(doc: dict) -> None:
    """The fixtures, project and the rest of a submittal (not the design this page edits); the fixture
    schedule goes into this page's own editor."""
    ss.rv_doc = {k: v for k, v in doc.items() if k not in SECTIONS}
    ss.rv_taken = dict(ss.rv_doc)
    review_letter.fill_letter(doc.get("project"))  # the letter's addressee from this submittal, to edit
    grid.editor_replace("rv_fx", fixtures.frame(doc.get("fixtures") or [], jurisdiction.chosen()))


on_example = examples.example_loader("in_rv_example", "rv_message", load_document)
on_upload = examples.upload_loader("upload_review", "rv_message", load_document)


# --- the page ------------------------------------------------------------------------------------------------

def source(place) -> None:
    with st.expander("The submittal", expanded="rv_doc" not in ss):
        c1, c2, c3 = st.columns(3)
        c1.button("Use the submittal from the sizing page", key="rv_from_sizing", on_click=on_from_sizing)
        examples.example_picker(c2, "review", "in_rv_example", "rv_load_example", on_example)
        c3.file_uploader("Upload a submittal (YAML/JSON)", type=["yaml", "yml", "json"], key="upload_review",
                         on_change=on_upload, max_upload_size=examples.MAX_UPLOAD_MB)
    page_parts.show_message("rv_message")
    if "rv_doc" not in ss:
        st.info("Start from the sizing page's submittal, an example or a file.")
        st.stop()
    doc = ss.rv_doc
    sized = ss.get("last_result_doc")
    if sized and {k: v for k, v in sized.items() if k not in SECTIONS} != ss.get("rv_taken", doc):
        st.info("The sizing page has changed since this submittal was taken: press "
                "'Use the submittal from the sizing page' to review the new one.", icon=":material/sync:")
    st.caption(f"Project: {(doc.get('project') or {}).get('name', '—')} · construction "
               f"{str(doc.get('construction', 'new')).replace('_', ' ')}"
               + (f" · inlet pipe {doc['inlet_pipe']}" if doc.get("inlet_pipe") else ""))


@st.fragment(key=GRID)
def schedule_and_review(place, recorded: dict | None, may_save: bool) -> None:
    """The fixture grid's box and the review, as one fragment: an edit in the fixture grid or the notes grid,
    or opening the box, reruns it alone, not the app's sign-in, sidebar and navigation, the header, the
    submittal's source, the permit and the proposed design above (a change there runs the whole page). The review
    sizes what the grid returns in this run, or, its box closed, the rows it returned last."""
    with on_demand.run():  # a download clicked while this part reruns is built from what it shows
        box = st.expander("Fixture schedule (edit it here; the review sizes what this table holds)",
                          key="rv_fx_open", on_change="rerun")
        rows = ss.rv_fx_current
        if box.open:  # closed: the grid and its form are not drawn; the review sizes the rows it holds
            with box:
                fixtures.add_form("rv_fx", "in_rv_add_type", "in_rv_add_count", "rv_add_fixture", place)
                rows = fixtures.editor("rv_fx")
        ss.rv_schedule = fixtures.schedule(rows, place)
        results(build_document(ss.rv_mh_current, place), place, recorded, may_save)  # the manholes as the design's grid holds


def review_rest(doc: dict, r, notes: dict, sched, place, may_save: bool) -> None:
    """The rest of the review below the notes grid: corrections, warnings, provenance, downloads, save box."""
    corrections = REPORT.corrections_shown(r, notes)
    if corrections:
        st.markdown("**Corrections**\n\n" + "\n".join(f"{i}. {sched.name(c)}" for i, c in enumerate(corrections, 1)))
    for warning in r.sizing.warnings:
        st.warning(sched.name(warning))
    page_parts.show_provenance(r.sizing.provenance)
    if notes:
        doc = {**doc, "review_notes": notes_as_dict(notes)}
    ss.last_review_doc = doc  # what the submittal download holds
    review_output.downloads(doc, r, notes, place)
    register_box.save_box("review", doc, place, allowed=may_save)


def permit_fields() -> None:
    st.subheader("Permit and reviewer")
    h1, h2, h3, h4 = st.columns(4)
    h1.text_input("Permit number", key="in_rv_permit")
    h2.text_input("Plan-check number", key="in_rv_plan_check")
    h3.text_input("Review cycle", key="in_rv_cycle", placeholder="1, 2, 3 ...",
                  help="1 for the first submittal, 2 for the first resubmittal ...")
    h4.text_input("Reviewer", key="in_rv_reviewer")


def design_form() -> None:
    st.subheader("Proposed interceptor")
    # one st.columns per row, so that on a phone (columns stacked) the fields keep their reading order
    c1, c2, c3, c4 = st.columns(4)
    c1.selectbox("Type", ("not shown",) + tuple(INTERCEPTOR_TYPES), key="in_rv_type")
    c2.text_input("Volume (gravity)", key="in_rv_volume", placeholder="1250 gal or 4732 L")
    c3.text_input("Rated flow (hydromechanical)", key="in_rv_rated_flow", placeholder="50 gpm")
    c4.text_input("Compartments", key="in_rv_compartments", placeholder="2")
    c1, c2, c3, c4 = st.columns(4)
    c1.text_input("Liquid depth", key="in_rv_liquid_depth", placeholder="54 in")
    c2.text_input("Sanitary tees", key="in_rv_sanitary_tees", placeholder="2")
    c3.selectbox("Grease retention fittings", grid.TRI_SHOWN, key="in_rv_fittings")
    c4.selectbox("Easily accessible location", grid.TRI_SHOWN, key="in_rv_accessible")
    p1, p2 = st.columns([3, 1])
    p1.text_input("Product (optional)", key="in_rv_product")
    p2.text_input("Plan sheet (optional)", key="in_rv_sheet", placeholder="P-4")
    st.markdown("**Access manholes** — one row each; diameter with its unit ('24 in', '610 mm')")
    config = {"over": st.column_config.SelectboxColumn("over", options=list(MANHOLE_OVER),
                                                       format_func=lambda o: str(o).replace("_", " ")),
              "diameter": st.column_config.TextColumn("diameter [in]"),
              "to_grade": st.column_config.SelectboxColumn("to finished grade", options=["yes", "no"]),
              "label": st.column_config.TextColumn("label"),
              "sheet": st.column_config.TextColumn("sheet")}
    grid.editor("rv_mh", manhole_frame([]), num_rows="dynamic", column_config=config,
                width="stretch", placeholder="")


def declarations_form(place) -> None:
    """The declarations the review and the rules the profile applies read, from the rule catalogue: each group
    under its name, two groups a row (one st.columns per row keeps the reading order on a phone), in catalogue
    order."""
    st.subheader("Declarations")
    grouped = list(declaration_form.groups(declaration_form.bindings(place.review_rules)).items())
    for first in range(0, len(grouped), 2):
        for column, (group, bound) in zip(st.columns(2), grouped[first:first + 2], strict=False):
            with column:
                st.markdown(f"**{group}**")
                for key, given in bound.items():
                    declaration_widget(key, given)


def declaration_widget(key: str, given) -> None:
    """One declaration's widget, by its kind: a checkbox, a date, or a text input (a quantity typed with its
    unit)."""
    if given.kind == "checkbox":
        st.checkbox(given.label, key=key, help=given.help)
    elif given.kind == "date":
        st.date_input(given.label, key=key, format="YYYY-MM-DD", help=given.help)
    else:
        st.text_input(given.label, key=key, placeholder=given.placeholder, help=given.help)


def build_document(manholes: pd.DataFrame, place) -> dict:
    """The submittal as the page holds it: the one taken with the fixtures from the schedule, the permit header,
    the design with the manholes' grid, and the declarations (those the profile's form shows as answered, the
    others as last answered or loaded)."""
    doc = dict(ss.rv_doc)
    sched = ss.get("rv_schedule")
    if sched is not None:
        doc.pop("fixtures", None)
        if sched.fixtures:
            doc["fixtures"] = sched.fixtures
    project = {k: v for k, v in (doc.get("project") or {}).items() if k not in HEADER_FIELDS}
    project.update({field: ss[key].strip() for field, key in HEADER_FIELDS.items() if ss[key].strip()})
    doc.pop("project", None)
    if project:
        doc = {**({"project": project}), **doc}
    icp = documents.clean({field: ss[key] for field, key in TEXT_FIELDS.items()})
    if ss.in_rv_type != "not shown":
        icp = {"type": ss.in_rv_type, **icp}
    for field, key in TRI_FIELDS.items():
        if grid.tri_value(ss[key]) is not None:
            icp[field] = grid.tri_value(ss[key])
    rows = grid.frame_records(manholes)
    if rows:
        icp["manholes"] = rows
    if icp:
        doc["interceptor"] = icp
    shown = declaration_form.bindings(place.review_rules)
    ss.rv_answers = {**ss.rv_answers, **{key: ss[key] for key in shown}}
    doc.update(declaration_form.document(ss.rv_answers, DECLARATIONS))
    return doc


def recorded_for(doc: dict) -> dict | None:
    """The waiver decision the register holds for the submittal's FSE, asked on each whole run of the page (not
    on every edit in the grid: the fragment is given it); None when the submittal carries its own waiver."""
    fse = str((doc.get("project") or {}).get("fse_id") or "").strip()
    if not fse or doc.get("waiver") is not None:
        return None
    return recorded_decision(fse)


def recorded_waiver(doc: dict, rec: dict | None) -> dict:
    """The submittal with the waiver decision the Director recorded in the register for its FSE (when the
    submittal carries no waiver section of its own), and a line saying so."""
    fse = str((doc.get("project") or {}).get("fse_id") or "").strip()
    if not fse or doc.get("waiver") is not None:
        return doc
    if not rec or not rec["waiver"]:
        return doc
    st.info(f"Waiver decision recorded in the register for {fse}: {rec['status']} on {rec['decided_on']} by "
            f"{rec['recorded_by']}; the review applies it.", icon=":material/gavel:")
    return {**doc, "waiver": rec["waiver"]}


def recorded_decision(fse: str) -> dict | None:
    """The waiver decision the register holds for ``fse`` (None: none, no register, none readable)."""

    try:
        reg = access.open_register()
    except Exception:  # noqa: BLE001 - no register, none readable, a server away: the review stands on the file
        return None
    try:
        return queries.recorded_decision(reg, fse)
    except Exception:  # noqa: BLE001 - an FSE the register does not hold, a register that went away
        return None
    finally:
        reg.db.engine.dispose()


def results(doc: dict, place, recorded: dict | None, may_save: bool) -> None:
    st.divider()
    st.subheader("Review")
    doc = recorded_waiver(doc, recorded)
    st.caption(f"{place.name}: the review applies " + ", ".join(rule_label(r) for r in place.review_rules))
    sched = ss.get("rv_schedule") or fixtures.Schedule()
    fixtures.show_incomplete(sched)
    try:
        r = evaluate.review_document(doc, dt.date.today(), place)
    except (SizingInputError, TableError) as exc:
        fixtures.show_error(exc, sched)
    findings = st.container()  # filled below, once the notes grid under it has given the reviewer's notes
    notes = review_letter.notes_grid(r)
    with findings:
        review_output.verdict(r, notes)
        counts = REPORT.counts_shown(r, notes)
        m1 = m2 = m3 = m4 = m5 = st.container(horizontal=True)  # one block for the five (five columns were six)
        m1.metric("Fail", counts["fail"])
        m2.metric("Warn", counts["warn"])
        m3.metric("Pass", counts["pass"])
        m4.metric("N/A (reviewer)", counts["n/a"])
        local = r.sizing.local.get("gravity")  # a local size with the CPC's: the larger governs, as sizing shows it
        m5.metric("Required volume" + ("" if local else " (CPC)"), show(r.sizing.required_volume_gal, "gal"),
                  help=local["shown"] if local else r.sizing.gravity["citation"])
        deadline(r)
        shown = [review_output.named_rows(f, sched) for f in r.findings]  # fixtures named by their row above
        page_parts.findings_first(shown, notes, extra={
            "provenance": lambda f: " — ".join(p for p in (f.provenance, f.provenance_note) if p)})
    review_rest(doc, r, notes, sched, place, may_save)


def deadline(r) -> None:
    if r.deadline is None:
        return
    d = r.deadline
    skipped = ", ".join(f"{day.isoformat()} {name}" for day, name in d.holidays_skipped)
    left = "" if d.working_days_left is None else f" — {d.working_days_left} {d.day_kind} remain"
    st.info(f"**Deadline ({rule_label(d.rule)}): {d.date.isoformat()}** — {d.working_days} {d.day_kind} "
            f"after {d.start.isoformat()} ({d.start_basis}){left}. [{d.citation}]"
            + (f"  \nHolidays skipped: {skipped}" if skipped else "")
            + (f"  \nLast day {d.extended}" if d.extended else ""), icon=":material/event:")


place = jurisdiction.chosen()
page_parts.header("Plan review", place, str(ss.rv_doc.get("edition") or DEFAULT_EDITION) if "rv_doc" in ss else None)
init_state()
source(place)
permit_fields()
design_form()
declarations_form(place)
schedule_and_review(place, recorded_for(ss.rv_doc), access.may("review"))  # the register asked once a run
