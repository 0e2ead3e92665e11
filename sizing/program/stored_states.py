"""Each FSE's row of the FSE list, kept in the register until a record of it changes or a day it names comes.

The row (the FSE's details, its compliance state, its dates) is made by one function,
:func:`sizing.program.fse_rows.made_rows`, whose state is :func:`sizing.rules.compliance.compliance`'s. Made for
every FSE (the FSE list, the export, the summary), it is kept here under a key (:func:`key`: the profile, the code
that makes it and the window of ``action_due``) with the days it holds for: from the day it was made for to the
first day on which a date of its records makes it change (:func:`sizing.rules.compliance.changes_after`). The
next reader of every FSE takes the kept row of each FSE whose records are as they were and whose days hold, and
makes the others again (:func:`through`):

* a record added since the states were kept (each record table's highest id then is the key's *mark*; rows are
  only ever added) makes its FSE's state again, and those of the FSEs sharing an interceptor with it
  (:func:`touched`);
* another profile, another window or another version of the code is another key;
* a day outside a state's days makes it again.

Nothing a user writes goes here, and a register opened read-only, or busy with a writer, is read without it (the
rows are then made for the call alone).
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.jurisdiction.profile import Jurisdiction
from sizing.program import schema as t
from sizing.program.errors import RegisterBusy
from sizing.program.reading import Scope, scalars
from sizing.program.sharing import with_sharers

PACKAGE = Path(__file__).resolve().parents[1]
#: The tables whose rows change no FSE's compliance state: the users and their scopes, haulers' registrations,
#: signatures, properties (an interceptor names its FSEs itself), photos, letters mailed, submissions (what an
#: acceptance stores is a manifest), and the derived tables themselves. Every other table feeds it; a test checks
#: each table of the schema is one or the other.
NOT_FEEDING = frozenset({"users", "user_scopes", "hauler_registrations", "signers", "properties", "inspection_photos",
                         "correspondence", "submissions", "submission_decisions", "contacts", "sites", *t.DERIVED})
#: Feeding tables without an FSE column, and how a row names its FSEs.
BY_NOTICE, BY_UNIT = "notice_closures", "interceptor_units"
#: The dates a state on a day leaves out when later than the day (rows dated after it): the inspections, the
#: notices issued and closed, and the pump-outs that close a notice (:mod:`sizing.program.notices`).
LATER = (("inspections", "inspected_on"), ("notices", "issued_on"), ("maintenance_events", "on_date"),
         ("hauler_manifests", "on_date"))
#: Above this many FSEs to make again, every FSE's records are read at once rather than by a list of ids.
BY_IDS = 5000


def feeding() -> tuple[str, ...]:
    """The tables whose rows feed the compliance state, in the schema's order."""
    return tuple(name for name in t.metadata.tables if name not in NOT_FEEDING)


@functools.cache
def code_digest() -> str:
    """The SHA-256 of the package's Python source (every module, with its path) and of the shipped tables: any
    change to the code a state is made by, or to a table, is another key."""
    h = hashlib.sha256()
    roots = [PACKAGE, PACKAGE.parent / "tables"]
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml", ".yml",
                                                                                       ".csv", ".json")):
            h.update(str(path.relative_to(root.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def key(jurisdiction: Jurisdiction, within: int) -> str:
    """The key a row is kept under: the code, the profile (its whole content) and the window."""
    profile = json.dumps(jurisdiction.raw, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(f"{code_digest()}\0{jurisdiction.id}\0{profile}\0{within}".encode()).hexdigest()


def marks(conn: Connection) -> dict[str, int]:
    """Each feeding table's highest id (0: empty), in one query."""
    names = feeding()
    parts = [sa.select(sa.func.coalesce(sa.func.max(t.metadata.tables[n].c.id), 0)).scalar_subquery() for n in names]
    return dict(zip(names, conn.execute(sa.select(*parts)).one(), strict=True))


def touched(conn: Connection, since: Mapping[str, int], now: Mapping[str, int]) -> set[str] | None:
    """The FSEs whose state a row added between the marks ``since`` and ``now`` may change, with the FSEs sharing
    an interceptor with them; None: every FSE (a table the mark does not know)."""
    if set(since) != set(now):
        return None
    found: set[str] = set()
    for name, last in now.items():
        if last == since[name]:
            continue
        table = t.metadata.tables[name]
        new = table.c.id > since[name]
        if name == BY_NOTICE:
            n = t.notices
            found.update(conn.execute(sa.select(n.c.fse_id).join(table, table.c.notice_id == n.c.id).where(new))
                         .scalars())
        elif name == BY_UNIT:
            found.update(_unit_fses(conn, new))
        else:
            found.update(conn.execute(sa.select(table.c.fse_id).distinct().where(new)).scalars())
    return with_sharers(conn, found) if found else found


def _unit_fses(conn: Connection, new: Any) -> set[str]:
    """Every FSE any version of an interceptor written since served (it served them, or serves them now)."""
    u = t.interceptor_units
    keys = sa.select(u.c.property_id, u.c.unit_id).where(new)
    rows = conn.execute(sa.select(u.c.serves).where(sa.tuple_(u.c.property_id, u.c.unit_id).in_(keys))).scalars()
    return {f for serves in rows for f in serves or ()}


def later_dates(conn: Connection, as_of: dt.date, scope: Scope) -> dict[str, dt.date]:
    """Per FSE, the earliest date after ``as_of`` of a row the state on ``as_of`` leaves out (:data:`LATER`, and the
    closures of its notices)."""
    out: dict[str, dt.date] = {}
    n, c = t.notices, t.notice_closures
    statements = [sa.select(tab.c.fse_id, sa.func.min(tab.c[col])).where(tab.c[col] > as_of, scope.of(tab.c.fse_id))
                  .group_by(tab.c.fse_id) for tab, col in ((t.metadata.tables[a], b) for a, b in LATER)]
    statements.append(sa.select(n.c.fse_id, sa.func.min(c.c.closed_on)).join(c, c.c.notice_id == n.c.id)
                      .where(c.c.closed_on > as_of, scope.of(n.c.fse_id)).group_by(n.c.fse_id))
    for statement in statements:
        for fse_id, day in conn.execute(statement):
            day = day if isinstance(day, dt.date) else dt.date.fromisoformat(str(day)[:10])
            out[fse_id] = min(day, out.get(fse_id, day))
    return out


class Kept(NamedTuple):
    """What :func:`kept` found: the rows that hold, the mark they were kept at (None: none kept) and the FSEs whose
    kept rows a record added since makes stale (None: every FSE's)."""
    rows: dict[str, Any]
    since: Mapping[str, int] | None
    stale: set[str] | None


#: What a maker gives for each FSE: its row and its due-list items (JSON-able, dates as dates) and the first day
#: after the day asked about on which they may change (None: none).
Made = Mapping[str, tuple[Any, Any, "dt.date | None"]]
#: The parts of a kept row a reader asks for: the FSE list's row, the due list's items.
PARTS = ("row", "due")


def through(reg: Any, state_key: str, as_of: dt.date, only: Collection[str] | None,
            make: Callable[[Connection, Collection[str] | None], Made], part: str) -> dict[str, Any]:
    """Each FSE's (every FSE's, or of ``only``) ``part`` (:data:`PARTS`) on ``as_of``, as kept (JSON: dates as ISO
    text): the kept ones that hold, the others made by ``make`` (given the connection and the FSEs to make, None:
    every FSE) and kept."""
    with reg.db.read(snapshot=True) as conn:
        now = marks(conn)
        ids = sorted(only if only is not None else scalars(conn, sa.select(t.fses.c.fse_id).distinct()))
        found = kept(conn, state_key, now, as_of, ids, part)
        missing = [f for f in ids if f not in found.rows]
        new = {f: (jsonable(row), jsonable(due), until) for f, (row, due, until) in
               make(conn, None if len(missing) > BY_IDS else missing).items()} if missing else {}
    if new:
        try:
            with reg.db.write() as conn:
                keep(conn, state_key, found, now, new, as_of)
        except (RegisterBusy, sa.exc.OperationalError):  # a writer holds the register, or its file cannot be
            pass                                            # written: the rows are made for this call alone
    index = PARTS.index(part)
    return {f: found.rows[f] if f in found.rows else new[f][index] for f in ids if f in found.rows or f in new}


def kept(conn: Connection, state_key: str, now: Mapping[str, int], as_of: dt.date,
         fse_ids: Collection[str], part: str = "row") -> Kept:
    """The ``part`` of the rows of ``fse_ids`` kept under ``state_key`` that hold on ``as_of`` for the records as
    they are at the mark ``now``."""
    m = t.fse_state_marks
    since = conn.execute(sa.select(m.c.marks).where(m.c.key == state_key)).scalar()
    if since is None:
        return Kept({}, None, None)
    stale = touched(conn, since, now)
    if stale is None:
        return Kept({}, since, None)
    s = t.fse_states
    rows = conn.execute(sa.select(s.c.fse_id, s.c[part]).where(
        s.c.key == state_key, s.c.valid_from <= as_of, sa.or_(s.c.valid_until.is_(None), s.c.valid_until > as_of)))
    wanted = set(fse_ids) - stale
    return Kept({f: value for f, value in rows if f in wanted}, since, stale)


def keep(conn: Connection, state_key: str, found: Kept, now: Mapping[str, int], made: Made, as_of: dt.date) -> bool:
    """Keep the rows ``made`` on ``as_of`` from the records at the mark ``now``, replacing those of their FSEs and
    the stale ones ``found`` names, if the key's mark is still the one ``found`` read (else another reader kept
    newer ones: nothing is kept; False). Rows made by other code are dropped."""
    m, s = t.fse_state_marks, t.fse_states
    since = None if found.since is None else dict(found.since)
    if conn.execute(sa.select(m.c.marks).where(m.c.key == state_key)).scalar() != since:
        return False
    code = code_digest()
    conn.execute(s.delete().where(s.c.key.in_(sa.select(m.c.key).where(m.c.code != code))))
    conn.execute(m.delete().where(sa.or_(m.c.key == state_key, m.c.code != code)))
    if found.since is None or found.stale is None:
        conn.execute(s.delete().where(s.c.key == state_key))
    else:
        for chunk in _chunks(sorted(set(made) | found.stale)):
            conn.execute(s.delete().where(s.c.key == state_key, s.c.fse_id.in_(chunk)))
    rows = [{"key": state_key, "fse_id": f, "valid_from": as_of, "valid_until": until, "row": row, "due": due}
            for f, (row, due, until) in made.items()]
    for chunk in _chunks(rows, 5000):
        conn.execute(s.insert(), chunk)
    conn.execute(m.insert(), {"key": state_key, "code": code, "marks": dict(now),
                              "made_at": dt.datetime.now(dt.UTC).replace(tzinfo=None)})
    return True


def jsonable(value: Any) -> Any:
    """``value`` as JSON keeps it (dates as ISO text)."""
    return json.loads(json.dumps(value, default=lambda v: v.isoformat()))


def _chunks(values: list[Any], size: int = 900) -> Iterable[list[Any]]:
    for k in range(0, len(values), size):
        yield values[k:k + size]
