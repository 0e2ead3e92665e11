"""What an inspector takes to an FSE: its details, whom to ask for on site, the interceptor it shares, its open
notices and last readings (the Inspection page's finder shows them; the printable inspection packet,
:mod:`sizing.report.inspection_packet`, prints them), and the photos stored with its inspections."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from sizing.program import schema as t
from sizing.program.fses import require_fse
from sizing.program.notices import rows
from sizing.program.parties import contacts
from sizing.program.queries import last_readings
from sizing.program.reading import dicts
from sizing.program.sharing import serving


def on_site(people: Mapping[str, Any]) -> dict[str, str | None] | None:
    """Whom to ask for on site: the operator, else the owner (name and phone), or None."""
    who = people.get("operator") or people.get("owner")
    if who is None or not (who.name or who.phone):
        return None
    return {"name": who.name, "phone": who.phone}


def field_facts(reg: Any, fse_id: str, known: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The FSE (its latest details: ``known``, when the caller has just read them, else read here), ``on_site``,
    the interceptors it ``shared`` with other FSEs, its open ``notices`` (by due date) and last ``readings``
    (newest first)."""
    with reg.db.read() as conn:
        fse = dict(known) if known is not None else require_fse(conn, fse_id)
        people = contacts(conn, [fse_id]).get(fse_id, {})
        shared = [u for u in serving(conn, fse_id) if len(u["serves"]) > 1]
        open_ones = sorted(rows(conn, fse_id, None, True, named=False), key=lambda r: (r["due_on"], r["notice"]))
    return {"fse": fse, "on_site": on_site(people), "shared": shared, "notices": open_ones,
            "readings": last_readings(reg, fse_id)}


def fse_photos(reg: Any, fse_id: str) -> dict[int, list[dict[str, Any]]]:
    """The photos stored with each of the FSE's inspections, by inspection (id, name, caption, media type, size,
    SHA-256; their bytes are read one by one: :func:`sizing.program.inspections.stored_photo`)."""
    p, i = t.inspection_photos.c, t.inspections.c
    with reg.db.read() as conn:
        found = dicts(conn, sa.select(p.id, p.inspection_id, p.name, p.caption, p.media_type, p.size_bytes, p.sha256)
                      .join(t.inspections, i.id == p.inspection_id).where(i.fse_id == fse_id).order_by(p.id))
    out: dict[int, list[dict[str, Any]]] = {}
    for r in found:
        out.setdefault(r["inspection_id"], []).append(dict(r))
    return out

