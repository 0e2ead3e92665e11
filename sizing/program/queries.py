"""Reading the register: the FSE list, one FSE, its timeline, the cycle diff, the export (the due list is in
:mod:`sizing.program.deadlines`; rows grouped and the latest record by date in :mod:`sizing.program.rows`).

Everything here reads stored rows and stored results; the only core call is the profile's parameters (the
training interval) and the calendar arithmetic of :mod:`sizing.rules.maintenance`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from sizing.errors import SizingInputError
from sizing.io.fields import no_record
from sizing.program import correspondence, parties, submissions
from sizing.program import schema as t
from sizing.program.deadlines import cpc_check, install_period
from sizing.program.fses import fse_ids as _fse_ids
from sizing.program.fses import require_fse
from sizing.program.reading import dicts, latest_ids, live, scalars
from sizing.program.rows import latest
from sizing.quantities import show as quantity
from sizing.rules.inspection import item_words, outcome_words

if TYPE_CHECKING:
    from sizing.program.store import Register
import json

from sizing.program.evaluated import jsonable
from sizing.program.log_due import SERVICES
from sizing.program.log_due import due_items as log_due_items

RECORD_TABLES = ("fses", "interceptors", "cycles", "waivers", "notifications", "maintenance_logs",
                 "maintenance_events", "inspections", "notices", "hauler_manifests", "voids", "correspondence")
#: The column of each table whose row a void names (its own id, or the record that wrote it), by the void's kind.
VOIDED_BY = {"inspections": (("id", "inspection"),), "maintenance_logs": (("id", "maintenance_log"),),
             "hauler_manifests": (("id", "manifest"),),
             "maintenance_events": (("inspection_id", "inspection"), ("log_id", "maintenance_log"))}


def _rows(conn, table: str, fse_id: str | None = None) -> list[dict[str, Any]]:
    """Every row of ``table`` (of one FSE), oldest first."""
    rows = t.metadata.tables[table]
    statement = sa.select(rows).order_by(rows.c.id)
    return dicts(conn, statement if fse_id is None else statement.where(rows.c.fse_id == fse_id))


def fse_ids(reg: Register) -> list[str]:
    with reg.db.read() as conn:
        return _fse_ids(conn)


def find_fses(reg: Register, text: str = "", limit: int = 50) -> list[dict[str, Any]]:
    """FSEs whose id or latest name or address contains ``text`` (case ignored), by id: ``fse_id``, ``name``,
    ``address``; at most ``limit``."""
    with reg.db.read() as conn:
        f = t.fses
        rows = dicts(conn, sa.select(f.c.fse_id, f.c.name, f.c.address).where(f.c.id.in_(latest_ids(f)))
                     .order_by(f.c.fse_id))
    needle = " ".join(str(text or "").split()).casefold()
    found = [dict(r) for r in rows if not needle or any(needle in str(r[k] or "").casefold()
                                                         for k in ("fse_id", "name", "address"))]
    return found[:limit]


def last_readings(reg: Register, fse_id: str, n: int = 3) -> list[dict[str, Any]]:
    """The FSE's latest ``n`` FOG + solids readings (from logs and inspections), newest first: date, fog_in,
    solids_in, and the inspection that took it (None: a maintenance log)."""
    with reg.db.read() as conn:
        e = t.maintenance_events
        return dicts(conn, sa.select(e.c.on_date, e.c.fog_in, e.c.solids_in, e.c.inspection_id)
                     .where(e.c.fse_id == fse_id, e.c.kind == "reading", live(e)).order_by(e.c.on_date.desc(), e.c.id.desc())
                     .limit(n))


#: Every table whose rows the FSE list, the due list or a letter reads (rows are only ever added, never changed in
#: place): the records, and the parties, places and signatures a letter is addressed and signed from.
STATE_TABLES = (*RECORD_TABLES, "findings", "notice_closures", "contacts", "properties", "sites", "interceptor_units",
                "signers", "submissions", "submission_decisions")


def register_state(reg: Register) -> tuple[Any, ...]:
    """A cheap fingerprint of what the register holds: each record table's highest id, in one query (each read
    from its primary key's index, whatever the register's size). Any write by anyone gives another: rows are added,
    never changed in place or deleted, so a table's highest id grows with every row written to it, and a result
    kept under the fingerprint is the one the register would give now."""
    parts = [sa.select(sa.func.max(t.metadata.tables[name].c.id)).scalar_subquery() for name in STATE_TABLES]
    with reg.db.read() as conn:
        return tuple(conn.execute(sa.select(*parts)).one())


def recorded_decision(reg: Register, fse_id: str) -> dict[str, Any] | None:
    """The waiver decision the Director recorded for an FSE (granted, denied or revoked), the latest by its own
    date: its ``waiver`` section as stored (what a review honours), the date, status and who recorded it; None
    when the FSE has none (or is not in the register)."""
    with reg.db.read() as conn:
        rows = _rows(conn, "waivers", fse_id)
    rows = [r for r in rows if r.get("status") in ("granted", "denied", "revoked")]
    row = latest(rows, "waivers")
    if row is None:
        return None
    section = dict((row.get("document") or {}).get("waiver") or {})
    return {"waiver": section, "status": row["status"], "decided_on": row["decided_on"],
            "recorded_by": row.get("recorded_by"), "construction": (row.get("document") or {}).get("construction")}


def show(reg: Register, fse_id: str) -> dict[str, Any]:
    """Everything the register holds on one FSE, each table's rows oldest first; a row a void names (or written by a
    record voided) carries that void as ``void`` (None: it counts)."""
    with reg.db.read() as conn:
        fse = require_fse(conn, fse_id)
        out = {"fse": fse}
        for name in RECORD_TABLES:
            out[name] = _rows(conn, name, fse_id)
        out["parties"] = parties.of_fse(conn, fse_id)
        out["submissions"] = submissions.listed(conn, fse_ids=[fse["fse_id"]])
    return mark_voided(out)


def mark_voided(records: dict[str, Any]) -> dict[str, Any]:
    """Each row of one FSE's ``records`` (as :func:`show` reads them) a void names, directly or through the record
    that wrote it, given that void as ``void``; every other row of a voidable table ``void`` None."""
    by_record = {(v["kind"], v["record_id"]): v for v in records.get("voids", [])}
    for table, columns in VOIDED_BY.items():
        for row in records.get(table, []):
            row["void"] = next((by_record[(kind, row[c])] for c, kind in columns if (kind, row[c]) in by_record), None)
    return records


def counted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of :func:`show` that count: those no void names."""
    return [r for r in rows if not r.get("void")]


def history(reg: Register, fse_id: str) -> list[dict[str, Any]]:
    """The FSE's timeline: one entry per record, by date (then by order of writing)."""
    d = show(reg, fse_id)
    out = []

    def add(day, what, detail, row):
        void = row.get("void")
        out.append({"date": day or row["recorded_at"].date(), "what": what, "detail": detail,
                    "recorded_at": row["recorded_at"], "recorded_by": row["recorded_by"],
                    "on_behalf_of": row.get("on_behalf_of"),
                    "void": None if not void else {"reason": void["reason"], "recorded_by": void["recorded_by"],
                                                   "recorded_at": void["recorded_at"]}})

    for r in d["fses"]:
        add(r["recorded_at"].date(), "FSE details", ", ".join(f"{k}: {r[k]}" for k in ("name", "address", "owner",
                                                                                       "contact") if r[k]), r)
    for r in d["cycles"]:
        counts = r["result"].get("counts") or {}
        add(r["review_date"], f"review cycle {r['cycle']}",
            f"{'compliant' if r['compliant'] else 'not compliant'}: {counts.get('fail', 0)} fail, "
            f"{counts.get('warn', 0)} warn; reviewer {r['reviewer']}; {r['jurisdiction']}, CPC {r['edition']}; "
            f"required {r['required_volume_gal']} gal", r)
    for r in d["notifications"]:
        add(r["notified_on"], "notification", f"install within {install_period(r)}, by "
            f"{r['install_deadline']} ({r['citation']})", r)
    for r in d["interceptors"]:
        size = (quantity(r["volume_gal"], "gal") if r["volume_gal"] is not None else
                quantity(r["rated_flow_gpm"], "gpm") if r["rated_flow_gpm"] is not None else "size not recorded")
        check = cpc_check(r)["cpc_check"]
        add(r["installed_on"] or r["recorded_at"].date(), "interceptor", f"{r['type'] or 'type not recorded'}, "
            f"{size} ({r['source']})" + (f"; {check}" if check else ""), r)
    for r in d["waivers"]:
        add(r["decided_on"], "waiver", f"{r['type']}: {r['status']}"
            + (f"; expires {r['expiration']}" if r["expiration"] else ""), r)
        if r["revocation_notice_mailed"]:
            add(r["revocation_notice_mailed"], "revocation notice", f"proposed effective {r['revocation_effective']}", r)
    for r in d["maintenance_events"]:
        detail = {"pump_out": lambda e: "pump-out" + "".join(f"; {k} {e[k]}" for k in ("hauler", "manifest") if e[k]),
                  "reading": lambda e: f"FOG {quantity(e['fog_in'], 'in')} + solids {quantity(e['solids_in'], 'in')}",
                  "training": lambda e: "employee training"}[r["kind"]](r)
        add(r["on_date"], r["kind"].replace("_", "-"), detail, r)
    for r in d["hauler_manifests"]:
        add(r["on_date"], "pump-out" if r["full"] else "partial pump-out",
            f"hauler {r['hauler']}; manifest {r['manifest']}; {quantity(r['gallons'], 'gal')} to {r['disposal_site']}", r)
    for r in d["maintenance_logs"]:
        add(r["as_of"], "maintenance plan" if r.get("computed") else "maintenance check", log_detail(r), r)
    for r in d["inspections"]:
        add(r["inspected_on"], "inspection", f"{r['purpose'].replace('_', ' ')}: " + outcome_words(r["result"] or {})
            + (f"; {quantity(r['percent_full'], '%')} full" if r["percent_full"] is not None else ""), r)
    for r in d["voids"]:
        add(r["recorded_at"].date(), "void", f"{r['kind'].replace('_', ' ')} {r['record_id']} voided: {r['reason']}", r)
    _exchanges(d, add)
    for r in d["notices"]:
        add(r["issued_on"], "notice", f"notice {r['id']}: {r['title']} ({item_words(r['item'])}); due {r['due_on']} "
            f"({r['citation']})", r)
    return sorted(out, key=lambda e: (e["date"], e["recorded_at"]))


def _exchanges(d: Mapping[str, Any], add) -> None:
    """What the FSE sent the City (its submissions and their decisions) and what the City sent it, on the timeline."""
    for r in d["submissions"]:
        add(r["on_date"], "submission", f"{r['what']} {r['id']}: {r['state']}"
            + (f" by {r['decided_by']}" if r["decided_by"] else "") + (f" ({r['reason']})" if r["reason"] else "")
            + (f"; hauler manifest {r['manifest_id']}" if r["manifest_id"] else ""), r)
    for r in d["correspondence"]:
        add(r["sent_on"], "letter" if r["channel"] == "mail" else "e-mail", correspondence.timeline_detail(r), r)


def log_detail(r: Mapping[str, Any]) -> str:
    """A maintenance row in the timeline: a plan made from every record on file with the service item the due list
    reads from it (the same stored item, so the two cannot differ); a log as submitted, evaluated on its own."""

    state = f"{'in order' if r['in_order'] else 'NOT in order'}; next service {r['next_service_date']}"
    if not r.get("computed"):
        return f"{state} (this log alone)"
    items = r.get("due") if r.get("due") is not None else log_due_items(r["result"] or {}, r["as_of"])
    services = [i for i in items if i["what"] in SERVICES]
    said = "; ".join(f"service now (since {i['date']})" if i["what"] == "service now" else
                     f"no {i['what']} date" if i["date"] is None else f"{i['what']} due {i['date']}"
                     for i in services) or "no pump-out date"
    return f"from every record on file: {said}; {state}"


def export(reg: Register) -> dict[str, Any]:
    """Every record of every FSE (JSON-ready): ``{"fses": [{"fse_id", ..., "cycles": [...], ...}]}``."""

    out = []
    with reg.db.read() as conn:
        for fse_id in _fse_ids(conn):
            entry = {"fse_id": fse_id}
            for name in RECORD_TABLES:
                entry[name] = _rows(conn, name, fse_id)
            out.append(mark_voided(entry))
    return jsonable({"fses": out})


def cycle_numbers(reg: Register, fse_id: str) -> list[int]:
    with reg.db.read() as conn:
        require_fse(conn, fse_id)
        return scalars(conn, sa.select(t.cycles.c.cycle).where(t.cycles.c.fse_id == fse_id).order_by(t.cycles.c.cycle))


def cycle_numbers_by_fse(reg: Register, at_least: int = 1) -> dict[str, list[int]]:
    """Each FSE's review cycle numbers, in order, for the FSEs with at least ``at_least`` cycles: one query."""
    out: dict[str, list[int]] = {}
    with reg.db.read() as conn:
        c = t.cycles
        for fse_id, number in conn.execute(sa.select(c.c.fse_id, c.c.cycle).order_by(c.c.fse_id, c.c.cycle)):
            out.setdefault(fse_id, []).append(number)
    return {k: v for k, v in out.items() if len(v) >= at_least}


def cycle(reg: Register, fse_id: str, number: int, field: str = "--from") -> Mapping[str, Any]:
    with reg.db.read() as conn:
        found = [] if no_record(number) else dicts(
            conn, sa.select(t.cycles).where(t.cycles.c.fse_id == fse_id, t.cycles.c.cycle == number).limit(1))
    if not found:
        numbers = cycle_numbers(reg, fse_id)
        raise SizingInputError(field, number, "one of the FSE's review cycles: "
                               + (", ".join(map(str, numbers)) if numbers else "none recorded"))
    return found[0]


#: The columns a full export leaves out: the photos' bytes (their name, type, size and SHA-256 stay).
NOT_EXPORTED = {"inspection_photos": ("data",), "submissions": ("file_data",)}


def every_table(reg: Register) -> dict[str, tuple[list[str], list[list[Any]]]]:
    """Every table of the register but the derived ones (:data:`sizing.program.schema.DERIVED`), whole, oldest row
    first: ``{table: (columns, rows)}``, JSON columns as JSON text, for a full export (:mod:`sizing.report.workbook`)."""

    out = {}
    with reg.db.read() as conn:
        for name, table in t.metadata.tables.items():
            if name in t.DERIVED:
                continue
            columns = [c for c in table.c if c.name not in NOT_EXPORTED.get(name, ())]
            kinds = {c.name: isinstance(c.type, sa.JSON) for c in columns}
            rows = [[json.dumps(v, ensure_ascii=False, sort_keys=True, default=str) if kinds[k] and v is not None else v
                     for k, v in r.items()]
                    for r in conn.execute(sa.select(*columns).order_by(table.c.id)).mappings()]
            out[name] = ([c.name for c in columns], rows)
    return out
