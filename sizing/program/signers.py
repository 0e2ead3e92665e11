"""Who signs a letter: each user's signature (the name and title printed under the signature line), so a letter is
signed by a person, never by an account name.

An admin sets anyone's signature; a user sets their own; a register without users (one person's) lets its writer
set any. A letter names its signer by identity (``--signer``; the app: the signed-in user); one without a signer on
file is signed on a blank line, for the Director.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.program import access
from sizing.program import schema as t
from sizing.program.errors import NotPermitted
from sizing.program.writers import on_behalf_of

#: The longest name or title [characters].
LONGEST = 300


@dataclass(frozen=True)
class Signer:
    """A letter's signer: the name and title under the signature line, and the role the register gives them
    (None without users)."""

    identity: str
    name: str
    title: str | None = None
    role: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"identity": self.identity, "name": self.name, "title": self.title, "role": self.role}


def signer(conn: Connection, identity: str | None) -> Signer | None:
    """The signature on file for ``identity`` (None: none set, or no identity)."""
    if not identity:
        return None
    who = access.normal_identity(identity)
    s = t.signers.c
    row = conn.execute(sa.select(s.name, s.title).where(s.identity == who).order_by(s.id.desc()).limit(1)).first()
    if row is None:
        return None
    user = access.user(conn, who)
    return Signer(who, row.name, row.title, None if user is None else user.role)


def require_signer(conn: Connection, identity: str, field_name: str = "--signer") -> Signer:
    """The signature of ``identity``, or one line saying how to set it."""
    found = signer(conn, identity)
    if found is None:
        raise SizingInputError(field_name, identity, "", message=(
            f"{field_name}: {identity} has no signature on file (the name and title letters print): sizing register "
            f"users sign {identity} --name NAME --title TITLE"))
    return found


def letter_signer(conn: Connection, named: str | None, writer: str | None) -> Signer | None:
    """Who signs a letter: the one ``named`` (``--signer``; refused without a signature on file), else the one
    writing it if they have a signature, else None (a blank line, for the Director)."""
    return require_signer(conn, named) if named else signer(conn, writer)


def set_signature(reg: Any, identity: str, name: Any, title: Any = None, *, user: str | None = None) -> Signer:
    """Set the signature of ``identity``: an admin's write for anyone, a user's own for themselves."""
    who = access.normal_identity(identity, "IDENTITY")
    name = parse.text("--name", name, max_length=LONGEST, single_line=True) if name is not None else ""
    if not name:
        raise SizingInputError("--name", None, "the name printed under the signature line (Jane Ortiz)")
    title = None if title is None else (parse.text("--title", title, max_length=LONGEST, single_line=True) or None)
    writer = access.writer(reg.identity, on_behalf_of(user), access.now())
    with reg.db.write() as conn:
        if access.has_users(conn):
            if access.normal_identity(reg.identity) != who:  # someone else's: an admin's write
                access.authorise(conn, reg.identity, "users", require_user=reg.require_user)
            found = access.user(conn, who)
            if found is None or not found.active:
                raise NotPermitted(f"register: {who} is not an active user of this register; nothing written",
                                   "IDENTITY")
        elif reg.require_user:
            access.authorise(conn, reg.identity, "users", require_user=True)
        conn.execute(t.signers.insert().values(identity=who, name=name, title=title, **writer))
        found = signer(conn, who)
    return found
