"""A register table whose long texts are read in full: each column headed by its words (never its key), the long
text columns wide, and the row a user selects shown whole below the table, every text wrapped (a grid cell cuts
what does not fit its width, on a phone most of all; the row's detail never does)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from app_pages.widgets.page_parts import arrow_table
from sizing.plan_names import field_words

#: What the table says until a row is selected.
SELECT = "Select a row (the box at its left) to read it in full below the table."


def headings(columns: Sequence[str], long: Sequence[str] = (), labels: Mapping[str, str] | None = None,
             helps: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Each column's configuration: headed by its words (or ``labels``), the ``long`` ones wide, with a tooltip
    where ``helps`` gives one."""
    labels, helps = labels or {}, helps or {}
    return {c: st.column_config.Column(labels.get(c) or field_words(c), width="large" if c in long else None,
                                       help=helps.get(c)) for c in columns}


def columns_of(data: Any) -> list[str]:
    """The column names of a pandas frame or an Arrow table."""
    return list(getattr(data, "column_names", None) or data.columns)


def row_of(data: Any, i: int) -> dict[str, Any]:
    """Row ``i`` of a pandas frame or an Arrow table, as a mapping."""
    if hasattr(data, "column_names"):
        return data.slice(i, 1).to_pylist()[0]
    return data.iloc[i].to_dict()


def table(data: Any, key: str, long: Sequence[str] = (), labels: Mapping[str, str] | None = None,
          helps: Mapping[str, str] | None = None, shown: Sequence[str] | None = None) -> dict[str, Any] | None:
    """``data`` as a table keyed ``key`` (the columns ``shown``, default all), then the selected row in full;
    returns the selected row (None when none is)."""
    names = list(shown or columns_of(data))
    event = st.dataframe(data, hide_index=True, width="stretch", key=key, column_order=names,
                         column_config=headings(names, long, labels, helps), on_select="rerun",
                         selection_mode="single-row")
    rows = [i for i in (event.selection.rows if event else ()) if 0 <= i < len(data)]
    if not rows:
        st.caption(SELECT)
        return None
    row = row_of(data, rows[0])
    detail(row, names, labels)
    return row


def detail(row: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str] | None = None) -> None:
    """One row in full: each column's heading and its whole text, wrapped."""
    labels = labels or {}
    pairs = [{"field": labels.get(c) or field_words(c), "value": "—" if row.get(c) in (None, "") else str(row[c])}
             for c in names]
    st.table(arrow_table(pairs, ["field", "value"]), hide_header=True, hide_index=True)
