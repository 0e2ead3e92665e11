"""What a keyed grid (``common.editor``) holds, read without drawing it, and the reruns that follow an edit in it.

An edit in the fixture grid reruns only the part of the page that shows what the grid changes (the result, the
review): the grid itself is not drawn again, the browser already shows the edit. That part reads the grid as the
rows it was drawn with (``<prefix>_base``) and the edits the browser sent (``st.session_state[<editor key>]``:
cells edited, rows deleted, rows added), applied here in ``st.data_editor``'s order and with its conversions
(a number column's cell as a number, a tick box's as True or False, any other as text). The edits are also kept
under ``<prefix>_edits`` for when the grid is not drawn (its box closed, another page shown): Streamlit drops the
state of a widget that is not drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st


def rerun_only(*keys: str) -> Callable[[], None]:
    """A widget callback for a widget inside a fragment: rerun the fragments named ``keys`` (``@st.fragment(key=)``)
    instead of the widget's own. A change that comes with a whole run of the page (a widget outside the fragments
    changed with it) keeps the whole run."""
    def callback() -> None:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx()
        if ctx is not None and ctx.fragment_ids_this_run:
            st.rerun(list(keys) if len(keys) > 1 else keys[0])
    return callback


def rows(prefix: str) -> list[dict[str, Any]]:
    """The grid's rows as plain dicts, its edits applied (drawn in this run or not); the edits are kept for when
    the grid is not drawn."""
    ss = st.session_state
    base = ss[f"{prefix}_base"]
    key = ss.get(f"{prefix}_editor_key")
    if key is not None and key in ss:
        state = ss[key]
        ss[f"{prefix}_edits"] = (key, base, state)
    else:
        state = _kept(prefix, key, base)
    return apply(*base_rows(prefix), state)


def current_frame(prefix: str) -> pd.DataFrame:
    """What the grid holds as a frame like the one it was drawn with (to draw it again, or add a row to it)."""
    ss = st.session_state
    base = ss[f"{prefix}_base"]
    key = ss.get(f"{prefix}_editor_key")
    state = ss[key] if key is not None and key in ss else _kept(prefix, key, base)
    if state is None:  # not drawn since it was given this frame, or drawn on a page that kept what it returned
        return ss.get(f"{prefix}_current", base)
    if not _any_edit(state):
        return base
    return frame_like(apply(*base_rows(prefix), state), base)


def forget(prefix: str) -> None:
    """Drop the kept edits (the grid is drawn again from a frame that holds them, or replaced)."""
    st.session_state.pop(f"{prefix}_edits", None)


def _kept(prefix: str, key: str | None, base: pd.DataFrame) -> Mapping[str, Any] | None:
    kept = st.session_state.get(f"{prefix}_edits")
    if kept is not None and kept[0] == key and kept[1] is base:
        return kept[2]
    return None


def _any_edit(state: Mapping[str, Any] | None) -> bool:
    return bool(state) and any(state.get(k) for k in ("edited_rows", "added_rows", "deleted_rows"))


def base_rows(prefix: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The rows the grid was drawn with and its columns' kinds, read once per frame (an edit does not change
    them)."""
    ss = st.session_state
    base = ss[f"{prefix}_base"]
    kept = ss.get(f"{prefix}_base_rows")
    if kept is None or kept[0] is not base:
        kept = ss[f"{prefix}_base_rows"] = (base, records(base), column_kinds(base))
    return kept[1], kept[2]


def records(edited: pd.DataFrame) -> list[dict[str, Any]]:
    """The grid's rows as plain dicts of Python values, read as one array of objects (a tenth of the time of
    reading it column by column, a thirtieth of ``to_dict("records")``, which boxes cell by cell)."""
    names = list(edited.columns)
    return [dict(zip(names, values, strict=True)) for values in edited.to_numpy(dtype=object).tolist()]


def column_kinds(frame: pd.DataFrame) -> dict[str, str]:
    """Each column's kind as st.data_editor converts a typed cell: "float", "int", "bool", "text" or "any" (a
    column of objects with no value yet: the value as sent)."""
    kinds = {}
    for name, dtype in frame.dtypes.items():
        if dtype.kind == "f":
            kinds[name] = "float"
        elif dtype.kind in "iu":
            kinds[name] = "int"
        elif dtype.kind == "b":
            kinds[name] = "bool"
        else:
            kinds[name] = "text" if frame[name].notna().any() else "any"
    return kinds


def cell(value: Any, kind: str) -> Any:
    """A value the browser sent, converted as st.data_editor converts it for its column (None if it cannot be)."""
    if value is None or kind == "any":
        return value
    try:
        if kind == "text":
            return str(value)
        if kind == "float":
            return float(value)
        if kind == "int":
            return int(value)
        return bool(value)
    except (TypeError, ValueError, OverflowError):
        return None


def apply(base: Sequence[Mapping[str, Any]], kinds: Mapping[str, str],
          state: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """``base`` rows with an editor's edits: cells edited (by row position), then rows deleted (by position), then
    rows added at the end, as st.data_editor applies them. ``base`` is not changed."""
    out: list[dict[str, Any]] = list(base)
    if not state:
        return out
    for pos, changes in (state.get("edited_rows") or {}).items():
        pos = int(pos)
        if 0 <= pos < len(out):
            out[pos] = {**out[pos], **{c: cell(v, kinds[c]) for c, v in changes.items() if c in kinds}}
    deleted = {int(p) for p in state.get("deleted_rows") or ()}
    if deleted:
        out = [row for pos, row in enumerate(out) if pos not in deleted]
    for added in state.get("added_rows") or ():
        row = dict.fromkeys(kinds)
        row.update({c: cell(v, kinds[c]) for c, v in added.items() if c in kinds})
        out.append(row)
    return out


def frame_like(rows_: Sequence[Mapping[str, Any]], like: pd.DataFrame) -> pd.DataFrame:
    """Rows as a frame with ``like``'s columns and, where every value allows it, its column types."""
    out = pd.DataFrame(list(rows_), columns=list(like.columns))
    for name, dtype in like.dtypes.items():
        column = out[name]
        if dtype.kind == "f":
            out[name] = column.astype("float64")
        elif dtype.kind in "iub" and not column.isna().any():
            out[name] = column.astype(dtype)
        else:
            out[name] = column.astype("object").where(column.notna(), None) if dtype.kind == "O" else column
    return out
