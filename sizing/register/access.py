"""Who may write what: the register's users, their roles, and the check every write makes.

Roles: ``viewer`` (reads only), ``plan_checker`` (review cycles, the inventory), ``inspector`` (maintenance logs,
the inventory, inspections and the notices they open or close, hauler manifests), ``director`` (waiver decisions and revocations,
and everything a plan checker or an inspector may store), ``admin`` (the users; no records). The check runs inside the write's own transaction, in the
register layer, whatever the caller (the CLI, the app or a script) shows or hides.

Two modes, read from the ``users`` table at each write:

- **No users yet** (local single-user mode): every write is allowed and recorded as the writer's identity (the
  operating-system user, or the PostgreSQL role). A caller that requires sign-in (the app with ``[auth]``) is
  refused until the first admin is added from the CLI.
- **Users exist**: the writer must be an active user whose role allows the write, else :class:`NotPermitted`.

Identities are compared without regard to case and surrounding blanks (an e-mail address, a login name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from sizing import parse
from sizing.errors import SizingInputError
from sizing.register import limits
from sizing.register import schema as t
from sizing.register.errors import NotPermitted
from sizing.register.who import now, os_user, writer

ROLES = ("viewer", "plan_checker", "inspector", "director", "admin")
#: What each kind of write is, for the messages.
WHAT = {"review": "store a review cycle", "waiver": "store a waiver decision", "maintenance": "store a maintenance log",
        "inventory": "import an inventory", "inspection": "store an inspection or a notice's compliance",
        "manifests": "import hauler manifests",
        "users": "change the users"}
#: role -> the writes it may make.
PERMITS: dict[str, frozenset[str]] = {
    "viewer": frozenset(),
    "plan_checker": frozenset({"review", "inventory"}),
    "inspector": frozenset({"maintenance", "inventory", "inspection", "manifests"}),
    "director": frozenset({"review", "waiver", "maintenance", "inventory", "inspection", "manifests"}),
    "admin": frozenset({"users"}),
}

if TYPE_CHECKING:  # the register's handle, for the annotations only
    from sizing.register.db import Opened


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
    """The writer when none is signed in: the PostgreSQL role on PostgreSQL, else the operating-system user."""
    if opened.engine.dialect.name == "postgresql":
        with opened.read() as conn:
            return str(conn.exec_driver_sql("SELECT current_user").scalar())
    return os_user()


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
    u = t.users.c
    row = conn.execute(sa.select(t.users).where(u.identity == identity.strip().lower()).order_by(u.id.desc())
                       .limit(1)).mappings().first()
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
