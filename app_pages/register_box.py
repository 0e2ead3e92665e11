"""The "Save to register" box of the review, waiver and maintenance pages (sizing.register stores the result)."""

from __future__ import annotations

import datetime as dt
import os

import streamlit as st

from app_pages import common
from sizing.errors import SizingInputError

ss = st.session_state
TITLES = {"review": "review cycle", "waiver": "waiver decision", "maintenance": "maintenance log"}


def register_location() -> str:
    """The register the app writes to and reads: the page's field, else SIZING_DB, else the default file."""
    from sizing.register.db import DEFAULT_FILE, ENV

    return ss.get("in_reg_db", "").strip() or os.environ.get(ENV, "").strip() or DEFAULT_FILE


def location_fields(container=st) -> None:
    """The register location and the reviewer (who records the writes), kept across pages."""
    ss.setdefault("in_reg_db", "")
    ss.setdefault("in_reg_user", "")
    c1, c2 = container.columns(2)
    c1.text_input("Register (SQLite file or postgresql+psycopg:// URL)", key="in_reg_db",
                  placeholder=register_location())
    c2.text_input("Reviewer (recorded with each save)", key="in_reg_user", placeholder="your name")


def _save(kind: str, doc: dict, today: dt.date, fse_key: str, place) -> None:
    import sqlalchemy as sa

    from sizing.register import open_register

    message = f"reg_msg_{kind}"
    fse = ss.get(fse_key, "").strip() or None
    try:
        reg = open_register(register_location())
        try:
            added = reg.add_document(doc, kind=kind, user=ss.get("in_reg_user") or None, fse_id=fse, today=today,
                                     name=f"app ({kind} page)", jurisdiction=place)
        finally:
            reg.db.engine.dispose()
    except SizingInputError as exc:
        ss[message] = ("error", str(exc))
        return
    except sa.exc.SQLAlchemyError as exc:  # the server went away, a lock timed out: nothing was saved
        ss[message] = ("error", f"Register: nothing was saved: {str(getattr(exc, 'orig', None) or exc).splitlines()[0]}")
        return
    extra = "" if added.kind != "review" else f" ({'compliant' if added.exit_code == 0 else 'not compliant'})"
    ss[message] = ("success", f"Saved: {added.summary()}{extra} in {reg.db.display()}.")


def save_box(kind: str, doc: dict, place, today: dt.date | None = None) -> None:
    """An expander that stores ``doc``'s evaluation (``kind``: review, waiver, maintenance) under the jurisdiction
    ``place`` in the register."""
    fse_key = f"in_reg_fse_{kind}"
    given = str(((doc.get("project") or {}).get("fse_id")) or "")
    with st.expander("Save to register", icon=":material/save:"):
        location_fields()
        if given:
            st.caption(f"FSE id from the submittal: {given}")
        else:
            ss.setdefault(fse_key, "")
            st.text_input("FSE id (the document has no project.fse_id)", key=fse_key, placeholder="FSE-0417")
        st.button(f"Save this {TITLES[kind]} to the register", key=f"reg_save_{kind}", on_click=_save,
                  args=(kind, doc, today or dt.date.today(), fse_key if not given else "__none__", place))
        common.show_message(f"reg_msg_{kind}")
