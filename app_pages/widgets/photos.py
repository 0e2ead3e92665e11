"""The photos stored with an inspection, on the Inspection page (the inspection just saved) and on the FSE's
timeline (each inspection's): a row of thumbnails, each with a "Full size" button that opens the photo whole in a
dialog. Each thumbnail is made once per photo (by its SHA-256) and kept by ``st.cache_data``: a phone's photo of a
few MB takes a tenth of a second or more to decode, its thumbnail a few kB to send; the photo itself is read from
the register (and checked against its SHA-256) only when its thumbnail is first made or its full size is asked for.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st
from PIL import Image

from app_pages import access
from sizing.errors import SizingInputError
from sizing.program.inspections import stored_photo
from sizing.program.packets import fse_photos

#: The longer side of a thumbnail [px], shown as it is (three to a row on a phone).
THUMB_PIXELS = 120


@st.cache_data(show_spinner=False, max_entries=500)
def thumbnail(sha256: str, _read: Callable[[], bytes]) -> bytes:
    """The thumbnail (JPEG) of the photo whose SHA-256 is ``sha256``; ``_read`` gives its bytes when it is not
    made yet (a photo's content is its SHA-256's: the same thumbnail in any register)."""
    with Image.open(io.BytesIO(_read())) as im:
        im = im.convert("RGB")
        im.thumbnail((THUMB_PIXELS, THUMB_PIXELS))
        out = io.BytesIO()
        im.save(out, "JPEG", quality=80)
    return out.getvalue()


def _label(meta: Mapping[str, Any]) -> str:
    return " · ".join(x for x in (meta.get("caption"), meta.get("name")) if x) or "photo"


@st.dialog("Photo", width="large")
def full_size(photo_id: int, label: str) -> None:
    """The photo whole (read from the register, checked against its SHA-256)."""
    reg = access.open_register()
    try:
        data, _ = stored_photo(reg, photo_id)
    except SizingInputError as exc:
        st.error(str(exc))
        return
    finally:
        reg.db.engine.dispose()
    st.image(data, caption=label, width="stretch")


def thumbnails(reg: Any, photos: Sequence[Mapping[str, Any]], key: str) -> None:
    """A row of thumbnails of ``photos`` (as the register lists them), each with its "Full size" button."""
    row = st.container(horizontal=True, gap="small", key=f"{key}_photos")
    for meta in photos:
        cell = row.container(width=THUMB_PIXELS + 8, gap=None)
        try:
            small = thumbnail(meta["sha256"], lambda m=meta: stored_photo(reg, m["id"])[0])
        except (SizingInputError, OSError, ValueError) as exc:  # not in the register as stored, or not decodable
            cell.caption(f"{_label(meta)}: not shown ({exc})")
            continue
        cell.image(small, caption=_label(meta))
        if cell.button("Full size", key=f"{key}_{meta['id']}", icon=":material/zoom_in:", width="stretch"):
            full_size(meta["id"], _label(meta))


def timeline_photos(reg: Any, fse_id: str, inspections: Sequence[Mapping[str, Any]]) -> None:
    """The photos of each of the FSE's inspections that has any (``inspections``: its rows as
    :func:`sizing.program.queries.show` reads them), newest first; a voided inspection's marked void."""
    by_inspection = fse_photos(reg, fse_id)
    shown = [r for r in inspections if r["id"] in by_inspection]
    if not shown:
        return
    st.markdown("**Photos**")
    for r in sorted(shown, key=lambda r: (r["inspected_on"], r["id"]), reverse=True):
        void = " — void: " + r["void"]["reason"] if r.get("void") else ""
        st.caption(f"Inspection {r['id']} of {r['inspected_on']} ({r['purpose'].replace('_', ' ')}){void}")
        thumbnails(reg, by_inspection[r["id"]], f"pg_photo_{r['id']}")
