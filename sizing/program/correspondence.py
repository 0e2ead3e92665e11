"""What the City sent each FSE: letters mailed and e-mail messages, recorded on the FSE's timeline with their
date, channel, addressee and event.

An *event* names what a piece of correspondence was about, the same way each time it is made: ``notice 12`` (a
notice's letter or its new-notice message), ``due FSE-0417 service 2027-01-04`` (an item of the due list: due soon
or overdue on its date). An e-mail message is never sent twice for one event to one address
(:func:`already_sent`); a letter may be mailed again (a second mailing is a new row). Writing is the ``letters``
write (plan checker, inspector, director); the rows are append-only like every table of the register.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.program import access
from sizing.program import schema as t
from sizing.program.limits import LIMITS
from sizing.program.writers import on_behalf_of

MAIL, EMAIL = "mail", "email"
CHANNELS = (MAIL, EMAIL)


@dataclass(frozen=True)
class Sent:
    """One piece of correspondence to record: to one FSE, on one channel, about one event."""

    fse_id: str
    channel: str
    event: str
    subject: str
    sent_on: dt.date
    to_address: str
    notices: tuple[int, ...] = field(default=())
    message_id: str | None = None
    signer: str | None = None

    def row(self) -> dict[str, Any]:
        if self.channel not in CHANNELS:
            raise ValueError(f"channel: expected one of {', '.join(CHANNELS)}, got {self.channel!r}")
        return {"fse_id": self.fse_id, "channel": self.channel, "event": self.event[:LIMITS["event"]],
                "subject": self.subject[:LIMITS["party.name"]], "notices": list(self.notices),
                "sent_on": self.sent_on, "to_address": self.to_address, "message_id": self.message_id,
                "signer": None if self.signer is None else self.signer[:LIMITS["party.name"]]}


def record(reg: Any, sent: Iterable[Sent], *, user: str | None = None) -> int:
    """Record each piece as sent (the ``letters`` write); returns how many were written."""
    rows = [s.row() for s in sent]
    if not rows:
        return 0
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "letters", require_user=reg.require_user)
        conn.execute(t.correspondence.insert(), [{**r, **writer} for r in rows])
    return len(rows)


def may_record(reg: Any) -> None:
    """Refuse, before anything is sent, a writer the register would refuse to record it for."""
    with reg.db.read() as conn:
        access.authorise(conn, reg.identity, "letters", require_user=reg.require_user)


def already_sent(conn: Connection, channel: str, events: Sequence[str]) -> set[tuple[str, str]]:
    """The (event, address) pairs of ``events`` already sent on ``channel``, addresses compared case-blind."""
    c = t.correspondence.c
    out: set[tuple[str, str]] = set()
    for start in range(0, len(events), 500):
        chunk = list(events[start:start + 500])
        rows = conn.execute(sa.select(c.event, c.to_address).where(c.channel == channel, c.event.in_(chunk)))
        out |= {(r.event, r.to_address.lower()) for r in rows}
    return out


def timeline_detail(r: dict[str, Any]) -> str:
    """A correspondence row as the timeline shows it."""
    how = "letter mailed" if r["channel"] == MAIL else "e-mail sent"
    notices = f" (notice{'s' if len(r['notices']) > 1 else ''} {', '.join(map(str, r['notices']))})" \
        if r["notices"] else ""
    to = r["to_address"].splitlines()[0] if r["to_address"] else ""
    return f"{how} to {to}: {r['subject']}{notices}" + (f"; signed by {r['signer']}" if r["signer"] else "")
