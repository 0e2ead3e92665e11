"""The single submittal an inventory's rows stand for (what ``sizing size`` sizes for them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from sizing.batch.output import py
from sizing.batch.rows import blank
from sizing.errors import SizingInputError
from sizing.io.tables import DEFAULT_EDITION, editions

#: Inventory column -> submittal fixture field.
FIXTURE_FIELD = {"fixture_type": "type", "count": "count", "flow_gpm": "flow", "trap_size_in": "trap_size",
                 "connected_to_interceptor": "connected_to_interceptor"}


def submittal_document(rows: Iterable[Mapping[str, Any]] | pd.DataFrame, edition: str | None = None
                       ) -> dict[str, Any]:
    """The submittal mapping (for :func:`sizing.io.submittal.from_dict`) whose size the batch reports for these
    rows of one submittal, in file order. Empty cells are omitted, as in a hand-written submittal.

    >>> submittal_document([{"fixture_type": "floor_drain", "count": "3", "flow_gpm": ""}], "2025")
    {'edition': '2025', 'fixtures': [{'type': 'floor_drain', 'count': '3'}]}
    """
    if isinstance(rows, pd.DataFrame):
        rows = rows.rename(columns=lambda c: str(c).strip().lower()).to_dict(orient="records")
    fixtures = []
    for row in rows:
        row = {str(k).strip().lower(): py(v) for k, v in row.items()}
        item = {}
        for column, field_name in FIXTURE_FIELD.items():
            value = row.get(column)
            if not blank(value):
                item[field_name] = value.strip() if isinstance(value, str) else value
        fixtures.append(item)
    return {"edition": edition_of(edition), "fixtures": fixtures}




def edition_of(edition: str | None) -> str:
    """The CPC edition asked for (the default when None); a bad one is a one-line ``--edition`` error."""
    chosen = DEFAULT_EDITION if edition is None else str(edition).strip()
    if chosen not in editions():
        raise SizingInputError("--edition", edition, "one of " + ", ".join(repr(e) for e in editions()))
    return chosen
