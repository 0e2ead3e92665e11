"""The FSE's parties and places on the Program page's timeline: its contacts (owner, operator), the property it is
on with the property's owner, the interceptors serving it (and the other FSEs each serves), what a letter's address
lacks, and, for a role that may change them, a form to edit a contact (what is left blank is kept)."""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit import session_state as ss

from app_pages import access
from app_pages.widgets import page_parts, register_box
from sizing.errors import SizingInputError
from sizing.io.sections.parties import PARTY_FIELDS, ROLES, Party, value
from sizing.program.parties import set_contact
from sizing.report.addresses import lacks

LABELS = {"name": "Name", "street": "Street (mailing)", "city": "City", "state": "State", "zip": "ZIP code",
          "email": "E-mail", "phone": "Phone"}


def parties_box(fse: str, parties: dict[str, Any]) -> None:
    """What the register knows of the FSE's parties and places, and the contact form for the roles allowed."""
    page_parts.show_message("pg_contact_msg")
    with st.expander("Contacts, property and interceptors", icon=":material/contact_mail:", key="pg_parties_open"):
        lines = [f"**{role.capitalize()}**: " + "; ".join(x for x in (", ".join(Party(**c).lines()), c.get("email"),
                                                                    c.get("phone")) if x)
                 for role, c in parties["contacts"].items()]
        prop = parties["property"]
        if prop:
            lines.append(f"**Property {prop['property_id']}**: {', '.join(Party(**prop['site']).lines())}; owner "
                         f"{', '.join(Party(**prop['owner']).lines()) or 'not recorded'}")
        lines += [f"**Interceptor {u['unit_id']}** ({u['type'] or 'type not recorded'}) serves "
                  f"{', '.join(u['serves'])}" for u in parties["interceptors"]]
        st.markdown("\n\n".join(lines) or "No contact, property or shared interceptor on file.")
        for a in parties["mailing"]:
            warning = lacks(a)
            if warning:
                st.warning(f"Letters to the {a['role']}: {warning}.")
        if access.may("parties"):
            contact_form(fse, parties["contacts"])


def contact_form(fse: str, known: dict[str, dict[str, Any]]) -> None:
    role = st.segmented_control("Contact", ROLES, default="owner", key="in_pg_contact_role") or "owner"
    current = known.get(role) or {}
    with st.form(f"pg_contact_form_{role}", enter_to_submit=False):
        cols = st.columns(2)
        for i, k in enumerate(PARTY_FIELDS):
            cols[i % 2].text_input(LABELS[k], value=current.get(k) or "", key=field_key(fse, role, k))
        st.form_submit_button("Save the contact", on_click=_save, args=(fse, role))


def field_key(fse: str, role: str, k: str) -> str:
    """A form field's widget key: one per FSE and role, so a field never carries one FSE's value to another."""
    return f"in_pg_contact_{fse}_{role}_{k}"


def _save(fse: str, role: str) -> None:
    """The form's callback: every field checked (one line naming the first that is wrong), then written."""
    try:
        given = Party(**{k: value(LABELS[k], k, ss.get(field_key(fse, role, k)))
                         for k in PARTY_FIELDS if (ss.get(field_key(fse, role, k)) or "").strip()})
    except SizingInputError as exc:
        ss["pg_contact_msg"] = ("error", str(exc))
        return
    done = register_box.write(lambda reg: set_contact(reg, fse, role, given, user=ss.get("in_reg_user") or None),
                              "pg_contact_msg", "the contact was not saved")
    if done is not None:
        made, _ = done
        ss["pg_contact_msg"] = ("success", f"Saved the {role} of {fse}." if made["written"] else
                                f"The {role} of {fse} is already on file as given.")
