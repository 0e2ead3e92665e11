"""The FSE's own page (signed in, role fse): its user, linked to FSE-0611 (Oak Plaza Taqueria), sees that FSE and
nothing of FSE-0610 on the same property, by any page; sends a pump-out receipt; a plan checker accepts it on the
Program page's Submissions tab, and the FSE's page shows it accepted."""

from __future__ import annotations

import pytest

from sizing.io import fields
from sizing.io.sections.parties import property_file
from sizing.program import access
from sizing.program.haulers import register_hauler
from sizing.program.parties import add_property
from sizing.program.store import open_register
from sizing.program.submissions import set_scope
from tests.app.conftest import errors, open_program_tab, texts
from tests.app.test_access import everything, signed_in_app
from tests.conftest import EXAMPLES

COOK = "cook@taqueria.example"
HAULER = "dispatch@valleygrease.example"


@pytest.fixture
def register(tmp_path):
    """The Oak Plaza property file stored by a director; the FSE's user linked to FSE-0611 by the admin."""
    path = str(tmp_path / "city.db")
    reg = open_register(path)
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    access.add_user(reg.db, COOK, "fse", by="admin@city.example")
    access.add_user(reg.db, "checker@city.example", "plan_checker", by="admin@city.example")
    access.add_user(reg.db, "boss@city.example", "director", by="admin@city.example")
    access.add_user(reg.db, HAULER, "hauler", by="admin@city.example")
    as_user = type(reg)
    register_hauler(as_user(reg.db, identity="boss@city.example", require_user=True), HAULER, "Valley Grease",
                    "SJC-GH-0042", "2099-12-31")
    add_property(as_user(reg.db, identity="boss@city.example", require_user=True),
                 property_file(fields.load_document(EXAMPLES / "register" / "property-oak-plaza.yaml")))
    set_scope(as_user(reg.db, identity="admin@city.example", require_user=True), COOK, "FSE-0611")
    reg.db.engine.dispose()
    return path


def test_the_fse_sees_its_own_fse_only_and_sends_a_receipt_staff_accept(register):
    at = signed_in_app(register, COOK)
    assert [t.value for t in at.title] == ["My FSE"]
    assert "FSE-0611" in texts(at) and "FSE-0610" not in everything(at)
    # the staff's pages are not there, by any address: a switch to one is refused
    with pytest.raises(ValueError):  # not a page this user has
        at.switch_page("app_pages/pages/program.py").run()
    at = signed_in_app(register, COOK)
    for key, value in (("in_my_hauler", "Valley Grease"), ("in_my_manifest", "VG-2201"),
                       ("in_my_gallons", "1,500 gal"), ("in_my_site", "Tracy WWTP receiving")):
        at.text_input(key=key).set_value(value)
    at.button(key="FormSubmitter:my_submit_pump_out-Send to the City").click().run()
    assert not errors(at), errors(at)
    assert "Sent: pump-out receipt 1 for FSE-0611; the City will accept or reject it." in texts(at)
    staff = signed_in_app(register, "checker@city.example")
    staff.switch_page("app_pages/pages/program.py").run()
    open_program_tab(staff, "Submissions")
    assert "1 submissions waiting for a decision; 1 in all." in texts(staff)
    staff.button(key="pg_submission_accept").click().run()
    assert "Submission 1 accepted: stored as hauler manifest 1." in texts(staff)
    again = signed_in_app(register, COOK)
    table = again.dataframe[-1].value
    assert list(table["state"]) == ["accepted"] and list(table["record"]) == ["pump-out receipt"]


def test_an_fse_user_not_linked_yet_is_told_so(register):
    reg = open_register(register)
    access.add_user(reg.db, "new@cafe.example", "fse", by="admin@city.example")
    reg.db.engine.dispose()
    at = signed_in_app(register, "new@cafe.example")
    assert "Your account is not linked to an FSE yet: ask the City's FOG program to link it." in texts(at)


def test_the_fse_accepts_its_hauler_who_sends_a_manifest(register):
    at = signed_in_app(register, HAULER)
    assert [t.value for t in at.title] == ["My manifests"]
    assert "No FSE accepts you yet" in texts(at)
    cook = signed_in_app(register, COOK)
    cook.text_input(key="in_my_hauler_id").set_value(HAULER)
    cook.button(key="my_hauler_accept").click().run()
    assert f"{HAULER} may now send the City the manifests of FSE-0611." in texts(cook)
    assert "- Valley Grease, registration SJC-GH-0042 (valid until 2099-12-31)" in texts(cook)
    at = signed_in_app(register, HAULER)
    assert "Valley Grease: registration SJC-GH-0042, valid until 2099-12-31." in texts(at)
    assert at.selectbox(key="in_hl_fse").options == ["FSE-0611"]  # only the FSE that accepts it
    for key, value in (("in_hl_manifest", "VG-3001"), ("in_hl_gallons", "1,200 gal"),
                       ("in_hl_site", "Tracy WWTP receiving")):
        at.text_input(key=key).set_value(value)
    at.button(key="FormSubmitter:hl_manifest-Send the manifest").click().run()
    assert not errors(at), errors(at)
    assert "Sent: manifest VG-3001 for FSE-0611 (submission 1); the City will accept or reject it." in texts(at)
    assert list(at.dataframe[-1].value["state"]) == ["pending"]


def test_an_admin_adds_users_links_them_and_sets_signatures_in_the_app(register):
    at = signed_in_app(register, "admin@city.example")
    at.switch_page("app_pages/pages/users.py").run()
    table = at.dataframe[0].value
    assert table.loc[table["identity"] == COOK, "FSEs"].tolist() == ["FSE-0611"]
    at.text_input(key="in_us_identity").set_value("ana@city.example")
    at.selectbox(key="in_us_role").set_value("inspector")
    at.button(key="FormSubmitter:us_add-Add or change").click().run()
    assert "ana@city.example is an active inspector." in texts(at)
    at.selectbox(key="in_us_scope_user").set_value(COOK)
    at.selectbox(key="in_us_scope_fse").set_value("FSE-0610")
    at.button(key="us_link").click().run()
    assert f"{COOK} sees and submits for: FSE-0610, FSE-0611." in texts(at)
    at.selectbox(key="in_us_sign_user").set_value("ana@city.example")
    at.text_input(key="in_us_sign_name").set_value("Ana Ruiz")
    at.text_input(key="in_us_sign_title").set_value("FOG Inspector")
    at.button(key="FormSubmitter:us_sign-Set the signature").click().run()
    assert "ana@city.example signs letters as Ana Ruiz, FOG Inspector." in texts(at)
    at.selectbox(key="in_us_disable").set_value("ana@city.example")
    at.button(key="us_disable").click().run()
    assert "ana@city.example is disabled." in texts(at)
    table = at.dataframe[0].value
    assert table.loc[table["identity"] == "ana@city.example", ["role", "state", "signs as"]].values.tolist() == [
        ["inspector", "disabled", "Ana Ruiz, FOG Inspector"]]
    staff = signed_in_app(register, "checker@city.example")
    staff.switch_page("app_pages/pages/users.py").run()
    assert "Only an admin changes the users." in texts(staff)
    assert staff.selectbox(key="in_us_sign_user").options == ["checker@city.example"]  # their own signature only
    staff.text_input(key="in_us_sign_name").set_value("Dana Ortiz")
    staff.text_input(key="in_us_sign_title").set_value("Plan checker")
    staff.button(key="FormSubmitter:us_sign-Set the signature").click().run()
    assert "checker@city.example signs letters as Dana Ortiz, Plan checker." in texts(staff)


def test_the_identity_providers_groups_give_a_new_user_a_role(register):
    """[roles] in the secrets maps the token's groups to roles: a new identity in fog-inspectors is recorded as an
    inspector, written by the provider's claim; admin is never given by a group, and a disabled user stays so."""
    from tests.app.conftest import APP, TIMEOUT, AppTest
    from tests.app.test_access import AUTH, ISSUER

    def signed_in(email, groups):
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.secrets["auth"] = AUTH
        at.secrets["register"] = {"url": register}
        at.secrets["roles"] = {"claim": "groups", "fog-admins": "admin", "fog-inspectors": "inspector"}
        at.user = {"is_logged_in": True, "iss": ISSUER, "sub": "s", "email": email, "email_verified": True,
                   "groups": groups}
        at.run()
        return at

    at = signed_in("field@city.example", ["staff", "fog-inspectors"])
    assert "Signed in as field@city.example (inspector)" in [c.value for c in at.sidebar.caption]
    reg = open_register(register)
    with reg.db.read() as conn:
        made = [(u.role, u.recorded_by) for u in access.users(conn) if u.identity == "field@city.example"]
    reg.db.engine.dispose()
    assert made == [("inspector", "identity provider (groups claim)")]
    at = signed_in("boss2@city.example", ["fog-admins"])
    assert any("is not an active user of this register" in e.value for e in at.error)
