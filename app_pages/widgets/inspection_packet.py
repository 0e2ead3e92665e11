"""The Inspection page's inspection packet, for an FSE where there is no signal: download it before going out (the
checklists as a CSV to fill on a phone or a laptop, and the same to print), upload it filled afterwards. The
filled CSV is checked line by line (:mod:`sizing.io.sections.inspection_packet`; a mistake is one line naming the
line and the column, nothing stored) and stored as the form stores an inspection: the same role check, notices
and writer (:func:`sizing.program.inspections.inspect`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from app_pages import on_demand
from app_pages.widgets import register_box
from sizing.errors import SizingInputError
from sizing.io.sections.inspection import PHOTO_MAX_COUNT
from sizing.io.sections.inspection_packet import lines, packet_csv, read_packet, uploaded_photos, with_photos
from sizing.jurisdiction.profile import Jurisdiction
from sizing.program.evaluated import jsonable
from sizing.program.inspections import inspect
from sizing.report.inspection_packet import packet_pdf

ss = st.session_state
#: Where the page shows what a store did (the Inspection page's message).
MESSAGE = "ins_msg"
PHOTO_TYPES = ["jpg", "jpeg", "png", "webp"]


def downloads(place: Jurisdiction, facts: dict[str, Any]) -> None:
    """The FSE's packet: the CSV to fill and the PDF to print (each made when its button is clicked)."""
    fse = facts["fse"]["fse_id"]
    row = st.container(horizontal=True, gap="small")
    row.download_button("Inspection packet (CSV, to fill offline)", on_demand.on_click(packet_csv, place, fse),
                        file_name=f"inspection-packet-{fse}.csv", mime="text/csv", key="ins_packet_csv",
                        on_click="ignore", icon=":material/download:")
    row.download_button("Inspection packet (PDF, to print)", on_demand.on_click(_pdf, place, facts),
                        file_name=f"inspection-packet-{fse}.pdf", mime="application/pdf", key="ins_packet_pdf",
                        on_click="ignore", icon=":material/print:")


def _pdf(place: Jurisdiction, facts: dict[str, Any]) -> bytes:
    return packet_pdf(lines(place, facts["fse"]["fse_id"]), facts, place)


def upload_box(place: Jurisdiction, saved: Callable[[Any, Jurisdiction], bool]) -> None:
    """Upload a filled packet with its photos and store it (``saved`` tells the page what was stored); its
    fields are drawn only while the box is open."""
    box = st.expander("Store a filled inspection packet (inspected without signal)", icon=":material/upload_file:",
                      key="ins_packet_open", on_change="rerun")
    if not box.open:
        return
    with box:
        st.caption("The packet's CSV with its answer column filled (download it above, before going out), and the "
                   "photos its Photo lines name (any others uploaded are stored too). It is checked line by line "
                   "and stored as if entered below, on behalf of whom the form's 'On behalf of' names.")
        st.file_uploader("Filled packet (CSV)", type=["csv"], key="ins_packet_file")
        st.file_uploader(f"Its photos (at most {PHOTO_MAX_COUNT})", type=PHOTO_TYPES, accept_multiple_files=True,
                         key="ins_packet_photos")
        st.checkbox("Store it with checklist items unanswered (they are recorded as not inspected)",
                    key="in_ins_packet_allow")
        st.button("Store the filled packet", key="ins_packet_save", type="primary", on_click=store,
                  args=(place, saved))


def store(place: Jurisdiction, saved: Callable[[Any, Jurisdiction], bool]) -> None:
    """Check the uploaded packet (one line naming the line and the column on a mistake, nothing stored), then
    store it as the form stores an inspection."""
    upload = ss.get("ins_packet_file")
    if upload is None:
        ss[MESSAGE] = ("error", "Filled packet: choose the packet's CSV file first.")
        return
    try:
        packet = read_packet(upload.getvalue(), upload.name, place, allow_unanswered=bool(ss.get("in_ins_packet_allow")))
        rec = with_photos(packet, uploaded_photos(packet, [(u.name, u.getvalue())
                                                           for u in ss.get("ins_packet_photos") or ()]))
    except SizingInputError as exc:
        ss[MESSAGE] = ("error", str(exc))
        return
    done = register_box.write(lambda reg: inspect(reg, rec, user=ss.get("in_reg_user") or None, jurisdiction=place,
                                                  name=upload.name, text=packet.text,
                                                  document=jsonable(packet.document)), MESSAGE)
    if saved(done, place):
        ss.pop("in_ins_packet_allow", None)
