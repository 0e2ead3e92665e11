"""The Program page's Submissions tab: what FSEs sent the City (pump-out receipts, BMP self-certifications), newest
first, and for the roles that decide (plan checker, inspector, director) the decision on one waiting: accept (an
accepted pump-out counts as a hauler manifest) or reject with a reason the FSE sees. As ``sizing register
submissions | accept | reject`` do."""

from __future__ import annotations

import streamlit as st
from streamlit import session_state as ss

from app_pages import access
from app_pages.widgets import page_parts, register_box
from sizing.program import submissions
from sizing.quantities import show

SHOWN = ("id", "state", "fse_id", "what", "on_date", "detail", "file_name", "recorded_by", "reason", "decided_by")


def submissions_tab(reg) -> None:
    page_parts.show_message("pg_submission_msg")
    with reg.db.read() as conn:
        rows = submissions.listed(conn)
    waiting = [r for r in rows if r["state"] == submissions.PENDING]
    (st.warning if waiting else st.info)(f"{len(waiting)} submissions waiting for a decision; {len(rows)} in all.")
    if not rows:
        return
    st.dataframe(page_parts.arrow_table([{**{k: r.get(k) for k in SHOWN}, "detail": _detail(r)} for r in rows],
                                        list(SHOWN)), hide_index=True, width="stretch", key="pg_submissions_table")
    if not waiting:
        return
    by_id = {r["id"]: r for r in waiting}
    number = st.selectbox("Submission", list(by_id), key="in_pg_submission",
                          format_func=lambda k: f"{k}: {by_id[k]['fse_id']}, {by_id[k]['what']} of "
                                                f"{by_id[k]['on_date']}")
    chosen = by_id[number]
    st.markdown(f"**{chosen['what'].capitalize()}** of {chosen['on_date']} for {chosen['fse_id']}: {_detail(chosen)}; "
                f"sent by {chosen['recorded_by']}")
    if chosen["has_file"]:
        with reg.db.read() as conn:
            name, data = submissions.file_of(conn, number, reg.identity)
        st.download_button(f"The file ({name})", data, file_name=name, key="pg_submission_file")
    if not access.may("submissions"):
        return
    st.text_input("Reason (needed to reject; the FSE sees it)", key="in_pg_submission_reason")
    c1, c2 = st.columns(2)
    c1.button("Accept", key="pg_submission_accept", type="primary", on_click=_decide, args=(number, True))
    c2.button("Reject", key="pg_submission_reject", on_click=_decide, args=(number, False))


def _detail(r) -> str:
    d = r["details"]
    if r["kind"] == submissions.PUMP_OUT:
        return (f"{'full' if d.get('full', True) else 'partial'} pump-out by {d['hauler']}, manifest {d['manifest']}, "
                f"{show(d['gallons'], 'gal')} to {d['disposal_site']}")
    return d.get("certified", "")


def _decide(number: int, accept: bool) -> None:
    reason = ss.get("in_pg_submission_reason") or None
    done = register_box.write(lambda reg: submissions.decide(reg, number, accept, reason,
                                                             user=ss.get("in_reg_user") or None),
                              "pg_submission_msg", "no decision was recorded")
    if done is not None:
        made = done[0]
        ss["pg_submission_msg"] = ("success", f"Submission {number} {made['state']}"
                                   + (f": stored as hauler manifest {made['manifest_id']}" if made["manifest_id"]
                                      else "") + ".")
        ss.pop("in_pg_submission_reason", None)
