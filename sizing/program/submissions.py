"""FSEs and haulers reach the register: a user with the ``fse`` role sees the FSEs they are linked to (their *scope*) and
nothing else, and submits for them what Reporting (a) asks of an FSE: a pump-out receipt (its hauler, manifest
number, gallons, disposal site and the receipt's file) or a BMP self-certification. Each submission waits for staff
(plan checker, inspector, director: the ``submissions`` write), who accept or reject it with a reason. An accepted
pump-out is stored as a hauler manifest, in the same transaction, and counts as every manifest does (the FSE's plan
is made again); a rejected one counts nowhere and stays on the timeline with its reason.

An admin links a user to an FSE (``sizing register users scope IDENTITY FSE``), or unlinks them (``--remove``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.program import access, manifest_store
from sizing.program import schema as t
from sizing.program.access import scope
from sizing.program.errors import NotPermitted
from sizing.program.fses import require_fse
from sizing.program.haulers import require_current
from sizing.program.manifests import Manifest, ManifestFile, check_against, key, line_of
from sizing.program.reading import dicts
from sizing.program.replan import replan
from sizing.program.writers import on_behalf_of

PUMP_OUT, BMP = "pump_out", "bmp_certification"
KINDS = {PUMP_OUT: "pump-out receipt", BMP: "BMP self-certification"}
ACCEPTED, REJECTED, PENDING = "accepted", "rejected", "pending"
#: The largest file a submission may carry [bytes] (a phone photo of a receipt, a scanned PDF).
MAX_FILE = 1_000_000
FILE_TYPES = {b"%PDF-": "PDF", b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}


def receipt(fse_id: Any, on_date: Any, hauler: Any, manifest: Any, gallons: Any, disposal_site: Any,
            full: Any = True, *, today: dt.date | None = None) -> Manifest:
    """A pump-out receipt (an FSE's, or a hauler's manifest given on a form), checked as a manifest file's line is:
    one line naming the first field that is wrong."""
    cells = {"fse_id": fse_id, "date": on_date.isoformat() if isinstance(on_date, dt.date) else on_date,
             "hauler": hauler, "manifest": manifest, "gallons": gallons,
             "pump_out": "full" if parse.boolean("full", full, default=True) else "partial",
             "disposal_site": disposal_site}
    return line_of(0, {k: "" if v is None else str(v) for k, v in cells.items()}, today or dt.date.today())


def details(m: Manifest) -> dict[str, Any]:
    """What a submission of a pump-out stores of its manifest (its FSE and date are columns of their own)."""
    return {"hauler": m.hauler, "manifest": m.manifest, "gallons": m.gallons, "disposal_site": m.disposal_site,
            "full": m.full}


def check_file(name: str | None, data: bytes | None) -> tuple[str | None, bytes | None]:
    """The submission's file: a PDF, JPEG or PNG of at most 1 MB, by its first bytes (not its name)."""
    if not data:
        return None, None
    if len(data) > MAX_FILE:
        raise SizingInputError("file", name, f"a file of at most {MAX_FILE // 1_000_000} MB (it has "
                                             f"{len(data) / 1_000_000:.1f} MB)")
    if not any(data.startswith(magic) for magic in FILE_TYPES):
        raise SizingInputError("file", name, "a PDF, JPEG or PNG file (a scan or a photo of the receipt)")
    return (name or "receipt")[:200], data


# --- scope ------------------------------------------------------------------------------------------------------

def set_scope(reg: Any, identity: str, fse_id: str, active: bool = True, *, user: str | None = None) -> dict:
    """Link (or, ``active`` false, unlink) a user of the ``fse`` (or ``hauler``) role and an FSE: an admin's write."""
    who = access.normal_identity(identity, "IDENTITY")
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "users", require_user=reg.require_user)
        found = access.user(conn, who)
        if found is None or found.role not in access.SCOPED:
            raise SizingInputError("IDENTITY", who, "", message=(
                f"IDENTITY: {who} is not a user with the fse or hauler role (sizing register users add {who} "
                "--role fse)"))
        fse_id = require_fse(conn, fse_id)["fse_id"]
        conn.execute(t.user_scopes.insert().values(identity=who, fse_id=fse_id, active=active, **writer))
        now = scope(conn, who)
    return {"identity": who, "fse_id": fse_id, "active": active, "scope": now}


def require_in_scope(conn: Connection, identity: str | None, fse_id: str) -> None:
    """Refuse an FSE outside the scope of a user with the ``fse`` or ``hauler`` role (staff are not scoped)."""
    found = access.user(conn, identity) if identity and access.has_users(conn) else None
    if found is not None and found.role in access.SCOPED and fse_id not in scope(conn, identity):
        raise NotPermitted(f"register: {found.identity} may see and submit only for "
                           f"{', '.join(scope(conn, identity)) or 'no FSE'}; nothing written", "FSE")


# --- submit and decide -------------------------------------------------------------------------------------------

def submit(reg: Any, fse_id: str, kind: str, on_date: dt.date, details: Mapping[str, Any],
           file: tuple[str | None, bytes | None] = (None, None), *, user: str | None = None) -> int:
    """Store a submission for ``fse_id`` (the ``submit`` write, within the submitter's scope); its number."""
    return submit_rows(reg, [(fse_id, kind, on_date, details, None)], file, user=user)[0]


def submit_rows(reg: Any, rows: list[tuple[str, str, dt.date, Mapping[str, Any], int | None]],
                file: tuple[str | None, bytes | None] = (None, None), *, user: str | None = None) -> list[int]:
    """Store submissions (FSE, kind, date, details, the line of a file or None) in one transaction, every one checked
    first: the writer's role and scope, and a hauler's registration and company; their numbers."""
    name, data = check_file(*file)
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    out = []
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "submit", require_user=reg.require_user)
        for fse_id, kind, on_date, details, line in rows:
            if kind not in KINDS:
                raise SizingInputError("kind", kind, " or ".join(KINDS))
            try:
                fse_id = require_fse(conn, fse_id)["fse_id"]
                require_in_scope(conn, reg.identity, fse_id)
                _check_hauler(conn, reg.identity, kind, on_date, details)
            except SizingInputError as exc:  # a file's line: named, and nothing of the file written
                if line is None:
                    raise
                raise SizingInputError("file", line, "", message=f"line {line}: {exc}") from None
            out.append(conn.execute(t.submissions.insert().values(
                fse_id=fse_id, kind=kind, on_date=on_date, details=dict(details), file_name=name, file_data=data,
                **writer)).inserted_primary_key[0])
    return out


def _check_hauler(conn: Connection, identity: str | None, kind: str, on_date: dt.date,
                  details: Mapping[str, Any]) -> None:
    """A hauler submits only its own company's manifests, dated while its registration is current."""
    hauler = require_current(conn, identity, on_date)
    if hauler is not None and (kind != PUMP_OUT or key(details["hauler"], "")[0] != key(hauler.company, "")[0]):
        raise SizingInputError("hauler", details.get("hauler"), "", message=(
            f"hauler: {hauler.identity} submits the manifests of {hauler.company} (its registration "
            f"{hauler.registration}), not {details.get('hauler') or kind}; nothing written"))


def listed(conn: Connection, *, fse_ids: list[str] | None = None, pending_only: bool = False,
           number: int | None = None) -> list[dict]:
    """Submissions (of ``fse_ids``; the one ``number``), newest first, each with its state (``pending``,
    ``accepted``, ``rejected``), the decision's reason, who decided and when; without the file's bytes
    (``has_file`` says whether there is one)."""
    s, d = t.submissions.c, t.submission_decisions.c
    q = sa.select(s.id, s.fse_id, s.kind, s.on_date, s.details, s.file_name, s.recorded_at, s.recorded_by,
                  s.on_behalf_of).order_by(s.id.desc())
    if fse_ids is not None:
        q = q.where(s.fse_id.in_(fse_ids))
    if number is not None:
        q = q.where(s.id == number)
    rows = dicts(conn, q)
    ids = [r["id"] for r in rows]
    decided = {r["submission_id"]: r for r in dicts(conn, sa.select(t.submission_decisions)
                                                    .where(d.submission_id.in_(ids)).order_by(d.id))} if ids else {}
    out = []
    for r in rows:
        dec = decided.get(r["id"])
        item = {**r, "what": KINDS[r["kind"]], "has_file": r["file_name"] is not None,
                "state": dec["decision"] if dec else PENDING, "reason": dec["reason"] if dec else None,
                "decided_by": dec["recorded_by"] if dec else None, "decided_at": dec["recorded_at"] if dec else None,
                "manifest_id": dec["manifest_id"] if dec else None}
        if not pending_only or item["state"] == PENDING:
            out.append(item)
    return out


def file_of(conn: Connection, number: int, identity: str | None = None) -> tuple[str, bytes] | None:
    """A submission's file (name, bytes), within the reader's scope; None without one."""
    s = t.submissions.c
    row = conn.execute(sa.select(s.fse_id, s.file_name, s.file_data).where(s.id == number)).first()
    if row is None:
        raise SizingInputError("SUBMISSION", number, "", message=f"SUBMISSION: no submission {number}")
    require_in_scope(conn, identity, row.fse_id)
    return None if row.file_name is None else (row.file_name, bytes(row.file_data))


def decide(reg: Any, number: int, accept: bool, reason: str | None = None, *, user: str | None = None) -> dict:
    """Accept or reject a pending submission (the ``submissions`` write: staff); a rejection needs a reason. An
    accepted pump-out receipt is stored as a hauler manifest (checked as an imported one is: its number unused by
    its hauler) and the FSE's plan is made again."""
    reason = None if reason is None else (parse.text("--reason", reason, single_line=True).strip() or None)
    if not accept and not reason:
        raise SizingInputError("--reason", None, "why the submission is rejected (the FSE sees it)")
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "submissions", require_user=reg.require_user)
        found = next(iter(listed(conn, number=number)), None)
        if found is None:
            raise SizingInputError("SUBMISSION", number, "", message=f"SUBMISSION: no submission {number}")
        if found["state"] != PENDING:
            raise SizingInputError("SUBMISSION", number, "", message=(
                f"SUBMISSION: submission {number} was {found['state']} by {found['decided_by']} on "
                f"{found['decided_at']:%Y-%m-%d}; nothing written"))
        manifest_id = _store_pump_out(conn, found, writer) if accept and found["kind"] == PUMP_OUT else None
        conn.execute(t.submission_decisions.insert().values(
            submission_id=number, decision=ACCEPTED if accept else REJECTED, reason=reason, manifest_id=manifest_id,
            **writer))
    return {**found, "state": ACCEPTED if accept else REJECTED, "reason": reason, "manifest_id": manifest_id}


def _store_pump_out(conn: Connection, found: Mapping[str, Any], writer: Mapping[str, Any]) -> int:
    d = found["details"]
    row = Manifest(1, found["fse_id"], found["on_date"], d["hauler"], d["manifest"], float(d["gallons"]),
                   bool(d["full"]), d["disposal_site"])
    mf = ManifestFile(f"submission {found['id']}", [row], [])
    check_against(mf, *manifest_store.state(conn, mf.rows))
    if mf.rejects:
        raise SizingInputError("SUBMISSION", found["id"], "", message=(
            f"SUBMISSION: submission {found['id']} cannot be accepted: {mf.rejects[0].reason}; reject it with that "
            "reason"))
    manifest_store.store(conn, mf.rows, writer, mf.name)
    if row.full:
        replan(conn, {row.fse_id}, None, writer)
    m = t.hauler_manifests.c  # the manifest just stored: its FSE, hauler and number (a number its hauler used once)
    return conn.execute(sa.select(sa.func.max(m.id)).where(m.fse_id == row.fse_id, m.hauler == row.hauler,
                                                           m.manifest == row.manifest)).scalar_one()


def submit_manifests(reg: Any, mf: Any, *, user: str | None = None) -> list[int]:
    """A hauler's manifest CSV (:func:`sizing.program.manifests.read`), each line a submission for the City to accept:
    every line checked first (its FSE accepts the hauler, the hauler is the registration's company, the date within
    the registration), one line naming the first that is not; then all stored in one transaction."""
    if mf.rejects:
        first = mf.rejects[0]
        raise SizingInputError("file", mf.name, "", message=f"{mf.name}: line {first.line}: {first.reason}; nothing "
                                                            "written")
    rows = [(m.fse_id, PUMP_OUT, m.on_date, details(m), m.line) for m in mf.rows]
    return submit_rows(reg, rows, user=user)
