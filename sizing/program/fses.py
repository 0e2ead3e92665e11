"""The FSEs on file: an FSE id read back from the register, with the closest known id named when it is not there."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from sizing.errors import SizingInputError, shown
from sizing.io.fields import identifier
from sizing.program import schema as t
from sizing.program.reading import dicts, scalars


def newest_row(conn, fse_id: str) -> dict[str, Any] | None:
    """The FSE's latest details row (the last written), or None."""
    found = dicts(conn, sa.select(t.fses).where(t.fses.c.fse_id == fse_id).order_by(t.fses.c.id.desc()).limit(1))
    return found[0] if found else None


def require_fse(conn, fse_id: str) -> dict[str, Any]:
    """The FSE's latest details; an id that is not in the register names the closest id that is (a typo, a
    look-alike character) or, failing one, a few known ids."""

    fse_id = identifier("FSE", fse_id)
    found = newest_row(conn, fse_id)
    if found is None:
        known = fse_ids(conn)
        folded = {k.casefold(): k for k in known}
        close = ([folded[fse_id.casefold()]] if fse_id.casefold() in folded else
                 difflib.get_close_matches(fse_id, known, n=1, cutoff=0.75))
        hint = (f"; did you mean {close[0]!r}?" if close else
                f"; known: {', '.join(known[:10])}" if known else "; the register is empty")
        raise SizingInputError("FSE", fse_id, "", message=f"FSE: no FSE {shown(fse_id)} in the register{hint}")
    return found


def ensure_fse(conn, fse_id: str, project: Mapping[str, Any], source: str, writer: Mapping[str, Any]) -> str | None:
    """A new FSE row when the FSE is new or its details (``project``'s name, address, owner or applicant, contact)
    changed, what is not given kept from the last row: ``"added"``, ``"changed"``, or None (nothing written)."""
    given = {"name": project.get("name"), "address": project.get("address"),
             "owner": project.get("owner") or project.get("applicant"), "contact": project.get("contact")}
    last = newest_row(conn, fse_id)
    if last is not None:
        given = {k: given[k] if given[k] is not None else last[k] for k in given}
        if all(given[k] == last[k] for k in given):
            return None
    conn.execute(t.fses.insert().values(fse_id=fse_id, source=source[:200], **given, **writer))
    return "added" if last is None else "changed"


def fse_ids(conn) -> list[str]:
    """Every FSE id in the register, in order."""
    return scalars(conn, sa.select(t.fses.c.fse_id).distinct().order_by(t.fses.c.fse_id))
