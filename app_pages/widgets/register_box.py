"""The "Save to register" box of the review, waiver and maintenance pages (sizing.program stores the result).

The register is the deployment's (see :mod:`app_pages.access`), never chosen in the page. The writer is the
signed-in user (or, without sign-in, the operating-system user running the app); the "on behalf of" field is
recorded beside the writer, never instead of it. The save button is shown only to a role that may make the
write, and the register refuses a write the role does not allow anyway.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import streamlit as st

from app_pages import access
from app_pages.widgets import page_parts
from sizing.errors import SizingInputError
from sizing.program.errors import NoRegister
from sizing.program.location import mask

ss = st.session_state
TITLES = {"review": "review cycle", "waiver": "waiver decision", "maintenance": "maintenance log"}


def behalf_field(container=st) -> None:
    """On whose behalf the saves are made (recorded beside the writer), kept across pages."""
    ss.setdefault("in_reg_user", "")
    container.text_input("On behalf of (recorded beside you with each save; optional)", key="in_reg_user",
                         placeholder="e.g. the reviewer whose notes you are entering", persist_state="session")


def store(doc: dict | Any, kind: str, fse_id: str | None, today: dt.date, name: str, place, message: str,
          nothing: str = "nothing was saved") -> tuple[Any, Any] | None:
    """Write ``doc``'s evaluation to the deployment's register under the signed-in writer: (the stored record, the
    register) or None, with the one-line reason in ``session_state[message]`` (a refused role, a bad field, the
    server gone: nothing is written). ``doc`` may be a function of the register opened for the write that returns
    it (a decision signed by whoever records it)."""
    return write(lambda reg: reg.add_document(doc(reg) if callable(doc) else doc, kind=kind,
                                              user=ss.get("in_reg_user") or None, fse_id=fse_id, today=today,
                                              name=name, jurisdiction=place), message, nothing)


def write(action, message: str, nothing: str = "nothing was saved") -> tuple[Any, Any] | None:
    """Run ``action(register)`` on the deployment's register opened for a write under the signed-in writer: (what
    it returned, the register) or None, with the one-line reason in ``session_state[message]``."""
    import sqlalchemy as sa


    try:
        reg = access.open_register(write=True)
        try:
            done = action(reg)
        finally:
            reg.db.engine.dispose()
    except SizingInputError as exc:
        ss[message] = ("error", access.app_message(str(exc)))
        return None
    except sa.exc.SQLAlchemyError as exc:  # the server went away, a lock timed out: nothing was saved
        reason = mask(str(getattr(exc, "orig", None) or exc).splitlines()[0])
        ss[message] = ("error", f"Register: {nothing}: {reason}")
        return None
    return done, reg


def _save(kind: str, doc: dict, today: dt.date, fse_key: str, place) -> None:
    message = f"reg_msg_{kind}"
    fse = ss.get(fse_key, "").strip() or None
    stored = store(doc, kind, fse, today, f"app ({kind} page)", place, message)
    if stored is None:
        return
    added, reg = stored
    extra = "" if added.kind != "review" else f" ({'compliant' if added.exit_code == 0 else 'not compliant'})"
    ss[message] = ("success", f"Saved: {added.summary()}{extra} in the register, recorded by {reg.identity}."
                              + access.created_note(reg))


def save_box(kind: str, doc: dict, place, today: dt.date | None = None, allowed: bool | None = None) -> None:
    """An expander that stores ``doc``'s evaluation (``kind``: review, waiver, maintenance) under the jurisdiction
    ``place`` in the register; only for a role that may store it (:func:`access.may`, or ``allowed``: asked by
    the page on its whole run, not on every edit in a fragment; the register checks the role again when it
    writes)."""
    if not (access.may(kind) if allowed is None else allowed):
        return
    fse_key = f"in_reg_fse_{kind}"
    given = str(((doc.get("project") or {}).get("fse_id")) or "")
    ss.setdefault(fse_key, "")
    box = st.expander("Save to register", icon=":material/save:", key=f"reg_box_open_{kind}",  # Enter keeps it open
                      on_change="rerun")
    if not box.open:  # its fields are drawn only when open, not on every rerun after an edit; what was typed is kept
        page_parts.show_message(f"reg_msg_{kind}")
        return
    with box:
        behalf_field()
        if given:
            st.caption(f"FSE id from the submittal: {given}")
        else:
            st.text_input("FSE id (the document has no project.fse_id)", key=fse_key, placeholder="FSE-0417",
                          persist_state="session")
        st.button(f"Save this {TITLES[kind]} to the register", key=f"reg_save_{kind}", on_click=_save,
                  args=(kind, doc, today or dt.date.today(), fse_key if not given else "__none__", place))
        page_parts.show_message(f"reg_msg_{kind}")


def open_for_reading():
    """The deployment's register, read-only, for the pages that show it (Program, Inspection); viewing never
    creates (or writes to) one: without one, a line saying how to make it (where it is looked for is the
    deployment's setting, never shown on a page)."""

    try:
        return access.open_register()
    except NoRegister:
        st.info("No register yet: an admin creates it with `sizing register init` (or, on this machine, save a "
                "review, waiver or maintenance log from its page, or run `sizing register add FILE`).")
        st.stop()
    except SizingInputError as exc:
        page_parts.stop_on_error(exc)
