"""Glue shared by the app's pages: header, kept inputs, and turning what a user typed into a submittal mapping.

Nothing here sizes, reviews or decides: the numbers come from ``sizing`` result objects and are only formatted.
Every physical value stays the text the user typed ("24 in", "610 mm") until ``sizing`` parses it.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st
import yaml

import sizing
from sizing import parse, submittal
from sizing.csv_files import line_end_problem
from sizing.errors import SizingInputError
from sizing.jurisdiction import Jurisdiction
from sizing.tables import DEFAULT_EDITION, editions, load_table

#: Widget keys that start with this prefix are user inputs kept across page switches.
KEEP = "in_"


# --- page furniture ---------------------------------------------------------------------------------------

def keep_inputs() -> None:
    """Keep every ``in_*`` widget value when the user switches pages (Streamlit drops unrendered widgets)."""
    for key in list(st.session_state.keys()):
        if isinstance(key, str) and key.startswith(KEEP):
            st.session_state[key] = st.session_state[key]


def edition() -> str:
    return st.session_state.get("in_edition", DEFAULT_EDITION)


def header(title: str, place: Jurisdiction, edition_used: str | None = None) -> None:
    """Page title, then the jurisdiction's letterhead, its name and chapter, the code edition and the app version
    (every page; the texts come from the chosen profile)."""
    st.title(title)
    st.caption(f"{place.letterhead} · {place.name}: {place.chapter} · CPC {edition_used or edition()} · "
               f"sizing {sizing.__version__}")


def stop_on_error(exc: Exception, where: str | None = None) -> None:
    """Show a user's mistake as one st.error line and stop the run (what was typed stays in its widget)."""
    # fixtures[0].length -> fixture 1, length; interceptor.manholes[0].diameter -> interceptor.manhole 1, diameter
    from app_pages.access import app_message
    from sizing.names import counted_from_one
    from sizing.report.text import name_rows

    message = app_message(counted_from_one(name_rows(str(exc))))
    st.error((f"{where}: " if where else "") + message, icon=":material/error:")
    st.stop()


def show_provenance(provenance: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]]) -> None:
    """The provenance of every code table a result used; anything not confirmed is called out."""
    if not provenance:
        return
    table, weak = provenance_table(provenance)
    with st.expander("Provenance of the code values used", expanded=bool(weak)):
        if weak:
            st.warning(weak, icon=":material/search:")
        st.dataframe(table, hide_index=True, width="stretch", key="provenance_table")


@st.cache_resource(show_spinner=False, max_entries=64)
def provenance_table(provenance) -> tuple[Any, str]:
    """The provenance rows as an Arrow table, and the line naming what is not confirmed ('' when all is)."""
    rows = [{"table": p.get("table"), "title": p.get("title"), "edition": p.get("edition"),
             "levels": ", ".join(p.get("row_levels") or [p.get("level", "")]),
             "carried from": p.get("carried_from") or "", "source": p.get("source"), "note": p.get("note") or ""}
            for p in provenance]
    weak = [r for r in rows if any(level != "confirmed" for level in r["levels"].split(", "))]
    line = ("Not every value used is confirmed from a primary source: "
            + "; ".join(f"{r['table']} ({r['levels']})" for r in weak)) if weak else ""
    return arrow_table(rows), line


def arrow_table(rows: list[dict[str, Any]], columns: list[str] | None = None):
    """Rows of plain values as an Arrow table for st.dataframe (what it would convert a pandas frame to; built
    directly, it skips the pandas frame and its conversion on every rerun). A column mixing numbers and text is
    shown as text."""
    import pyarrow as pa

    names = columns or (list(rows[0]) if rows else [])
    arrays = {}
    for name in names:
        values = [r.get(name) for r in rows]
        try:
            arrays[name] = pa.array(values)
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            arrays[name] = pa.array([None if v is None else str(v) for v in values], pa.string())
    return pa.table(arrays) if arrays else pa.table({})


# --- examples and uploads ---------------------------------------------------------------------------------

def examples_dir() -> Path:
    here = Path(sizing.__file__).resolve().parent
    for candidate in (here / "_examples", here.parent / "examples"):
        if candidate.is_dir():
            return candidate
    return here / "_examples"  # pragma: no cover


@functools.cache
def example_names() -> list[str]:
    """The example files (listed once per process)."""
    return sorted(p.name for p in examples_dir().glob("*") if p.suffix in (".yaml", ".yml", ".json"))


def read_example(name: str) -> dict[str, Any]:
    return parse.load_document(examples_dir() / name)


def read_upload(name: str, raw: bytes) -> dict[str, Any]:
    """An uploaded submittal (YAML/JSON) or fixture schedule (CSV) as a submittal mapping (not yet validated)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SizingInputError("FILE", name, "", message=f"FILE: {name} is not UTF-8 text") from None
    if not text.strip():
        raise SizingInputError("FILE", name, "", message=f"FILE: {name}: the file is empty")
    if name.lower().endswith(".csv"):
        return {"fixtures": fixtures_from_csv(text, name)}
    return parse.parse_document(text, name)


def example_picker(container: Any, prefix: str, select_key: str, button_key: str, on_click: Any,
                   label: str = "Example") -> None:
    """A selectbox of the examples whose names start with ``prefix`` (all when none do) and a load button."""
    names = [n for n in example_names() if n.startswith(prefix)] or example_names()
    container.selectbox(label, names, key=select_key)
    container.button("Load example", key=button_key, on_click=on_click)


def show_message(key: str) -> None:
    """Show, once, the (kind, text) message a callback left in ``session_state[key]``."""
    message = st.session_state.pop(key, None)
    if message:
        if message[0] == "error":
            from app_pages.access import app_message

            st.error(app_message(message[1]))
        else:
            st.success(message[1])


def example_loader(select_key: str, message_key: str, load: Any) -> Any:
    """An on_click callback: read the example chosen in ``select_key`` and hand it to ``load(doc, source)``;
    a bad file becomes the page's error message in ``message_key`` (nothing typed is touched)."""
    def on_example() -> None:
        name = st.session_state.get(select_key)
        try:
            load(read_example(name), f"example {name}")
        except SizingInputError as exc:
            st.session_state[message_key] = ("error", f"{name}: {exc}")
    return on_example


def upload_loader(upload_key: str, message_key: str, load: Any) -> Any:
    """An on_change callback for a file uploader: read the upload and hand it to ``load(doc, source)``."""
    def on_upload() -> None:
        upload = st.session_state.get(upload_key)
        if upload is None:
            return
        try:
            load(read_upload(upload.name, upload.getvalue()), upload.name)
        except SizingInputError as exc:
            st.session_state[message_key] = ("error", str(exc))
    return on_upload


#: The fixture grid's column headings (as the app shows and downloads them) -> the submittal's field names.
GRID_HEADINGS = {"connected": "connected_to_interceptor", "dfu (override)": "dfu", "drains to": "drains_to"}


def schedule_column(heading: str) -> str:
    """A fixture schedule CSV heading as a field name: the key (``trap_size``) or the grid's heading
    (``trap size [in]``, ``DFU (override)``, ``connected``).

    >>> schedule_column("trap size [in]"), schedule_column(" DFU (override)"), schedule_column("connected")
    ('trap_size', 'dfu', 'connected_to_interceptor')
    """
    import re

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


# --- form values -----------------------------------------------------------------------------------------

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


def json_text(result: Any) -> str:
    """A result (its ``to_dict()``) or a mapping as the JSON the downloads hold."""
    data = result.to_dict() if hasattr(result, "to_dict") else result
    return json.dumps(data, indent=2, default=str)


def to_yaml(doc: Mapping[str, Any]) -> str:
    return yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True, width=110)


def clean(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """Drop empty fields from a form section."""
    return {k: (v.strip() if isinstance(v, str) else v) for k, v in mapping.items() if not blank(v)}


# --- cached pure work --------------------------------------------------------------------------------------

@st.cache_data(show_spinner=False)
def table_rows(name: str, edition_name: str) -> list[dict[str, Any]]:
    return [dict(r) for r in load_table(name, edition_name).rows]


@st.cache_data(show_spinner=False)
def meal_factor_names() -> list[str]:
    return list(load_table("meals-factors").meta["meal_factors"])


def edition_names() -> list[str]:
    return editions()



# --- shared form pieces ------------------------------------------------------------------------------------

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


#: The colour of a finding's status cell by its status as shown (Streamlit's markdown background colours, light
#: enough that the text stays legible): fail red, warn yellow, pass green, info and N/A grey.
STATUS_COLOURS = {"fail": "red", "warn": "yellow", "pass": "green", "info": "gray", "n/a": "gray"}


def status_cell(status: str) -> str:
    """A finding's status as the findings table shows it: the text on its status colour (markdown).

    >>> status_cell("FAIL"), status_cell("N/A")
    (':red-background[FAIL]', ':gray-background[N/A]')
    """
    colour = STATUS_COLOURS.get(status.lower())
    return f":{colour}-background[{status}]" if colour else status


def findings_table(items, notes: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """Every page's findings (review, waiver, maintenance) in one table, through the one findings renderer:
    status (on its colour), rule, finding, shown, required, citation, the reviewer's note where the page keeps
    notes, then the page's ``extra`` columns (heading -> function of a finding). A static table, so no text is cut
    off; built as an Arrow table (a pandas Styler for the colours took a quarter of the review page's rerun)."""
    from sizing.report import findings as render

    items = list(items)
    columns = [c for c in render.COLUMNS if notes is not None or c != "Reviewer's note"]
    names = [c.lower() for c in columns]
    rows = [dict(zip(names, row.values(), strict=True)) for row in render.table_rows(items, notes, columns=columns)]
    for row, f in zip(rows, items, strict=True):
        row["status"] = status_cell(row["status"])
        row.update({heading: value(f) for heading, value in (extra or {}).items()})
    st.table(arrow_table(rows, [*names, *(extra or {})]), hide_index=True)
