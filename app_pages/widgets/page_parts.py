"""Parts every page shows: its header, an input error as ``st.error``, provenance and findings tables (with the
provenance levels' glossary one click away), a kept message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

import sizing
from app_pages.access import app_message
from app_pages.session import edition
from sizing import provenance
from sizing.jurisdiction.profile import Jurisdiction
from sizing.plan_names import counted_from_one
from sizing.report import findings as render
from sizing.report.text import name_rows


def header(title: str, place: Jurisdiction, edition_used: str | None = None) -> None:
    """Page title, then the jurisdiction's letterhead, its name and chapter, the code edition and the app version
    (every page; the texts come from the chosen profile)."""
    st.title(title)
    st.caption(f"{place.letterhead} · {place.name}: {place.chapter} · CPC {edition_used or edition()} · "
               f"sizing {sizing.__version__}")


def stop_on_error(exc: Exception, where: str | None = None) -> None:
    """Show a user's mistake as one st.error line and stop the run (what was typed stays in its widget)."""
    # fixtures[0].length -> fixture 1, length; interceptor.manholes[0].diameter -> interceptor.manhole 1, diameter

    message = app_message(counted_from_one(name_rows(str(exc))))
    st.error((f"{where}: " if where else "") + message, icon=":material/error:")
    st.stop()


#: The provenance levels' glossary (:mod:`sizing.provenance`) as a tooltip: the help of every provenance column and
#: caption of the app.
LEVELS_HELP = provenance.glossary_help()


def levels_column(label: str = "levels", width: str | None = None):
    """A provenance column's configuration: its heading with the levels' glossary as its tooltip."""
    return st.column_config.TextColumn(label, help=LEVELS_HELP, width=width)


def levels_glossary(container: Any = st) -> None:
    """A button that opens the levels' glossary (one click from a provenance table)."""
    with container.popover(provenance.TITLE, icon=":material/help:", type="tertiary"):
        st.markdown(provenance.glossary_markdown())


def show_provenance(levels: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]]) -> None:
    """The provenance of every code table a result used; anything not confirmed is called out; the levels'
    glossary is the levels column's tooltip and a button under the table."""
    if not levels:
        return
    table, weak = provenance_table(levels)
    with st.expander("Provenance of the code values used", expanded=bool(weak)):
        if weak:
            st.warning(weak, icon=":material/search:")
        st.dataframe(table, hide_index=True, width="stretch", key="provenance_table",
                     column_config={"levels": levels_column(), "source": st.column_config.TextColumn(width="large")})
        levels_glossary()


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


def show_message(key: str) -> None:
    """Show, once, the (kind, text) message a callback left in ``session_state[key]``."""
    message = st.session_state.pop(key, None)
    if message:
        if message[0] == "error":
            from app_pages.access import app_message

            st.error(app_message(message[1]))
        elif message[0] == "warning":
            st.warning(message[1])
        else:
            st.success(message[1])


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


#: The findings table's columns in the app: the rule by its name, its clause beside it, then what was found.
SHOWN_COLUMNS = ("Status", "Rule", "Citation", "Finding", "Shown", "Required", "Reviewer's note")
#: The order a page lists findings to act on: fails, warnings, notes, those the reviewer marked N/A.
FIRST = {"FAIL": 0, "WARN": 1, "INFO": 2, render.NA: 3}


def findings_table(items, notes: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """Every page's findings (review, waiver, maintenance) in one table, through the one findings renderer:
    status (on its colour), the rule by its name for people and its clause beside it, finding, shown, required,
    the reviewer's note where the page keeps notes, then the page's ``extra`` columns (heading -> function of a
    finding). A static table, so no text is cut off; built as an Arrow table (a pandas Styler for the colours took
    a quarter of the review page's rerun)."""

    items = list(items)
    columns = [c for c in SHOWN_COLUMNS if notes is not None or c != "Reviewer's note"]
    names = [c.lower() for c in columns]
    rows = [dict(zip(names, row.values(), strict=True))
            for row in render.table_rows(items, notes, columns=columns, labelled=True)]
    for row, f in zip(rows, items, strict=True):
        row["status"] = status_cell(row["status"])
        row.update({heading: value(f) for heading, value in (extra or {}).items()})
    st.table(arrow_table(rows, [*names, *(extra or {})]), hide_index=True)


def findings_first(items, notes: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """The findings to act on first (fails, then warnings, notes and those marked N/A), the passes folded below
    them in a box of their own."""
    items = list(items)
    shown = [(render.status_shown(f, notes), f) for f in items]
    first = [f for _, f in sorted(((s, f) for s, f in shown if s != "PASS"), key=lambda sf: FIRST.get(sf[0], 9))]
    passed = [f for s, f in shown if s == "PASS"]
    if first:
        findings_table(first, notes, extra)
    if passed:
        with st.expander(f"Passed checks ({len(passed)})"):
            findings_table(passed, notes, extra)
    if "provenance" in (extra or {}):  # the levels the provenance column names, one click away
        levels_glossary()
