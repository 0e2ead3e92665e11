"""Writing an inventory's sized submittals (``sizing batch`` results) into FSE and interceptor records."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection

from sizing.io import fields as parse
from sizing.io.sections.parties import CONTACT_COLUMNS, DETAIL_COLUMNS, PARTY_FIELDS, Party
from sizing.io.sections.parties import value as party_value
from sizing.program import limits
from sizing.program import schema as t
from sizing.program.parties import contacts


def details(source: Any) -> dict[str, dict[str, str]]:
    """The FSE details an inventory gives (its ``name``, ``address`` and ``owner`` columns, and its contacts'
    columns: ``owner_street`` ... ``operator_phone``, the first non-empty value per submittal, each checked), by
    submittal id; empty when it has none of those columns."""

    import pandas as pd

    columns = (*DETAIL_COLUMNS, *CONTACT_COLUMNS)

    if isinstance(source, pd.DataFrame):
        rows = source.astype(object).where(source.notna(), None).to_dict("records")
    else:
        if isinstance(source, (str, Path)):
            text = Path(source).read_text(encoding="utf-8-sig")
        else:
            source.seek(0)
            raw = source.read()
            text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
        reader = csv.DictReader(io.StringIO(text))
        if not any(c in columns for c in (f.strip() for f in reader.fieldnames or ())):
            return {}
        rows = ({(k or "").strip(): v for k, v in r.items()} for r in reader)
    out: dict[str, dict[str, str]] = {}
    for r in rows:
        sid = r.get("submittal_id")
        if sid is None:
            continue
        known = out.setdefault(str(sid), {})
        for col in columns:
            value = r.get(col)
            if col not in known and isinstance(value, str) and value.strip():
                name = f"{col} of submittal {sid}"
                if col in DETAIL_COLUMNS:
                    limits.check(name, value.strip(), f"project.{col}")
                    known[col] = parse.text(name, value, single_line=True)
                else:
                    known[col] = party_value(name, "name" if col == "operator" else col.split("_", 1)[1], value)
    return out


def contacts_given(given: Mapping[str, str]) -> dict[str, Party]:
    """The contacts an inventory row's details give, by role (the owner's name is the ``owner`` column)."""
    out = {}
    for role in ("owner", "operator"):
        values = {k: given.get(f"{role}_{k}") for k in PARTY_FIELDS if k != "name"}
        values["name"] = given.get(role)
        if any(values.get(k) for k in values if k != "name" or role == "operator"):
            out[role] = Party(**values)
    return out


def import_row(fse_id: str, row: Mapping[str, Any], writer: Mapping[str, Any], latest: dict[str, dict[str, Any]],
                pending: dict[str, list[dict[str, Any]]], jurisdiction: str,
                given: Mapping[str, str] | None = None) -> tuple[bool, bool]:
    """One inventory submittal (``fse_id``: its checked id): its FSE (new, or a new row when the inventory
    changes its name, address or owner) and its interceptor with the CPC assessment (new when changed).

    ``latest`` holds the latest FSE and interceptor rows per FSE (read once for the whole import); the rows
    to insert go to ``pending``."""
    given = {k: v for k, v in (given or {}).items() if k in DETAIL_COLUMNS}
    new_fse = fse_id not in latest["fses"]
    before = latest["fses"].get(fse_id) or {}
    if new_fse or any(before.get(k) != v for k, v in given.items()):
        fse = {"fse_id": fse_id, "name": before.get("name"), "address": before.get("address"),
               "owner": before.get("owner"), "contact": before.get("contact"), **given,
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


def write_contacts(conn: Connection, given: Mapping[str, Mapping[str, str]], writer: Mapping[str, Any]) -> int:
    """The contacts the inventory's rows give (FSE id -> its details), each written when new or changed (what a
    row leaves blank is kept); the number of rows written."""
    wanted = {f: contacts_given(g) for f, g in given.items()}
    wanted = {f: c for f, c in wanted.items() if c}
    if not wanted:
        return 0
    on_file = contacts(conn, wanted)
    rows = []
    for fse_id, by_role in wanted.items():
        for role, party in by_role.items():
            before = on_file.get(fse_id, {}).get(role, Party())
            after = before.merged(party)
            if after != before:
                rows.append({"fse_id": fse_id, "role": role, **after.to_dict(), **writer})
    if rows:
        conn.execute(t.contacts.insert(), rows)
    return len(rows)
