"""FSEs reach the register (on SQLite and PostgreSQL): a user with the fse role, linked to FSE-0611 (Oak Plaza
Taqueria), submits a pump-out receipt for it and nothing for FSE-0610; a plan checker accepts it and it counts as a
hauler manifest (the pump-out of 2026-11-20 starts the FSE's quarterly schedule: next service 2027-02-20 under
Tracy's (e)(3) default, counting three calendar months); a second receipt is rejected with a reason the FSE sees.
"""

from __future__ import annotations

import datetime as dt

import pytest

from sizing.errors import SizingInputError
from sizing.program import haulers, submissions
from sizing.program.errors import NotPermitted
from tests.conftest import EXAMPLES
from tests.register.test_access import me as writer
from tests.register.test_inspections import run

COOK = "cook@taqueria.example"
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


@pytest.fixture
def linked(db, capsys, registers):
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    assert run(capsys, "register", "property", EXAMPLES / "register" / "property-oak-plaza.yaml", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", writer(db), "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", COOK, "--role", "fse", "--db", db)[0] == 0
    code, out, err = run(capsys, "register", "users", "scope", COOK, "FSE-0611", "--db", db)
    assert (code, out.strip()) == (0, f"{COOK} sees and submits for: FSE-0611"), err
    reg = registers(db)
    return db, type(reg)(reg.db, identity=COOK, require_user=True)


def receipt(**given):
    fields = {"fse_id": "FSE-0611", "on_date": "2026-11-20", "hauler": "Valley Grease", "manifest": "VG-2201", "gallons": "1,500 gal",
              "disposal_site": "Tracy WWTP receiving"} | given
    return submissions.receipt(**fields, today=dt.date(2026, 12, 3))


def test_an_fse_submits_for_its_own_fse_only(linked):
    db, cook = linked
    r = receipt()
    assert submissions.submit(cook, "FSE-0611", submissions.PUMP_OUT, r.on_date, submissions.details(r), ("receipt.png", PNG)) == 1
    with pytest.raises(NotPermitted) as err:
        submissions.submit(cook, "FSE-0610", submissions.PUMP_OUT, r.on_date, submissions.details(r))
    assert str(err.value) == f"register: {COOK} may see and submit only for FSE-0611; nothing written"
    with pytest.raises(NotPermitted, match="may not accept or reject what an FSE sent"):
        submissions.decide(cook, 1, True)
    with cook.db.read() as conn:
        assert [(s["id"], s["fse_id"], s["state"], s["has_file"]) for s in submissions.listed(conn)] == [
            (1, "FSE-0611", "pending", True)]
        assert submissions.file_of(conn, 1, COOK) == ("receipt.png", PNG)


def test_bad_receipts_are_one_line_naming_the_field():
    for given, field in (({"gallons": "lots"}, "gallons"), ({"hauler": " "}, "hauler"),
                         ({"on_date": "2027-01-01"}, "date"), ({"manifest": ""}, "manifest")):
        with pytest.raises(Exception) as err:
            receipt(**given)
        assert str(err.value).startswith(f"{field}:") and "\n" not in str(err.value), str(err.value)
    with pytest.raises(Exception, match="^file: expected a PDF, JPEG or PNG file"):
        submissions.check_file("receipt.exe", b"MZ\x90\x00")
    with pytest.raises(Exception, match="^file: expected a file of at most 1 MB"):
        submissions.check_file("big.png", PNG + b"\0" * 1_000_000)


def test_staff_accept_it_as_a_manifest_and_reject_another_with_a_reason(linked, capsys):
    db, cook = linked
    r = receipt()
    submissions.submit(cook, "FSE-0611", submissions.PUMP_OUT, r.on_date, submissions.details(r))
    again = receipt(manifest="VG-2202", on_date="2026-11-27")
    submissions.submit(cook, "FSE-0611", submissions.PUMP_OUT, again.on_date, submissions.details(again))
    assert run(capsys, "register", "users", "add", writer(db), "--role", "plan_checker", "--db", db)[0] == 2  # last admin
    assert run(capsys, "register", "users", "add", "boss@city.example", "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", writer(db), "--role", "plan_checker", "--db", db)[0] == 0
    code, out, _ = run(capsys, "register", "submissions", "--pending", "--db", db)
    assert [line.split()[:3] for line in out.splitlines()] == [["2", "pending", "FSE-0611"], ["1", "pending", "FSE-0611"]]
    code, _, err = run(capsys, "register", "accept", "1", "--db", db)
    assert (code, err.strip().splitlines()[-1]) == (0, "sizing register: submission 1 accepted (hauler manifest 1)")
    code, _, err = run(capsys, "register", "reject", "2", "--db", db)
    assert code == 2 and "--reason" in err
    code, _, err = run(capsys, "register", "reject", "2", "--reason", "the receipt shows another address", "--db", db)
    assert code == 0, err
    code, _, err = run(capsys, "register", "accept", "2", "--db", db)
    assert code == 2 and "submission 2 was rejected by" in err
    code, out, _ = run(capsys, "register", "history", "FSE-0611", "--db", db)
    assert "hauler Valley Grease; manifest VG-2201; 1,500 gal to Tracy WWTP receiving" in out
    assert "pump-out receipt 2: rejected by" in out and "(the receipt shows another address)" in out
    code, out, _ = run(capsys, "register", "due", "--as-of", "2026-12-03", "--within", "120", "--db", db)
    assert any(line.startswith("2027-02-20") and "FSE-0611" in line for line in out.splitlines()), out
    with cook.db.read() as conn:  # the FSE sees what became of each
        assert [(s["id"], s["state"], s["reason"]) for s in submissions.listed(conn, fse_ids=["FSE-0611"])] == [
            (2, "rejected", "the receipt shows another address"), (1, "accepted", None)]


HAULER = "dispatch@valleygrease.example"


def hauler_and_director(linked, capsys):
    """The register of ``linked`` with Valley Grease's user (role hauler) and a director: (the register as the
    director, as the hauler)."""
    db, cook = linked
    assert run(capsys, "register", "users", "add", HAULER, "--role", "hauler", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", "dir@city.example", "--role", "director", "--db", db)[0] == 0
    as_user = type(cook)
    return (as_user(cook.db, identity="dir@city.example", require_user=True),
            as_user(cook.db, identity=HAULER, require_user=True))


def test_a_hauler_submits_manifests_for_the_fses_that_accepted_it_while_registered(linked, capsys):
    """Valley Grease's user, registered until 2026-11-25 (SJC-GH-0042), accepted by the Taqueria's user."""
    db, cook = linked
    hauler_id = HAULER
    city, hauler = hauler_and_director(linked, capsys)
    reg = haulers.register_hauler(city, hauler_id, "Valley Grease", "SJC-GH-0042", "2026-11-25")
    assert (reg.company, reg.valid_until) == ("Valley Grease", dt.date(2026, 11, 25))
    r = receipt()  # 2026-11-20, Valley Grease
    with pytest.raises(NotPermitted, match=f"^register: {hauler_id} may see and submit only for no FSE"):
        submissions.submit(hauler, "FSE-0611", submissions.PUMP_OUT, r.on_date, submissions.details(r))
    with pytest.raises(NotPermitted, match="may accept haulers only for FSE-0611"):
        haulers.accept_hauler(cook, "FSE-0610", hauler_id)
    assert haulers.accept_hauler(cook, "FSE-0611", hauler_id) == ["FSE-0611"]
    other = receipt(hauler="Delta Pumping")
    with pytest.raises(SizingInputError, match=r"submits the manifests of Valley Grease \(its registration "
                                               r"SJC-GH-0042\), not Delta Pumping"):
        submissions.submit(hauler, "FSE-0611", submissions.PUMP_OUT, other.on_date, submissions.details(other))
    late = receipt(on_date="2026-11-27", manifest="VG-2203")
    with pytest.raises(NotPermitted, match="was valid until 2026-11-25; a manifest of 2026-11-27 is not taken"):
        submissions.submit(hauler, "FSE-0611", submissions.PUMP_OUT, late.on_date, submissions.details(late))
    assert submissions.submit(hauler, "FSE-0611", submissions.PUMP_OUT, r.on_date, submissions.details(r)) == 1
    assert submissions.decide(city, 1, True)["manifest_id"] == 1
    code, out, _ = run(capsys, "register", "history", "FSE-0611", "--db", db)
    assert "pump-out receipt 1: accepted by dir@city.example; hauler manifest 1" in out


def test_a_haulers_manifest_file_is_checked_whole_before_anything_is_stored(linked, capsys, tmp_path):
    """Line 3 of the file (its second manifest, after the header) is for FSE-0610, which has not accepted the
    hauler: nothing of the file is stored."""
    from sizing.program.manifests import read

    _, cook = linked
    hauler_id = HAULER
    city, hauler = hauler_and_director(linked, capsys)
    haulers.register_hauler(city, hauler_id, "Valley Grease", "SJC-GH-0042", "2099-12-31")
    haulers.accept_hauler(cook, "FSE-0611", hauler_id)
    head = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
    bad = tmp_path / "bad.csv"
    bad.write_text(head + "FSE-0611,2026-11-20,Valley Grease,VG-1,1000,full,Tracy WWTP\n"
                   "FSE-0610,2026-11-20,Valley Grease,VG-2,1000,full,Tracy WWTP\n", encoding="utf-8")
    with pytest.raises(SizingInputError) as err:
        submissions.submit_manifests(hauler, read(bad))
    assert str(err.value) == (f"line 3: register: {hauler_id} may see and submit only for FSE-0611; nothing written")
    with cook.db.read() as conn:
        assert submissions.listed(conn) == []
    good = tmp_path / "good.csv"
    good.write_text(head + "FSE-0611,2026-11-20,Valley Grease,VG-1,1000,full,Tracy WWTP\n"
                    "FSE-0611,2026-11-27,Valley Grease,VG-2,600,partial,Tracy WWTP\n", encoding="utf-8")
    assert len(submissions.submit_manifests(hauler, read(good))) == 2  # (a number a rolled-back file drew may be skipped)
    with cook.db.read() as conn:
        assert [(s["details"]["manifest"], s["details"]["full"], s["state"]) for s in submissions.listed(conn)] == [
            ("VG-2", False, "pending"), ("VG-1", True, "pending")]


def test_a_disabled_fse_user_accepts_no_hauler(linked, capsys):
    """A disabled user is refused as every write refuses it, not let through as the FSE's own user."""
    db, cook = linked
    hauler_and_director(linked, capsys)
    assert run(capsys, "register", "users", "disable", COOK, "--db", db)[0] == 0
    with pytest.raises(NotPermitted, match=COOK):
        haulers.accept_hauler(cook, "FSE-0611", HAULER)
    with cook.db.read() as conn:
        assert haulers.serving(conn, "FSE-0611") == []
