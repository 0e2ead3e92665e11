"""Writing to the register: a review cycle, a waiver decision, a maintenance log, an inventory.

Every write evaluates the document with the core first (so bad input raises before anything is written), then
stores the result in one transaction: all of a record or none of it. Nothing is updated in place: a new review
is a new cycle, a changed FSE name is a new FSE row, a maintenance log adds only the events not yet recorded, and
then the FSE's maintenance plan is made again from every record on file (:mod:`sizing.program.replan`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import yaml
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.errors import shown as shown_text
from sizing.io import fields as parse
from sizing.io.fields import shown_path
from sizing.jurisdiction.profile import Jurisdiction, get
from sizing.program import access, manifest_store
from sizing.program import schema as t
from sizing.program.adapter import normalise
from sizing.program.db import Opened, open_db
from sizing.program.evaluated import (  # noqa: F401  (evaluate, jsonable: the register's writing API)
    KINDS,
    Evaluated,
    check_fse_id,
    check_limits,
    evaluate,
    jsonable,
)
from sizing.program.fses import ensure_fse
from sizing.program.inventory import details, flush, write_contacts
from sizing.program.inventory import import_row as _import_row
from sizing.program.log_due import due_items
from sizing.program.manifests import check_against, key, rejected_message
from sizing.program.reading import live
from sizing.program.replan import plan_note, replan
from sizing.program.writers import on_behalf_of

SOURCE_OF = {"review": "cycle", "waiver": "waiver", "maintenance": "maintenance"}
#: Writers that lose a race for the next cycle number (PostgreSQL) try again this many times.
RETRIES = 5
#: Inventory rows are inserted in batches of this many (all inside the import's one transaction).
IMPORT_CHUNK = 500


@dataclass
class Added:
    kind: str
    fse_id: str
    record_id: int
    exit_code: int
    cycle: int | None = None
    events_added: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        what = {"review": f"review cycle {self.cycle}", "waiver": "waiver decision",
                "maintenance": f"maintenance log ({self.events_added} new events)"}[self.kind]
        return f"stored {what} of {self.fse_id}"


@dataclass
class Imported:
    fses_added: int
    fses_known: int
    interceptors_added: int
    rejected: int
    not_sized: tuple[str, ...]
    #: the rejected rows' line numbers in the CSV
    reject_lines: tuple[int, ...] = ()
    #: contact rows written (an owner's or operator's details new or changed)
    contacts_written: int = 0


@dataclass
class ManifestsImported:
    """What ``register import-manifests`` stored: manifests (full pump-outs among them), the FSEs, the
    maintenance plans made again (``logs``), and the lines left out (``--skip-rejects``) and warnings."""

    manifests: int
    full: int
    fses: int
    logs: int
    rejected: int
    reject_lines: tuple[int, ...] = ()
    warnings: tuple[str, ...] = ()


class ManifestsRejected(SizingInputError):
    """A manifest import with rejected lines, all or nothing: nothing written; the lines are on ``.manifests``."""

    def __init__(self, mf: Any, hint: str):

        super().__init__(mf.name, None, "", message=rejected_message(mf, hint))
        self.manifests = mf


def _date(value: Any) -> dt.date | None:
    return None if value in (None, "") else dt.date.fromisoformat(str(value)[:10])


class Register:
    """One register database (see :mod:`sizing.program.db` for where it lives), written by ``identity`` (the
    signed-in user; default: the PostgreSQL role, else the operating-system user). ``require_user``: refuse
    every write while the register has no users (see :mod:`sizing.program.access`)."""

    def __init__(self, opened: Opened, identity: str | None = None, require_user: bool = False):
        self.db = opened
        self._identity = identity.strip() if identity and identity.strip() else None
        self.require_user = require_user

    @property
    def identity(self) -> str:
        """Who writes: recorded as ``recorded_by`` and checked against the users' roles."""
        if self._identity is None:
            self._identity = access.default_identity(self.db)
        return self._identity

    def role(self) -> str | None:
        """The writer's active role, or None (not a user, disabled, or no users yet)."""
        return access.role_of(self.db, self.identity)

    def may(self, action: str) -> bool:
        """Whether the writer may make ``action`` now (what the app shows; the write checks again)."""
        if not access.any_users(self.db):
            return not self.require_user
        return access.may(self.role(), action)

    # --- documents ------------------------------------------------------------------------------------------

    def add_file(self, path: str | Path, *, user: str | None = None, fse_id: str | None = None,
                 kind: str | None = None, today: dt.date | None = None, jurisdiction: Jurisdiction) -> Added:
        doc = parse.load_document(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):  # already read once by load_document; keep the parsed form
            text = None
        return self.add(evaluate(doc, kind=kind, fse_id=fse_id, today=today, text=text, name=Path(path).name,
                                 jurisdiction=jurisdiction), user=user)

    def add_document(self, doc: Mapping[str, Any], *, user: str | None = None, kind: str | None = None,
                     fse_id: str | None = None, today: dt.date | None = None, name: str | None = None,
                     jurisdiction: Jurisdiction) -> Added:

        text = yaml.safe_dump(jsonable(dict(doc)), sort_keys=False, allow_unicode=True)
        return self.add(evaluate(doc, kind=kind, fse_id=fse_id, today=today, text=text, name=name,
                                 jurisdiction=jurisdiction), user=user)

    def add(self, ev: Evaluated, user: str | None = None) -> Added:
        """Store ``ev`` as written by :attr:`identity`, on behalf of ``user`` when given."""
        check_limits(ev)
        writer = access.writer(self.identity, on_behalf_of(user), access.now())
        for attempt in range(RETRIES):
            try:
                with self.db.write() as conn:
                    access.authorise(conn, self.identity, ev.kind, require_user=self.require_user)
                    ensure_fse(conn, ev.fse_id, ev.project, f"{ev.kind} {ev.name or ''}".strip(), writer)
                    added = {"review": _add_cycle, "waiver": _add_waiver,
                             "maintenance": _add_maintenance}[ev.kind](conn, ev, writer)
                    _add_findings(conn, ev, added.record_id)
                    return added
            except sa.exc.IntegrityError:  # another writer took the same cycle number: count again
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    # --- inventory --------------------------------------------------------------------------------------------

    def import_inventory(self, source: Any, *, user: str | None = None, skip_rejects: bool = False,
                         edition: str | None = None, jurisdiction: Jurisdiction,
                         skip_hint: str = "give --skip-rejects", batch: Any = None) -> Imported:
        """The batch inventory (``sizing batch`` input) into FSE and interceptor records, in one transaction,
        sized under ``jurisdiction`` (its default connections), whose id each assessment carries.

        A rejected row writes nothing unless ``skip_rejects`` (then its submittal is left out)."""
        from sizing.batch import run_batch

        if batch is None:
            batch = run_batch(source, edition=edition, jurisdiction=jurisdiction)
        given = details(source)
        rejects = batch.rejects
        check_rejects(batch, source, skip_rejects, skip_hint)
        writer = access.writer(self.identity, on_behalf_of(user), access.now())
        added = known = icps = 0
        with self.db.write() as conn:
            access.authorise(conn, self.identity, "inventory", require_user=self.require_user)
            latest = {"fses": _latest_all(conn, t.fses), "interceptors": _latest_all(conn, t.interceptors)}
            pending: dict[str, list[dict[str, Any]]] = {"fses": [], "interceptors": []}
            for row in batch.results.to_dict("records"):
                new_fse, new_icp = _import_row(check_fse_id(row["submittal_id"], "submittal_id"), jsonable(row), writer,
                                               latest, pending, jurisdiction.id, given.get(str(row["submittal_id"])))
                added += new_fse
                known += not new_fse
                icps += new_icp
                if len(pending["fses"]) + len(pending["interceptors"]) >= IMPORT_CHUNK:
                    flush(conn, pending)
            flush(conn, pending)
            written = write_contacts(conn, _imported_details(given, latest["fses"]), writer)
        return Imported(fses_added=added, fses_known=known, interceptors_added=icps, rejected=len(rejects),
                        not_sized=tuple(batch.not_sized), reject_lines=tuple(int(n) for n in rejects["line"]),
                        contacts_written=written)

    # --- hauler manifests -------------------------------------------------------------------------------------

    def import_manifests(self, mf: Any, *, user: str | None = None, skip_rejects: bool = False,
                         skip_hint: str = "give --skip-rejects") -> ManifestsImported:
        """A read manifest CSV (:func:`sizing.program.manifests.read`) into the register, in one transaction:
        checked against the register first (unknown FSE, a manifest number its hauler already used); a rejected
        line writes nothing unless ``skip_rejects``. Each FSE with a full pump-out in the file gets its maintenance
        plan made again from every record on file (:func:`sizing.program.replan.replan`), where its records
        make one (a liquid depth on file)."""

        writer = access.writer(self.identity, on_behalf_of(user), access.now())
        with self.db.write() as conn:
            access.authorise(conn, self.identity, "manifests", require_user=self.require_user)
            check_against(mf, *manifest_store.state(conn, mf.rows))
            if mf.rejects and not skip_rejects:
                raise ManifestsRejected(mf, skip_hint)
            manifest_store.store(conn, mf.rows, writer, mf.name)
            full = {r.fse_id for r in mf.rows if r.full}
            logs = len(replan(conn, full, None, writer)) if full else 0
        return ManifestsImported(manifests=len(mf.rows), full=sum(r.full for r in mf.rows),
                                 fses=len({r.fse_id for r in mf.rows}), logs=logs, rejected=len(mf.rejects),
                                 reject_lines=tuple(r.line for r in mf.rejects), warnings=tuple(mf.warnings))


def _imported_details(given: Mapping[str, Any], fses: Mapping[str, Any]) -> dict[str, Any]:
    """The inventory's details by FSE id as imported (the id checked as the import checks it), for the FSEs the
    import wrote or knew (a rejected submittal's are left out)."""
    out = {}
    for sid, details_ in given.items():
        try:
            fse_id = check_fse_id(sid, "submittal_id")
        except SizingInputError:  # a submittal rejected for its id: nothing of it was imported
            continue
        if fse_id in fses:
            out[fse_id] = details_
    return out


def check_rejects(batch: Any, source: Any, skip_rejects: bool, skip_hint: str = "give --skip-rejects") -> None:
    """An inventory with rejected rows imports nothing unless the other submittals are asked for: one error naming
    the file, the first rejected line and its reason."""
    rejects = batch.rejects
    if len(rejects) and not skip_rejects:
        first = rejects.iloc[0]
        name = _source_name(source)
        raise SizingInputError(name, None, "", message=(
            f"{name}: line {first['line']}: {first['reason']}; {len(rejects)} row(s) rejected, nothing "
            f"imported (fix them, or {skip_hint} to import the other submittals)"))


def _source_name(source: Any) -> str:
    """The inventory's file name as errors show it (a path, an upload's name, else "the inventory")."""

    if isinstance(source, (str, Path)):
        return shown_path(source)
    name = getattr(source, "name", None)
    return str(name) if isinstance(name, str) and name else "the inventory"


def open_register(db: str | None = None, *, create: bool | str = True, read_only: bool = False,
                  timeout: str | float | None = None, identity: str | None = None,
                  require_user: bool = False, migrate_older: bool = False) -> Register:
    """The register at ``db`` (path or URL), ``SIZING_DB`` or ``sizing-register.db``; an older schema refused,
    or migrated by an admin or its owner with ``migrate_older`` (``register migrate``); created when ``create``
    allows (see :func:`sizing.program.db.open_db`)."""
    return Register(open_db(db, create=create, read_only=read_only, timeout=timeout, migrate_older=migrate_older),
                    identity=identity, require_user=require_user)


# --- rows ------------------------------------------------------------------------------------------------------

def _latest(conn: Connection, table: sa.Table, fse_id: str) -> Mapping[str, Any] | None:
    return conn.execute(sa.select(table).where(table.c.fse_id == fse_id).order_by(table.c.id.desc())
                        .limit(1)).mappings().first()


def _latest_all(conn: Connection, table: sa.Table) -> dict[str, Mapping[str, Any]]:
    """The latest row of ``table`` per FSE, in one query."""
    newest = sa.select(sa.func.max(table.c.id)).group_by(table.c.fse_id).scalar_subquery()
    return {r["fse_id"]: r for r in conn.execute(sa.select(table).where(table.c.id.in_(newest))).mappings()}


def _add_cycle(conn: Connection, ev: Evaluated, writer: Mapping[str, Any]) -> Added:
    d = ev.data
    number = (conn.execute(sa.select(sa.func.max(t.cycles.c.cycle)).where(t.cycles.c.fse_id == ev.fse_id))
              .scalar() or 0) + 1
    reviewer = ev.project.get("reviewer") or writer.get("on_behalf_of") or writer["recorded_by"]
    cycle_id = conn.execute(t.cycles.insert().values(
        fse_id=ev.fse_id, cycle=number, document_name=ev.name, document_text=ev.text, document=ev.document,
        review_date=_date(d["review_date"]), reviewer=reviewer, jurisdiction=d.get("jurisdiction"),
        edition=d.get("edition"), construction=d.get("construction"), compliant=d["compliant"],
        dfu_total=d["sizing"].get("dfu_total"),  # the required volume: the larger of the CPC's and a local one
        required_volume_gal=d["sizing"].get("required_volume_gal", d["sizing"]["gravity"].get("required_volume_gal")),
        result=d, jurisdiction_id=ev.jurisdiction, **writer)).inserted_primary_key[0]
    notes = []
    for deadline in d.get("deadlines") or []:
        if deadline["rule"] != "interceptor_required":
            continue
        start = _date(deadline["start"])
        seen = conn.execute(sa.select(t.notifications.c.id).where(
            t.notifications.c.fse_id == ev.fse_id, t.notifications.c.rule == deadline["rule"],
            t.notifications.c.notified_on == start)).first()
        if seen is None:
            conn.execute(t.notifications.insert().values(
                fse_id=ev.fse_id, rule=deadline["rule"], notified_on=start, working_days=deadline["working_days"],
                day_kind=deadline.get("day_kind", "working days"), install_deadline=_date(deadline["date"]), citation=deadline["citation"], cycle_id=cycle_id, **writer))
            notes.append(f"notification of {start.isoformat()}: install by {deadline['date']}"
                         + (f" ({deadline['extended']})" if deadline.get("extended") else ""))
    icp = d.get("interceptor")
    if icp and (icp.get("volume_gal") is not None or icp.get("rated_flow_gpm") is not None):
        last = _latest(conn, t.interceptors, ev.fse_id)
        values = {"type": icp.get("type"), "volume_gal": icp.get("volume_gal"),
                  "rated_flow_gpm": icp.get("rated_flow_gpm")}
        if last is None or any(last[k] != v for k, v in values.items()):
            conn.execute(t.interceptors.insert().values(fse_id=ev.fse_id, source=f"review cycle {number} (proposed)",
                                                        **values, **writer))
    return Added("review", ev.fse_id, cycle_id, ev.exit_code, cycle=number, notes=notes)


def _add_waiver(conn: Connection, ev: Evaluated, writer: Mapping[str, Any]) -> Added:
    d = ev.data
    rev = d.get("revocation") or {}
    final = d.get("status") in ("granted", "denied", "revoked")  # the Director's recorded decision
    decided = _date(d.get("decided_on") or d["date"]) if final else _date(d["date"])
    status = d["status"] if final else d["decision"]
    granted = (d["status"] == "granted") if final else d["grantable"]
    wid = conn.execute(t.waivers.insert().values(
        fse_id=ev.fse_id, type=d["type"], kind=d["kind"], status=status, decided_on=decided,
        granted_on=decided if granted else None, expiration=_date(d.get("expiration")),
        revocation_notice_mailed=_date(rev.get("notice_mailed")),
        revocation_effective=_date(rev.get("proposed_effective")), document_name=ev.name, document_text=ev.text,
        document=ev.document, result=d, jurisdiction_id=ev.jurisdiction, **writer)).inserted_primary_key[0]
    return Added("waiver", ev.fse_id, wid, ev.exit_code)


def maintenance_events(ev: Evaluated) -> list[dict[str, Any]]:
    """Pump-outs (with hauler and manifest), FOG + solids readings [in] and training dates of a log."""
    doc = ev.document
    section = doc.get("maintenance") if isinstance(doc.get("maintenance"), Mapping) else doc
    out = []
    for i, item in enumerate(section.get("services") or []):
        item = item if isinstance(item, Mapping) else {"date": item}
        out.append({"kind": "pump_out", "on_date": parse.date(f"services[{i}].date", item.get("date")),
                    "hauler": item.get("hauler"), "manifest": item.get("manifest"), "note": item.get("note")})
    for r in ev.data.get("readings") or []:
        out.append({"kind": "reading", "on_date": _date(r["date"]), "fog_in": r["fog_in"],
                    "solids_in": r["solids_in"]})
    for i, item in enumerate(section.get("training") or []):
        item = item if isinstance(item, Mapping) else {"date": item}
        out.append({"kind": "training", "on_date": parse.date(f"training[{i}].date", item.get("date")),
                    "note": item.get("note")})
    return out


EVENT_KEYS = ("kind", "on_date", "hauler", "manifest", "fog_in", "solids_in", "note")


def _add_maintenance(conn: Connection, ev: Evaluated, writer: Mapping[str, Any]) -> Added:
    d = ev.data
    log_id = conn.execute(t.maintenance_logs.insert().values(
        fse_id=ev.fse_id, as_of=_date(d["as_of"]), liquid_depth_in=d["liquid_depth_in"], in_order=d["in_order"],
        due_date=_date(d.get("due_date")), next_service_date=_date(d.get("next_service_date")),
        document_name=ev.name, document_text=ev.text, document=ev.document, result=d, jurisdiction_id=ev.jurisdiction,
        due=due_items(d, d["as_of"]), **writer)).inserted_primary_key[0]
    e = t.maintenance_events.c
    known = {tuple(row) for row in conn.execute(sa.select(*(e[k] for k in EVENT_KEYS)).where(e.fse_id == ev.fse_id))}
    added = 0
    events = maintenance_events(ev)
    _check_manifest_numbers(conn, ev, events)
    for event in events:
        full = {k: event.get(k) for k in EVENT_KEYS}
        if tuple(full.values()) in known:
            continue
        known.add(tuple(full.values()))
        conn.execute(t.maintenance_events.insert().values(fse_id=ev.fse_id, log_id=log_id, **full, **writer))
        added += 1
    notes: list[str] = []
    planned = replan(conn, [ev.fse_id], get(ev.jurisdiction), writer, notes=notes,
                     field_name=f"{'maintenance.' if isinstance(ev.document.get('maintenance'), Mapping) else ''}"
                                "liquid_depth").get(ev.fse_id)
    note = plan_note(planned)
    return Added("maintenance", ev.fse_id, log_id, ev.exit_code, events_added=added,
                 notes=notes + ([note] if note else []))


def _check_manifest_numbers(conn: Connection, ev: Evaluated, events: list[dict[str, Any]]) -> None:
    """A pump-out the log lists with a hauler's manifest number already on a hauler's manifest is that manifest's
    pump-out: the same FSE and day (counted once), else refused, naming the service (a number is one pump-out)."""

    m = t.hauler_manifests.c
    prefix = "maintenance." if isinstance(ev.document.get("maintenance"), Mapping) else ""
    pumps = [p for p in events if p["kind"] == "pump_out"]
    for i, p in enumerate(pumps):
        if p["hauler"] is None or p["manifest"] is None:
            continue
        hauler_key, manifest_key = key(str(p["hauler"]), str(p["manifest"]))
        row = conn.execute(sa.select(m.fse_id, m.on_date, m.document_name, m.line).where(
            m.hauler_key == hauler_key, m.manifest_key == manifest_key, live(t.hauler_manifests))).first()
        if row is not None and (row.fse_id, row.on_date) != (ev.fse_id, p["on_date"]):
            field_name = f"{prefix}services[{i}].manifest"
            raise SizingInputError(field_name, p["manifest"], "", message=(
                f"{field_name}: {shown_text(p['manifest'])} of {shown_text(p['hauler'])} is already recorded on the "
                f"hauler's manifest of {row.on_date.isoformat()} for {row.fse_id} (line {row.line} of "
                f"{row.document_name}); a manifest number is one pump-out; nothing written"))


def _add_findings(conn: Connection, ev: Evaluated, record_id: int) -> None:
    rows = [{"fse_id": ev.fse_id, "source": SOURCE_OF[ev.kind], "source_id": record_id, **f.to_dict()}
            for f in normalise(ev.kind, ev.data)]
    if rows:
        conn.execute(t.findings.insert(), rows)
