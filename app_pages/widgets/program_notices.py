"""The Program page's Notices and Summary tabs: the notices the register holds and their state on the page's
date (a CSV of them, a notice's PDF letter), and the program summary of a period (CSV and PDF) for the sewer
system management plan's FOG element. Everything comes from sizing.program.notices / summary and
sizing.report.inspections, as ``sizing register notices | notice | summary`` print it."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages import access
from app_pages.widgets import long_table, page_parts, register_box
from sizing.errors import SizingInputError, TableError
from sizing.jurisdiction.profile import DEFAULT_ID, Jurisdiction, get
from sizing.program.correspondence import record
from sizing.program.letters import MERGE_COLUMNS, batch
from sizing.program.queries import register_state
from sizing.program.report import csv_rows
from sizing.program.signers import signer
from sizing.program.summary import summary
from sizing.provenance import glossary_help
from sizing.report.addresses import lacks
from sizing.report.inspections import SUMMARY_COLUMNS, summary_pdf, summary_rows, summary_shown_rows
from sizing.report.notice_letter import SENT, STAFF, notice_letter, render

ss = st.session_state
#: The notice columns shown (the CSV download carries every column of ``register notices --format csv``): the item
#: by its words (``item_text``), never its checklist key.
SHOWN = ("notice", "fse_id", "name", "title", "item_text", "citation", "issued_on", "period", "due_on", "due_note",
         "status", "closed_on", "how")
#: The notice columns whose text is long (wide, and read in full in the selected notice's detail).
LONG = ("name", "title", "item_text", "citation", "period", "due_note")
#: Headings the column's name does not give.
LABELS = {"item_text": "Item", "how": "Closed by"}
#: A period the ordinance does not set is the program's default: what its level means, one click away.
HELPS = {"period": "A period marked program default is not set by the ordinance (local policy).\n\n" + glossary_help()}


def many(n: int, word: str) -> str:
    """A count and its word, singular for one: ``1 letter``, ``2 letters``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def notices_tab(reg, as_of: dt.date, place: Jurisdiction) -> None:
    """The notices on ``as_of`` (open ones only unless asked), a CSV of them and one notice's letter."""
    from sizing.program.notices import COLUMNS, notices
    from sizing.program.report import csv_rows

    ss.setdefault("in_pg_notices_all", False)
    every = st.checkbox("Closed notices too", key="in_pg_notices_all")
    items = notices(reg, as_of=as_of, open_only=not every)
    overdue = sum(1 for n in items if n["status"] == "overdue")
    shown = many(len(items), "notice" if every else "open notice")
    (st.warning if overdue else st.info)(f"{shown} on {as_of}; {overdue} overdue.")
    if not items:
        return
    rows = [{k: (n[k] or "").replace("_", " ") if k == "how" else n[k] for k in SHOWN} for n in items]
    long_table.table(page_parts.arrow_table(rows, list(SHOWN)), "pg_notices_table", long=LONG, labels=LABELS,
                     helps=HELPS)
    st.download_button("Notices (CSV)", csv_rows(items, COLUMNS), file_name=f"notices-{as_of}.csv",
                       mime="text/csv", key="pg_notices_csv")
    letter(reg, items, as_of)
    batch_box(reg, as_of)


def letter(reg, items: list[dict], as_of: dt.date) -> None:
    """One notice's letter, from the profile of the jurisdiction it was issued under, clause by clause (as
    ``sizing register notice N`` writes it): the copy to mail (PDF and .docx) and the staff's copy; what the staff's
    copy says beyond the letter (the period's basis, the City contact block's gaps) is shown on the page too. Signed
    by the page's user if they have a signature on file."""
    from sizing.program.notices import notice

    by_number = {n["notice"]: n for n in items}
    number = st.selectbox("Letter for notice", list(by_number), key="in_pg_notice_letter",
                          format_func=lambda k: f"{k}: {by_number[k]['fse_id']}, {by_number[k]['title']}")
    chosen = notice(reg, number, as_of)
    place = get(chosen["jurisdiction_id"] or DEFAULT_ID)  # the notice's own jurisdiction, read back from the register
    for a in chosen.get("to") or ():
        warning = lacks(a)
        if warning:  # the letter says it too; the page says it before it is mailed
            st.warning(f"Notice {number} to the {a['role']}: {warning}; add it on the Timeline tab's contacts.")
    with reg.db.read() as conn:  # signed by the person using the page, when they have a signature on file
        signs = signer(conn, reg.identity)
    if signs is None:
        st.caption("The letter's signature line is left blank, for the Director: you have no signature on file "
                   "(an admin adds one on the Users page).")
    signature = None if signs is None else signs.to_dict()
    sent = notice_letter([chosen], place, signature, copy=SENT)
    staff = notice_letter([chosen], place, signature, copy=STAFF)
    for note in staff.staff_notes:
        st.info(f"Staff copy only: {note}", icon=":material/info:")
    c1, c2, c3 = st.columns(3)
    c1.download_button("Letter to mail (PDF)", render(sent, "pdf"), file_name=f"notice-{number}.pdf",
                       mime="application/pdf", key="pg_notice_pdf")
    c2.download_button("Letter to mail (.docx)", render(sent, "docx"), file_name=f"notice-{number}.docx",
                       mime="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                       key="pg_notice_docx")
    c3.download_button("Staff copy (PDF)", render(staff, "pdf"), file_name=f"notice-{number}-staff-copy.pdf",
                       mime="application/pdf", key="pg_notice_staff_pdf")


def batch_box(reg, as_of: dt.date) -> None:
    """Letters for every open notice (or the overdue ones), one per FSE, dated the page's date, as one PDF and its
    mail-merge list (as ``sizing register letters`` writes them), made on request; for the roles that record
    letters, a button records them as mailed (each on its FSE's timeline; one that cannot be mailed is not)."""
    st.subheader("Letters to mail", divider="gray")
    page_parts.show_message("pg_letters_msg")
    overdue = st.checkbox("Overdue notices only", key="in_pg_letters_overdue")
    asked = (as_of, overdue, register_state(reg))
    if st.button("Make the letters", key="pg_letters_make", icon=":material/mail:"):
        with reg.db.read() as conn:
            signs = signer(conn, reg.identity)
        ss["pg_letters"] = (asked, batch(reg, as_of, overdue=overdue, signer=None if signs is None else signs.to_dict()))
    made = ss.get("pg_letters")
    if made is None or made[0] != asked:  # none made yet, or made for another day, choice or register state
        return
    b = made[1]
    if b is None:
        st.info(f"No {'overdue' if overdue else 'open'} notices on {as_of}: no letters to mail.")
        return
    st.caption(f"{many(len(b.groups), 'letter')} ({many(b.notices, 'notice')}), {many(sum(b.pages), 'page')}, "
               f"dated {as_of}.")
    for fse in b.blocked:
        st.warning(f"{fse}: the mailing address is incomplete; its letter says so and is not recorded as mailed.")
    c1, c2 = st.columns(2)
    c1.download_button("Letters (PDF)", b.pdf, file_name=f"letters-{as_of}.pdf", mime="application/pdf",
                       key="pg_letters_pdf")
    c2.download_button("Mail-merge list (CSV)", csv_rows(b.merge, MERGE_COLUMNS), file_name=f"letters-{as_of}.csv",
                       mime="text/csv", key="pg_letters_csv")
    if access.may("letters") and len(b.blocked) < len(b.groups):
        st.button(f"Record {many(len(b.groups) - len(b.blocked), 'letter')} as mailed on {as_of}", key="pg_letters_mailed",
                  on_click=_record_mailed, args=(b,))


def _record_mailed(b) -> None:
    done = register_box.write(lambda reg: record(reg, b.mailed(), user=ss.get("in_reg_user") or None),
                              "pg_letters_msg", "no letter was recorded as mailed")
    if done is not None:
        ss["pg_letters_msg"] = ("success", f"Recorded {many(done[0], 'letter')} as mailed on {b.as_of}; each is on "
                                "its FSE's timeline.")
        ss.pop("pg_letters", None)


def period(as_of: dt.date) -> tuple[dt.date, dt.date]:
    """The summary's period, its two dates side by side above it: From (default the first of the year) and To
    (the page's date, and again the page's date whenever that one changes)."""
    if ss.get("pg_summary_as_of") != as_of or "in_pg_summary_to" not in ss:
        ss["in_pg_summary_to"] = as_of
    ss["pg_summary_as_of"] = as_of
    ss.setdefault("in_pg_summary_from", dt.date(as_of.year, 1, 1))
    c1, c2 = st.columns(2)
    start = c1.date_input("From", key="in_pg_summary_from", format="YYYY-MM-DD")
    end = c2.date_input("To", key="in_pg_summary_to", format="YYYY-MM-DD",
                        help="The page's As of date, unless you choose another here")
    return start, end


def summary_tab(reg, as_of: dt.date, place: Jurisdiction) -> None:
    """The program summary of a period (From and To beside it; To is the page's date unless changed): counts, then
    CSV and PDF."""
    start, end = period(as_of)
    if start > end:
        st.error(f"From: expected a date on or before To {end}, got {start}", icon=":material/error:")
        return
    try:
        s = summary(reg, start, end, jurisdiction=place)
    except (SizingInputError, TableError) as exc:
        page_parts.stop_on_error(exc)
    i, n, p = s["inspections"], s["notices"], s["pump_outs"]
    m = st.columns(4)
    m[0].metric("FSEs", s["fses"])
    m[1].metric("Inspections", i["done"], help=f"{i['passed']} passed, {i['failed']} failed, {i['incomplete']} incomplete")
    m[2].metric("Notices issued / closed", f"{n['issued']} / {n['closed']}",
                help=f"open at the end: {n['open_at_end']} ({n['overdue_at_end']} overdue)")
    m[3].metric("FSEs on their pump-out schedule", f"{p['on_schedule']} of {p['fses_with_schedule']}")
    st.dataframe(page_parts.arrow_table(summary_shown_rows(s), list(SUMMARY_COLUMNS)), hide_index=True,
                 width="stretch", key="pg_summary_table", column_config=long_table.headings(SUMMARY_COLUMNS))
    name = f"fog-summary-{start}-{end}"
    c1, c2 = st.columns(2)
    c1.download_button("Summary (CSV)", csv_rows(summary_rows(s), SUMMARY_COLUMNS), file_name=f"{name}.csv",
                       mime="text/csv", key="pg_summary_csv")
    c2.download_button("Summary (PDF)", summary_pdf(s, place.letterhead), file_name=f"{name}.pdf",
                       mime="application/pdf", key="pg_summary_pdf")
