"""Who may write: the users table, roles checked by the register itself, `--user` recorded beside the writer."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.io import fields as parse
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program import access
from sizing.program import schema as t
from sizing.program.errors import NotPermitted
from sizing.program.store import evaluate
from sizing.program.writers import os_user
from tests.conftest import EXAMPLES

REG = EXAMPLES / "register"
CYCLE1, WAIVER, LOG = REG / "corner-cafe-cycle1.yaml", REG / "corner-coffee-waiver.yaml", REG / "example-bistro-maintenance.yaml"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def me(db: str) -> str:
    """The CLI's writer: the PostgreSQL role on PostgreSQL, else the operating-system user."""
    return "postgres" if "://" in db else os_user()


def count(reg, table) -> int:
    with reg.db.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar()


def test_no_users_is_single_user_mode_and_the_first_user_must_be_an_admin(db, capsys, registers):
    assert run(capsys, "register", "add", CYCLE1, "--db", db)[0] == 1  # every write allowed
    code, out, _ = run(capsys, "register", "users", "list", "--db", db)
    assert code == 0 and out.startswith("no users: local single-user mode")
    code, _, err = run(capsys, "register", "users", "add", "ann@city.example", "--role", "viewer", "--db", db)
    assert code == 2 and err.strip() == ("sizing register: register: the register has no users yet: the first user "
                                         "must be an admin (sizing register users add IDENTITY --role admin); "
                                         "nothing written")
    code, _, err = run(capsys, "register", "users", "add", "Admin@City.example", "--role", "admin", "--db", db)
    assert code == 0 and err.strip() == "sizing register: admin@city.example is an active admin"
    assert count(registers(db), t.users) == 1


def test_roles_are_checked_by_the_register_for_every_write(db, capsys, registers):
    writer = me(db)
    assert run(capsys, "register", "users", "add", writer, "--role", "admin", "--db", db)[0] == 0
    # an admin manages users and stores no records
    code, _, err = run(capsys, "register", "add", CYCLE1, "--db", db)
    assert code == 2 and err.strip() == (f"sizing register: register: {writer} (role admin) may not store a review "
                                         "cycle: that needs the role plan_checker or director; nothing written")
    assert run(capsys, "register", "users", "add", "boss", "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", writer, "--role", "plan_checker", "--db", db)[0] == 0
    assert run(capsys, "register", "add", CYCLE1, "--db", db, "--user", "J. Alvarez")[0] == 1
    code, _, err = run(capsys, "register", "add", WAIVER, "--db", db)
    assert code == 2 and "(role plan_checker) may not store a waiver decision: that needs the role director" in err
    code, _, err = run(capsys, "register", "add", LOG, "--db", db)
    assert code == 2 and "may not store a maintenance log: that needs the role inspector or director" in err
    code, _, err = run(capsys, "register", "users", "add", "eve", "--role", "admin", "--db", db)
    assert code == 2 and "may not change the users: that needs the role admin" in err
    reg = registers(db)
    assert (count(reg, t.cycles), count(reg, t.waivers), count(reg, t.maintenance_logs)) == (1, 0, 0)
    with reg.db.read() as conn:
        row = conn.execute(sa.select(t.cycles.c.recorded_by, t.cycles.c.on_behalf_of, t.cycles.c.reviewer)).one()
    assert tuple(row) == (writer, "J. Alvarez", "J. Alvarez")
    code, out, _ = run(capsys, "register", "show", "FSE-0417", "--db", db)
    assert f"recorded by {writer} for J. Alvarez" in out


def test_disabled_users_and_the_last_admin(db, capsys, registers):
    writer = me(db)
    assert run(capsys, "register", "users", "add", writer, "--role", "admin", "--db", db)[0] == 0
    code, _, err = run(capsys, "register", "users", "disable", writer, "--db", db)
    assert code == 2 and "is the last active admin and cannot be disabled" in err
    code, _, err = run(capsys, "register", "users", "add", writer, "--role", "director", "--db", db)
    assert code == 2 and "is the last active admin and cannot be made director (add another admin first)" in err
    assert run(capsys, "register", "users", "add", "second-admin", "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", "insp@city.example", "--role", "inspector", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "disable", "insp@city.example", "--db", db)[0] == 0
    code, out, _ = run(capsys, "register", "users", "list", "--db", db)
    lines = {line.split()[0]: line.split()[1:3] for line in out.splitlines()}
    assert lines == {"insp@city.example": ["inspector", "disabled"], "second-admin": ["admin", "active"],
                     writer: ["admin", "active"]}
    reg = registers(db)
    reg_insp = type(reg)(reg.db, identity="INSP@city.example")
    with pytest.raises(NotPermitted, match="is a disabled user of this register"):
        reg_insp.add_file(LOG, jurisdiction=get_jurisdiction("tracy"))
    code, _, err = run(capsys, "register", "users", "add", "x", "--role", "superuser", "--db", db)
    assert code == 2 and "--role: expected one of viewer, plan_checker, inspector, director, admin, fse, hauler" in err


def test_the_core_refuses_a_viewer_without_any_user_interface(db, registers):
    reg = registers(db)
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    access.add_user(reg.db, "viewer@city.example", "viewer", by="admin@city.example")
    access.add_user(reg.db, "checker@city.example", "plan_checker", by="admin@city.example")
    ev = evaluate(parse.load_document(CYCLE1), jurisdiction=get_jurisdiction("tracy"))
    viewer = type(reg)(reg.db, identity="viewer@city.example", require_user=True)
    assert viewer.role() == "viewer" and not viewer.may("review")
    with pytest.raises(NotPermitted) as err:
        viewer.add(ev)
    assert str(err.value) == ("register: viewer@city.example (role viewer) may not store a review cycle: that needs "
                              "the role plan_checker or director; nothing written")
    stranger = type(reg)(reg.db, identity="someone@else.example", require_user=True)
    with pytest.raises(NotPermitted, match="is not a user of this register"):
        stranger.import_inventory(EXAMPLES / "inventory.csv", skip_rejects=True, jurisdiction=get_jurisdiction("tracy"))
    assert count(reg, t.cycles) == 0 and count(reg, t.fses) == 0
    checker = type(reg)(reg.db, identity="Checker@City.example", require_user=True)
    assert checker.may("review") and not checker.may("waiver")
    assert checker.add(ev, user="front desk").cycle == 1
    with reg.db.read() as conn:
        row = conn.execute(sa.select(t.cycles.c.recorded_by, t.cycles.c.on_behalf_of)).one()
    assert tuple(row) == ("Checker@City.example", "front desk")


def test_sign_in_required_and_no_users_yet_refuses(db, registers):
    reg = registers(db)
    signed_in = type(reg)(reg.db, identity="ann@city.example", require_user=True)
    assert not signed_in.may("review")
    with pytest.raises(NotPermitted, match="the register has no users yet"):
        signed_in.add_file(CYCLE1, jurisdiction=get_jurisdiction("tracy"))
    assert count(reg, t.cycles) == 0


def test_history_json_shows_on_whose_behalf(db, capsys):
    assert run(capsys, "register", "add", CYCLE1, "--db", db, "--user", "M. Chen")[0] == 1
    code, out, _ = run(capsys, "register", "history", "FSE-0417", "--db", db, "--format", "json")
    rows = json.loads(out)["history"]
    assert {(r["recorded_by"], r["on_behalf_of"]) for r in rows} == {(me(db), "M. Chen")}
