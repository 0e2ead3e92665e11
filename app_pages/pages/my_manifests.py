"""The hauler's own page, for a user with the ``hauler`` role: its registration on file, the FSEs that accept it, a
form for one manifest and an upload for a manifest CSV (the columns of ``sizing register import-manifests``), and
what became of each manifest it sent. The City accepts or rejects each; an accepted one counts as a hauler manifest.
Only the FSEs that accept the hauler can be chosen: no URL or widget names another."""

from __future__ import annotations

import datetime as dt

import streamlit as st

from app_pages.widgets import page_parts, register_box
from sizing.errors import SizingInputError
from sizing.program import haulers, submissions
from sizing.program.access import scope
from sizing.program.manifests import read

ss = st.session_state


def main() -> None:
    st.title("My manifests")
    reg = register_box.open_for_reading()
    try:
        with reg.db.read() as conn:
            mine = scope(conn, reg.identity)
            registered = haulers.registration(conn, reg.identity)
            sent = [s for s in submissions.listed(conn, fse_ids=mine) if s["recorded_by"] == reg.identity]
    finally:
        reg.db.engine.dispose()
    today = dt.date.today()
    if registered is None:
        st.error("No registration of yours is on file: the City records it before you can send manifests.",
                 icon=":material/block:")
        return
    (st.success if registered.current(today) else st.error)(
        f"{registered.company}: registration {registered.registration}, valid until {registered.valid_until}.")
    if not mine:
        st.info("No FSE accepts you yet: an FSE (or the City) accepts its hauler on the register.")
        return
    st.caption("FSEs that accept you: " + ", ".join(mine))
    page_parts.show_message("hl_submit_msg")
    with st.form("hl_manifest", enter_to_submit=False):
        st.selectbox("FSE", mine, key="in_hl_fse")
        st.date_input("Date of the pump-out", value=today, max_value=today, key="in_hl_date", format="YYYY-MM-DD")
        c = st.columns(2)
        c[0].text_input("Manifest number", key="in_hl_manifest")
        c[1].text_input("Gallons pumped", key="in_hl_gallons", placeholder="1,000 gal")
        c[0].text_input("Disposal site", key="in_hl_site")
        c[1].checkbox("A full pump-out", value=True, key="in_hl_full")
        st.form_submit_button("Send the manifest", on_click=_one, args=(registered.company,))
    st.file_uploader("Or a manifest file (CSV: fse_id, date, hauler, manifest, gallons, pump_out, disposal_site)",
                     type=["csv"], key="hl_csv")
    st.button("Send the file's manifests", key="hl_send_csv", on_click=_file)
    if sent:
        st.subheader("Manifests sent", divider="gray")
        st.dataframe(page_parts.arrow_table([{"number": s["id"], "fse_id": s["fse_id"], "date": s["on_date"],
                                              "manifest": s["details"].get("manifest"), "state": s["state"],
                                              "reason": s["reason"] or ""} for s in sent],
                                            ["number", "fse_id", "date", "manifest", "state", "reason"]),
                     hide_index=True, width="stretch", key="hl_sent_table")


def _one(company: str) -> None:
    fse = ss.get("in_hl_fse")
    try:
        r = submissions.receipt(fse, ss.get("in_hl_date"), company, ss.get("in_hl_manifest"),
                                ss.get("in_hl_gallons"), ss.get("in_hl_site"), ss.get("in_hl_full", True))
    except SizingInputError as exc:
        ss["hl_submit_msg"] = ("error", str(exc))
        return
    done = register_box.write(lambda reg: submissions.submit(reg, fse, submissions.PUMP_OUT, r.on_date,
                                                             submissions.details(r)),
                              "hl_submit_msg", "the manifest was not sent")
    if done is not None:
        ss["hl_submit_msg"] = ("success", f"Sent: manifest {r.manifest} for {fse} (submission {done[0]}); the City "
                                          "will accept or reject it.")


def _file() -> None:
    upload = ss.get("hl_csv")
    if upload is None:
        ss["hl_submit_msg"] = ("error", "Manifest file: choose a CSV file first")
        return
    try:
        mf = read(upload)
    except SizingInputError as exc:
        ss["hl_submit_msg"] = ("error", str(exc))
        return
    done = register_box.write(lambda reg: submissions.submit_manifests(reg, mf), "hl_submit_msg",
                              "no manifest of the file was sent")
    if done is not None:
        ss["hl_submit_msg"] = ("success", f"Sent: {len(done[0])} manifests from {mf.name}; the City will accept or "
                                          "reject each.")


main()
