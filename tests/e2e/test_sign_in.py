"""End to end, with sign-in: the real app under ``streamlit run`` with an ``[auth]`` section pointing at a local
OpenID Connect provider (``oidc-provider-mock`` on 127.0.0.1), driven in headless Chromium.

Signed out, the app serves the sign-in page only (no register data, no save button); a viewer signs in and gets
no save button; a plan checker signs in, saves a review, and the register records their identity. Skipped only
when Chromium, Playwright, Authlib or oidc-provider-mock is missing (saying which).
"""

from __future__ import annotations

import importlib.util
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sizing.cli.main import main
from sizing.io import fields
from sizing.io.sections.parties import property_file
from sizing.program.parties import add_property
from sizing.program.submissions import set_scope
from tests.conftest import EXAMPLES
from tests.e2e.harness import (
    CHROMIUM,
    DESKTOP,
    ROOT,
    choose,
    free_port,
    open_expander,
    serve_app,
    wait_idle,
)

MISSING = [name for name, ok in (
    (f"Chromium at {CHROMIUM}", Path(CHROMIUM).exists()),
    ("the playwright package", importlib.util.find_spec("playwright") is not None),
    ("the Authlib package (the app extra)", importlib.util.find_spec("authlib") is not None),
    ("the oidc-provider-mock package (the test extra)", importlib.util.find_spec("oidc_provider_mock") is not None),
) if not ok]
pytestmark = pytest.mark.skipif(bool(MISSING), reason="needs " + ", ".join(MISSING))

USERS = {"viewer@city.example": "viewer", "checker@city.example": "plan_checker", "dir@city.example": "director",
         "cook@taqueria.example": "fse"}
#: The provider's accounts, by the subject typed on its sign-in form: the two users' e-mails verified; a third with
#: the plan checker's e-mail not verified; a fourth with no e-mail whose subject reads like the plan checker's.
ACCOUNTS = {
    "u-viewer": {"email": "viewer@city.example", "email_verified": True},
    "u-checker": {"email": "checker@city.example", "email_verified": True},
    "u-cook": {"email": "cook@taqueria.example", "email_verified": True},
    "u-unverified": {"email": "checker@city.example", "email_verified": False},
    "checker@city.example": {},
}


def wait_port(port: int, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the OpenID provider exited: {proc.stdout.read()[-2000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the OpenID provider did not listen on 127.0.0.1:{port}")


@pytest.fixture(scope="module")
def provider():
    """A local OpenID Connect provider on 127.0.0.1 (any client id and secret; the user types the subject)."""
    import json

    port = free_port()
    claims = [json.dumps({"sub": sub, **extra}) for sub, extra in ACCOUNTS.items()]
    cmd = [sys.executable, "-W", "ignore", "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", str(port)]
    for c in claims:
        cmd += ["--user-claims", c]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_port(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=15)


@pytest.fixture(scope="module")
def deployment(provider, tmp_path_factory):
    """A folder to start the app in: .streamlit/config.toml, a secrets.toml with [auth] and [register], and the
    register with an admin, a viewer and a plan checker."""
    home = tmp_path_factory.mktemp("deployment")
    (home / ".streamlit").mkdir()
    shutil.copy(ROOT / ".streamlit" / "config.toml", home / ".streamlit" / "config.toml")
    register = home / "city.db"
    assert main(["register", "init", "--db", str(register)]) == 0
    assert main(["register", "users", "add", "admin@city.example", "--role", "admin", "--db", str(register)]) == 0
    from sizing.program import access
    from sizing.program.store import open_register

    reg = open_register(str(register), create=False)
    for who, role in USERS.items():
        access.add_user(reg.db, who, role, by="admin@city.example")
    # two FSEs on one property; the FSE's user is linked to the Taqueria only
    as_user = type(reg)
    add_property(as_user(reg.db, identity="dir@city.example", require_user=True),
                 property_file(fields.load_document(EXAMPLES / "register" / "property-oak-plaza.yaml")))
    set_scope(as_user(reg.db, identity="admin@city.example", require_user=True), "cook@taqueria.example", "FSE-0611")
    reg.db.engine.dispose()
    # a record already in the register, which a signed-out visitor must not see
    assert main(["register", "add", str(EXAMPLES / "register" / "corner-coffee-waiver.yaml"), "--db",
                 str(register)]) == 2  # the OS user is not a user of this register
    port = free_port()
    (home / ".streamlit" / "secrets.toml").write_text(
        f'[register]\nurl = "{register}"\n\n'
        f'[auth]\nredirect_uri = "http://127.0.0.1:{port}/oauth2callback"\ncookie_secret = "{"k" * 48}"\n'
        f'client_id = "sizing-e2e"\nclient_secret = "sizing-e2e-secret"\n'
        f'server_metadata_url = "{provider}/.well-known/openid-configuration"\n'
        'client_kwargs = { scope = "openid email profile" }\n')
    with serve_app(cwd=home, port=port) as url:
        yield url, register


def text(page) -> str:
    return page.locator("body").inner_text()


def sign_in(browser, url: str, who: str, subject: str | None = None):
    """Signed in at the provider as ``subject`` (default: the account whose e-mail is ``who``), then back in the
    app, which says it is signed in as ``who``."""
    subject = subject or "u-" + who.split("@")[0]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(url)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_placeholder("sub").wait_for(timeout=30_000)  # the provider's authorization form
    page.get_by_placeholder("sub").fill(subject)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{url}/**", timeout=30_000)
    page.get_by_text(f"Signed in as {who}").wait_for(timeout=60_000)
    return context, page


@pytest.mark.parametrize("subject", ["u-unverified", "checker@city.example"])
def test_an_unverified_email_or_a_subject_is_not_a_user(browser, deployment, subject):
    """The plan checker's e-mail unverified, or no e-mail and a subject that reads like it: no role, no register."""
    url, _ = deployment
    context, page = sign_in(browser, url, "an account without a verified e-mail", subject=subject)
    page.get_by_text("This sign-in gave no verified e-mail address").wait_for(timeout=60_000)
    body = text(page)
    assert "plan_checker" not in body and "FSE-" not in body and "Save" not in body
    assert page.locator('[data-testid="stDataFrame"]').count() == 0
    context.close()


def review_page_with_example(page, url: str) -> None:
    page.goto(f"{url}/review")
    page.get_by_text("Signed in as").wait_for(timeout=60_000)
    wait_idle(page)
    choose(page, "Example", "review-noncompliant.yaml")
    page.get_by_role("button", name="Load example").click()
    wait_idle(page)
    page.get_by_text("NOT COMPLIANT").first.wait_for(timeout=60_000)


def test_signed_out_only_the_sign_in_page_is_served(browser, deployment):
    url, _ = deployment
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    for path in ("", "/review", "/program"):
        page.goto(url + path)
        page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)
        wait_idle(page)
        body = text(page)
        assert "Grease interceptor sizing: sign in" in body
        assert "FSE-" not in body and "Save" not in body and "city.db" not in body and "Program" not in body
        assert page.locator('[data-testid="stDataFrame"]').count() == 0
    context.close()


def test_a_viewer_gets_no_save_button(browser, deployment):
    url, _ = deployment
    context, page = sign_in(browser, url, "viewer@city.example")
    assert "Signed in as viewer@city.example (viewer)" in text(page)
    review_page_with_example(page, url)
    assert page.get_by_text("Save to register").count() == 0
    page.goto(f"{url}/program")
    page.get_by_text("FOG program register").wait_for(timeout=60_000)  # a viewer reads the register
    context.close()


def test_a_plan_checker_saves_a_review_recorded_as_them(browser, deployment):
    import sqlite3

    url, register = deployment
    context, page = sign_in(browser, url, "checker@city.example")
    review_page_with_example(page, url)
    open_expander(page, "Save to register")
    page.get_by_role("button", name="Save this review cycle to the register").click()
    wait_idle(page)
    saved = page.get_by_text("Saved: stored review cycle 1 of FSE-0417")
    saved.wait_for(state="attached", timeout=60_000)  # in the save box (which the rerun may have folded)
    assert "recorded by checker@city.example" in saved.text_content()
    conn = sqlite3.connect(f"file:{register}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT fse_id, cycle, recorded_by FROM cycles").fetchall()
    finally:
        conn.close()
    assert rows == [("FSE-0417", 1, "checker@city.example")]
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/end_session**", timeout=30_000)  # the app's cookie is gone; the provider ends its session
    page.goto(url)
    page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)
    context.close()


def test_an_fse_user_sends_a_receipt_and_a_plan_checker_accepts_it(browser, deployment, tmp_path):
    """The FSE's user sees its own FSE only, by any address; sends a pump-out receipt with a photo of it; a plan
    checker accepts it on the Program page, and it is stored as a hauler manifest recorded as theirs."""
    import sqlite3

    url, register = deployment
    context, page = sign_in(browser, url, "cook@taqueria.example")
    for path in ("/program", "/inspection", "/review", ""):
        page.goto(url + path)
        page.get_by_text("Signed in as cook@taqueria.example (fse)").wait_for(timeout=60_000)
        page.get_by_role("heading", name="My FSE").wait_for(timeout=60_000)
        wait_idle(page)
        body = text(page)
        assert "FSE-0611" in body and "FSE-0610" not in body and "Noodle House" not in body, path
        assert "FOG program register" not in body and "Plan review" not in body, path
    photo = tmp_path / "receipt.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    for label, value in (("Hauler", "Valley Grease"), ("Manifest or receipt number", "VG-2201"),
                         ("Gallons pumped", "1,500 gal"), ("Disposal site", "Tracy WWTP receiving")):
        page.get_by_test_id("stForm").get_by_role("textbox", name=label, exact=True).fill(value)
    page.locator('input[type="file"]').set_input_files(str(photo))
    page.get_by_text("receipt.png").wait_for(timeout=30_000)
    page.get_by_role("button", name="Send to the City").click()
    page.get_by_text("Sent: pump-out receipt 1 for FSE-0611").wait_for(timeout=60_000)
    context.close()
    context, page = sign_in(browser, url, "checker@city.example")
    page.goto(f"{url}/program")
    page.get_by_text("FOG program register").wait_for(timeout=60_000)
    page.get_by_role("tab", name="Submissions").click()
    page.get_by_text("1 submissions waiting for a decision").wait_for(timeout=60_000)
    page.get_by_role("button", name="Accept").click()
    page.get_by_text("Submission 1 accepted: stored as hauler manifest 1.").wait_for(timeout=60_000)
    context.close()
    conn = sqlite3.connect(f"file:{register}?mode=ro", uri=True)
    try:
        stored = conn.execute("SELECT fse_id, manifest, gallons, recorded_by FROM hauler_manifests").fetchall()
        sent = conn.execute("SELECT fse_id, file_name, recorded_by FROM submissions").fetchall()
    finally:
        conn.close()
    assert stored == [("FSE-0611", "VG-2201", 1500.0, "checker@city.example")]
    assert sent == [("FSE-0611", "receipt.png", "cook@taqueria.example")]
