"""The Program page's hauler-manifest upload: the CSV of ``sizing register import-manifests``, checked by the same
reader and the same register checks, all or nothing unless asked, written under the signed-in identity."""

from __future__ import annotations

import io

import streamlit as st

from app_pages import access
from sizing.errors import SizingInputError
from sizing.program.location import mask

ss = st.session_state
#: Rejected lines (and warnings) shown one by one; the rest are counted.
SHOWN = 20
SKIP_HINT = "tick 'Import the other manifests'"


def manifest_box() -> None:
    """The upload, for a role that may import hauler manifests (inspector, director)."""
    if not access.may("manifests"):
        return
    with st.expander("Import hauler manifests (CSV)", icon=":material/local_shipping:", key="pg_manifests_open"):
        st.caption("One pump-out a line: fse_id, date, hauler, manifest, gallons (with its unit: '1,000 gal', "
                   "'3.8 m3'), pump_out (full or partial), disposal_site. A full pump-out is a service: it brings "
                   "the FSE's next pump-out date and its records checks up to date.")
        st.file_uploader("Manifests CSV", type=["csv"], key="pg_manifests_file")
        ss.setdefault("in_pg_manifests_skip", False)
        st.checkbox("Import the other manifests when lines are rejected", key="in_pg_manifests_skip")
        st.button("Import the manifests", key="pg_manifests", on_click=_import)
        for kind, text in ss.pop("pg_manifests_msgs", []):
            getattr(st, kind)(text)


def _import() -> None:
    upload = ss.get("pg_manifests_file")
    if upload is None:
        ss.pg_manifests_msgs = [("error", "Choose a manifests CSV file first.")]
        return
    ss.pg_manifests_msgs = _messages(upload.name, upload.getvalue(), bool(ss.get("in_pg_manifests_skip")))


def _messages(name: str, data: bytes, skip: bool) -> list[tuple[str, str]]:
    """Read, check and import; the page's lines: (streamlit call, text)."""
    import sqlalchemy as sa

    from sizing.program.manifests import read
    from sizing.program.report import manifests_text
    from sizing.program.store import ManifestsRejected

    stream = io.BytesIO(data)
    stream.name = name
    try:
        mf = read(stream)
        access.open_register().db.engine.dispose()  # a register must exist: the FSEs are in it
        reg = access.open_register(write=True)
        try:
            r = reg.import_manifests(mf, user=ss.get("in_reg_user") or None, skip_rejects=skip, skip_hint=SKIP_HINT)
        finally:
            reg.db.engine.dispose()
    except ManifestsRejected as exc:
        return [("error", access.app_message(str(exc)))] + _lines("error", [
            f"line {r.line}: {r.reason}" for r in exc.manifests.rejects], "rejected lines")
    except SizingInputError as exc:
        return [("error", access.app_message(str(exc)))]
    except sa.exc.SQLAlchemyError as exc:
        return [("error", "Register: nothing was imported: " + mask(str(getattr(exc, "orig", None) or exc).splitlines()[0]))]
    out = [("success", f"{name}: {manifests_text(r)}.")]
    out += _lines("error", [f"line {x.line}: {x.reason}" for x in mf.rejects], "rejected lines")
    return out + _lines("warning", list(r.warnings), "warnings")


def _lines(kind: str, lines: list[str], what: str) -> list[tuple[str, str]]:
    """One message per line, the first :data:`SHOWN`, then how many more."""
    out = [(kind, line) for line in lines[:SHOWN]]
    if len(lines) > SHOWN:
        out.append((kind, f"... and {len(lines) - SHOWN:,} more {what}"))
    return out
