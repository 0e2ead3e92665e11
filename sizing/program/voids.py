"""Void, never delete: a record written by mistake (a half-done inspection, a maintenance log of the wrong FSE) is
marked void with why, by whom and when. It stays on the FSE's timeline, marked VOID, and stops counting everywhere
(every reader takes its rows through :func:`sizing.program.reading.live`):

* an inspection voided: its outcome, answers and readings no longer count (the compliance state, the due list's
  training evidence, the summary); each notice it opened that is still open is closed as opened in error, dated
  the day it was issued (it never stood);
* a maintenance log voided: its pump-outs, readings and training no longer count;
* a hauler's manifest voided: its pump-out no longer counts, and its number may be imported again (corrected);
* either way, the maintenance plans the register made from records that included it (every plan of the FSE
  written since) are voided too, and the FSE's plan is made again from what is left.

Refused, with nothing written: a record not in the register or voided already; a plan the register made (void the
record it was made from); an inspection that closed a notice (a follow-up, a record of compliance, an escalation),
since a void does not reopen a notice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.io.fields import no_record
from sizing.jurisdiction.profile import DEFAULT_ID, get
from sizing.program import access
from sizing.program import schema as t
from sizing.program.notices import OPENED_IN_ERROR
from sizing.program.reading import live
from sizing.program.replan import replan
from sizing.program.sharing import with_sharers
from sizing.program.writers import on_behalf_of

#: The kinds a user may void, and the write each needs the right to make (the role that writes the record).
ACTION = {"inspection": "inspection", "maintenance_log": "maintenance", "manifest": "manifests"}
#: The kinds, as an error message lists them.
KINDS_WORDS = ", ".join(list(ACTION)[:-1]) + " or " + list(ACTION)[-1]
#: The longest reason [characters].
REASON_MAX = 2000


def void(reg: Any, kind: str, record_id: Any, reason: Any, *, user: str | None = None) -> dict[str, Any]:
    """Void the record ``kind`` ``record_id`` of the register ``reg`` for ``reason``; returns what was done: the
    void, the notices closed and the plan made again."""

    if kind not in ACTION:
        raise SizingInputError("KIND", kind, KINDS_WORDS)
    number = parse.record_number("ID", record_id)
    why = parse.text("--reason", reason, max_length=REASON_MAX, single_line=True)
    if not why:
        raise SizingInputError("--reason", reason, "why the record is voided (text)")
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, ACTION[kind], require_user=reg.require_user)
        row = _record(conn, kind, number)
        _check(conn, kind, row)
        _insert(conn, kind, row, why, writer)
        closed = _close_opened(conn, row, why, writer) if kind == "inspection" else []
        plans = _void_plans(conn, kind, row, writer)
        planned = replan(conn, [row["fse_id"]], _jurisdiction(row), writer, field_name="KIND ID", notes=[])
    plan = planned.get(row["fse_id"])
    return {"kind": kind, "id": number, "fse_id": row["fse_id"], "reason": why, "voided_by": writer["recorded_by"],
            "notices_closed": closed, "plans_voided": plans,
            "service_due": None if plan is None or plan.service_due is None else plan.service_due.isoformat()}


def _table(kind: str) -> sa.Table:
    return t.metadata.tables[t.VOID_KINDS[kind]]


def _record(conn: Connection, kind: str, number: int) -> Mapping[str, Any]:
    table = _table(kind)
    row = None if no_record(number) else conn.execute(sa.select(table).where(table.c.id == number)).mappings().first()
    if row is None:
        raise SizingInputError("ID", number, "", message=(
            f"ID: no {kind.replace('_', ' ')} {number} in the register; nothing written"))
    return row


def _check(conn: Connection, kind: str, row: Mapping[str, Any]) -> None:
    """Refuse a void already made, a plan the register made, an inspection that closed a notice."""
    name = f"{kind.replace('_', ' ')} {row['id']}"
    v = t.voids.c
    done = conn.execute(sa.select(t.voids).where(v.kind == kind, v.record_id == row["id"])).mappings().first()
    if done is not None:
        raise SizingInputError("ID", row["id"], "", message=(
            f"ID: {name} was voided on {done['recorded_at']:%Y-%m-%d} by {done['recorded_by']} ({done['reason']}); "
            "nothing written"))
    if kind == "maintenance_log" and row["computed"]:
        raise SizingInputError("ID", row["id"], "", message=(
            f"ID: {name} is the maintenance plan the register made from the records on file; void the record it "
            "was made from (an inspection or a maintenance log); nothing written"))
    if kind == "inspection":
        c = t.notice_closures.c
        closed = conn.execute(sa.select(c.notice_id, c.how).where(c.inspection_id == row["id"]).order_by(c.notice_id)
                              ).all()
        if closed:
            said = ", ".join(f"notice {n} ({how.replace('_', ' ')})" for n, how in closed)
            raise SizingInputError("ID", row["id"], "", message=(
                f"ID: {name} closed {said}; a void does not reopen a notice: record the inspection again "
                "correctly instead; nothing written"))
        n = t.notices.c
        later = conn.execute(sa.select(n.id, c.how, c.inspection_id).select_from(
            t.notices.join(t.notice_closures, c.notice_id == n.id)).where(
            n.inspection_id == row["id"], c.how == "escalated")).first()
        if later is not None:
            raise SizingInputError("ID", row["id"], "", message=(
                f"ID: notice {later[0]}, which {name} opened, was escalated by inspection {later[2]}: void "
                f"inspection {later[2]} first; nothing written"))


def _insert(conn: Connection, kind: str, row: Mapping[str, Any], reason: str, writer: Mapping[str, Any]) -> None:
    conn.execute(t.voids.insert().values(kind=kind, record_id=row["id"], fse_id=row["fse_id"], reason=reason,
                                         **writer))


def _close_opened(conn: Connection, row: Mapping[str, Any], reason: str,
                  writer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Close each open notice the voided inspection opened: opened in error, dated the day it was issued."""
    n, c = t.notices.c, t.notice_closures.c
    opened = conn.execute(sa.select(n.id, n.issued_on).where(
        n.inspection_id == row["id"], n.id.not_in(sa.select(c.notice_id))).order_by(n.id)).all()
    out = []
    for notice_id, issued_on in opened:
        evidence = f"inspection {row['id']} voided on {writer['recorded_at']:%Y-%m-%d}: {reason}"
        conn.execute(t.notice_closures.insert().values(notice_id=notice_id, closed_on=issued_on, how=OPENED_IN_ERROR,
                                                       inspection_id=None, evidence=evidence, **writer))
        out.append({"notice": notice_id, "closed_on": issued_on.isoformat(), "how": OPENED_IN_ERROR})
    return out


def _void_plans(conn: Connection, kind: str, row: Mapping[str, Any], writer: Mapping[str, Any]) -> list[int]:
    """Void the plans written since the voided record (each was made from records that included it): the FSE's,
    and those of the FSEs it shares an interceptor with."""
    g = t.maintenance_logs.c
    plans = conn.execute(sa.select(g.id, g.fse_id).where(
        g.fse_id.in_(sorted(with_sharers(conn, [row["fse_id"]]))), g.computed.is_(True),
        g.recorded_at >= row["recorded_at"], live(t.maintenance_logs)).order_by(g.id)).all()
    ids = [plan_id for plan_id, _ in plans]
    for plan_id, fse_id in plans:
        conn.execute(t.voids.insert().values(
            kind="maintenance_log", record_id=plan_id, fse_id=fse_id,
            reason=f"made from records that included {kind.replace('_', ' ')} {row['id']}, voided", **writer))
    return ids


def _jurisdiction(row: Mapping[str, Any]):
    """The profile the voided record was evaluated under (a stored id, read back at the register's boundary); None
    for a record evaluated under none (a hauler's manifest: each plan is then made under its FSE's own profile)."""
    if "jurisdiction_id" not in row:
        return None
    return get(row.get("jurisdiction_id") or DEFAULT_ID)
