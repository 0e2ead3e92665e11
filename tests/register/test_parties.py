"""Parties and places (on SQLite and PostgreSQL): contacts, a property and its owner, an interceptor serving two FSEs,
and the letters' addresses.

The register (worked by hand under tables/jurisdictions/tracy.yaml): examples/register/property-oak-plaza.yaml puts
FSE-0610 (Oak Plaza Noodle House) and FSE-0611 (Oak Plaza Taqueria) on property 212-040-15 (owner Oak Plaza
Partners LP, PO Box 2210, Stockton, CA 95201), both served by interceptor GI-1 (1,500 gal). FSE-0610's maintenance
log of 2026-01-05 (48 in, a pump-out that day, no approved interval) gives both a plan: 2026-01-05 + 3 months =
2026-04-05 (Grease interceptor maintenance (e)(3), quarterly while the frequency is not established). A full
pump-out of GI-1 on a hauler manifest written against FSE-0611 on 2026-03-10 is one pump-out of the one
interceptor: both are then due 2026-03-10 + 3 months = 2026-06-10.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest

from tests.conftest import EXAMPLES
from tests.register.test_inspections import run, write

PROPERTY = EXAMPLES / "register" / "property-oak-plaza.yaml"
AS_OF = "2026-03-15"


def build(db, capsys, tmp_path):
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    code, out, err = run(capsys, "register", "property", PROPERTY, "--db", db)
    assert code == 0, err
    assert out.splitlines() == ["property 212-040-15: written",
                                "FSEs: 2 added, 0 changed; contacts written: 4; sites written: 2; interceptors "
                                "written: 1"]
    log = write(tmp_path, "log.yaml", "project: {fse_id: FSE-0610}\nmaintenance: {liquid_depth: 48 in, as_of: "
                "2026-01-05, services: [{date: 2026-01-05, hauler: Valley, manifest: VG-10}]}\n")
    assert run(capsys, "register", "add", log, "--db", db)[0] in (0, 1)


def next_services(db, capsys) -> dict[str, str]:
    out = {}
    for fse in ("FSE-0610", "FSE-0611"):
        code, text, err = run(capsys, "register", "show", fse, "--db", db, "--as-of", AS_OF, "--format", "json")
        assert code == 0, err
        out[fse] = json.loads(text)["compliance"]["next_service"]
    return out


def test_a_pump_out_of_a_shared_interceptor_moves_the_plan_of_every_fse_it_serves(db, capsys, tmp_path, registers):
    build(db, capsys, tmp_path)
    assert next_services(db, capsys) == {"FSE-0610": "2026-04-05", "FSE-0611": "2026-04-05"}
    manifests = write(tmp_path, "m.csv", "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
                      "FSE-0611,2026-03-10,Valley Grease Haulers,VG-11,1500 gal,full,Stockton\n")
    code, out, err = run(capsys, "register", "import-manifests", manifests, "--db", db)
    assert code == 0, err
    assert "the maintenance schedule of 2 FSEs updated" in out
    assert next_services(db, capsys) == {"FSE-0610": "2026-06-10", "FSE-0611": "2026-06-10"}

    # the due list, the export and the FSE list say the same dates
    code, out, _ = run(capsys, "register", "due", "--db", db, "--as-of", AS_OF, "--within", "120", "--format", "json")
    pumps = sorted((i["fse_id"], i["date"]) for i in json.loads(out)["items"] if i["what"] == "pump-out")
    assert pumps == [("FSE-0610", "2026-06-10"), ("FSE-0611", "2026-06-10")]
    code, out, _ = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", AS_OF)
    assert {r["fse_id"]: r["next_service"] for r in csv.DictReader(io.StringIO(out))} == {
        "FSE-0610": "2026-06-10", "FSE-0611": "2026-06-10"}

    # show names the interceptor, the property and its owner
    code, out, _ = run(capsys, "register", "show", "FSE-0611", "--db", db, "--as-of", AS_OF)
    assert "  interceptor GI-1 (gravity, 1,500 gal) serves FSE-0610, FSE-0611" in out.splitlines()
    assert ("  property 212-040-15: 1450 W 11th St, Tracy, CA 95376; owner Oak Plaza Partners LP, PO Box 2210, "
            "Stockton, CA 95201") in out.splitlines()


def test_the_same_property_file_twice_writes_nothing_the_second_time(db, capsys, tmp_path):
    build(db, capsys, tmp_path)
    code, out, _ = run(capsys, "register", "property", PROPERTY, "--db", db, "--format", "json")
    done = json.loads(out)
    assert (code, done["property"], done["fses_added"], done["contacts"], done["sites"], done["interceptors"]) == (
        0, False, 0, 0, 0, 0)


def test_a_notice_letter_carries_the_owner_s_full_mailing_address(db, capsys, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    build(db, capsys, tmp_path)
    inspection = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, "i.yaml", inspection.replace("FSE-0417", "FSE-0611"))
    assert run(capsys, "register", "inspect", path, "--db", db)[0] == 1
    code, _, err = run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "n.pdf")
    assert code == 0, err
    text = pypdf.PdfReader(tmp_path / "n.pdf").pages[0].extract_text()
    assert "To Ortega Family Foods Inc\n88 Grant Line Rd\nTracy, CA 95304" in text
    assert "MAILING ADDRESS INCOMPLETE" not in text


def test_an_owner_without_a_mailing_address_is_said_loudly(db, capsys, tmp_path):
    build(db, capsys, tmp_path)
    inv = write(tmp_path, "inv.csv", "submittal_id,fixture_type,count,name,address,owner\n"
                "FSE-0701,hand_sink,1,Bean Bar,10 Central Ave,Bean LLC\n")
    assert run(capsys, "register", "import-inventory", inv, "--db", db)[0] == 0
    code, out, _ = run(capsys, "register", "show", "FSE-0701", "--db", db, "--format", "json")
    mailing = json.loads(out)["parties"]["mailing"]
    assert [(m["role"], m["lines"], m["missing"]) for m in mailing] == [
        ("FSE owner", ["Bean LLC", "10 Central Ave"], ["city", "state", "zip"])]
    code, out, _ = run(capsys, "register", "show", "FSE-0701", "--db", db)
    assert "  letters to the FSE owner: MAILING ADDRESS INCOMPLETE: no city, state, ZIP code on file" in out


def test_contacts_from_the_inventory_and_the_contact_command_keep_what_they_do_not_give(db, capsys, tmp_path):
    build(db, capsys, tmp_path)
    inv = write(tmp_path, "inv.csv", "submittal_id,fixture_type,count,name,address,owner,owner_street,owner_city,"
                "owner_state,owner_zip,owner_email,operator,operator_phone\n"
                "FSE-0700,three_compartment_sink,1,Lucky Wok,2400 N Tracy Blvd,Noodle LLC,PO Box 77,Tracy,CA,95378,"
                "noodle@example.org,Ann Lee,(209) 555-0111\n")
    code, out, err = run(capsys, "register", "import-inventory", inv, "--db", db)
    assert (code, out.strip()) == (0, "imported 1 FSEs (1 new), 1 interceptor records, 2 contact records"), err
    code, out, _ = run(capsys, "register", "contact", "FSE-0700", "--role", "owner", "--phone", "209-555-0123",
                       "--db", db, "--format", "json")
    assert code == 0
    assert json.loads(out)["contact"] == {"name": "Noodle LLC", "street": "PO Box 77", "city": "Tracy",
                                          "state": "CA", "zip": "95378", "email": "noodle@example.org",
                                          "phone": "209-555-0123"}
    code, out, _ = run(capsys, "register", "contact", "FSE-0700", "--role", "owner", "--phone", "209-555-0123",
                       "--db", db)
    assert out.splitlines()[0] == "FSE-0700 owner: unchanged (already on file)"


@pytest.mark.parametrize("argv, message", [
    (("--role", "owner", "--zip", "9537"),
     "--zip: expected a ZIP code of five digits, or ZIP+4 (95376 or 95376-1234), got '9537'"),
    (("--role", "landlord", "--name", "X"), "--role: expected operator or owner, got 'landlord'"),
    (("--role", "owner", "--email", "owner-at-example"),
     "--email: expected an e-mail address (name@example.org), got 'owner-at-example'"),
    (("--role", "owner", "--state", "California"), "--state: expected a state's two-letter code (CA), got 'California'"),
])
def test_a_bad_contact_is_one_line_naming_the_field(db, capsys, tmp_path, argv, message):
    build(db, capsys, tmp_path)
    code, _, err = run(capsys, "register", "contact", "FSE-0610", *argv, "--db", db)
    assert code == 2 and err.strip() == f"sizing register: {message}"


@pytest.mark.parametrize("edit, message", [
    (("serves: [FSE-0610, FSE-0611]", "serves: [FSE-0610, FSE-0612]"),
     "interceptors[0].serves[1]: expected an FSE listed under fses, got 'FSE-0612'"),
    (('zip: "95376"', "zip: 95376"),
     'property.zip: expected a ZIP code as text, in quotes ("95376"), so a leading zero is kept, got 95376'),
    (("volume: 1500 gal", "volume: 1500 psi"), "interceptors[0].volume"),
])
def test_a_bad_property_file_writes_nothing_and_names_the_field(db, capsys, tmp_path, edit, message):
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    path = write(tmp_path, "p.yaml", PROPERTY.read_text(encoding="utf-8").replace(*edit))
    code, _, err = run(capsys, "register", "property", path, "--db", db)
    assert code == 2 and err.strip().startswith(f"sizing register: {message}")
    code, _, err = run(capsys, "register", "show", "FSE-0610", "--db", db)
    assert code == 2 and "no FSE 'FSE-0610' in the register" in err


def test_only_the_roles_allowed_change_contacts(db, registers):
    from sizing.io.sections.parties import Party
    from sizing.program import access
    from sizing.program import schema as t
    from sizing.program.errors import NotPermitted
    from sizing.program.parties import set_contact
    from sizing.program.writers import now

    reg = registers(db)
    with reg.db.write() as conn:
        conn.execute(t.fses.insert().values(fse_id="FSE-1", name="A", recorded_at=now(), recorded_by="setup"))
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    access.add_user(reg.db, "viewer@city.example", "viewer", by="admin@city.example")
    access.add_user(reg.db, "insp@city.example", "inspector", by="admin@city.example")
    viewer = type(reg)(reg.db, identity="viewer@city.example", require_user=True)
    with pytest.raises(NotPermitted, match="may not change contacts, properties and interceptors: that needs the "
                                           "role plan_checker or inspector or director"):
        set_contact(viewer, "FSE-1", "owner", Party(name="B LLC"))
    inspector = type(reg)(reg.db, identity="insp@city.example", require_user=True)
    done = set_contact(inspector, "FSE-1", "owner", Party(name="B LLC", zip="95376"))
    assert (done["written"], done["contact"]["zip"]) == (True, "95376")


def test_a_revocation_notice_is_addressed_to_the_fse_owner_and_the_property_owner(tmp_path, capsys):
    from sizing.cli.main import main

    path = tmp_path / "notice.md"
    assert main(["waiver", str(EXAMPLES / "waiver-alternative-pretreatment.yaml"), "--notice", str(path)]) in (0, 1)
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("To (FSE owner):  ")
    assert lines[start:start + 8] == ["To (FSE owner):  ", "Harbor Noodle LLC  ", "40 W 11th St, Tracy, CA 95376  ",
                                      "", "To (property owner):  ", "Eleventh Street Holdings LLC  ",
                                      "2150 W Grant Line Rd, Tracy, CA 95377  ", ""]
    doc = (EXAMPLES / "waiver-alternative-pretreatment.yaml").read_text(encoding="utf-8")
    bare = tmp_path / "w.yaml"
    bare.write_text("\n".join(x for x in doc.splitlines() if "property_owner" not in x), encoding="utf-8")
    main(["waiver", str(bare), "--notice", str(path)])
    capsys.readouterr()
    assert ("MAILING ADDRESS INCOMPLETE: no name, street, city, state, ZIP code on file  "
            in path.read_text(encoding="utf-8").splitlines())


def test_one_status_and_one_set_of_dates_everywhere_with_a_shared_interceptor(db, capsys, tmp_path, registers):
    """The register of the module's docstring, and: FSE-0610's pump-out of 2026-03-10 on a manifest beside
    FSE-0611's (VG-11, VG-12: one pump-out of GI-1 that day); the Corner Cafe's inspection of 2026-03-02 recorded
    for FSE-0611 (drain screens "no": notice 1, due 2026-04-01, overdue from 2026-04-02; training "yes"); review
    cycle 1 of the Corner Cafe (FSE-0417: corrections outstanding, action_due) and Corner Coffee's waiver (FSE-0520:
    incomplete). As of 2026-04-15:

    * FSE-0611: in_violation (notice 1 open past its day; the failed inspection not cured); next pump-out
      2026-03-10 + 3 months = 2026-06-10; employee training verified at the inspection: 2027-03-02;
    * FSE-0610: overdue: no training record on its plan of 2026-03-10 (Record keeping, overdue from 2026-03-11);
      next pump-out 2026-06-10 (the same interceptor);
    * the summary counts the pump-outs of GI-1 once a day: 2026-01-05 and 2026-03-10 = 2, one inspection, failed.

    Voiding the inspection gives FSE-0611 the state without it (overdue: no training record), everywhere.
    """
    from sizing.jurisdiction.profile import get
    from sizing.program.fse_rows import fse_list

    pypdf = pytest.importorskip("pypdf")
    build(db, capsys, tmp_path)
    manifests = write(tmp_path, "m.csv", "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
                      "FSE-0611,2026-03-10,Valley Grease Haulers,VG-11,1500 gal,full,Stockton\n"
                      "FSE-0610,2026-03-10,Valley Grease Haulers,VG-12,1500 gal,full,Stockton\n")
    assert run(capsys, "register", "import-manifests", manifests, "--db", db)[0] == 0
    inspection = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8")
    assert run(capsys, "register", "inspect", write(tmp_path, "i.yaml", inspection.replace("FSE-0417", "FSE-0611")),
               "--db", db)[0] == 1
    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-cafe-cycle1.yaml", "--db", db)[0] == 1
    assert run(capsys, "register", "add", EXAMPLES / "register" / "corner-coffee-waiver.yaml", "--db", db)[0] == 0

    def pictures():
        out = {}
        for fse in ("FSE-0610", "FSE-0611"):
            text = run(capsys, "register", "show", fse, "--db", db, "--as-of", "2026-04-15", "--format", "json")[1]
            c = json.loads(text)["compliance"]
            out[fse] = (c["status"], c["last_inspection"], c["next_service"])
        text = run(capsys, "register", "export", "--format", "csv", "--db", db, "--as-of", "2026-04-15")[1]
        out["export"] = {r["fse_id"]: (r["compliance"], r["open_notices"], r["last_inspection"] or None,
                                       r["next_service"] or None) for r in csv.DictReader(io.StringIO(text))}
        out["list"] = {r["fse_id"]: r["status"] for r in fse_list(registers(db), dt.date(2026, 4, 15),
                                                                  jurisdiction=get("tracy"))}
        text = run(capsys, "register", "due", "--db", db, "--as-of", "2026-04-15", "--within", "400", "--format",
                   "json")[1]
        out["due"] = [(i["fse_id"], i["date"], i["status"], i["what"]) for i in json.loads(text)["items"]
                      if i["fse_id"] in ("FSE-0610", "FSE-0611")]
        s = json.loads(run(capsys, "register", "summary", "--from", "2026-01-01", "--to", "2026-04-15", "--db", db,
                           "--format", "json")[1])
        out["summary"] = (s["fses_by_status"], s["pump_outs"]["recorded"], s["inspections"]["done"],
                          s["inspections"]["failed"])
        return out

    seen = pictures()
    assert seen["FSE-0611"] == ("in_violation", "2026-03-02", "2026-06-10")
    assert seen["FSE-0610"] == ("overdue", None, "2026-06-10")
    assert {f: v for f, v in seen["export"].items() if f in ("FSE-0610", "FSE-0611")} == {
        "FSE-0610": ("overdue", "0", None, "2026-06-10"), "FSE-0611": ("in_violation", "1", "2026-03-02", "2026-06-10")}
    assert seen["list"] == {"FSE-0417": "action_due", "FSE-0520": "incomplete", "FSE-0610": "overdue",
                            "FSE-0611": "in_violation"}
    assert seen["due"] == [("FSE-0610", "2026-03-10", "overdue", "records"),
                           ("FSE-0611", "2026-04-01", "overdue", "notice 1: Notice of violation"),
                           ("FSE-0610", "2026-06-10", "due", "pump-out"), ("FSE-0611", "2026-06-10", "due", "pump-out"),
                           ("FSE-0611", "2027-03-02", "due", "employee training")]
    assert seen["summary"] == ({"action_due": 1, "in_violation": 1, "incomplete": 1, "overdue": 1}, 2, 1, 1)
    assert run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "n.pdf")[0] == 0
    letter = pypdf.PdfReader(tmp_path / "n.pdf").pages[0].extract_text()
    assert "To Ortega Family Foods Inc\n88 Grant Line Rd\nTracy, CA 95304" in letter
    assert "Comply by 2026-04-01" in letter

    code, _, err = run(capsys, "register", "void", "inspection", "1", "--reason", "wrong FSE", "--db", db)
    assert code == 0, err
    after = pictures()
    assert after["FSE-0611"] == ("overdue", None, "2026-06-10")
    assert after["list"]["FSE-0611"] == after["export"]["FSE-0611"][0] == "overdue"
    assert after["due"] == [("FSE-0610", "2026-03-10", "overdue", "records"),
                            ("FSE-0611", "2026-03-10", "overdue", "records"),
                            ("FSE-0610", "2026-06-10", "due", "pump-out"), ("FSE-0611", "2026-06-10", "due", "pump-out")]
    assert after["summary"] == ({"action_due": 1, "incomplete": 1, "overdue": 2}, 2, 0, 0)
    timeline = json.loads(run(capsys, "register", "history", "FSE-0611", "--db", db, "--format", "json")[1])
    voided = [e for e in timeline["history"] if e.get("void") and e["what"] == "inspection"]
    assert [(e["what"], e["void"]["reason"]) for e in voided][:1] == [("inspection", "wrong FSE")]


def test_a_manifest_voided_stops_counting_and_its_number_can_be_imported_again(db, capsys, tmp_path):
    """VG-11 written against FSE-0611 on 2026-03-10 by mistake (the pump-out was on 2026-03-12): voided, the plans of
    both FSEs on GI-1 go back to the log's 2026-04-05; the corrected manifest, the same number, imports; both are
    then due 2026-03-12 + 3 months = 2026-06-12. The audit trail lists the void and the parties' writes."""
    build(db, capsys, tmp_path)
    head = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
    wrong = write(tmp_path, "m.csv", head + "FSE-0611,2026-03-10,Valley Grease Haulers,VG-11,1500 gal,full,Stockton\n")
    assert run(capsys, "register", "import-manifests", wrong, "--db", db)[0] == 0
    assert next_services(db, capsys) == {"FSE-0610": "2026-06-10", "FSE-0611": "2026-06-10"}
    code, out, err = run(capsys, "register", "import-manifests", write(tmp_path, "again.csv", head + (
        "FSE-0611,2026-03-12,Valley Grease Haulers,VG-11,1500 gal,full,Stockton\n")), "--db", db)
    assert code == 2 and "VG-11" in err
    manifest_id = json.loads(run(capsys, "register", "show", "FSE-0611", "--db", db, "--format", "json")[1]
                             )["hauler_manifests"][0]["id"]
    code, out, err = run(capsys, "register", "void", "manifest", str(manifest_id), "--reason", "wrong date",
                         "--db", db)
    assert code == 0, err
    assert next_services(db, capsys) == {"FSE-0610": "2026-04-05", "FSE-0611": "2026-04-05"}
    code, out, err = run(capsys, "register", "import-manifests", tmp_path / "again.csv", "--db", db)
    assert code == 0, err
    assert next_services(db, capsys) == {"FSE-0610": "2026-06-12", "FSE-0611": "2026-06-12"}
    trail = json.loads(run(capsys, "register", "audit", "--format", "json", "--db", db)[1])
    whats = [e["what"] for e in trail["writes"]]
    assert {"void", "contact", "property", "FSE's property", "interceptor (property)"} <= set(whats)


def test_the_register_s_revocation_notice_goes_to_the_fse_owner_and_the_property_owner(db, capsys, tmp_path):
    """examples/waiver-alternative-pretreatment.yaml stored for FSE-0610 without its own addresses: the notice of
    proposed revocation (notice mailed 2025-09-02) takes both addresses from the register."""
    build(db, capsys, tmp_path)
    doc = (EXAMPLES / "waiver-alternative-pretreatment.yaml").read_text(encoding="utf-8")
    doc = "\n".join(x for x in doc.splitlines() if "property_owner" not in x and "applicant_address" not in x)
    path = write(tmp_path, "w.yaml", doc.replace("  applicant: Harbor Noodle LLC", "  applicant: Harbor Noodle LLC\n"
                                                 "  fse_id: FSE-0610"))
    assert run(capsys, "register", "add", path, "--db", db)[0] == 0
    code, _, err = run(capsys, "register", "revocation-notice", "FSE-0610", "--db", db, "-o", tmp_path / "r.md")
    assert code == 0, err
    lines = (tmp_path / "r.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("To (FSE owner):  ")
    assert lines[start:start + 10] == [
        "To (FSE owner):  ", "Noodle House LLC  ", "1450 W 11th St, Suite A  ", "Tracy, CA 95376  ", "",
        "To (property owner):  ", "Oak Plaza Partners LP  ", "PO Box 2210  ", "Stockton, CA 95201  ", ""]
    code, _, err = run(capsys, "register", "revocation-notice", "FSE-0611", "--db", db, "-o", tmp_path / "r.md")
    assert (code, err.strip()) == (2, "sizing register: FSE: FSE-0611 has no waiver decision in the register")
