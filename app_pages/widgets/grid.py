"""Editable grids (``st.data_editor``) and their cells: the fixture schedule's columns, CSV import, blank and yes/no cells, rows back to records."""

from __future__ import annotations

import csv
import functools
import io
import math
import re
from typing import Any

import pandas as pd
import streamlit as st

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io import submittal
from sizing.io.csv_files import line_end_problem

#: The fixture grid's column headings (as the app shows and downloads them) -> the submittal's field names.
GRID_HEADINGS = {"connected": "connected_to_interceptor", "dfu (override)": "dfu", "drains to": "drains_to",
                 "other name": "other_type", "trap": "trap_size"}


def schedule_column(heading: str) -> str:
    """A fixture schedule CSV heading as a field name: the key (``trap_size``) or the grid's heading
    (``Trap``, ``Other name``, ``Connected``; or as it was headed before: ``trap size [in]``, ``DFU (override)``).

    >>> schedule_column("Trap"), schedule_column(" DFU (override)"), schedule_column("Connected")
    ('trap_size', 'dfu', 'connected_to_interceptor')
    >>> schedule_column("Other name"), schedule_column("trap size [in]"), schedule_column("Length")
    ('other_type', 'trap_size', 'length')
    """

    text = heading.strip().removeprefix("\ufeff")
    key = text.lower()
    if key in GRID_HEADINGS:
        return GRID_HEADINGS[key]
    bare = re.sub(r"\s*\[[^\]]*\]$", "", key).strip().replace(" ", "_")
    return bare if bare in submittal.FIXTURE_FIELDS else text


@functools.cache
def type_keys() -> dict[str, str]:
    """Fixture type labels and keys (case-folded) -> the type's key."""
    out = {key.casefold(): key for key in submittal.fixture_types()}
    out.update({kind.label.casefold(): key for key, kind in submittal.fixture_types().items()})
    return out


def fixtures_from_csv(text: str, name: str = "fixtures.csv") -> list[dict[str, Any]]:
    """A fixture schedule CSV, one fixture a row, columns named as the submittal's fixture fields."""
    name = parse.shown_path(name)
    problem = line_end_problem(text[:65536])
    if problem is not None:
        raise SizingInputError("FILE", name, "", message=f"FILE: {name}: {problem}")
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    try:
        fields = [schedule_column(f) for f in next(reader, [])]
        if not any(fields):
            raise SizingInputError("FILE", name, "", message=f"FILE: {name} has no header row")
        if len(fields) == 1 and any(sep in fields[0] for sep in ";\t|"):
            raise SizingInputError("FILE", name, "", message=(
                f"FILE: {name}: the header is one column, {fields[0][:60]!r}; its columns seem to be separated by "
                "';', tabs or '|', not commas: save the schedule as CSV with commas"))
        for col in fields:
            if col not in submittal.FIXTURE_FIELDS:
                raise SizingInputError("FILE", name, "", message=(
                    f"FILE: {name}: unknown column {col[:40]!r}; expected columns from "
                    f"{', '.join(submittal.FIXTURE_FIELDS)}"))
        dupes = sorted({c for c in fields if fields.count(c) > 1})
        if dupes:
            raise SizingInputError("FILE", name, "", message=f"FILE: {name}: column {', '.join(dupes)} appears more than once")
        rows = []
        line = reader.line_num
        for values in reader:
            if len(values) > len(fields):  # never shift or drop a value: the row is wrong as a whole
                raise SizingInputError("FILE", name, "", message=(
                    f"FILE: {name}: line {line + 1} has {len(values)} fields, the header has {len(fields)}; "
                    "quote a value that contains a comma"))
            line = reader.line_num
            item = {k: v.strip() for k, v in zip(fields, values, strict=False) if v.strip() != ""}
            if "type" in item:  # the type as the grid shows it ("Floor drain") or as its key (floor_drain)
                item["type"] = type_keys().get(item["type"].casefold(), item["type"])
            if item:
                rows.append(item)
            if len(rows) > submittal.MAX_FIXTURES:
                raise SizingInputError("FILE", name, "", message=(
                    f"FILE: {name}: more than {submittal.MAX_FIXTURES:,} fixture lines, the limit for one submittal"))
    except csv.Error as exc:
        raise SizingInputError("FILE", name, "", message=f"FILE: {name} is not valid CSV: {exc}") from None
    return rows


def blank(value: Any) -> bool:
    """An empty cell or field: None, NaN, NA or blank text."""
    if value is None:
        return True
    kind = type(value)
    if kind is str:
        return not value.strip()
    if kind is float:
        return math.isnan(value)
    if kind is bool or kind is int:  # a grid's ticked box or count: pandas is not asked (most cells of a grid)
        return False
    if isinstance(value, float) and math.isnan(value):
        return True
    if isinstance(value, str) and not value.strip():
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


#: A yes/no question the plans may leave unanswered.
TRI_SHOWN = ("not shown", "yes", "no")


def tri_value(choice: str) -> bool | None:
    return None if choice == TRI_SHOWN[0] else choice == TRI_SHOWN[1]


def tri_choice(value: Any, field: str) -> str:
    if value is None:
        return TRI_SHOWN[0]
    return TRI_SHOWN[1] if parse.boolean(field, value) else TRI_SHOWN[2]


def text_of(value: Any) -> str:
    return "" if value is None else str(value)


def editor_replace(prefix: str, frame: pd.DataFrame) -> None:
    """Give the keyed editor ``prefix`` new contents under a fresh key (no stale edits replayed onto them)."""
    st.session_state[f"{prefix}_base"] = frame
    st.session_state[f"{prefix}_current"] = frame
    st.session_state[f"{prefix}_ver"] = st.session_state.get(f"{prefix}_ver", 0) + 1


def editor(prefix: str, empty: pd.DataFrame, **kwargs) -> pd.DataFrame:
    """A st.data_editor whose edits survive reruns, errors and page switches: what it returns is kept in
    session_state (``<prefix>_current``) on every run that draws it, and a grid drawn again after Streamlit
    dropped its state (its box closed, another page shown) starts from that."""
    ss = st.session_state
    ss.setdefault(f"{prefix}_base", empty)
    ss.setdefault(f"{prefix}_current", ss[f"{prefix}_base"])
    ss.setdefault(f"{prefix}_ver", 0)
    key = f"{prefix}_editor_{ss[f'{prefix}_ver']}"
    ss[f"{prefix}_editor_key"] = key
    if key not in ss:  # back from another page (or its box opened again): the grid as it was left
        ss[f"{prefix}_base"] = ss[f"{prefix}_current"]
    edited = st.data_editor(ss[f"{prefix}_base"], key=key, **kwargs)
    ss[f"{prefix}_current"] = edited
    return edited


def frame_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Non-empty rows of an editor as mappings, empty cells left out, text stripped."""
    out = []
    names = list(frame.columns)
    for values in frame.to_numpy(dtype=object).tolist():  # one array of objects, not a Series per row
        item = {}
        for col, value in zip(names, values, strict=True):
            if blank(value):
                continue
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            item[col] = value.strip() if isinstance(value, str) else value
        if item:
            out.append(item)
    return out
