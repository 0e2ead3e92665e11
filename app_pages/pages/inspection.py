"""Page 7 — a field inspection, made for a phone: find the FSE, see its open notices and last readings, answer the
profile's checklists, take photos, save; once saved, its photos and its report. The finder is a fragment and the
inspection a form, so a tap reruns only the finder, and nothing is sent until "Save inspection" (all logic in
sizing.program.inspections). Where there is no signal, the FSE's inspection packet is downloaded from the finder and
uploaded filled afterwards (app_pages/widgets/inspection_packet.py). Checklist items and fields are named by their
words on the page, never by their keys."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages import access, on_demand
from app_pages.widgets import inspection_packet, jurisdiction, page_parts, register_box
from app_pages.widgets import photos as photos_box
from sizing.errors import SizingInputError
from sizing.io.sections.inspection import CONDITIONS, PURPOSES, form_document, from_dict, photo
from sizing.io.sections.inspection_packet import notice_titles
from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import queries
from sizing.program.evaluated import jsonable
from sizing.program.inspections import inspect, report, stored_photos
from sizing.program.packets import field_facts
from sizing.program.store import open_register
from sizing.quantities import show
from sizing.report.inspection_report import inspection_report_pdf
from sizing.report.inspections import inspected_text
from sizing.rules.inspection import checklist_items

ss = st.session_state
ANSWERS = ("yes", "no", "n/a")
MESSAGE = "ins_msg"


@st.fragment
def finder(place) -> bool:
    """Find the FSE by name, id or address; its open notices and last readings, and its inspection packet.
    Returns whether the user's role may store an inspection (asked of the register read here: one read a run)."""

    ss.setdefault("in_ins_find", "")
    st.text_input("Find an FSE (name, id or address)", key="in_ins_find", placeholder="Corner Cafe or FSE-0417")
    reg = register_box.open_for_reading()
    try:
        allowed = access.may("inspection", reg)
        found = queries.find_fses(reg, ss.get("in_ins_find", ""))
        if not found:
            st.info("No FSE in the register matches that.")
            return allowed
        names = {f["fse_id"]: f"{f['fse_id']} — {f['name'] or 'name not recorded'}" for f in found}
        if ss.get("in_ins_fse") not in names:
            ss["in_ins_fse"] = found[0]["fse_id"]
        fse = st.selectbox("FSE", list(names), key="in_ins_fse", format_func=names.get)
        facts = field_facts(reg, fse, next(f for f in found if f["fse_id"] == fse))  # its details just read
    finally:
        reg.db.engine.dispose()
    on_site(facts)
    if facts["notices"]:
        st.markdown("**Open notices**")
        for n in facts["notices"]:
            st.markdown(f"- notice {n['notice']}: {n['title']} — {n['item_text']}, due {n['due_on']} "
                        f"(**{n['status']}**; {n['citation']})")
    else:
        st.caption("No open notices.")
    if facts["readings"]:
        st.caption("Last readings: " + "; ".join(f"{r['on_date']}: FOG {_in(r['fog_in'])} + solids "
                                                 f"{_in(r['solids_in'])}" for r in facts["readings"]))
    inspection_packet.downloads(place, facts)
    return allowed


def on_site(facts: dict) -> None:
    """Whom to ask for on site (the operator, else the owner: name and phone) and the interceptor the FSE shares."""
    who = facts["on_site"]
    if who is not None:
        st.caption("On site: " + " · ".join(x for x in (who["name"], who["phone"]) if x))
    for u in facts["shared"]:
        st.caption(f"Interceptor {u['unit_id']} serves {', '.join(u['serves'])}: a reading here counts for each.")


def _in(value: float) -> str:

    return show(value, "in")


def checklist_widgets(place) -> None:
    """One row per checklist item: yes / no / n/a (unanswered: not checked) and a note."""

    items = checklist_items(place)
    if not items:
        st.info(f"Checklists are not defined for {place.name}: the inspection records its readings only.")
        return
    shown = None
    for key, item in items.items():
        if item["checklist_title"] != shown:
            shown = item["checklist_title"]
            st.markdown(f"**{shown}**")
            name = key.split(".", 1)[0]
            c1, c2, _ = st.columns([1, 1, 2])
            c1.form_submit_button("All yes", key=f"ins_all_yes_{name}", on_click=answer_all, args=(place, name, "yes"))
            c2.form_submit_button("All n/a", key=f"ins_all_na_{name}", on_click=answer_all, args=(place, name, "n/a"))
        wkey = "in_ins_" + key.replace(".", "__")
        st.radio(f"{item['text']} ({item['citation']})", ANSWERS, index=None, horizontal=True, key=wkey)
        st.text_input("note", key=wkey + "__note", label_visibility="collapsed", placeholder="note (optional)")


def answer_all(place, checklist: str, answer: str) -> None:
    """Answer every item of one checklist the same (the inspector then changes the few that differ)."""
    for key in checklist_items(place):
        if key.split(".", 1)[0] == checklist:
            ss["in_ins_" + key.replace(".", "__")] = answer


def unanswered(place) -> list[str]:
    """The checklist items not answered yet, by their text."""
    return [item["text"] for key, item in checklist_items(place).items()
            if not ss.get("in_ins_" + key.replace(".", "__"))]


def form(place) -> None:

    types = list((place.inspections or {}).get("notices") or {})
    # the camera asks for access only when the inspector asks for it (outside the form: it appears at once)
    camera = st.toggle("Take a photo with the camera", key="in_ins_camera_on")
    with st.form("ins_form", border=False, enter_to_submit=False):
        st.date_input("Date", key="in_ins_date", value=dt.date.today(), max_value=dt.date.today())
        st.selectbox("Purpose", PURPOSES, key="in_ins_purpose", format_func=lambda p: p.replace("_", " "))
        st.selectbox("Interceptor condition", ("",) + CONDITIONS, key="in_ins_condition",
                     format_func=lambda p: p.replace("_", " ") or "not recorded")
        st.markdown("**Readings** (any length unit: `2 in`, `50 mm`)")
        cols = st.columns(3)
        for col, (key, label) in zip(cols, (("fog", "FOG"), ("solids", "Solids"), ("depth", "Liquid depth")),
                                     strict=True):
            col.text_input(label, key=f"in_ins_{key}", placeholder="optional" if key == "depth" else "e.g. 2 in")
        checklist_widgets(place)
        st.markdown("**Finding** (optional)")
        st.text_input("Clause", key="in_ins_clause", placeholder="the clause the finding cites")
        st.text_area("What was found", key="in_ins_found", height=68)
        if types:
            titles = notice_titles(place)
            st.selectbox("Notice it opens", ["", *types], key="in_ins_notice", format_func=lambda k: titles.get(k, "none"))
        st.file_uploader("Photos", type=["jpg", "jpeg", "png", "webp"], accept_multiple_files=True,
                         key="ins_photos")
        if camera:
            st.camera_input("Take a photo", key="ins_camera")
        st.text_area("Note", key="in_ins_note", height=68)
        register_box.behalf_field()
        st.checkbox("Save with checklist items unanswered (they are recorded as not inspected)",
                    key="in_ins_allow_unanswered")
        st.form_submit_button("Save inspection", key="ins_save", type="primary", on_click=save, args=(place,))


def document(place) -> dict:
    """The inspection document the form's values make (the ``sizing register inspect`` input shape, as a filled
    inspection packet makes it: :func:`sizing.io.sections.inspection.form_document`)."""

    answers = {key: (ss.get(w), ss.get(w + "__note")) for key in checklist_items(place)
               for w in ["in_ins_" + key.replace(".", "__")]}
    readings = {k: ss.get(f"in_ins_{w}") for k, w in (("fog", "fog"), ("solids", "solids"), ("liquid_depth", "depth"))}
    return form_document(ss.get("in_ins_fse"), ss.get("in_ins_date") or dt.date.today(), ss.get("in_ins_purpose"),
                         ss.get("in_ins_condition"), readings, answers,
                         (ss.get("in_ins_clause"), ss.get("in_ins_found"), ss.get("in_ins_notice")),
                         ss.get("in_ins_note"))


def photos() -> tuple:

    uploads = list(ss.get("ins_photos") or [])
    if ss.get("in_ins_camera_on") and ss.get("ins_camera") is not None:
        uploads.append(ss["ins_camera"])
    return tuple(photo(f"photo {i}", u.name or f"photo-{i}.jpg", u.getvalue()) for i, u in enumerate(uploads, 1))


def save(place) -> None:
    """Check the form (one line naming the field on a mistake, nothing written), then store it."""

    if not ss.get("in_ins_fse"):
        ss[MESSAGE] = ("error", "FSE: choose the FSE inspected first.")
        return
    missing = unanswered(place)
    if missing and not ss.get("in_ins_allow_unanswered"):  # a half-done inspection is never saved by accident
        ss[MESSAGE] = ("warning", f"Not saved: {len(missing)} of {len(checklist_items(place))} checklist items are not "
                                  "answered: " + "; ".join(missing) + ". Answer them, or tick 'Save with checklist "
                                  "items unanswered'.")
        return
    if ss.get("in_ins_notice") and not str(ss.get("in_ins_found") or "").strip():  # never dropped unsaid
        ss[MESSAGE] = ("error", "Notice it opens: a notice opens with a finding: write what was found and its clause.")
        return
    doc = document(place)
    try:
        rec = from_dict(doc, photos=photos())
    except SizingInputError as exc:
        ss[MESSAGE] = ("error", on_screen(exc, place))
        return
    done = register_box.write(lambda reg: inspect(reg, rec, user=ss.get("in_reg_user") or None, jurisdiction=place,
                                                  name="app (inspection page)", document=jsonable(doc)), MESSAGE)
    if saved(done, place):
        ss.pop("in_ins_allow_unanswered", None)


def saved(done, place) -> bool:
    """The message of an inspection stored (from the form or a filled packet), its items by their words; a failed
    inspection is a warning, with its notices. False: nothing stored (the message says why)."""
    if done is None:
        return False
    r = done[0]
    failed = bool(r.result["failures"] or r.opened)
    words = {k: item["text"] for k, item in checklist_items(place).items()}
    ss[MESSAGE] = ("warning" if failed else "success", ("Saved, with failures: " if failed else "Saved: ")
                   + inspected_text(r, words).replace("\n  ", "\n- "))
    ss["ins_saved"] = r.inspection_id
    return True


#: The form's fields as the inspection document names them, and their labels on the page.
LABELS = {"project.fse_id": "FSE", "inspection.date": "Date", "inspection.purpose": "Purpose",
          "inspection.interceptor_condition": "Interceptor condition", "inspection.readings.fog": "FOG",
          "inspection.readings.solids": "Solids", "inspection.readings.liquid_depth": "Liquid depth",
          "inspection.findings[0].clause": "Clause", "inspection.findings[0].text": "What was found",
          "inspection.findings[0].notice": "Notice it opens", "inspection.note": "Note", "inspection.photos": "Photos"}


def on_screen(exc: SizingInputError, place) -> str:
    """A mistake in the form told by the field's label (``FOG: expected a length ...``, a checklist item by its
    words), never by the document's dotted name."""
    labels = dict(LABELS)
    for key, item in checklist_items(place).items():
        path = "inspection.checklists." + key
        labels[path] = labels[path + ".answer"] = item["text"]
        labels[path + ".note"] = f"{item['text']}: note"
    found = [p for p in labels if exc.field == p or exc.field.startswith(p + ".")]
    if not found or not exc.message.startswith(exc.field):
        return str(exc)
    return labels[max(found, key=len)] + exc.message[len(exc.field):]


def report_download() -> None:
    """The inspection just saved: its photos, and its report to leave with the FSE (as ``sizing register
    inspection-report``), made when the button is clicked."""
    number = ss.get("ins_saved")
    if number is None:
        return
    reg = register_box.open_for_reading()
    try:
        shots = stored_photos(reg, number)
        if shots:
            photos_box.thumbnails(reg, shots, "ins_photo")
    finally:
        reg.db.engine.dispose()
    st.download_button(f"Inspection report {number} (PDF), to leave with the FSE",
                       on_demand.on_click(report_pdf, access.register_location(), number),
                       file_name=f"inspection-{number}-report.pdf", mime="application/pdf", key="ins_report_pdf",
                       on_click="ignore", icon=":material/download:")


def report_pdf(location: str, number: int) -> bytes:
    """Inspection ``number``'s report (read, with its photos, when its download is clicked)."""
    reg = open_register(location, create=False, read_only=True)
    try:
        r = report(reg, number)
    finally:
        reg.db.engine.dispose()
    return inspection_report_pdf(r, get_jurisdiction(r["jurisdiction_id"] or DEFAULT_ID))


def page() -> None:
    place = jurisdiction.chosen()
    page_parts.header("Inspection", place)
    allowed = finder(place)
    page_parts.show_message(MESSAGE)
    report_download()
    if not allowed:
        st.caption("Your role may view the register but not store an inspection.")
        return
    inspection_packet.upload_box(place, saved)
    form(place)


page()
