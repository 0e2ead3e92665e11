"""The FSE's own page, for a user with the ``fse`` role: the FSEs they are linked to and nothing of any other. For
the one chosen: its compliance status and why, what falls due, its notices (each letter to mail as a download),
the letters and e-mail the City sent, and the form to submit a pump-out receipt or a BMP self-certification (with
what became of each earlier one). The FSE is chosen from the user's scope only: no URL or widget names another.
Everything comes from sizing.program (compliance, deadlines, notices, correspondence, submissions)."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages.widgets import page_parts, register_box
from sizing.errors import SizingInputError
from sizing.jurisdiction.profile import DEFAULT_ID
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import haulers, submissions
from sizing.program.compliance import state
from sizing.program.deadlines import dated_items, due_records
from sizing.program.notices import notice, notices
from sizing.program.queries import history
from sizing.program.reading import Scope
from sizing.report.calendar import ics
from sizing.report.notice_letter import SENT, letter_pdf, notice_letter
from sizing.rules.compliance import IN_COMPLIANCE, IN_VIOLATION, OVERDUE

ss = st.session_state


def main() -> None:
    st.title("My FSE")
    reg = register_box.open_for_reading()
    try:
        with reg.db.read() as conn:
            mine = submissions.scope(conn, reg.identity)
        if not mine:
            st.info("Your account is not linked to an FSE yet: ask the City's FOG program to link it.")
            return
        fse = st.selectbox("FSE", mine, key="in_my_fse") if len(mine) > 1 else mine[0]
        if fse not in mine:  # a value left in the session from another sign-in: never shown
            st.stop()
        today = dt.date.today()
        place = get_jurisdiction(DEFAULT_ID)
        _status(reg, fse, today, place)
        _notices(reg, fse, today)
        submit_box(fse, today)
        haulers_box(reg, fse)
        _sent_and_submitted(reg, fse)
    except SizingInputError as exc:
        page_parts.stop_on_error(exc)
    finally:
        reg.db.engine.dispose()


def _status(reg, fse: str, today: dt.date, place) -> None:
    c = state(reg, fse, today, jurisdiction=place)
    box = st.success if c.status == IN_COMPLIANCE else st.error if c.status in (OVERDUE, IN_VIOLATION) else st.warning
    box(f"{fse}: {c.status.replace('_', ' ')} on {today}", icon=":material/info:")
    for r in c.reasons:
        st.markdown(f"- {r.text} ({r.clause})")
    with reg.db.read() as conn:
        items = dated_items(due_records(conn, today, Scope((fse,))), today, 90, place)
    if items:
        st.subheader("What falls due (90 days)", divider="gray")
        st.dataframe(page_parts.arrow_table([{"date": i["date"], "status": i["status"], "what": i["what"],
                                              "detail": i["detail"]} for i in items], ["date", "status", "what",
                                                                                       "detail"]),
                     hide_index=True, width="stretch", key="my_due_table")
        st.download_button("What falls due (calendar, .ics)", ics(items, f"{fse}: what falls due"),
                           file_name=f"{fse}-due-{today}.ics", mime="text/calendar", key="my_due_ics")


def _notices(reg, fse: str, today: dt.date) -> None:
    rows = notices(reg, as_of=today, fse_id=fse)
    if not rows:
        return
    st.subheader("Notices", divider="gray")
    for n in rows:
        st.markdown(f"**Notice {n['notice']}** ({n['status']}): {n['title']}: {n['item_text']}; comply by "
                    f"{n['due_on']} ({n['citation']})")
    chosen = st.selectbox("Letter for notice", [n["notice"] for n in rows], key="in_my_notice")
    full = notice(reg, chosen, today)
    if full["fse_id"] != fse:
        st.stop()
    letter = notice_letter([full], get_jurisdiction(full["jurisdiction_id"] or DEFAULT_ID), None, copy=SENT)
    st.download_button("Notice letter (PDF)", letter_pdf(letter), file_name=f"notice-{chosen}.pdf",
                       mime="application/pdf", key="my_notice_pdf")


def submit_box(fse: str, today: dt.date) -> None:
    """The form: a pump-out receipt (date, hauler, manifest number, gallons, disposal site, the receipt's file) or a
    BMP self-certification (date, what is in place, a file); checked field by field, one line naming the first
    that is wrong; the City accepts or rejects it."""
    st.subheader("Send the City a record", divider="gray")
    page_parts.show_message("my_submit_msg")
    kind = st.segmented_control("Record", list(submissions.KINDS), format_func=submissions.KINDS.get,
                                default=submissions.PUMP_OUT, key="in_my_kind") or submissions.PUMP_OUT
    with st.form(f"my_submit_{kind}", enter_to_submit=False, clear_on_submit=False):
        st.date_input("Date", value=today, max_value=today, key="in_my_date", format="YYYY-MM-DD")
        if kind == submissions.PUMP_OUT:
            c = st.columns(2)
            c[0].text_input("Hauler", key="in_my_hauler")
            c[1].text_input("Manifest or receipt number", key="in_my_manifest")
            c[0].text_input("Gallons pumped", key="in_my_gallons", placeholder="1,000 gal")
            c[1].text_input("Disposal site", key="in_my_site")
            st.checkbox("A full pump-out (everything removed)", value=True, key="in_my_full")
        else:
            st.text_area("What is in place (drain screens, grease recycling, training ...)", key="in_my_bmp")
        st.file_uploader("The receipt or record (PDF, JPEG or PNG, at most 1 MB)", type=["pdf", "jpg", "jpeg", "png"],
                         key="my_file")
        st.form_submit_button("Send to the City", on_click=_submit, args=(fse, kind))


def _submit(fse: str, kind: str) -> None:
    upload = ss.get("my_file")
    try:
        if kind == submissions.PUMP_OUT:
            r = submissions.receipt(fse, ss.get("in_my_date"), ss.get("in_my_hauler"), ss.get("in_my_manifest"),
                                    ss.get("in_my_gallons"), ss.get("in_my_site"), ss.get("in_my_full", True))
            day, details = r.on_date, submissions.details(r)
        else:
            text = (ss.get("in_my_bmp") or "").strip()
            if not text:
                raise SizingInputError("What is in place", None, "what the FSE certifies is in place")
            day, details = ss.get("in_my_date"), {"certified": text}
        file = submissions.check_file(upload.name, upload.getvalue()) if upload is not None else (None, None)
    except SizingInputError as exc:
        ss["my_submit_msg"] = ("error", str(exc))
        return
    done = register_box.write(lambda reg: submissions.submit(reg, fse, kind, day, details, file),
                              "my_submit_msg", "the record was not sent")
    if done is not None:
        ss["my_submit_msg"] = ("success", f"Sent: {submissions.KINDS[kind]} {done[0]} for {fse}; the City will "
                                          "accept or reject it.")


def haulers_box(reg, fse: str) -> None:
    """The haulers the FSE accepts (they may send the City its manifests), and accepting another by its account."""
    st.subheader("Your haulers", divider="gray")
    page_parts.show_message("my_hauler_msg")
    with reg.db.read() as conn:
        known = haulers.serving(conn, fse)
    st.markdown("\n".join(f"- {h.company}, registration {h.registration} (valid until {h.valid_until})"
                           if isinstance(h, haulers.Registration) else f"- {h} (no registration on file)"
                           for h in known) or "No hauler sends the City your manifests yet.")
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    c1.text_input("Accept a hauler (its account's e-mail)", key="in_my_hauler_id")
    c2.button("Accept", key="my_hauler_accept", on_click=_accept_hauler, args=(fse,))


def _accept_hauler(fse: str) -> None:
    who = (ss.get("in_my_hauler_id") or "").strip()
    if not who:
        ss["my_hauler_msg"] = ("error", "Accept a hauler: expected its account's e-mail address")
        return
    done = register_box.write(lambda reg: haulers.accept_hauler(reg, fse, who), "my_hauler_msg",
                              "the hauler was not accepted")
    if done is not None:
        ss["my_hauler_msg"] = ("success", f"{who} may now send the City the manifests of {fse}.")


def _sent_and_submitted(reg, fse: str) -> None:
    with reg.db.read() as conn:
        mine = submissions.listed(conn, fse_ids=[fse])
    if mine:
        st.subheader("Records sent to the City", divider="gray")
        st.dataframe(page_parts.arrow_table([{"number": s["id"], "record": s["what"], "date": s["on_date"],
                                              "state": s["state"], "reason": s["reason"] or ""} for s in mine],
                                            ["number", "record", "date", "state", "reason"]),
                     hide_index=True, width="stretch", key="my_submissions_table")
    sent = [e for e in history(reg, fse) if e["what"] in ("letter", "e-mail")]
    if sent:
        st.subheader("Letters and e-mail from the City", divider="gray")
        st.dataframe(page_parts.arrow_table([{"date": e["date"], "what": e["what"], "detail": e["detail"]}
                                             for e in sent], ["date", "what", "detail"]),
                     hide_index=True, width="stretch", key="my_sent_table")


main()
