"""Who writes, and who migrates: the writer is asked of the system, never of the environment, and a schema
migration is an authorised write, never a side effect of a read or of another write.

- On SQLite the writer is the login name of the process's real uid (``pwd.getpwuid(os.getuid())``): ``LOGNAME``
  and ``USER`` name anyone, so they neither change ``recorded_by`` nor grant a role. A uid without a passwd
  entry is ``uid:NNN``.
- On PostgreSQL the writer is the server's ``session_user`` (the role that logged in), not ``current_user``
  (which a ``role`` option or ``SET ROLE`` changes).
- A read, or a write other than ``register migrate``, on an older schema is refused in one line naming
  ``sizing register migrate`` (exit 2), the schema left as it was; ``migrate`` needs the admin role (or, while the
  register has no users, its owner: the SQLite file's owner uid, the PostgreSQL schema's or database's owner),
  and what it writes is recorded under the migrating identity.
"""

from __future__ import annotations

import os
import pwd
import uuid
from pathlib import Path

import pytest

from sizing.cli.main import main

sa = pytest.importorskip("sqlalchemy", reason="the register needs SQLAlchemy")

from tests.register.conftest import PG_URL, back_to, drop_schema, pg_schema_url  # noqa: E402

ME = pwd.getpwuid(os.getuid()).pw_name
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "register"
MIGRATE = "`sizing register migrate`"


def _users(db: str) -> list[tuple[str, str, str]]:
    from sizing.program.store import open_register

    reg = open_register(db, create=False, read_only=True)
    try:
        with reg.db.read() as conn:
            rows = conn.execute(sa.text("SELECT identity, role, recorded_by FROM users ORDER BY id")).all()
    finally:
        reg.db.engine.dispose()
    return [tuple(r) for r in rows]


def _version(url: str) -> str:
    from sizing.program.engine import make_engine

    engine = make_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.connect() as conn:
            return conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    finally:
        engine.dispose()


def _first_admin(db: str, identity: str) -> None:
    from sizing.program import access
    from sizing.program.db import open_db

    opened = open_db(db, create=True)
    try:
        access.add_user(opened, identity, "admin", by="setup")
    finally:
        opened.close()


@pytest.fixture
def sqlite_db(tmp_path):
    db = str(tmp_path / "register.db")
    assert main(["register", "init", "--db", db]) == 0
    return db


@pytest.fixture
def pg():
    """A throwaway schema holding a register (made by the server's superuser, who owns the schema), and a
    factory of second login roles that may read and write its tables; all dropped afterwards."""
    try:
        admin = sa.create_engine(PG_URL)
        with admin.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except Exception as exc:  # no driver, no server: skip, saying which
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {str(exc).splitlines()[0]}")
    schema = f"sizing_test_{uuid.uuid4().hex[:12]}"
    url = pg_schema_url(admin, schema)
    assert main(["register", "init", "--db", url]) == 0
    roles: list[str] = []

    def role(*member_of: str) -> str:
        name = f"sizing_role_{uuid.uuid4().hex[:10]}"
        try:
            with admin.begin() as conn:
                conn.exec_driver_sql(f'CREATE ROLE "{name}" LOGIN')
                roles.append(name)
                conn.exec_driver_sql(f'GRANT USAGE ON SCHEMA "{schema}" TO "{name}"')
                conn.exec_driver_sql(f'GRANT ALL ON ALL TABLES IN SCHEMA "{schema}" TO "{name}"')
                conn.exec_driver_sql(f'GRANT ALL ON ALL SEQUENCES IN SCHEMA "{schema}" TO "{name}"')
                for other in member_of:
                    conn.exec_driver_sql(f'GRANT "{other}" TO "{name}"')
        except sa.exc.DBAPIError as exc:
            pytest.skip(f"the PostgreSQL server does not let the tests create a role: {str(exc).splitlines()[0]}")
        return name

    def url_as(name: str, set_role: str | None = None) -> str:
        options = f"-csearch_path={schema}" + (f" -crole={set_role}" if set_role else "")
        return sa.engine.make_url(PG_URL).set(username=name).update_query_dict(
            {"options": options}).render_as_string(hide_password=False)

    try:
        yield url, role, url_as
    finally:
        drop_schema(admin, schema)
        with admin.begin() as conn:
            for name in roles:
                conn.exec_driver_sql(f'DROP OWNED BY "{name}"')
                conn.exec_driver_sql(f'DROP ROLE "{name}"')
        admin.dispose()


# --- the operating-system identity --------------------------------------------------------------------------

def test_login_variables_do_not_change_recorded_by(sqlite_db, monkeypatch):
    """No users yet: anyone may add the first admin, but it is recorded as the real uid's name, not LOGNAME's."""
    assert ME != "chief"
    monkeypatch.setenv("LOGNAME", "chief")
    monkeypatch.setenv("USER", "chief")
    assert main(["register", "users", "add", "x@city.example", "--role", "admin", "--db", sqlite_db]) == 0
    assert _users(sqlite_db) == [("x@city.example", "admin", ME)]


def test_login_variables_do_not_grant_a_role(sqlite_db, monkeypatch, capsys):
    """``LOGNAME=chief sizing register users add x --role admin``, chief the register's admin and the real user not
    a user: refused, exit 2, nothing written."""
    _first_admin(sqlite_db, "chief")
    monkeypatch.setenv("LOGNAME", "chief")
    monkeypatch.setenv("USER", "chief")
    assert main(["register", "users", "add", "x", "--role", "admin", "--db", sqlite_db]) == 2
    assert f"register: {ME} is not a user of this register; nothing written" in capsys.readouterr().err
    assert [u[0] for u in _users(sqlite_db)] == ["chief"]


def test_a_uid_without_a_passwd_entry_is_uid_nnn_never_an_environment_variable(monkeypatch):
    from sizing.program import writers as who

    def no_entry(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.setenv("LOGNAME", "chief")
    monkeypatch.setenv("USER", "chief")
    monkeypatch.setenv("USERNAME", "chief")
    assert who.os_user() == f"uid:{os.getuid()}"


# --- the PostgreSQL identity ----------------------------------------------------------------------------------

def test_on_postgresql_a_write_is_recorded_as_session_user_not_current_user(pg):
    """Role A logs in with the option ``role=B`` (A a member of B): current_user is B, session_user A. The write
    is A's."""
    url, role, url_as = pg
    b = role()
    a = role(b)
    assert main(["register", "users", "add", "x@city.example", "--role", "admin", "--db", url_as(a, b)]) == 0
    assert _users(url) == [("x@city.example", "admin", a)]


def test_on_postgresql_a_role_option_does_not_grant_the_role_check(pg, capsys):
    """B is the register's admin, A (member of B) is not a user: logged in as A with ``role=B``, A is refused."""
    url, role, url_as = pg
    b = role()
    a = role(b)
    _first_admin(url, b)
    assert main(["register", "users", "add", "x@city.example", "--role", "admin", "--db", url_as(a, b)]) == 2
    assert f"register: {a} is not a user of this register; nothing written" in capsys.readouterr().err
    assert [u[0] for u in _users(url)] == [b]


# --- no implicit migration ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["notices"], ["notices", "--open"], ["due"], ["show", "FSE-0417"],
                                     ["export"], ["summary", "--from", "2026-01-01", "--to", "2026-12-31"],
                                     ["users", "list"]])
def test_a_read_on_an_older_schema_refuses_naming_migrate(sqlite_db, command, capsys):
    back_to(f"sqlite:///{sqlite_db}", "0006")
    assert main(["register", *command, "--db", sqlite_db]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "has schema 0006" in err and MIGRATE in err, err
    assert _version(sqlite_db) == "0006"


def test_a_read_on_an_older_postgresql_register_refuses_naming_migrate(pg, capsys):
    url = pg[0]
    back_to(url, "0006")
    assert main(["register", "notices", "--db", url]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "has schema 0006" in err and MIGRATE in err, err
    assert _version(url) == "0006"


@pytest.mark.parametrize("command", [["add", str(EXAMPLES / "corner-cafe-cycle1.yaml")],
                                     ["import-manifests", str(EXAMPLES / "hauler-manifests.csv")],
                                     ["users", "add", "y@city.example", "--role", "viewer"]])
def test_a_write_on_an_older_schema_refuses_naming_migrate(sqlite_db, command, capsys):
    """A write by a user who is not an admin, on schema 0006: refused naming the command, not migrated."""
    _first_admin(sqlite_db, "chief")
    back_to(f"sqlite:///{sqlite_db}", "0006")
    assert main(["register", *command, "--db", sqlite_db]) == 2
    err = capsys.readouterr().err.strip()
    assert "has schema 0006" in err and MIGRATE in err, err
    assert _version(sqlite_db) == "0006"


# --- register migrate: an authorised write ---------------------------------------------------------------------

def _with_users(db: str, **roles: str) -> None:
    from sizing.program import access
    from sizing.program.db import open_db

    opened = open_db(db, create=True)
    try:
        access.add_user(opened, "chief", "admin", by="setup")
        for identity, role in roles.items():
            access.add_user(opened, identity, role, by="chief")
    finally:
        opened.close()


def test_migrate_by_a_viewer_is_refused(sqlite_db, capsys):
    _with_users(sqlite_db, **{ME: "viewer"})
    back_to(f"sqlite:///{sqlite_db}", "0006")
    assert main(["register", "migrate", "--db", sqlite_db]) == 2
    err = capsys.readouterr().err
    assert f"register: {ME} (role viewer) may not migrate the register's schema: that needs the role admin" in err
    assert _version(sqlite_db) == "0006"


def test_migrate_by_a_non_user_is_refused_whatever_logname_says(sqlite_db, capsys, monkeypatch):
    _with_users(sqlite_db)
    back_to(f"sqlite:///{sqlite_db}", "0006")
    monkeypatch.setenv("LOGNAME", "chief")
    monkeypatch.setenv("USER", "chief")
    assert main(["register", "migrate", "--db", sqlite_db]) == 2
    assert f"register: {ME} is not a user of this register" in capsys.readouterr().err
    assert _version(sqlite_db) == "0006"


def test_migrate_by_an_admin_is_recorded_under_that_identity(sqlite_db, capsys, monkeypatch):
    """What the 0006 -> 0007 migration writes (each FSE's maintenance plan made from every record) is the
    admin's, named by the real uid, and the command says who migrated."""
    from sizing.program.versions import HEAD

    _with_users(sqlite_db, **{ME: "admin", "ann@city.example": "inspector"})
    monkeypatch.setenv("LOGNAME", "ann@city.example")
    monkeypatch.setenv("USER", "ann@city.example")
    with monkeypatch.context() as m:  # the inspector stores a maintenance log while the schema is current
        m.setattr("sizing.program.writers.os_user", lambda: "ann@city.example")
        assert main(["register", "add", str(EXAMPLES / "example-bistro-maintenance.yaml"), "--db", sqlite_db]) == 0
    back_to(f"sqlite:///{sqlite_db}", "0006")
    before = _log_writers(sqlite_db)
    capsys.readouterr()
    assert main(["register", "migrate", "--db", sqlite_db]) == 0
    assert f"from schema 0006 to {HEAD} as {ME}" in capsys.readouterr().err
    assert _version(sqlite_db) == HEAD
    after = _log_writers(sqlite_db)
    assert after[:len(before)] == before and len(after) > len(before)  # the migration's plans, appended
    assert {by for by in after[len(before):]} == {ME}


def _log_writers(db: str) -> list[str]:
    engine = sa.create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.exec_driver_sql("SELECT recorded_by FROM maintenance_logs ORDER BY id")]
    finally:
        engine.dispose()


def test_migrate_without_users_by_the_file_owner_succeeds_and_by_another_uid_is_refused(sqlite_db, capsys):
    """No users: the SQLite file's owner uid may migrate; the file owned by another uid, the process is refused
    (even root: ownership, not privilege, is the rule)."""
    from sizing.program.versions import HEAD

    if os.getuid() != 0:
        pytest.skip("only root can give the file to another uid")
    back_to(f"sqlite:///{sqlite_db}", "0006")
    os.chown(sqlite_db, 54321, -1)
    assert main(["register", "migrate", "--db", sqlite_db]) == 2
    err = capsys.readouterr().err
    assert f"register: {ME} may not migrate the register's schema: the register has no users yet" in err, err
    assert "uid 54321" in err and _version(sqlite_db) == "0006"
    os.chown(sqlite_db, os.getuid(), -1)
    assert main(["register", "migrate", "--db", sqlite_db]) == 0
    assert _version(sqlite_db) == HEAD


def test_migrate_on_postgresql_without_users_by_a_role_that_does_not_own_the_schema_is_refused(pg, capsys):
    url, role, url_as = pg
    a = role()
    back_to(url, "0006")
    assert main(["register", "migrate", "--db", url_as(a)]) == 2
    err = capsys.readouterr().err
    assert f"register: {a} may not migrate the register's schema: the register has no users yet" in err, err
    assert _version(url) == "0006"


def test_migrate_on_postgresql_by_the_admin_session_user(pg, capsys):
    """The schema's owner (the server's superuser here) is the register's admin: it migrates, and is named."""
    from sizing.program.versions import HEAD

    url, role, url_as = pg
    owner = sa.engine.make_url(PG_URL).username
    viewer = role()
    _with_users(url, **{owner: "admin", viewer: "viewer"})
    back_to(url, "0006")
    assert main(["register", "migrate", "--db", url_as(viewer)]) == 2
    assert f"register: {viewer} (role viewer) may not migrate" in capsys.readouterr().err
    assert main(["register", "migrate", "--db", url]) == 0
    assert f"from schema 0006 to {HEAD} as {owner}" in capsys.readouterr().err
    assert _version(url) == HEAD


def test_the_app_refuses_an_older_schema_in_its_register_box_and_program_page(sqlite_db, monkeypatch):
    """The app without sign-in, on a register of schema 0006: saving a review is refused (st.error naming the
    command), the Program page too, and the schema is left at 0006 (the app used to migrate on a save)."""
    pytest.importorskip("streamlit", reason="the app needs Streamlit")
    from tests.app.conftest import APP, TIMEOUT, AppTest, errors, goto, open_box

    back_to(f"sqlite:///{sqlite_db}", "0006")
    monkeypatch.setenv("SIZING_DB", sqlite_db)
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    goto(at, "review")
    at.selectbox(key="in_rv_example").set_value("review-noncompliant.yaml")
    at.button(key="rv_load_example").click().run()
    open_box(at, "reg_box_open_review")
    at.button(key="reg_save_review").click().run()
    shown = errors(at)
    assert any("has schema 0006" in e and MIGRATE in e for e in shown), shown
    assert _version(sqlite_db) == "0006"
    goto(at, "program")
    assert any("has schema 0006" in e and MIGRATE in e for e in errors(at)), errors(at)
    assert _version(sqlite_db) == "0006"
