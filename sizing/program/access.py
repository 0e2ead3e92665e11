"""Who may write what: the register's users, their roles, and the check every write makes.

Roles: ``viewer`` (reads only), ``plan_checker`` (review cycles, the inventory), ``inspector`` (maintenance logs,
the inventory, inspections and the notices they open or close, hauler manifests), ``director`` (waiver decisions and revocations,
and everything a plan checker or an inspector may store), ``admin`` (the users and schema migrations; no records). The check runs inside the write's own transaction, in the
register layer, whatever the caller (the CLI, the app or a script) shows or hides.

Two modes, read from the ``users`` table at each write:

- **No users yet** (local single-user mode): every write is allowed and recorded as the writer's identity (the
  operating-system user, or the PostgreSQL role). A caller that requires sign-in (the app with ``[auth]``) is
  refused until the first admin is added from the CLI.
- **Users exist**: the writer must be an active user whose role allows the write, else :class:`NotPermitted`.

Identities are compared without regard to case and surrounding blanks (an e-mail address, a login name).

The writer without sign-in is asked of the system, never of the environment: on PostgreSQL the server's
``session_user`` (the role that logged in; a ``SET ROLE`` does not change it), else the login name of the
process's real uid (:func:`sizing.program.writers.os_user`). A schema migration is a write too
(:func:`authorise_migration`): an admin's, or, while the register has no users, its owner's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing.errors import SizingInputError
from sizing.io import fields as parse
from sizing.program import limits
from sizing.program import schema as t
from sizing.program import writers as who
from sizing.program.errors import NotPermitted
from sizing.program.location import sqlite_path
from sizing.program.sharing import latest
from sizing.program.writers import now, os_user, writer  # noqa: F401 (os_user: the writer without sign-in)

ROLES = ("viewer", "plan_checker", "inspector", "director", "admin", "fse", "hauler")
#: What each kind of write is, for the messages.
WHAT = {"review": "store a review cycle", "waiver": "store a waiver decision", "maintenance": "store a maintenance log",
        "inventory": "import an inventory", "inspection": "store an inspection or a notice's compliance",
        "manifests": "import hauler manifests",
        "parties": "change contacts, properties and interceptors",
        "letters": "record letters mailed and messages sent",
        "submit": "send the City a record for an FSE", "submissions": "accept or reject what an FSE sent",
        "users": "change the users", "migrate": "migrate the register's schema"}
#: role -> the writes it may make.
PERMITS: dict[str, frozenset[str]] = {
    "viewer": frozenset(),
    "plan_checker": frozenset({"review", "inventory", "parties", "letters", "submit", "submissions"}),
    "inspector": frozenset({"maintenance", "inventory", "inspection", "manifests", "parties", "letters", "submit",
                            "submissions"}),
    "director": frozenset({"review", "waiver", "maintenance", "inventory", "inspection", "manifests", "parties",
                           "letters", "submit", "submissions"}),
    "admin": frozenset({"users", "migrate"}),
    #: an FSE's own user: submits records for the FSEs it is linked to (sizing.program.submissions), nothing else
    "fse": frozenset({"submit"}),
    #: a hauler: submits the manifests of its pump-outs for the FSEs that accepted it (sizing.program.haulers)
    "hauler": frozenset({"submit"}),
}

class Opened(Protocol):
    """What these functions take of an opened register (:class:`sizing.program.db.Opened`): its address and
    a read and a write transaction."""

    url: str
    engine: Any

    def read(self) -> Any: ...

    def write(self) -> Any: ...


def may(role: str | None, action: str) -> bool:
    """Whether ``role`` may make the write ``action`` (review, waiver, maintenance, inventory, users).

    >>> may("plan_checker", "review"), may("viewer", "review"), may("director", "waiver"), may("admin", "review")
    (True, False, True, False)
    """
    return action in PERMITS.get(role or "", frozenset())


def roles_for(action: str) -> list[str]:
    return [r for r in ROLES if action in PERMITS[r]]


def normal_identity(value: Any, field: str = "identity") -> str:
    """An identity as stored and compared: trimmed, lower case, one line, within its limit."""
    if not isinstance(value, str) or not value.strip():
        raise SizingInputError(field, value, "a user's identity (an e-mail address or a login name)")
    text = value.strip().lower()
    parse.printable(field, text, single_line=True)
    limits.check(field, text, "identity")
    return text


def default_identity(opened: Opened) -> str:
    """The writer when none is signed in: the PostgreSQL ``session_user`` on PostgreSQL, else the
    operating-system user (its real uid)."""
    if opened.engine.dialect.name == "postgresql":
        with opened.read() as conn:
            return connection_identity(conn)
    return who.os_user()


def connection_identity(conn: Connection) -> str:
    """Who writes on ``conn``: the server's ``session_user`` on PostgreSQL, else the operating-system user."""
    if conn.dialect.name == "postgresql":
        return str(conn.execute(sa.select(sa.func.session_user())).scalar())
    return who.os_user()


@dataclass(frozen=True)
class User:
    identity: str
    role: str
    active: bool
    recorded_at: Any = None
    recorded_by: str | None = None


def _latest(conn: Connection) -> dict[str, User]:
    """Every identity's latest row."""
    u = t.users.c
    newest = sa.select(sa.func.max(u.id)).group_by(u.identity).scalar_subquery()
    rows = conn.execute(sa.select(t.users).where(u.id.in_(newest)).order_by(u.identity)).mappings()
    return {r["identity"]: User(r["identity"], r["role"], bool(r["active"]), r["recorded_at"], r["recorded_by"])
            for r in rows}


def users(conn: Connection) -> list[User]:
    return list(_latest(conn).values())


def user(conn: Connection, identity: str) -> User | None:
    u = t.users.c  # the columns every schema since 0004 has (a migration reads an older register's users)
    row = conn.execute(sa.select(u.identity, u.role, u.active).where(u.identity == identity.strip().lower())
                       .order_by(u.id.desc()).limit(1)).mappings().first()
    return None if row is None else User(row["identity"], row["role"], bool(row["active"]))


def has_users(conn: Connection) -> bool:
    return conn.execute(sa.select(t.users.c.id).limit(1)).first() is not None


def authorise(conn: Connection, identity: str, action: str, *, require_user: bool = False) -> None:
    """Refuse the write ``action`` by ``identity`` unless its role allows it (see the module's two modes)."""
    if not has_users(conn):
        if require_user:
            raise NotPermitted(f"register: {identity} may not {WHAT[action]}: the register has no users yet "
                               f"(an admin adds them: sizing register users add IDENTITY --role ROLE); nothing "
                               "written", "user")
        return
    who = user(conn, identity)
    if who is None or not who.active:
        state = "is not a user of this register" if who is None else "is a disabled user of this register"
        raise NotPermitted(f"register: {identity} {state}; nothing written (an admin adds users: sizing register "
                           "users add IDENTITY --role ROLE)", "user")
    if not may(who.role, action):
        raise NotPermitted(f"register: {identity} (role {who.role}) may not {WHAT[action]}: that needs the role "
                           f"{' or '.join(roles_for(action))}; nothing written", "user")


def authorise_migration(conn: Connection, url: str, version: str) -> str:
    """Refuse to migrate the register on ``conn`` (at schema ``version``) unless the migrating identity
    (:func:`connection_identity`) is an active admin or, while the register has no users (or no users table,
    before 0004), its owner (:func:`_not_owner`); return that identity, the writer of what the migration writes."""
    identity = connection_identity(conn)
    if version >= "0004" and has_users(conn):
        authorise(conn, identity, "migrate")
        return identity
    owner = _not_owner(conn, url)
    if owner is not None:
        raise NotPermitted(f"register: {identity} may not {WHAT['migrate']}: the register has no users yet and "
                           f"{identity} is not its owner ({owner}); nothing was changed", "user")
    return identity


def _not_owner(conn: Connection, url: str) -> str | None:
    """None when the migrating process owns the register, else who does. SQLite: the file's owner uid is the
    process's real uid. PostgreSQL: ``session_user`` is (a member of) the owner of the register's schema
    (``current_schema()``, where its tables are) or of the database."""
    if conn.dialect.name != "postgresql":
        uid = os.stat(sqlite_path(url)).st_uid
        return None if uid == os.getuid() else f"the file is owned by uid {uid}"
    ns = sa.table("pg_namespace", sa.column("nspname"), sa.column("nspowner"))
    dbs = sa.table("pg_database", sa.column("datname"), sa.column("datdba"))
    schema_owner = sa.select(ns.c.nspowner).where(ns.c.nspname == sa.func.current_schema()).scalar_subquery()
    db_owner = sa.select(dbs.c.datdba).where(dbs.c.datname == sa.func.current_database()).scalar_subquery()
    me = sa.func.session_user()
    owns, name = conn.execute(sa.select(
        sa.or_(sa.func.pg_has_role(me, schema_owner, "MEMBER"), sa.func.pg_has_role(me, db_owner, "MEMBER")),
        sa.func.pg_get_userbyid(schema_owner))).one()
    return None if owns else f"its schema is owned by the role {name}"


def role_of(opened: Opened, identity: str) -> str | None:
    """The active role of ``identity``, or None (not a user, disabled, or the register has no users)."""
    with opened.read() as conn:
        who = user(conn, identity)
    return who.role if who is not None and who.active else None


def any_users(opened: Opened) -> bool:
    with opened.read() as conn:
        return has_users(conn)


def add_user(opened: Opened, identity: str, role: str, *, by: str, on_behalf_of: str | None = None,
             active: bool = True, when=None) -> User:
    """Add ``identity`` with ``role`` (or change its role): an admin's write, or the first admin of a register
    without users."""
    identity = normal_identity(identity)
    if role not in ROLES:
        raise SizingInputError("--role", role, "one of " + ", ".join(ROLES))
    with opened.write() as conn:
        if has_users(conn):
            authorise(conn, by, "users")
            _keep_an_admin(_latest(conn), identity, role)
        elif role != "admin" or not active:
            raise NotPermitted("register: the register has no users yet: the first user must be an admin "
                               "(sizing register users add IDENTITY --role admin); nothing written", "--role")
        conn.execute(t.users.insert().values(identity=identity, role=role, active=active,
                                             **writer(by, on_behalf_of, when or now())))
    return User(identity, role, active)


def _keep_an_admin(current: Mapping[str, User], identity: str, new_role: str | None) -> None:
    """Refuse to disable (``new_role`` None) or demote the last active admin."""
    who = current.get(identity)
    admins = [u for u in current.values() if u.active and u.role == "admin"]
    if who is not None and who.active and who.role == "admin" and new_role != "admin" and len(admins) == 1:
        what = "disabled" if new_role is None else f"made {new_role}"
        raise NotPermitted(f"register: {identity} is the last active admin and cannot be {what} (add another admin "
                           "first); nothing written", "IDENTITY")


def disable_user(opened: Opened, identity: str, *, by: str, on_behalf_of: str | None = None) -> User:
    """Disable ``identity`` (an admin's write); the last active admin cannot be disabled."""
    identity = normal_identity(identity)
    with opened.write() as conn:
        authorise(conn, by, "users")
        current = _latest(conn)
        who = current.get(identity)
        if who is None:
            raise SizingInputError("IDENTITY", identity, "", message=f"IDENTITY: {identity!r} is not a user of this "
                                   "register; nothing written")
        _keep_an_admin(current, identity, None)
        conn.execute(t.users.insert().values(identity=identity, role=who.role, active=False,
                                             **writer(by, on_behalf_of, now())))
    return User(identity, who.role, False)


def join_by_groups(opened: Opened, identity: str, role: str, claim: str) -> User | None:
    """A signed-in identity the register does not know, given ``role`` by the identity provider's groups (the
    deployment's mapping of its ``claim``): recorded as a user with that role, written by the provider's claim. Never
    an admin (an admin is made by an admin), never in a register without users, never over a row already on file (a
    disabled user stays disabled, an admin's choice of role stands). None when nothing is written."""
    identity = normal_identity(identity)
    if role not in ROLES or role == "admin":
        return None
    with opened.write() as conn:
        if not has_users(conn) or user(conn, identity) is not None:
            return None
        conn.execute(t.users.insert().values(identity=identity, role=role, active=True,
                                             **writer(f"identity provider ({claim} claim)", None, now())))
    return User(identity, role, True)


#: The roles that see only the FSEs they are linked to (``user_scopes``).
SCOPED = ("fse", "hauler")


def scope(conn: Connection, identity: str | None) -> list[str]:
    """The FSEs ``identity`` is linked to (the latest row of each FSE decides), in id order."""
    if not identity:
        return []
    s = t.user_scopes.c
    return sorted(r["fse_id"] for r in latest(conn, t.user_scopes, (s.fse_id,), s.identity == normal_identity(identity))
                  if r["active"])
