"""The Director's decision on a conditional waiver, recorded in the register from the waiver page."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages import access
from app_pages.widgets import page_parts, register_box
from sizing.program.signers import signer
from sizing.quantities import show
from sizing.report import letter

ss = st.session_state


DECISIONS = {"granted": "Granted, with the conditions and expiration above",
             "denied": "Denied", "revoked": "Revoked (after the notice of proposed revocation)"}


def decision_shown(d) -> None:
    """The decision line and its metrics: until the Director records a decision, a proposal (never a green final
    word); the findings met counted as the decision counts them."""
    line = letter.decision_line(d)
    if not d.final:
        st.info(line, icon=":material/pending:")
    elif d.status == "granted":
        st.success(line, icon=":material/verified:")
    else:
        st.warning(line, icon=":material/gavel:")
    met, total = letter.findings_met(d)
    unsupported = sum(f.value == "met" and f.status == "warn" for f in d.findings)
    m1, m2, m3 = st.columns(3)
    if d.final:
        m1.metric("Decision (recorded)", d.status)
    else:
        m1.metric("Proposed decision", d.decision, help="until the Director records a decision below")
    m2.metric("Findings met", f"{met} of {total}",
              help="as the decision counts them: each finding made and marked met"
                   + (f"; {unsupported} of them with no evidence stated (a warning)" if unsupported else ""))
    m3.metric("CPC required volume", "—" if d.sizing["required_volume_gal"] is None
              else f"{show(d.sizing['required_volume_gal'], 'gal')}", help=d.sizing["citation"])


def decision_box(doc: dict, d, place) -> None:
    """The Director records the decision (granted with its conditions and expiration, denied, revoked) in the
    register, dated and under the signed-in identity; shown only to a role that may store a waiver decision (the
    register checks the role again). Once recorded, the letter downloads (above the box) are the final
    determination. Its messages never say where the register is kept."""
    if not access.may("waiver"):
        return
    recorded = ss.get("wv_recorded")
    # keyed: Enter in its field reruns the page and the box stays open
    with st.expander("Record the Director's decision", icon=":material/gavel:", expanded=bool(recorded),
                     key="wv_decision_open"):
        if recorded:
            by = recorded["decided_by"] or "you (no signature on file: the letter's signature line is blank; "\
                "set one with sizing register users sign)"
            st.success(f"Recorded: {recorded['status']} on {recorded['date']}, signed by {by}. The determination "
                       "letter downloads above are now the final determination.", icon=":material/verified:")
        ss.setdefault("in_wv_decision", "granted")
        st.radio("Decision", list(DECISIONS), key="in_wv_decision", format_func=DECISIONS.get)
        given = str(((doc.get("project") or {}).get("fse_id")) or "")
        if not given:
            ss.setdefault("in_wv_decision_fse", "")
            st.text_input("FSE id (the application has no project.fse_id)", key="in_wv_decision_fse",
                          placeholder="FSE-0311")
        st.caption("The decision is dated the determination date above (blank: today) and recorded under your "
                   "identity; the register keeps every decision (a later one does not erase an earlier one).")
        st.button("Record this decision in the register", key="wv_record", on_click=_record,
                  args=(doc, d.grantable, [c["text"] for c in d.conditions],
                        None if d.revocation is None else d.revocation["may_proceed"], given, place))
        page_parts.show_message("wv_record_msg")


def _record(doc: dict, grantable: bool, conditions: list[str], revocation_ready: bool | None, fse: str,
            place) -> None:
    decision = ss.get("in_wv_decision", "granted")
    day = ss.get("in_wv_date") or dt.date.today()
    problem = None
    if decision == "granted" and not grantable:
        problem = "Not recorded: the waiver is not grantable (see 'Not met'); record it as denied, or complete it."
    elif decision == "granted" and not ss.get("in_wv_expiration"):
        problem = "Not recorded: enter the expiration before granting the waiver."
    elif decision == "revoked" and not revocation_ready:
        problem = ("Not recorded: a revocation needs the notice of proposed revocation, its dates and grounds, "
                   "and the notice period met (tick 'A revocation of this waiver is proposed').")
    fse_id = fse or ss.get("in_wv_decision_fse", "").strip()
    if problem is None and not fse_id:
        problem = "Not recorded: enter the FSE id the decision belongs to."
    if problem:
        ss.wv_record_msg = ("error", problem)
        return
    waiver = {k: v for k, v in doc["waiver"].items() if k not in ("status", "granted_on", "decided_by")}

    def signed(reg) -> dict:  # the decision as recorded, signed by whoever records it: their signature, never
        # their account name (without a signature on file the letter's line is left blank; the register keeps
        # the account as the writer)
        with reg.db.read() as conn:
            found = signer(conn, reg.identity)
        recorded = {"status": decision, "date": day.isoformat(), "decided_by": None if found is None else found.name}
        if decision == "granted":
            recorded.update(granted_on=day.isoformat(), conditions=conditions)
        made["waiver"] = {**waiver, **recorded}
        return {**doc, "waiver": made["waiver"]}

    made: dict = {}

    stored = register_box.store(signed, "waiver", fse_id, day, "app (waiver decision)", place, "wv_record_msg",
                                "nothing was recorded")
    if stored is None:
        return
    added, reg = stored
    ss.wv_recorded = {k: v for k, v in made["waiver"].items()
                      if k in ("status", "date", "decided_by", "granted_on", "conditions")}
    ss.wv_record_msg = ("success", f"Recorded ({decision}): {added.summary()} in the register, by {reg.identity}."
                                   + access.created_note(reg))
