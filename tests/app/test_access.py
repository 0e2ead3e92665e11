"""The app's register is the server's (no field for it), viewing creates nothing and shows no password, and with
``[auth]`` in the secrets only the sign-in page is served until sign-in; the role decides the save buttons."""

from __future__ import annotations

import logging
import uuid

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from sizing.program import access
from sizing.program.store import open_register
from sizing.program.writers import os_user
from tests.app.conftest import APP, TIMEOUT, AppTest, errors, goto, open_box, texts
from tests.conftest import EXAMPLES

SECRET = "S3cretPW-app-42"
AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 40,
        "client_id": "sizing", "client_secret": "not-used-here",
        "server_metadata_url": "http://127.0.0.1:9/.well-known/openid-configuration"}


def labels(at: AppTest) -> list[str]:
    return [w.label for w in at.text_input]


def everything(at: AppTest) -> str:
    """Every text an element of the page carries (values, labels, placeholders, help)."""
    out = []
    for node in at.main, at.sidebar:
        stack = [node]
        while stack:
            n = stack.pop()
            stack.extend(getattr(n, "children", {}).values())
            proto = getattr(n, "proto", None)
            if proto is not None:
                out.append(str(proto))
    return "\n".join(out)


#: The issuer of AUTH's provider: its server_metadata_url without the discovery path.
ISSUER = "http://127.0.0.1:9"


def signed_in_app(register: str, email: str | None, logged_in: bool = True, **claims) -> AppTest:
    """The app signed in with an ID token from AUTH's provider whose e-mail (when given) is verified, unless
    ``claims`` say otherwise."""
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.secrets["auth"] = AUTH
    at.secrets["register"] = {"url": register}
    token = {"iss": ISSUER, "sub": "subject-1", **({"email": email, "email_verified": True} if email else {})}
    at.user = {"is_logged_in": logged_in, **token, **claims}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def city_register(tmp_path):
    return make_city_register(tmp_path)


def make_city_register(tmp_path):
    """A register with an admin, a viewer and a plan checker (as `sizing register users add` makes them)."""
    path = tmp_path / "city.db"
    reg = open_register(str(path))
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    access.add_user(reg.db, "viewer@city.example", "viewer", by="admin@city.example")
    access.add_user(reg.db, "checker@city.example", "plan_checker", by="admin@city.example")
    reg.db.engine.dispose()
    assert main(["register", "users", "add", "x@y", "--role", "viewer", "--db", str(path)]) == 2  # not an admin
    return path


def load_review_example(at: AppTest) -> None:
    goto(at, "review")
    at.selectbox(key="in_rv_example").set_value("review-noncompliant.yaml")
    at.button(key="rv_load_example").click().run()


def test_no_page_has_a_register_location_field(app, tmp_path, monkeypatch):
    monkeypatch.setenv("SIZING_DB", str(tmp_path / "r.db"))
    for page in ("program", "review", "waiver", "maintenance"):
        goto(app, page)
        assert not any("Register" in label or "postgresql" in label for label in labels(app)), (page, labels(app))
    load_review_example(app)
    open_box(app, "reg_box_open_review")
    app.text_input(key="in_reg_user").set_value("M. Chen").run()
    app.button(key="reg_save_review").click().run()
    assert f"Saved: stored review cycle 1 of FSE-0417 (not compliant) in the register, recorded by {os_user()}." \
           in texts(app)
    assert str(tmp_path) not in texts(app)  # the message never says where the register is kept


def test_the_secrets_register_url_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SIZING_DB", str(tmp_path / "env.db"))
    assert main(["register", "add", str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml"), "--db",
                 str(tmp_path / "secrets.db")]) == 1
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.secrets["register"] = {"url": str(tmp_path / "secrets.db")}
    at.run()
    goto(at, "program")
    assert not errors(at) and "FSE-0417" in everything(at)
    assert not (tmp_path / "env.db").exists()


@pytest.mark.fresh
def test_the_program_page_on_an_empty_postgresql_creates_nothing_and_shows_no_password(pg_admin, monkeypatch,
                                                                                     caplog):
    from tests.register.conftest import drop_schema, pg_schema_url

    caplog.set_level(logging.DEBUG)
    schema = f"sizing_test_{uuid.uuid4().hex[:12]}"
    url = sa.engine.make_url(pg_schema_url(pg_admin, schema)).set(password=SECRET)
    try:
        monkeypatch.setenv("SIZING_DB", url.render_as_string(hide_password=False))
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.run()
        goto(at, "program")
        assert "No register yet: an admin creates it with `sizing register init`" in texts(at)
        assert "postgresql" not in texts(at) and SECRET not in texts(at)
        with pg_admin.connect() as conn:
            tables = conn.exec_driver_sql("SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                                          f"'{schema}'").scalar()
        assert tables == 0  # viewing created no table
        load_review_example(at)  # saving to a PostgreSQL register that does not exist: one line, nothing made
        open_box(at, "reg_box_open_review")
        at.button(key="reg_save_review").click().run()
        assert any("no register yet at postgresql+psycopg://postgres:***@" in e for e in errors(at))
        for page in ("program", "review"):
            goto(at, page)
            assert SECRET not in everything(at)
        assert SECRET not in caplog.text
    finally:
        drop_schema(pg_admin, schema)


@pytest.fixture
def pg_admin():
    from tests.register.conftest import PG_URL

    try:
        engine = sa.create_engine(PG_URL)
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - no driver, no server: skip, saying which
        pytest.skip(f"PostgreSQL not reachable at {PG_URL}: {str(exc).splitlines()[0]}")
    yield engine
    engine.dispose()


def test_signed_out_only_the_sign_in_page_is_served(city_register):
    at = signed_in_app(str(city_register), None, logged_in=False)
    assert [t.value for t in at.title] == ["Grease interceptor sizing: sign in"]
    assert [b.key for b in at.button] == ["sign_in"]
    assert not at.dataframe and not at.text_input and not at.selectbox and not at.expander
    assert "FSE-0417" not in everything(at) and "city.db" not in everything(at)


def test_a_signed_in_stranger_is_told_to_ask_an_admin(city_register):
    at = signed_in_app(str(city_register), "someone@else.example")
    assert errors(at) == ["someone@else.example is not an active user of this register: ask an admin to add you "
                          "(sizing register users add IDENTITY --role ROLE)."]
    assert not at.dataframe and not at.expander


def test_a_viewer_sees_the_register_and_no_save_button(city_register):
    assert main(["register", "add", str(EXAMPLES / "register" / "corner-cafe-cycle1.yaml"), "--db",
                 str(city_register)]) == 2  # the OS user is not a user of this register either
    at = signed_in_app(str(city_register), "Viewer@City.example")
    assert "Signed in as viewer@city.example (viewer)" in texts(at)
    load_review_example(at)
    open_box(at, "reg_box_open_review")  # open: the box holds no save button for this role
    assert "reg_save_review" not in [b.key for b in at.button]
    assert "Save to register" not in [e.label for e in at.expander]
    goto(at, "program")
    assert not errors(at)


def test_a_plan_checker_saves_and_the_register_records_them(city_register):
    at = signed_in_app(str(city_register), "checker@city.example")
    load_review_example(at)
    open_box(at, "reg_box_open_review")
    at.text_input(key="in_reg_user").set_value("front counter").run()
    at.button(key="reg_save_review").click().run()
    assert not errors(at)
    assert "recorded by checker@city.example." in texts(at)
    assert "reg_save_waiver" not in [b.key for b in goto(at, "waiver").button]  # a plan checker decides no waiver
    reg = open_register(str(city_register), create=False)
    with reg.db.read() as conn:
        rows = conn.exec_driver_sql("SELECT recorded_by, on_behalf_of FROM cycles").all()
    reg.db.engine.dispose()
    assert [tuple(r) for r in rows] == [("checker@city.example", "front counter")]


def test_signed_in_without_users_yet_nobody_writes(tmp_path):
    path = tmp_path / "new.db"
    assert main(["register", "init", "--db", str(path)]) == 0
    at = signed_in_app(str(path), "first@city.example")
    assert errors(at)[0].startswith("first@city.example is not an active user of this register")


def test_without_sign_in_a_viewer_os_user_gets_no_save_button(city_register, monkeypatch):
    monkeypatch.setattr("sizing.program.writers.os_user", lambda: "viewer@city.example")
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.secrets["register"] = {"url": str(city_register)}
    at.run()
    load_review_example(at)
    open_box(at, "reg_box_open_review")  # open: the box holds no save button for this role
    assert "reg_save_review" not in [b.key for b in at.button]


def test_a_sign_in_without_e_mail_or_subject_is_not_the_server_user(city_register, monkeypatch):
    monkeypatch.setattr("sizing.program.writers.os_user", lambda: "checker@city.example")  # the server's OS user is a user
    at = signed_in_app(str(city_register), None)
    assert errors(at)[0].startswith("This sign-in gave no verified e-mail address")
    assert not at.expander and not at.dataframe


def test_secrets_that_cannot_be_read_never_fall_back_to_no_sign_in(tmp_path):
    home = tmp_path / "server"
    (home / ".streamlit").mkdir(parents=True)
    (home / ".streamlit" / "secrets.toml").write_text("[auth\nredirect_uri = 'http://x/oauth2callback'\n")
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = "from app_pages import access; print(access.auth_configured())"  # run where the server starts
    out = subprocess.run([sys.executable, "-c", code], cwd=home, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode != 0 and out.stdout == ""  # stopped, never "no [auth]: run without sign-in"
    assert "secrets.toml cannot be read" in out.stderr
