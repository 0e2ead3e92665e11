"""The Program page's property-file upload: the YAML (or JSON) of ``sizing register property`` (a property and its
owner, its FSEs and their contacts, its interceptors and the FSEs each serves), checked whole before anything is
written, written under the signed-in identity for a role that may change parties."""

from __future__ import annotations

import streamlit as st

from app_pages import access
from app_pages.widgets import page_parts, register_box
from app_pages.widgets.examples import read_upload
from sizing.errors import SizingInputError
from sizing.io.sections.parties import property_file
from sizing.program.evaluated import no_nul
from sizing.program.parties import add_property

ss = st.session_state


def property_box() -> None:
    """The upload, for a plan checker, an inspector or a director."""
    if not access.may("parties"):
        return
    with st.expander("Import a property file (YAML)", icon=":material/apartment:", key="pg_property_open"):
        st.caption("A property and its owner's mailing address, its FSEs with their owner and operator, and its "
                   "interceptors with the FSEs each serves (an interceptor serving several FSEs counts its "
                   "pump-outs for each). Only what changed is written.")
        st.file_uploader("Property file", type=["yaml", "yml", "json"], key="pg_property_file")
        st.button("Import the property", key="pg_property", on_click=_import)
        page_parts.show_message("pg_property_msg")


def _import() -> None:
    upload = ss.get("pg_property_file")
    if upload is None:
        ss.pg_property_msg = ("error", "Choose a property file first.")
        return
    try:
        doc = read_upload(upload.name, upload.getvalue())
        no_nul(doc)
        pf = property_file(doc)
    except SizingInputError as exc:
        ss.pg_property_msg = ("error", str(exc))
        return
    done = register_box.write(lambda reg: add_property(reg, pf, user=ss.get("in_reg_user") or None,
                                                       source=f"property file {upload.name}"[:200]),
                              "pg_property_msg", "nothing was imported")
    if done is not None:
        made, _ = done
        plans = f"; maintenance schedules updated: {', '.join(made['plans'])}" if made["plans"] else ""
        ss.pg_property_msg = ("success", (
            f"{upload.name}: property {made['property_id']} " + ("written" if made["property"] else "unchanged")
            + f"; FSEs {made['fses_added']} added, {made['fses_changed']} changed; contacts {made['contacts']}, "
            f"interceptors {made['interceptors']} written{plans}."))
