"""Writing an inventory's sized submittals (``sizing batch`` results) into FSE and interceptor records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.engine import Connection

from sizing.register import schema as t


def import_row(fse_id: str, row: Mapping[str, Any], writer: Mapping[str, Any], latest: dict[str, dict[str, Any]],
                pending: dict[str, list[dict[str, Any]]], jurisdiction: str) -> tuple[bool, bool]:
    """One inventory submittal (``fse_id``: its checked id): its FSE and its interceptor with the CPC assessment (new when changed).

    ``latest`` holds the latest FSE and interceptor rows per FSE (read once for the whole import); the rows
    to insert go to ``pending``."""
    new_fse = fse_id not in latest["fses"]
    if new_fse:
        fse = {"fse_id": fse_id, "name": None, "address": None, "owner": None, "contact": None,
               "source": "inventory", **writer}
        pending["fses"].append(fse)
        latest["fses"][fse_id] = fse
    last = latest["interceptors"].get(fse_id)
    values = {"fse_id": fse_id, "type": "gravity" if row.get("installed_volume_gal") is not None else None,
              "volume_gal": row.get("installed_volume_gal"), "rated_flow_gpm": None, "installed_on": None,
              "source": "inventory", "assessment": row, "jurisdiction_id": jurisdiction, **writer}
    if last is not None and last["volume_gal"] == values["volume_gal"] and last["assessment"] == row \
            and last.get("jurisdiction_id") == jurisdiction:
        return new_fse, False
    pending["interceptors"].append(values)
    latest["interceptors"][fse_id] = values
    return new_fse, True


def flush(conn: Connection, pending: dict[str, list[dict[str, Any]]]) -> None:
    for name, rows in pending.items():
        if rows:
            conn.execute(getattr(t, name).insert(), rows)
            rows.clear()
