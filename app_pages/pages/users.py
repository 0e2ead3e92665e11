"""The register's users, for an admin: every user with their role, state, signature and linked FSEs; a form to add a
user or change a role, disable a user, link a user of the ``fse`` or ``hauler`` role to an FSE (or unlink), and set
the name and title a user signs letters with. As ``sizing register users add | disable | scope | sign`` do; the
register checks the admin's role again on every write. Other roles see the list only."""

from __future__ import annotations

import streamlit as st

from app_pages import access
from app_pages.widgets import page_parts, register_box
from sizing.program import access as register_access
from sizing.program import signers
from sizing.program.access import ROLES, SCOPED, scope
from sizing.program.fses import fse_ids
from sizing.program.submissions import set_scope

ss = st.session_state
COLUMNS = ["identity", "role", "state", "since", "by", "signs as", "FSEs"]


def main() -> None:
    st.title("Users of the register")
    page_parts.show_message("us_msg")
    reg = register_box.open_for_reading()
    try:
        with reg.db.read() as conn:
            users = register_access.users(conn)
            rows = [{"identity": u.identity, "role": u.role, "state": "active" if u.active else "disabled",
                     "since": u.recorded_at, "by": u.recorded_by,
                     "signs as": _signature(signers.signer(conn, u.identity)),
                     "FSEs": ", ".join(scope(conn, u.identity)) if u.role in SCOPED else ""} for u in users]
            known_fses = fse_ids(conn)
    finally:
        reg.db.engine.dispose()
    st.dataframe(page_parts.arrow_table(rows, COLUMNS), hide_index=True, width="stretch", key="us_table")
    if not access.may("users"):
        st.caption("Only an admin changes the users.")
        me = register_access.normal_identity(reg.identity) if reg.identity else None
        if me in {u.identity for u in users if u.active}:
            _sign_form([me], "Your signature on letters")  # a user sets their own
        return
    _add_form()
    active = [u.identity for u in users if u.active]
    if active:
        c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
        c1.selectbox("Disable a user", active, key="in_us_disable")
        c2.button("Disable", key="us_disable", on_click=_disable)
    scoped = [u.identity for u in users if u.active and u.role in SCOPED]
    if scoped and known_fses:
        st.subheader("Link a user to an FSE", divider="gray")
        c1, c2, c3, c4 = st.columns([3, 2, 1, 1], vertical_alignment="bottom")
        c1.selectbox("User (fse or hauler)", scoped, key="in_us_scope_user")
        c2.selectbox("FSE", known_fses, key="in_us_scope_fse")
        c3.button("Link", key="us_link", on_click=_scope, args=(True,))
        c4.button("Unlink", key="us_unlink", on_click=_scope, args=(False,))
    _sign_form(active)


def _signature(s) -> str:
    return "" if s is None else s.name + (f", {s.title}" if s.title else "")


def _add_form() -> None:
    st.subheader("Add a user or change a role", divider="gray")
    with st.form("us_add", enter_to_submit=False):
        c1, c2 = st.columns([3, 2])
        c1.text_input("Identity (the e-mail address the sign-in gives)", key="in_us_identity")
        c2.selectbox("Role", ROLES, key="in_us_role")
        st.form_submit_button("Add or change", on_click=_add)


def _sign_form(active: list[str], heading: str = "How a user signs letters") -> None:
    if not active:
        return
    st.subheader(heading, divider="gray")
    with st.form("us_sign", enter_to_submit=False):
        st.selectbox("User", active, key="in_us_sign_user")
        c1, c2 = st.columns(2)
        c1.text_input("Name under the signature line", key="in_us_sign_name")
        c2.text_input("Title", key="in_us_sign_title")
        st.form_submit_button("Set the signature", on_click=_sign)


def _add() -> None:
    who, role = (ss.get("in_us_identity") or "").strip(), ss.get("in_us_role")
    if not who:
        ss["us_msg"] = ("error", "Identity: expected the user's e-mail address")
        return
    done = register_box.write(lambda reg: register_access.add_user(reg.db, who, role, by=reg.identity),
                              "us_msg", "the user was not changed")
    if done is not None:
        ss["us_msg"] = ("success", f"{done[0].identity} is an active {done[0].role}.")


def _disable() -> None:
    who = ss.get("in_us_disable")
    done = register_box.write(lambda reg: register_access.disable_user(reg.db, who, by=reg.identity),
                              "us_msg", "the user was not disabled")
    if done is not None:
        ss["us_msg"] = ("success", f"{who} is disabled.")


def _scope(active: bool) -> None:
    who, fse = ss.get("in_us_scope_user"), ss.get("in_us_scope_fse")
    done = register_box.write(lambda reg: set_scope(reg, who, fse, active), "us_msg", "the link was not changed")
    if done is not None:
        ss["us_msg"] = ("success", f"{who} sees and submits for: {', '.join(done[0]['scope']) or 'no FSE'}.")


def _sign() -> None:
    who = ss.get("in_us_sign_user")
    done = register_box.write(lambda reg: signers.set_signature(reg, who, ss.get("in_us_sign_name"),
                                                                ss.get("in_us_sign_title") or None),
                              "us_msg", "the signature was not set")
    if done is not None:
        s = done[0]
        ss["us_msg"] = ("success", f"{s.identity} signs letters as {_signature(s)}.")


main()
