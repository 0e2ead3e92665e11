"""Reading the register: the FSE list, one FSE, its timeline, the cycle diff, the due list, the export.

Everything here reads stored rows and stored results; the only core call is the profile's parameters (the
training interval) and the calendar arithmetic of :mod:`sizing.ordinance.maintenance`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from sizing.errors import SizingInputError
from sizing.jurisdiction import Jurisdiction
from sizing.ordinance.due import OVERDUE, is_overdue
from sizing.ordinance.due import status as due_status
from sizing.register import schema as t
from sizing.register.adapter import FAIL
from sizing.register.collect import with_few_collections
from sizing.register.fses import require_fse
from sizing.register.notices import due_items
from sizing.register.store import Register

FSE_COLUMNS = ("fse_id", "name", "address", "owner", "status", "cycles", "last_review", "failing", "waiver",
               "waiver_expiration", "next_service", "overdue", "cpc_required_gal", "installed_gal", "cpc_check")
#: The due list's status of an undersized interceptor found by an inventory: to follow up, not a deadline.
FOLLOW_UP = "follow up"
RECORD_TABLES = ("fses", "interceptors", "cycles", "waivers", "notifications", "maintenance_logs",
                 "maintenance_events", "inspections", "notices", "hauler_manifests")


def _rows(conn, table: sa.Table, fse_id: str | None = None, order=None) -> list[dict[str, Any]]:
    q = sa.select(table)
    if fse_id is not None:
        q = q.where(table.c.fse_id == fse_id)
    q = q.order_by(*(order or [table.c.id]))
    return [dict(r) for r in conn.execute(q).mappings()]


def fse_ids(reg: Register) -> list[str]:
    with reg.db.read() as conn:
        return [r[0] for r in conn.execute(sa.select(t.fses.c.fse_id).distinct().order_by(t.fses.c.fse_id))]


def find_fses(reg: Register, text: str = "", limit: int = 50) -> list[dict[str, Any]]:
    """FSEs whose id or latest name or address contains ``text`` (case ignored), by id: ``fse_id``, ``name``,
    ``address``; at most ``limit``."""
    newest = sa.select(sa.func.max(t.fses.c.id)).group_by(t.fses.c.fse_id).scalar_subquery()
    with reg.db.read() as conn:
        rows = conn.execute(sa.select(t.fses.c.fse_id, t.fses.c.name, t.fses.c.address)
                            .where(t.fses.c.id.in_(newest)).order_by(t.fses.c.fse_id)).mappings().all()
    needle = " ".join(str(text or "").split()).casefold()
    found = [dict(r) for r in rows if not needle or any(needle in str(r[k] or "").casefold()
                                                         for k in ("fse_id", "name", "address"))]
    return found[:limit]


def last_readings(reg: Register, fse_id: str, n: int = 3) -> list[dict[str, Any]]:
    """The FSE's latest ``n`` FOG + solids readings (from logs and inspections), newest first: date, fog_in,
    solids_in, and the inspection that took it (None: a maintenance log)."""
    e = t.maintenance_events.c
    with reg.db.read() as conn:
        rows = conn.execute(sa.select(e.on_date, e.fog_in, e.solids_in, e.inspection_id).where(
            e.fse_id == fse_id, e.kind == "reading").order_by(e.on_date.desc(), e.id.desc()).limit(n)).mappings()
        return [dict(r) for r in rows]


def _grouped(conn, table: sa.Table, *columns: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of ``table`` (or only ``columns``), grouped by FSE, oldest first: one query for all FSEs."""
    cols = [table.c[c] for c in columns] if columns else [table]
    found = conn.execute(sa.select(*cols).order_by(table.c.id))
    keys = tuple(found.keys())
    at = keys.index("fse_id")
    out: dict[str, list[dict[str, Any]]] = {}
    for r in found.all():  # plain tuples, fetched at once: a mapping view or a fetch per row costs more
        out.setdefault(r[at], []).append(dict(zip(keys, r, strict=True)))
    return out


def _newest(conn, table: sa.Table, *columns: str) -> dict[str, dict[str, Any]]:
    """Each FSE's newest row of ``table`` (the last written: the highest id), only ``columns``: one query."""
    newest = sa.select(sa.func.max(table.c.id)).group_by(table.c.fse_id).scalar_subquery()
    found = conn.execute(sa.select(table.c.fse_id, *(table.c[c] for c in columns)).where(table.c.id.in_(newest)))
    return {r[0]: dict(zip(columns, r[1:], strict=True)) for r in found.all()}


#: Every table whose rows the FSE list or the due list reads (rows are only ever added, never changed in place).
STATE_TABLES = (*RECORD_TABLES, "findings", "notice_closures")


def register_state(reg: Register) -> tuple[Any, ...]:
    """A cheap fingerprint of what the register holds: each record table's highest id and row count, in one
    query. Any write by anyone (rows are added, never changed in place) gives another fingerprint, so a result
    kept under it is the one the register would give now."""
    parts = []
    for name in STATE_TABLES:
        table = getattr(t, name)
        parts += [sa.select(sa.func.max(table.c.id)).scalar_subquery(),
                  sa.select(sa.func.count()).select_from(table).scalar_subquery()]
    with reg.db.read() as conn:
        return tuple(conn.execute(sa.select(*parts)).one())


#: The date each kind of record is about (the latest record is the one with the latest such date; records of the
#: same date are taken in the order they were written).
RECORD_DATES = {"cycles": "review_date", "waivers": "decided_on", "maintenance_logs": "as_of"}


def latest(rows: list[dict[str, Any]], table: str) -> dict[str, Any] | None:
    """The latest of one FSE's ``rows`` of ``table`` by the records' own dates (:data:`RECORD_DATES`), ties by
    when they were written: a record dated before another is kept in the timeline and never overrides it."""
    if not rows:
        return None
    key = RECORD_DATES[table]
    return max(rows, key=lambda r: (r.get(key) or dt.date.min, r.get("recorded_at") or dt.datetime.min, r["id"]))


@with_few_collections
def fse_list(reg: Register, as_of: dt.date | None = None, *, jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    """One row per FSE: its latest details and a status from its latest cycle, waiver and maintenance log (latest
    by their own dates)."""
    as_of = as_of or dt.date.today()
    out = []
    with reg.db.read() as conn:
        records = _due_records(conn, as_of)
        fses = _newest(conn, t.fses, "fse_id", "name", "address", "owner")
        cycles = _grouped(conn, t.cycles, "id", "fse_id", "cycle", "compliant", "review_date", "recorded_at")
        waivers = _grouped(conn, t.waivers, "id", "fse_id", "status", "expiration", "result", "decided_on",
                           "recorded_at")
        f = t.findings.c
        failing = dict(conn.execute(sa.select(f.source_id, sa.func.count()).where(
            f.source == "cycle", f.status == FAIL).group_by(f.source_id)).all())
    due = overdue_counts(records, as_of, jurisdiction)
    logs = records["logs"]
    for fse_id, fse in fses.items():
        cycle = latest(cycles.get(fse_id, []), "cycles")
        waiver = latest(waivers.get(fse_id, []), "waivers")
        log = logs.get(fse_id)
        status = "no review" if cycle is None else "compliant" if cycle["compliant"] else "corrections required"
        if due.get(fse_id):
            status += f"; {OVERDUE}"
        out.append({"fse_id": fse_id, "name": fse["name"], "address": fse["address"], "owner": fse["owner"],
                    "status": status, "cycles": 0 if cycle is None else cycle["cycle"],
                    "last_review": None if cycle is None else cycle["review_date"],
                    "failing": None if cycle is None else failing.get(cycle["id"], 0),
                    "waiver": None if waiver is None else waiver_status(waiver, as_of),
                    "waiver_expiration": None if waiver is None else waiver["expiration"],
                    "next_service": None if log is None else log["next_service_date"],
                    "overdue": due.get(fse_id, 0),
                    **{k: v for k, v in cpc_check(newest_of(records["interceptors"].get(fse_id))).items()
                       if k != "undersized"}})
    return sorted(out, key=lambda r: r["fse_id"])


def recorded_decision(reg: Register, fse_id: str) -> dict[str, Any] | None:
    """The waiver decision the Director recorded for an FSE (granted, denied or revoked), the latest by its own
    date: its ``waiver`` section as stored (what a review honours), the date, status and who recorded it; None
    when the FSE has none (or is not in the register)."""
    with reg.db.read() as conn:
        rows = _rows(conn, t.waivers, fse_id)
    rows = [r for r in rows if r.get("status") in ("granted", "denied", "revoked")]
    row = latest(rows, "waivers")
    if row is None:
        return None
    section = dict((row.get("document") or {}).get("waiver") or {})
    return {"waiver": section, "status": row["status"], "decided_on": row["decided_on"],
            "recorded_by": row.get("recorded_by"), "construction": (row.get("document") or {}).get("construction")}


def cpc_check(interceptor: Mapping[str, Any] | None) -> dict[str, Any]:
    """The CPC check an inventory stored with an interceptor (its ``assessment``): the required gravity volume,
    the installed one and whether it is undersized; all None without an inventory assessment."""
    a = (interceptor or {}).get("assessment") or {}
    required, installed, under = a.get("required_volume_gal"), a.get("installed_volume_gal"), a.get("undersized")
    if not a:
        text = None
    elif required is None:
        text = "CPC size not known (" + (a.get("warnings") or "beyond Table 1014.3.6") + ")"
    elif installed is None:
        text = f"CPC required {required:,.0f} gal; installed volume not recorded"
    else:
        text = (f"CPC required {required:,.0f} gal; installed {installed:,.0f} gal: "
                + ("UNDERSIZED" if under else "meets the CPC size"))
    return {"cpc_required_gal": required, "installed_gal": installed, "undersized": bool(under), "cpc_check": text}


def waiver_status(waiver: Mapping[str, Any], as_of: dt.date) -> str:
    """The decision, or "revoked <date>" once a revocation that may proceed has taken effect."""
    rev = (waiver.get("result") or {}).get("revocation")
    if rev and rev.get("may_proceed"):
        effective = _d(rev["proposed_effective"])
        if effective <= as_of:
            return f"revoked {effective}"
        return f"{waiver['status']}; revocation effective {effective}"
    return waiver["status"]


def _last(conn, table: sa.Table, fse_id: str) -> dict[str, Any] | None:
    row = conn.execute(sa.select(table).where(table.c.fse_id == fse_id).order_by(table.c.id.desc())
                       .limit(1)).mappings().first()
    return None if row is None else dict(row)


def show(reg: Register, fse_id: str) -> dict[str, Any]:
    """Everything the register holds on one FSE, each table's rows oldest first."""
    with reg.db.read() as conn:
        fse = require_fse(conn, fse_id)
        out = {"fse": fse}
        for name in RECORD_TABLES:
            out[name] = _rows(conn, getattr(t, name), fse_id)
    return out


def history(reg: Register, fse_id: str) -> list[dict[str, Any]]:
    """The FSE's timeline: one entry per record, by date (then by order of writing)."""
    d = show(reg, fse_id)
    out = []

    def add(day, what, detail, row):
        out.append({"date": day or row["recorded_at"].date(), "what": what, "detail": detail,
                    "recorded_at": row["recorded_at"], "recorded_by": row["recorded_by"],
                    "on_behalf_of": row.get("on_behalf_of")})

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
        add(r["notified_on"], "notification", f"install within {r['working_days']} {r['day_kind'] or 'working days'}, by "
            f"{r['install_deadline']} ({r['citation']})", r)
    for r in d["interceptors"]:
        size = (f"{r['volume_gal']:g} gal" if r["volume_gal"] is not None else
                f"{r['rated_flow_gpm']:g} gpm" if r["rated_flow_gpm"] is not None else "size not recorded")
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
                  "reading": lambda e: f"FOG {e['fog_in']:g} in + solids {e['solids_in']:g} in",
                  "training": lambda e: "employee training"}[r["kind"]](r)
        add(r["on_date"], r["kind"].replace("_", "-"), detail, r)
    for r in d["hauler_manifests"]:
        add(r["on_date"], "pump-out" if r["full"] else "partial pump-out",
            f"hauler {r['hauler']}; manifest {r['manifest']}; {r['gallons']:,.0f} gal to {r['disposal_site']}", r)
    for r in d["maintenance_logs"]:
        add(r["as_of"], "maintenance plan" if r.get("computed") else "maintenance check", log_detail(r), r)
    for r in d["inspections"]:
        failed = len((r["result"] or {}).get("failures") or [])
        add(r["inspected_on"], "inspection", f"{r['purpose'].replace('_', ' ')}: "
            + ("passed" if r["passed"] else f"{failed} item(s) failed")
            + (f"; {r['percent_full']:.1f} % full" if r["percent_full"] is not None else ""), r)
    for r in d["notices"]:
        add(r["issued_on"], "notice", f"notice {r['id']}: {r['title']} ({r['item']}); due {r['due_on']} "
            f"({r['citation']})", r)
    return sorted(out, key=lambda e: (e["date"], e["recorded_at"]))


def log_detail(r: Mapping[str, Any]) -> str:
    """A maintenance row in the timeline: a plan made from every record on file with the service item the due list
    reads from it (the same stored item, so the two cannot differ); a log as submitted, evaluated on its own."""
    from sizing.register.log_due import due_items as log_due_items

    state = f"{'in order' if r['in_order'] else 'NOT in order'}; next service {r['next_service_date']}"
    if not r.get("computed"):
        return f"{state} (this log alone)"
    items = r.get("due") if r.get("due") is not None else log_due_items(r["result"] or {}, r["as_of"])
    service = next((i for i in items if i["what"] in ("pump-out", "service now")), None)
    said = ("no pump-out date" if service is None or service["date"] is None else
            f"service now (since {service['date']})" if service["what"] == "service now" else
            f"pump-out due {service['date']}")
    return f"from every record on file: {said}; {state}"


@with_few_collections
def due_list(reg: Register, as_of: dt.date | None = None, within: int = 30, *,
             jurisdiction: Jurisdiction) -> list[dict[str, Any]]:
    """What falls due by ``as_of + within`` days (earlier items are overdue), sorted by date.

    Install deadlines (until a pump-out on or after the notification shows an interceptor in service), waivers
    expiring, revocations taking effect, services due by the FSE's maintenance plan (its latest maintenance row by
    date: after any write, the plan made from every record on file, :mod:`sizing.register.replan`), training due (the
    profile's training interval after the last training, when the profile of ``jurisdiction`` has one), the
    records checks the latest log did not meet, undersized interceptors to follow up, and open notices (by their
    due dates).
    """
    as_of = as_of or dt.date.today()
    with reg.db.read() as conn:
        records = _due_records(conn, as_of)
    return _due_items(records, as_of, within, jurisdiction)


def _due_records(conn, as_of: dt.date) -> dict[str, Any]:
    """What the due list reads, by FSE: one query per kind of record."""
    i = t.interceptors.c
    newest = sa.select(sa.func.max(i.id)).group_by(i.fse_id).scalar_subquery()
    return {"ids": list(conn.execute(sa.select(t.fses.c.fse_id).distinct()).scalars().all()),
            "last": _last_events(conn), "notifications": _grouped(conn, t.notifications),
            "waivers": _grouped(conn, t.waivers, "id", "fse_id", "type", "granted_on", "expiration", "result",
                                "decided_on", "recorded_at"),
            "logs": latest_log_results(conn),
            "interceptors": _grouped(conn, t.interceptors.select().where(i.id.in_(newest)).subquery(), "id", "fse_id",
                                     "assessment", "recorded_at"),
            "notices": due_items(conn, as_of)}


def _due_items(records: Mapping[str, Any], as_of: dt.date, within: int, jurisdiction: Jurisdiction,
               ordered: bool = True) -> list[dict[str, Any]]:
    """The due list made from :func:`_due_records`: the items dated by ``as_of + within`` days, sorted by date
    (``ordered``; else as made, for counting)."""
    try:
        horizon = as_of + dt.timedelta(days=within)
    except OverflowError:  # beyond the calendar's last day: everything recorded is within
        horizon = dt.date.max
    # a profile without a training interval (the CPC alone) schedules no training
    training = jurisdiction.parameters.get("training_interval_months")
    items: list[dict[str, Any]] = []

    def add(day, fse_id, what, detail, citation=""):
        if day is not None and day <= horizon:
            items.append({"date": day, "fse_id": fse_id, "what": what, "detail": detail, "citation": citation,
                          "status": due_status(day, as_of)})

    for fse_id in records["ids"]:
        _fse_due(records, fse_id, jurisdiction, training, add)
        follow_up = _undersized(fse_id, records["interceptors"].get(fse_id, []))
        if follow_up is not None:
            items.append(follow_up)
    return sorted(items, key=lambda i: (i["date"], i["fse_id"], i["what"])) if ordered else items


def overdue_counts(records: Mapping[str, Any], as_of: dt.date, jurisdiction: Jurisdiction) -> dict[str, int]:
    """Each FSE's overdue items of the due list made from :func:`_due_records` as of ``as_of`` (none ahead): the
    same dated items :func:`_due_items` makes, counted, no item kept (an undersized interceptor is to follow up,
    never overdue). FSEs with none are left out."""
    training = jurisdiction.parameters.get("training_interval_months")
    counts: dict[str, int] = {}

    def add(day, fse_id, what, detail, citation=""):
        if day is not None and is_overdue(day, as_of):
            counts[fse_id] = counts.get(fse_id, 0) + 1

    for fse_id in records["ids"]:
        _fse_due(records, fse_id, jurisdiction, training, add)
    return counts


def _fse_due(records: Mapping[str, Any], fse_id: str, jurisdiction: Jurisdiction,
             training: Mapping[str, Any] | None, add) -> None:
    """Every dated item of one FSE's due list, each given to ``add`` (day, FSE, what, detail, citation)."""
    for item in records["notices"].get(fse_id, []):
        add(item["date"], fse_id, item["what"], item["detail"], item["citation"])
    fse_last = records["last"].get(fse_id, {})
    _due_installs(fse_id, records["notifications"].get(fse_id, []), fse_last.get("pump_out"), add)
    _due_waivers(fse_id, records["waivers"].get(fse_id, []), add)
    log = records["logs"].get(fse_id)
    if log is not None:
        _due_maintenance(fse_id, log, add)
    elif fse_last.get("full_manifest") is not None:
        _due_without_log(fse_id, fse_last["full_manifest"], jurisdiction, add)
    _due_training(fse_id, fse_last.get("training"), training, add)


def _last_events(conn) -> dict[str, dict[str, dt.date]]:
    """Per FSE, the date of its last pump-out (a log's or a manifest's, full or partial), last training and last
    full pump-out on a manifest: aggregated by the database over its indexes."""
    out: dict[str, dict[str, dt.date]] = {}
    e = t.maintenance_events.c
    for fse_id, kind, day in conn.execute(sa.select(e.fse_id, e.kind, sa.func.max(e.on_date)).where(
            e.kind.in_(("pump_out", "training"))).group_by(e.fse_id, e.kind)).all():
        out.setdefault(fse_id, {})[kind] = day
    m = t.hauler_manifests.c
    for fse_id, any_day, full_day in conn.execute(sa.select(
            m.fse_id, sa.func.max(m.on_date), sa.func.max(sa.case((m.full.is_(True), m.on_date)))).group_by(m.fse_id)
            ).all():
        last = out.setdefault(fse_id, {})
        last["pump_out"] = max(d for d in (last.get("pump_out"), any_day) if d is not None)
        if full_day is not None:
            last["full_manifest"] = full_day
    return out


def latest_logs(conn, *columns: str) -> dict[str, dict[str, Any]]:
    """Each FSE's latest maintenance log (the order of :func:`latest`: its date, then when written), its ``id``,
    ``fse_id`` and ``columns``, chosen by the database in one query."""
    g = t.maintenance_logs.c
    keys = ("id", "fse_id", *columns)
    if conn.dialect.name == "sqlite":  # each FSE's first log in that order: one seek into ix_maintenance_logs_fse_latest
        x = t.maintenance_logs.alias("x").c
        fses = sa.select(g.fse_id).distinct().subquery("f")
        first = (sa.select(x.id).where(x.fse_id == fses.c.fse_id)
                 .order_by(x.as_of.desc().nulls_last(), x.recorded_at.desc(), x.id.desc()).limit(1).scalar_subquery())
        q = sa.select(*(g[k] for k in keys)).where(g.id.in_(sa.select(first).select_from(fses)))
    else:  # PostgreSQL ranks the logs in one pass (quicker there than a subquery per FSE)
        rank = sa.func.row_number().over(partition_by=g.fse_id, order_by=(
            g.as_of.desc().nulls_last(), g.recorded_at.desc(), g.id.desc())).label("rank")
        ranked = sa.select(*(g[k] for k in keys), rank).subquery()
        q = sa.select(*(ranked.c[k] for k in keys)).where(ranked.c.rank == 1)
    return {r[1]: dict(zip(keys, r, strict=True)) for r in conn.execute(q).all()}


def latest_log_results(conn) -> dict[str, dict[str, Any]]:
    """Each FSE's latest maintenance log (:func:`latest_logs`) with its due-list items (and the whole result only
    of a log stored without items)."""
    g = t.maintenance_logs.c
    out = latest_logs(conn, "as_of", "due", "next_service_date")
    bare = [r["id"] for r in out.values() if r["due"] is None]
    for k in range(0, len(bare), 900):
        for r in conn.execute(sa.select(g.fse_id, g.result).where(g.id.in_(bare[k:k + 900]))):
            out[r.fse_id]["result"] = r.result
    return out


def _due_installs(fse_id: str, notices: list[dict[str, Any]], last_pump: dt.date | None, add) -> None:
    """An install deadline, until a pump-out on or after its notification shows an interceptor in service."""
    for n in notices:
        if last_pump is None or last_pump < n["notified_on"]:
            add(n["install_deadline"], fse_id, "install interceptor",
                f"{n['working_days']} {n['day_kind'] or 'working days'} after the notification of "
                f"{n['notified_on']}; no installation recorded", n["citation"])


def _due_waivers(fse_id: str, rows: list[dict[str, Any]], add) -> None:
    """The latest decision of each kind of waiver (by its date): its expiration, a revocation taking effect."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for w in rows:
        by_kind.setdefault(w["type"], []).append(w)
    for w in (latest(kind_rows, "waivers") for kind_rows in by_kind.values()):
        rev = w["result"].get("revocation")
        if w["granted_on"] is not None and not (rev and rev.get("may_proceed")):  # revoked: it ends then
            add(w["expiration"], fse_id, "waiver expires", f"{w['type']} granted {w['granted_on']}",
                w["result"].get("citation", ""))
        if rev:
            add(_d(rev["proposed_effective"]), fse_id, "revocation takes effect",
                f"notice mailed {rev['notice_mailed']}; may proceed: {'yes' if rev['may_proceed'] else 'no'}",
                rev["citations"]["notice"])


def _due_maintenance(fse_id: str, log: dict[str, Any], add) -> None:
    """The plan's (the latest maintenance row's) service (now, or by its due date) and the records checks it did
    not meet: the items kept with the row (:mod:`sizing.register.log_due`), or made from its result for a row
    stored without them."""
    from sizing.register.log_due import due_items as log_due_items

    items = log.get("due")
    if items is None:
        items = log_due_items(log["result"], log["as_of"])
    for i in items:
        add(_d(i["date"]), fse_id, i["what"], i["detail"], i["citation"])


def _due_without_log(fse_id: str, last_full: dt.date, jurisdiction: Jurisdiction, add) -> None:
    """An FSE whose pump-outs come from manifests only (no maintenance log, so no liquid depth or readings): the
    next pump-out by the profile's default interval after the last full one, as a log with that pump-out and no
    readings would schedule it."""
    from sizing.ordinance.maintenance import default_due

    due = default_due(last_full, jurisdiction)
    if due is not None:
        add(due[0], fse_id, "pump-out", f"{due[1]}; no maintenance log on record (hauler manifests only)", due[2])


def _due_training(fse_id: str, last_training: dt.date | None, training: Mapping[str, Any] | None, add) -> None:
    """Employee training, the profile's interval after the last one (none without an interval)."""
    from sizing.ordinance.accumulation import add_months

    if last_training is None or training is None:
        return
    try:
        next_training = add_months(last_training, int(training["value"]))
    except (OverflowError, ValueError):  # past the calendar's last year
        next_training = None
    add(next_training, fse_id, "employee training", f"last training {last_training}", training["citation"])


def newest_of(rows: list[dict[str, Any]] | None) -> dict[str, Any] | None:
    """The row written last (the highest id) of ``rows``; None for none."""
    return max(rows or [], key=lambda r: r["id"], default=None)


def _undersized(fse_id: str, icps: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An undersized interceptor found by an inventory: an item to follow up from the day it was recorded."""
    icp = newest_of(icps)
    check = cpc_check(icp)
    if not check["undersized"]:
        return None
    edition = (icp.get("assessment") or {}).get("edition")
    return {"date": icp["recorded_at"].date(), "fse_id": fse_id, "what": "undersized interceptor",
            "detail": check["cpc_check"] + "; follow up with the FSE",
            "citation": f"CPC {edition}, Table 1014.3.6" if edition else "CPC Table 1014.3.6", "status": FOLLOW_UP}


def _d(value: Any) -> dt.date | None:
    return None if value in (None, "") else dt.date.fromisoformat(str(value)[:10])


def export(reg: Register) -> dict[str, Any]:
    """Every record of every FSE (JSON-ready): ``{"fses": [{"fse_id", ..., "cycles": [...], ...}]}``."""
    from sizing.register.store import jsonable

    out = []
    with reg.db.read() as conn:
        for fse_id in [r[0] for r in conn.execute(sa.select(t.fses.c.fse_id).distinct().order_by(t.fses.c.fse_id))]:
            entry = {"fse_id": fse_id}
            for name in RECORD_TABLES:
                entry[name] = _rows(conn, getattr(t, name), fse_id)
            out.append(entry)
    return jsonable({"fses": out})


def cycle_numbers(reg: Register, fse_id: str) -> list[int]:
    with reg.db.read() as conn:
        require_fse(conn, fse_id)
        return [r[0] for r in conn.execute(sa.select(t.cycles.c.cycle).where(t.cycles.c.fse_id == fse_id)
                                           .order_by(t.cycles.c.cycle))]


def cycle_numbers_by_fse(reg: Register, at_least: int = 1) -> dict[str, list[int]]:
    """Each FSE's review cycle numbers, in order, for the FSEs with at least ``at_least`` cycles: one query."""
    c = t.cycles.c
    out: dict[str, list[int]] = {}
    with reg.db.read() as conn:
        for fse_id, number in conn.execute(sa.select(c.fse_id, c.cycle).order_by(c.fse_id, c.cycle)).all():
            out.setdefault(fse_id, []).append(number)
    return {k: v for k, v in out.items() if len(v) >= at_least}


def cycle(reg: Register, fse_id: str, number: int, field: str = "--from") -> Mapping[str, Any]:
    with reg.db.read() as conn:
        row = conn.execute(sa.select(t.cycles).where(t.cycles.c.fse_id == fse_id, t.cycles.c.cycle == number)
                           ).mappings().first()
    if row is None:
        numbers = cycle_numbers(reg, fse_id)
        raise SizingInputError(field, number, "one of the FSE's review cycles: "
                               + (", ".join(map(str, numbers)) if numbers else "none recorded"))
    return dict(row)
