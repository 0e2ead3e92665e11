"""The due list: what falls due by a date across the register (install deadlines, waivers expiring,
revocations, services by each FSE's maintenance plan, records checks, training, open notices, undersized
interceptors to follow up), made from one read of each kind of record (:func:`due_records`). The FSE list counts
each FSE's overdue items from the same items, as its compliance state gathers them
(:func:`sizing.program.compliance.overdue`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from sizing.jurisdiction.months import LAST_DAY_RULE
from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import schema as t
from sizing.program.notices import due_items
from sizing.program.reading import EVERY_FSE, Scope, dicts, latest_ids, live, scalars
from sizing.program.rows import as_date, grouped, latest, newest_of
from sizing.quantities import show
from sizing.rules.due import is_overdue
from sizing.rules.due import status as due_status

if TYPE_CHECKING:
    pass
from sizing.jurisdiction.months import add_months
from sizing.program.log_due import SERVICES
from sizing.program.log_due import due_items as log_due_items
from sizing.rules.maintenance import default_due

#: The due list's status of an undersized interceptor found by an inventory: to follow up, not a deadline.
FOLLOW_UP = "follow up"


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
        text = f"CPC required {show(required, 'gal')}; installed volume not recorded"
    else:
        text = (f"CPC required {show(required, 'gal')}; installed {show(installed, 'gal')}: "
                + ("UNDERSIZED" if under else "meets the CPC size"))
    return {"cpc_required_gal": required, "installed_gal": installed, "undersized": bool(under), "cpc_check": text}


def due_records(conn, as_of: dt.date, scope: Scope = EVERY_FSE) -> dict[str, Any]:
    """What the due list reads, by FSE (every FSE, or those of ``scope``): one query per kind of record."""
    return {"ids": scalars(conn, sa.select(t.fses.c.fse_id).distinct().where(scope.of(t.fses.c.fse_id))),
            "last": _last_events(conn, scope), "notifications": grouped(conn, "notifications", scope=scope),
            "waivers": grouped(conn, "waivers", "id", "fse_id", "type", "granted_on", "expiration", "result",
                                "decided_on", "recorded_at", scope=scope),
            "logs": latest_log_results(conn, scope),
            "interceptors": grouped(conn, "interceptors", "id", "fse_id", "assessment", "recorded_at", scope=scope,
                                     where=t.interceptors.c.id.in_(latest_ids(t.interceptors, scope))),
            "notices": due_items(conn, as_of, scope), "verified": training_verified(conn, as_of, scope)}


def dated_items(records: Mapping[str, Any], as_of: dt.date, within: int, jurisdiction: Jurisdiction,
                ordered: bool = True) -> list[dict[str, Any]]:
    """The due list made from :func:`due_records`: the items dated by ``as_of + within`` days, sorted by date
    (``ordered``; else as made, for counting)."""
    return listed_items({f: fse_items(records, f, jurisdiction) for f in records["ids"]}, as_of, within, ordered)


def fse_items(records: Mapping[str, Any], fse_id: str, jurisdiction: Jurisdiction) -> list[list[Any]]:
    """Every item of one FSE's due list made from :func:`due_records`, whatever its date, as ``[date, what,
    detail, citation, status]``: ``status`` None for an item due or overdue by its date on the day asked about,
    "follow up" for an undersized interceptor (listed whatever the window)."""
    # a profile without a training interval (the CPC alone) schedules no training
    training = jurisdiction.parameters.get("training_interval_months")
    items: list[list[Any]] = []

    def add(day, fse, what, detail, citation=""):
        if day is not None:
            items.append([day, what, detail, citation, None])

    _fse_due(records, fse_id, jurisdiction, training, add)
    follow_up = _undersized(fse_id, records["interceptors"].get(fse_id, []))
    if follow_up is not None:
        items.append([follow_up[k] for k in ("date", "what", "detail", "citation", "status")])
    return items


def listed_items(items: Mapping[str, list[list[Any]]], as_of: dt.date, within: int,
                 ordered: bool = True) -> list[dict[str, Any]]:
    """The due list of each FSE's items (:func:`fse_items`): those dated by ``as_of + within`` days with their
    status on ``as_of`` (due, overdue) and the undersized interceptors to follow up, sorted by date, FSE and what
    (``ordered``)."""
    try:
        horizon = as_of + dt.timedelta(days=within)
    except OverflowError:  # beyond the calendar's last day: everything recorded is within
        horizon = dt.date.max
    out = [{"date": day, "fse_id": fse_id, "what": what, "detail": detail, "citation": citation,
            "status": status or due_status(day, as_of)}
           for fse_id, rows in items.items() for day, what, detail, citation, status in rows
           if status is not None or day <= horizon]
    return sorted(out, key=lambda i: (i["date"], i["fse_id"], i["what"])) if ordered else out


def service_schedule(records: Mapping[str, Any], as_of: dt.date, jurisdiction: Jurisdiction) -> dict[str, bool]:
    """Each FSE the due list made from :func:`due_records` gives a maintenance service date (a pump-out, service
    now, a task fixed by device type: :data:`sizing.program.log_due.SERVICES`), and whether one of them is
    overdue on ``as_of``: the program summary's pump-out schedule, read from the due list's own items."""

    late: dict[str, bool] = {}

    def add(day, fse_id, what, detail, citation=""):
        if day is not None and what in SERVICES:
            late[fse_id] = late.get(fse_id, False) or is_overdue(day, as_of)

    for fse_id in records["ids"]:
        _fse_due(records, fse_id, jurisdiction, None, add)
    return late


def _fse_due(records: Mapping[str, Any], fse_id: str, jurisdiction: Jurisdiction,
             training: Mapping[str, Any] | None, add) -> None:
    """Every dated item of one FSE's due list, each given to ``add`` (day, FSE, what, detail, citation)."""
    for item in records["notices"].get(fse_id, []):
        add(item["date"], fse_id, item["what"], item["detail"], item["citation"])
    fse_last = records["last"].get(fse_id, {})
    _due_installs(fse_id, records["notifications"].get(fse_id, []), fse_last.get("pump_out"), add)
    _due_waivers(fse_id, records["waivers"].get(fse_id, []), add)
    log = records["logs"].get(fse_id)
    verified = records.get("verified", {}).get(fse_id)
    if log is not None:
        _due_maintenance(fse_id, log, add, _training_evidence(verified, training, fse_last.get("training")))
    elif fse_last.get("full_manifest") is not None:
        _due_without_log(fse_id, fse_last["full_manifest"], jurisdiction, add)
    _due_training(fse_id, fse_last.get("training"), training, add, verified)


def _last_events(conn, scope: Scope = EVERY_FSE) -> dict[str, dict[str, dt.date]]:
    """Per FSE, the date of its last pump-out (a log's or a manifest's, full or partial), last training and last
    full pump-out on a manifest: aggregated by the database over its indexes."""
    out: dict[str, dict[str, dt.date]] = {}
    e, m = t.maintenance_events, t.hauler_manifests
    events = (sa.select(e.c.fse_id, e.c.kind, sa.func.max(e.c.on_date))
              .where(e.c.kind.in_(("pump_out", "training")), scope.of(e.c.fse_id), live(e)).group_by(e.c.fse_id, e.c.kind))
    for fse_id, kind, day in conn.execute(events):
        out.setdefault(fse_id, {})[kind] = day
    manifests = (sa.select(m.c.fse_id, sa.func.max(m.c.on_date), sa.func.max(sa.case((m.c.full, m.c.on_date))))
                 .where(scope.of(m.c.fse_id), live(m)).group_by(m.c.fse_id))
    for fse_id, any_day, full_day in conn.execute(manifests):
        last = out.setdefault(fse_id, {})
        last["pump_out"] = max(d for d in (last.get("pump_out"), any_day) if d is not None)
        if full_day is not None:
            last["full_manifest"] = full_day
    return out


def latest_logs(conn, *columns: str, scope: Scope = EVERY_FSE) -> dict[str, dict[str, Any]]:
    """Each FSE's (of ``scope``) latest maintenance log that counts (the order of :func:`latest`: its date, then
    when written), its ``id``, ``fse_id`` and ``columns``, in one query: the logs of each FSE's latest date (one
    GROUP BY over ``ix_maintenance_logs_fse_latest``), or all its logs when none is dated; the tie of one date is
    broken here, by when written, then id."""
    logs = t.maintenance_logs
    keys = ("id", "fse_id", *columns)
    wanted = [logs.c[k] for k in dict.fromkeys((*keys, "as_of", "recorded_at"))]
    counted = sa.and_(scope.of(logs.c.fse_id), live(logs))
    dated = (sa.select(logs.c.fse_id, sa.func.max(logs.c.as_of).label("as_of"))
             .where(counted, logs.c.as_of.is_not(None)).group_by(logs.c.fse_id).subquery())
    on_latest_day = sa.select(*wanted).join(dated, sa.and_(logs.c.fse_id == dated.c.fse_id,
                                                           logs.c.as_of == dated.c.as_of)).where(counted)
    undated = sa.select(*wanted).where(counted, logs.c.fse_id.not_in(sa.select(dated.c.fse_id)))
    out: dict[str, dict[str, Any]] = {}
    for r in dicts(conn, sa.union_all(on_latest_day, undated)):
        best = out.get(r["fse_id"])
        if best is None or (r["recorded_at"], r["id"]) > (best["recorded_at"], best["id"]):
            out[r["fse_id"]] = r
    return {fse: {k: r[k] for k in keys} for fse, r in out.items()}


def latest_log_results(conn, scope: Scope = EVERY_FSE) -> dict[str, dict[str, Any]]:
    """Each FSE's (of ``scope``) latest maintenance log (:func:`latest_logs`) with its due-list items (and the
    whole result only of a log stored without items)."""
    out = latest_logs(conn, "as_of", "due", "next_service_date", scope=scope)
    bare = [r["id"] for r in out.values() if r["due"] is None]
    logs = t.maintenance_logs
    for k in range(0, len(bare), 900):
        for fse_id, result in conn.execute(sa.select(logs.c.fse_id, logs.c.result).where(logs.c.id.in_(bare[k:k + 900]))):
            out[fse_id]["result"] = result
    return out


def install_period(n: Mapping[str, Any]) -> str:
    """A stored notification's period as the due list and the history print it: ``180 calendar days``, and, when
    the stored deadline is later than the days count (its last day extended off a Saturday, a Sunday or a
    holiday), from which day and under which rule."""
    kind = n["day_kind"] or "working days"
    words = f"{n['working_days']} {kind}"
    if kind != "working days" and n["notified_on"] and n["install_deadline"] and n["working_days"] is not None:
        counted = as_date(n["notified_on"]) + dt.timedelta(days=int(n["working_days"]))
        if as_date(n["install_deadline"]) > counted:
            words += f" (the last day extended from {counted.isoformat()}, {LAST_DAY_RULE['citation']})"
    return words


def _due_installs(fse_id: str, notices: list[dict[str, Any]], last_pump: dt.date | None, add) -> None:
    """An install deadline, until a pump-out on or after its notification shows an interceptor in service."""
    for n in notices:
        if last_pump is None or last_pump < n["notified_on"]:
            add(n["install_deadline"], fse_id, "install interceptor",
                f"{install_period(n)} after the notification of "
                f"{n['notified_on']}; no installation recorded", n["citation"])


def _due_waivers(fse_id: str, rows: list[dict[str, Any]], add) -> None:
    """The latest decision of each kind of waiver (by its date): its expiration, a revocation taking effect."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for w in rows:
        by_kind.setdefault(w["type"], []).append(w)
    for w in (latest(kind_rows, "waivers") for kind_rows in by_kind.values()):
        rev = w["result"].get("revocation")
        if w["granted_on"] is not None and not (rev and rev.get("may_proceed")):  # revoked: it ends then
            add(w["expiration"], fse_id, "waiver expires", f"granted {w['granted_on']}: {w['result'].get('title') or w['type'].replace('_', ' ')}",
                w["result"].get("citation", ""))
        if rev:
            add(as_date(rev["proposed_effective"]), fse_id, "revocation takes effect",
                f"notice mailed {rev['notice_mailed']}; may proceed: {'yes' if rev['may_proceed'] else 'no'}",
                rev["citations"]["notice"])


def _due_maintenance(fse_id: str, log: dict[str, Any], add, training_evidence: str | None = None) -> None:
    """The plan's (the latest maintenance row's) service (now, or by its due date) and the records checks it did
    not meet: the items kept with the row (:mod:`sizing.program.log_due`), or made from its result for a row
    stored without them. A training records check not met is left out when an inspection verified the training
    (``training_evidence``: its clause; the training item says so, :func:`_due_training`)."""

    items = log.get("due")
    if items is None:
        items = log_due_items(log["result"], log["as_of"])
    for i in items:
        if training_evidence is not None and i["what"] == "records" and i["citation"] == training_evidence:
            continue
        add(as_date(i["date"]), fse_id, i["what"], i["detail"], i["citation"])


def _training_evidence(verified: dt.date | None, training: Mapping[str, Any] | None,
                       last_training: dt.date | None) -> str | None:
    """The training clause whose "no training record" an inspection's "yes" answers (no training date on file, a
    training item verified), else None."""
    if verified is None or training is None or last_training is not None:
        return None
    return training["citation"]


def _due_without_log(fse_id: str, last_full: dt.date, jurisdiction: Jurisdiction, add) -> None:
    """An FSE whose pump-outs come from manifests only (no maintenance log, so no liquid depth or readings): the
    next pump-out by the profile's default interval after the last full one, as a log with that pump-out and no
    readings would schedule it."""

    due = default_due(last_full, jurisdiction)
    if due is not None:
        add(due[0], fse_id, "pump-out", f"{due[1]}; no maintenance log on record (hauler manifests only)", due[2])


def _due_training(fse_id: str, last_training: dt.date | None, training: Mapping[str, Any] | None, add,
                  verified: dt.date | None = None) -> None:
    """Employee training, the profile's interval after the last one (none without an interval). With no training
    date on file, an inspection that answered "yes" to a training item (``verified``, its date) is the evidence:
    the interval runs from that inspection, and the item says the date of the last training is not recorded."""

    if training is None or (last_training is None and verified is None):
        return
    since = last_training if last_training is not None else verified
    try:
        next_training = add_months(since, int(training["value"]))
    except (OverflowError, ValueError):  # past the calendar's last year
        next_training = None
    detail = (f"last training {last_training}" if last_training is not None else
              f"verified at the inspection of {verified}; date of last training not recorded")
    add(next_training, fse_id, "employee training", detail, training["citation"])


def training_verified(conn, as_of: dt.date, scope: Scope = EVERY_FSE) -> dict[str, dt.date]:
    """Per FSE (of ``scope``), the date of its latest inspection up to ``as_of`` that answered "yes" to a
    training item of a checklist (an item whose key names training: e.g. employee training, BMP (b)(5), and
    its records, Record keeping (b))."""
    i = t.inspections
    return {fse: as_date(day) for fse, day in conn.execute(
        sa.select(i.c.fse_id, sa.func.max(i.c.inspected_on)).where(
            i.c.training_yes.is_(True), i.c.inspected_on <= as_date(as_of), scope.of(i.c.fse_id), live(i))
        .group_by(i.c.fse_id))}


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
