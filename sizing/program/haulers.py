"""Haulers reach the register: a user with the ``hauler`` role submits the manifests of its pump-outs for the FSEs
that have accepted it, while its registration is current; the City accepts or rejects each
(:mod:`sizing.program.submissions`), and an accepted one counts as a hauler manifest.

- **Registration** (``hauler_registrations``): the hauler's company as its manifests name it, its registration
  number and the last day it is valid (for the ordinances that ask for licensed haulers), recorded by staff (the
  ``parties`` write); the latest row of an identity is its registration. A manifest submitted after the last day
  is refused.
- **Accepted by an FSE**: the FSE's own user (for an FSE in its scope) or staff link a hauler to the FSE (a row of
  ``user_scopes`` for the hauler's identity); the hauler sees and submits for those FSEs only.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.program import access
from sizing.program import schema as t
from sizing.program.access import scope
from sizing.program.errors import NotPermitted
from sizing.program.fses import require_fse
from sizing.program.sharing import latest
from sizing.program.writers import on_behalf_of

HAULER = "hauler"


@dataclass(frozen=True)
class Registration:
    identity: str
    company: str
    registration: str
    valid_until: dt.date

    def current(self, on: dt.date) -> bool:
        return on <= self.valid_until

    def to_dict(self) -> dict[str, Any]:
        return {"identity": self.identity, "company": self.company, "registration": self.registration,
                "valid_until": self.valid_until}


def registration(conn: Connection, identity: str | None) -> Registration | None:
    """The hauler's registration on file (the latest row), or None."""
    if not identity:
        return None
    r = t.hauler_registrations.c
    row = conn.execute(sa.select(r.identity, r.company, r.registration, r.valid_until)
                       .where(r.identity == access.normal_identity(identity)).order_by(r.id.desc()).limit(1)).first()
    return None if row is None else Registration(row.identity, row.company, row.registration, row.valid_until)


def register_hauler(reg: Any, identity: str, company: Any, number: Any, valid_until: Any, *,
                    user: str | None = None) -> Registration:
    """Record a hauler's registration (staff: the ``parties`` write): a user with the ``hauler`` role."""
    who = access.normal_identity(identity, "IDENTITY")
    company = parse.text("--company", company, max_length=200, single_line=True).strip()
    number = parse.text("--registration", number, max_length=200, single_line=True).strip()
    if not company or not number:
        raise SizingInputError("--company" if not company else "--registration", None,
                               "the hauler's company as its manifests name it" if not company else
                               "the hauler's registration or permit number")
    until = parse.date("--valid-until", valid_until)
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        access.authorise(conn, reg.identity, "parties", require_user=reg.require_user)
        found = access.user(conn, who)
        if found is None or found.role != HAULER:
            raise SizingInputError("IDENTITY", who, "", message=(
                f"IDENTITY: {who} is not a user with the hauler role (sizing register users add {who} --role hauler)"))
        conn.execute(t.hauler_registrations.insert().values(identity=who, company=company, registration=number,
                                                            valid_until=until, **writer))
    return Registration(who, company, number, until)


def accept_hauler(reg: Any, fse_id: str, identity: str, active: bool = True, *, user: str | None = None) -> list[str]:
    """An FSE accepts (or, ``active`` false, no longer accepts) a hauler: by the FSE's own user, for an FSE in its
    scope, or by staff (the ``parties`` write). Returns the FSEs the hauler now serves."""
    who = access.normal_identity(identity, "HAULER")
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        fse_id = require_fse(conn, fse_id)["fse_id"]
        me = access.user(conn, reg.identity) if access.has_users(conn) else None
        if me is not None and me.role == "fse" and me.active:
            if fse_id not in scope(conn, reg.identity):
                raise NotPermitted(f"register: {me.identity} may accept haulers only for "
                                   f"{', '.join(scope(conn, reg.identity)) or 'no FSE'}; nothing written", "FSE")
        else:
            access.authorise(conn, reg.identity, "parties", require_user=reg.require_user)
        found = access.user(conn, who)
        if found is None or found.role != HAULER or not found.active:
            raise SizingInputError("HAULER", who, "", message=f"HAULER: {who} is not an active hauler of this register")
        conn.execute(t.user_scopes.insert().values(identity=who, fse_id=fse_id, active=active, **writer))
        return scope(conn, who)


def require_current(conn: Connection, identity: str | None, on: dt.date) -> Registration | None:
    """A hauler's registration, current on ``on``; refused (one line) when none is on file or it has lapsed. None
    for a user who is not a hauler."""
    found = access.user(conn, identity) if identity and access.has_users(conn) else None
    if found is None or found.role != HAULER:
        return None
    reg = registration(conn, identity)
    if reg is None:
        raise NotPermitted(f"register: {found.identity} has no hauler registration on file; the City records it "
                           "(sizing register hauler); nothing written", "registration")
    if not reg.current(on):
        raise NotPermitted(f"register: the registration {reg.registration} of {reg.company} was valid until "
                           f"{reg.valid_until}; a manifest of {on} is not taken; nothing written", "registration")
    return reg


def serving(conn: Connection, fse_id: str) -> list[Registration | str]:
    """The haulers the FSE accepts (the latest link of each identity decides): each one's registration, or its
    identity when none is on file."""
    s = t.user_scopes.c
    out: list[Registration | str] = []
    for row in latest(conn, t.user_scopes, (s.identity,), s.fse_id == fse_id):
        found = access.user(conn, row["identity"])
        if row["active"] and found is not None and found.role == HAULER:
            out.append(registration(conn, found.identity) or found.identity)
    return out
