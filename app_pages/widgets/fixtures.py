"""The fixture schedule editor shared by the sizing and the plan-review pages.

The grid shows fixture types by their readable labels; an appliance that is not a listed type is entered as
"Other appliance" with its name in the "other type" column and its own flow, trap size or DFU, as in a file.
A row being typed that is not complete yet (a sink with only its length, an appliance without its flow) is
left out of the size, or its dimensions are, and named in a warning, so that the result for the complete
rows stays on screen. Values stay the text the user typed until ``sizing`` parses them.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import streamlit as st

from app_pages.widgets import grid
from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io import submittal
from sizing.io.units import parse_quantity
from sizing.jurisdiction.profile import Jurisdiction

#: The type picker's entry for an appliance that is not a listed type (named in the "other type" column).
OTHER = "other"
OTHER_LABEL = "Other appliance"
#: The editor's columns, in the order shown: what changes the result most comes first, so that the
#: dimensions and compartments stay on screen at 1280 px.
COLUMNS = ("type", "other_type", "count", "length", "width", "depth", "compartments", "trap_size", "flow", "dfu",
           "connected", "area", "label", "drains_to", "sheet", "notes")
TEXT_UNITS = {"length": "in", "width": "in", "depth": "in", "trap_size": "in", "flow": "gpm"}
#: Each column's heading in the grid, short enough to fit its width [px] (its help says the rest, the unit
#: too); the messages name a column by this heading.
LABELS = {"type": "Type", "other_type": "Other name", "count": "Count", "length": "Length", "width": "Width",
          "depth": "Depth", "compartments": "Compartments", "trap_size": "Trap", "flow": "Flow", "dfu": "DFU",
          "connected": "Connected", "area": "Area", "label": "Label", "drains_to": "Drains to", "sheet": "Sheet",
          "notes": "Notes"}
WIDTHS = {"type": 160, "other_type": 106, "count": 72, "length": 78, "width": 74, "depth": 74, "compartments": 128,
          "trap_size": 68, "flow": 68, "dfu": 62, "connected": 104, "area": 120, "label": 76, "drains_to": 100,
          "sheet": 72, "notes": 120}
#: What a value typed in a column is, with an example (the help of its heading).
TEXT_HELP = {"length": "inside length of a sink", "width": "inside width of a sink", "depth": "inside depth of a sink",
             "trap_size": "trap size; a floor sink's DFU is set by it (Table 702.2(1))",
             "flow": "rated flow of an appliance that has no DFU value"}
#: The values a row may give for a type that Table 702.1 does not count by itself (a floor sink): any one.
OWN_VALUES = ("trap_size", "flow", "dfu")
NUMBER_COLUMNS = ("count", "compartments")
DIMENSIONS = ("length", "width", "depth")
ROW_HEIGHT = 35
MAX_ROWS_SHOWN = 14


def type_label(key: Any) -> str:
    """The readable label of a fixture type key (the key itself for an unlisted one)."""
    if key == OTHER:
        return OTHER_LABEL
    kind = submittal.fixture_types().get(str(key))
    return kind.label if kind else str(key).replace("_", " ")


def type_options() -> list[str]:
    return [*submittal.fixture_types(), OTHER]


# --- submittal fixtures <-> editor rows ---------------------------------------------------------------------

def frame(fixtures: Sequence[Any] | None, place: Jurisdiction | str) -> pd.DataFrame:
    """Editor rows from a submittal's fixtures list, each value kept as typed; an unlisted type becomes
    "Other appliance" with its name in "other type"; a connection not given shows ``place``'s default."""
    if not fixtures:
        return _empty_frame().copy()
    records = []
    for item in fixtures or []:
        item = dict(item) if isinstance(item, Mapping) else {"type": str(item)}
        rec: dict[str, Any] = {}
        for col in COLUMNS:
            key = "connected_to_interceptor" if col == "connected" else col
            value = item.get(key)
            if col == "connected":
                rec[col] = True if value is None else _truthy(value)
            elif col in NUMBER_COLUMNS:
                rec[col] = _as_number(value)
            else:
                rec[col] = None if value is None else str(value)
        if rec["type"]:
            try:
                key = submittal.resolve_type("type", rec["type"], accept_unknown=True)
            except SizingInputError:
                key = rec["type"]
            if key not in submittal.fixture_types():
                rec["type"], rec["other_type"] = OTHER, rec["type"]
            else:
                rec["type"] = key
            if item.get("connected_to_interceptor") is None:  # not given: the type's default, as sizing counts it
                rec["connected"] = connected_by_default(key, place)
        records.append(rec)
    out = pd.DataFrame(records, columns=list(COLUMNS))
    for col in COLUMNS:
        if col == "connected":
            out[col] = out[col].astype("bool")
        elif col in NUMBER_COLUMNS:
            out[col] = out[col].astype("float64")
        else:
            out[col] = out[col].astype("object")
    return out


@functools.cache
def _empty_frame() -> pd.DataFrame:
    """The grid with no rows, its columns typed (built once: the editor shows it on every rerun; never changed)."""
    out = pd.DataFrame({col: pd.Series(dtype="bool" if col == "connected" else "float64" if col in NUMBER_COLUMNS
                                       else "object") for col in COLUMNS})
    return out


#: A fixture line named by the core: ``fixtures[0].length`` (0-based, a field) or ``fixture 3`` (counted from 1).
FIXTURE_REF = re.compile(r"fixtures\[(\d+)\](?:\.(\w+))?|\bfixture (\d+)\b")


@dataclass
class Schedule:
    """What the editor holds, as a submittal's fixtures list plus what is not complete yet.

    ``rows[i]`` is the editor row (0-based) of ``fixtures[i]``; ``labels[i]`` its readable name.
    ``incomplete`` holds one line per row left out (or in part) of the size, naming the row as the user sees it.
    """

    fixtures: list[dict[str, Any]] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)

    def name(self, message: str) -> str:
        """``fixtures[0].length: ...`` -> ``fixture 1 (Food preparation sink), length: ...`` (editor rows)."""
        if "fixture" not in message:  # most titles and messages name no fixture line
            return message
        if "fixtures[" not in message and self._rows_are_lines():
            return message  # "fixture 3" is the grid's row 3 when no row was left out
        return FIXTURE_REF.sub(self._named, message)

    def _rows_are_lines(self) -> bool:
        """Whether every grid row is the submittal's line of the same number (none left out), asked once."""
        known = self.__dict__.get("_plain")
        if known is None or known[0] != len(self.rows):
            known = self.__dict__["_plain"] = (len(self.rows), self.rows == list(range(len(self.rows))))
        return known[1]

    def _named(self, match: re.Match) -> str:
        if match.group(3):  # "fixture 3" as the core counts the submittal's lines: the grid's row instead
            i = int(match.group(3)) - 1
            return f"fixture {(self.rows[i] if 0 <= i < len(self.rows) else i) + 1}"
        i = int(match.group(1))
        row, label = (self.rows[i], self.labels[i]) if i < len(self.rows) else (i, None)
        text = row_name(row, label)
        return text + (f", {match.group(2).replace('_', ' ')}" if match.group(2) else "")


@functools.lru_cache(maxsize=1024)  # asked for every row of the grid on every rerun
def connected_by_default(type_text: Any, place: Jurisdiction | str) -> bool:
    """Whether sizing counts a fixture of this type as connected under ``place`` when the submittal does not
    say (sanitary fixtures, and dishwashers where the jurisdiction forbids them, are not); an unlisted type is."""
    if not type_text:
        return True
    try:
        key = submittal.resolve_type("type", str(type_text), accept_unknown=True)
    except SizingInputError:
        return True
    return submittal.default_connection(submittal.fixture_types().get(key), place)[0]


def row_name(row: int, label: str | None) -> str:
    return f"fixture {row + 1}" + (f" ({label})" if label else "")


def schedule(edited: pd.DataFrame | list[dict[str, Any]], place: Jurisdiction | str) -> Schedule:
    """The editor's rows (a frame, or its rows as dicts) as submittal fixtures: empty cells left out, text kept
    as typed, empty rows dropped, rows not complete yet left out (or their dimensions) and listed in
    ``incomplete``; a connection box left at ``place``'s default for the type is not written."""
    out = Schedule()
    for row, values in enumerate(records(edited) if isinstance(edited, pd.DataFrame) else edited):
        line = _line(row, values, place)
        if line is None:
            continue
        item, label, problems, counted = line
        out.incomplete.extend(problems)
        if counted:
            out.fixtures.append(dict(item))
            out.rows.append(row)
            out.labels.append(label)
    return out


def records(edited: pd.DataFrame) -> list[dict[str, Any]]:
    """The grid's rows as plain dicts of Python values, read as one array of objects (a tenth of the time of
    reading it column by column, a thirtieth of ``to_dict("records")``, which boxes cell by cell)."""
    names = list(edited.columns)
    return [dict(zip(names, values, strict=True)) for values in edited.to_numpy(dtype=object).tolist()]


def _line(row: int, values: Mapping[str, Any], place: Jurisdiction | str):
    item = _item(values)
    if not any(k != "connected_to_interceptor" for k in item):
        return None
    other = item.pop("other_type", None)
    if other is not None:
        item["type"] = other
    elif item.get("type") == OTHER:
        del item["type"]
    # the box as shown is what is counted: only a box that differs from the type's default is written
    # (a ticked toilet is then counted as connected, with sizing's warning, never silently left out)
    if item.get("connected_to_interceptor", True) == connected_by_default(item.get("type"), place):
        item.pop("connected_to_interceptor", None)
    label = item.get("label") or (type_label(item["type"]) if "type" in item else None)
    name = row_name(row, label)
    problem = _type_problem(item, other, name)
    if problem is not None:
        return item, label, (problem,), False
    problem = _dimensions_problem(item, name)
    return item, label, () if problem is None else (problem,), True


def _item(values: Mapping[str, Any]) -> dict[str, Any]:
    """One editor row as a fixture mapping: empty cells left out, numbers as numbers, text stripped."""
    item: dict[str, Any] = {}
    for col in COLUMNS:
        value = values.get(col)
        if grid.blank(value):
            continue
        if col == "connected":
            item["connected_to_interceptor"] = bool(value)
        elif col in NUMBER_COLUMNS:
            number = float(value)
            item[col] = int(number) if number.is_integer() else number
        else:
            item[col] = str(value).strip()
    return item


def _type_problem(item: Mapping[str, Any], other: str | None, name: str) -> str | None:
    """Why a row is not counted yet for its type: none chosen, a listed type Table 702.1 does not count by itself
    (a floor sink) or an unlisted one, without its trap size, flow or DFU. The row and the columns are named as
    the grid shows them."""
    if "type" not in item:
        return f"{name}: choose its {_col('type')} (or name an appliance under {_col('other_type')}) — not counted yet"
    given = any(item.get(k) for k in OWN_VALUES)
    known = _known_type(str(item["type"]))
    if known is not None and not given and needs_own_value(known):
        return (f"{name}: not counted yet — enter its trap size under {_col('trap_size')} (or its "
                f"{_col('flow')} or {_col('dfu')})")
    if other is None or given or known is not None:
        return None
    own = f"{_col('trap_size')}, {_col('flow')} or {_col('dfu')}"
    names = list(submittal.fixture_types()) + list(submittal.fixture_aliases())
    close = difflib.get_close_matches(parse.normalise_key(other), names, n=1, cutoff=0.6)
    hint = f" (did you mean {type_label(submittal.fixture_aliases().get(close[0], close[0]))!r}?)" if close else ""
    return f"{name}: '{other}' is not a listed fixture type{hint}; enter its {own} — not counted yet"


def _col(key: str) -> str:
    """A column as the messages name it: its heading in the grid, quoted."""
    return f"'{LABELS[key]}'"


@functools.cache
def needs_own_value(key: str) -> bool:
    """Whether sizing counts a listed type only by a trap size, flow or DFU given with it (no Table 702.1 row, no
    usual trap, not indirect waste counted at its receptor: a floor sink), as sizing.cpc.fixture_lines does."""
    kind = submittal.fixture_types().get(key)
    return kind is not None and kind.row is None and kind.trap_in is None and not kind.indirect


def _dimensions_problem(item: dict[str, Any], name: str) -> str | None:
    """A sink's dimensions not all given (or compartments without them): they are left out of the row, which
    is still counted by its DFU; the note that says so."""
    given = [k for k in DIMENSIONS if k in item]
    if given and len(given) < 3 and not _all_lengths(item, given):
        return None  # a dimension in a wrong unit: the parser names it (not "enter its width and depth")
    if given and len(given) < 3:
        missing = [k for k in DIMENSIONS if k not in given]
        for k in (*given, "compartments"):
            item.pop(k, None)
        return (f"{name}: enter its {' and '.join(_col(k) for k in missing)} — its volume is not in the "
                "hydromechanical size yet (its DFU is counted)")
    if "compartments" in item and not given:
        item.pop("compartments")
        return (f"{name}: {_col('compartments')} need the sink's {', '.join(_col(k) for k in DIMENSIONS[:2])} and "
                f"{_col(DIMENSIONS[2])} — its volume is not in the hydromechanical size yet (its DFU is counted)")
    return None


def _all_lengths(item: Mapping[str, Any], keys: list[str]) -> bool:
    """Whether each of the dimensions given reads as a length (its unit checked as the parser will)."""

    try:
        for k in keys:
            parse_quantity(k, item[k], "in", minimum=0, strict_minimum=True, maximum=240)
    except SizingInputError:
        return False
    return True


def _known_type(text: str) -> str | None:
    key = parse.normalise_key(text)
    key = submittal.fixture_aliases().get(key, key)
    return key if key in submittal.fixture_types() else None


def check_document(doc: Mapping[str, Any], source: str, place: Jurisdiction | str) -> submittal.Submittal:
    """Parse a file with the command line's own parser (``sizing size`` says the same one line) and return the
    submittal; a mistake in a fixture line also names the row as the user counts it."""
    try:
        return submittal.from_dict(doc, jurisdiction=place)
    except SizingInputError as exc:
        hint = ""
        match = re.match(r"fixtures\[(\d+)\]", exc.field)
        items = doc.get("fixtures") if isinstance(doc.get("fixtures"), list) else []
        if match and int(match.group(1)) < len(items):
            i = int(match.group(1))
            item = items[i] if isinstance(items[i], dict) else {}
            kind = item.get("label") or (type_label(parse.normalise_key(item["type"]))
                                         if isinstance(item.get("type"), str) else None)
            hint = f" [{row_name(i, kind)} of the file]"
        raise SizingInputError(exc.field, message=f"{source}: {exc}{hint}") from None


# --- the editor -------------------------------------------------------------------------------------------

@functools.cache
def column_config() -> dict[str, Any]:
    """The grid's columns (built once per process; Streamlit reads it on every rerun and does not change it): short
    headings (:data:`LABELS`) that fit their widths (:data:`WIDTHS`), what each holds in its help; the type is
    pinned, so that on a phone the row stays named while the grid scrolls sideways to its other columns."""
    col = st.column_config
    config: dict[str, Any] = {
        "type": col.SelectboxColumn(LABELS["type"], options=type_options(), format_func=type_label, pinned=True,
                                    help="the fixture type; for an appliance that is not listed choose 'Other "
                                         f"appliance' and name it under {_col('other_type')}"),
        "other_type": col.TextColumn(LABELS["other_type"], help="an appliance that is not listed, e.g. 'combi oven': "
                                                                "give its trap size, flow or DFU"),
        "count": col.NumberColumn(LABELS["count"], min_value=0, step=1, format="%d", default=1,
                                  help="how many of this fixture"),
        "compartments": col.NumberColumn(LABELS["compartments"], min_value=1, step=1, format="%d",
                                         help="compartments of a sink with length, width and depth"),
        "dfu": col.TextColumn(LABELS["dfu"], help="the line's drainage fixture units, given instead of the table's "
                                                  "(an override)"),
        "connected": col.CheckboxColumn(LABELS["connected"], default=True, help="connected to the interceptor"),
        "area": col.SelectboxColumn(LABELS["area"], options=list(submittal.AREAS),
                                    format_func=lambda a: str(a).replace("_", " "), help="the area it serves"),
        "label": col.TextColumn(LABELS["label"], help="its label on the plans, e.g. FS-1"),
        "drains_to": col.TextColumn(LABELS["drains_to"], help="an indirect appliance's receptor: the label of a floor "
                                                              "sink's line, or its fixture number"),
        "sheet": col.TextColumn(LABELS["sheet"], help="the plan sheet that shows it (P-2)"),
        "notes": col.TextColumn(LABELS["notes"]),
    }
    for key, unit in TEXT_UNITS.items():
        example = "24 in or 610 mm" if unit == "in" else "2 gpm or 7.5 L/min"
        config[key] = col.TextColumn(LABELS[key], help=f"{TEXT_HELP[key]}, e.g. {example}; a bare number is in {unit}")
    for key, value in config.items():
        value["width"] = WIDTHS[key]
    return config


def editor(prefix: str, on_change: Any = None) -> pd.DataFrame:
    """The fixture grid (kept in session_state under ``prefix``), tall enough to show the rows it was given and
    a few more typed in. The height follows only the rows it was given (they change with the editor's key): a
    height that changed with each typed row would make a new grid and drop the edits. ``on_change``: the
    callback of an edit."""
    rows = len(st.session_state.get(f"{prefix}_base", ()))
    height = ROW_HEIGHT * (min(rows + 3, MAX_ROWS_SHOWN) + 2) + 3
    return grid.editor(prefix, _empty_frame(), num_rows="dynamic", column_config=column_config(),
                         column_order=COLUMNS, width="stretch", height=height, placeholder="",
                         on_change=on_change)


def add_row(prefix: str, type_text: str, count: int, place: Jurisdiction | str) -> None:
    """Append a row for ``type_text`` (a listed key, or the name of another appliance)."""
    kind = submittal.fixture_types().get(type_text)
    item = {"type": type_text, "count": count}
    if kind is not None:
        item["area"] = kind.area
    row = frame([item], place)
    current = st.session_state.get(f"{prefix}_current")
    new = row if current is None or current.empty else pd.concat([current, row], ignore_index=True)
    grid.editor_replace(prefix, new)


def add_form(prefix: str, type_key: str, count_key: str, button_key: str,
             place: Jurisdiction | str, then: Any = None) -> None:
    """A one-line form above the grid: pick a type (or type an appliance's name), a count, Add; ``then`` is
    called after a row is added (inside a fragment: rerun the grid's fragment and what it changes)."""
    def on_add() -> None:
        value = st.session_state.get(type_key)
        if value:
            add_row(prefix, str(value), int(st.session_state.get(count_key) or 1), place)
            if then is not None:
                then()

    with st.container(border=True):
        a1, a2, a3 = st.columns([4, 1, 1], vertical_alignment="bottom")
        a1.selectbox("Add a fixture: type", list(submittal.fixture_types()), key=type_key, format_func=type_label,
                     accept_new_options=True,
                     help="pick a listed type, or type the name of another appliance (then give its flow)")
        a2.number_input("Count", min_value=1, step=1, key=count_key)
        a3.button("Add", key=button_key, on_click=on_add, width="stretch")


def show_incomplete(sched: Schedule) -> None:
    for line in sched.incomplete:
        st.warning("Incomplete row: " + line, icon=":material/edit_note:")


def show_error(exc: Exception, sched: Schedule) -> None:
    """A user's mistake in the grid as one line naming the row as the user sees it; the run stops."""
    st.error(sched.name(str(exc)), icon=":material/error:")
    st.stop()


# --- cell helpers ---------------------------------------------------------------------------------------------

def _truthy(value: Any) -> bool:
    try:
        return parse.boolean("connected_to_interceptor", value)
    except SizingInputError:
        return True


def _as_number(value: Any) -> float:
    if value is None:
        return float("nan")
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("nan")
