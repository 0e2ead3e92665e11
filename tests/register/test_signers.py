"""Letters are signed by people (on SQLite and PostgreSQL): a user's signature (name and title, ``sizing register
users sign``) signs a notice letter; without one the signature line is left blank, for the Director, and no account
name is printed. An admin sets anyone's signature, a user their own."""

from __future__ import annotations

import pytest

from sizing.program import access
from sizing.program.errors import NotPermitted
from sizing.program.signers import set_signature, signer
from tests.conftest import EXAMPLES
from tests.register.test_access import me as writer
from tests.register.test_inspections import run, write

pypdf = pytest.importorskip("pypdf")


def noticed(db, capsys, tmp_path):
    """A register with notice 1 (the Corner Cafe's inspection: drain screens "no")."""
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    assert run(capsys, "register", "property", EXAMPLES / "register" / "property-oak-plaza.yaml", "--db", db)[0] == 0
    text = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8")
    assert run(capsys, "register", "inspect", write(tmp_path, "i.yaml", text.replace("FSE-0417", "FSE-0611")),
               "--db", db)[0] == 1


def signature_block(path) -> list[str]:
    """The letter's last lines before its footer: from the signature line down."""
    lines = pypdf.PdfReader(path).pages[-1].extract_text().splitlines()
    start = max(i for i, line in enumerate(lines) if line == "______________________")
    return [line for line in lines[start:] if not line.startswith("notice 1 — ")]


def test_a_notice_letter_is_signed_by_a_person_never_by_an_account(db, capsys, tmp_path):
    noticed(db, capsys, tmp_path)
    me = writer(db)
    code, _, err = run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "a.pdf")
    assert code == 0, err
    assert signature_block(tmp_path / "a.pdf") == ["______________________", "For the Director"]
    assert run(capsys, "register", "users", "add", me, "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", "ana@city.example", "--role", "inspector", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", "dana@city.example", "--role", "director", "--db", db)[0] == 0
    code, out, _ = run(capsys, "register", "users", "sign", "ana@city.example", "--name", "Ana Ruiz", "--title",
                       "FOG Inspector", "--db", db)
    assert (code, out.strip()) == (0, "ana@city.example signs letters as Ana Ruiz, FOG Inspector")
    assert run(capsys, "register", "users", "sign", "dana@city.example", "--name", "Dana Cole", "--title",
               "Utilities Director", "--db", db)[0] == 0
    code, _, err = run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "b.pdf", "--signer",
                       "ANA@city.example")
    assert code == 0, err
    assert signature_block(tmp_path / "b.pdf") == ["______________________", "Ana Ruiz", "FOG Inspector",
                                                   "for the Director"]
    assert run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "c.pdf", "--signer",
               "dana@city.example")[0] == 0
    assert signature_block(tmp_path / "c.pdf") == ["______________________", "Dana Cole", "Utilities Director"]
    code, out, _ = run(capsys, "register", "users", "list", "--db", db)
    assert any(line.startswith("ana@city.example") and line.endswith("; signs as Ana Ruiz, FOG Inspector")
               for line in out.splitlines())
    code, _, err = run(capsys, "register", "notice", "1", "--db", db, "-o", tmp_path / "d.pdf", "--signer",
                       "nobody@city.example")
    assert (code, err.strip()) == (2, "sizing register: --signer: nobody@city.example has no signature on file (the "
                                      "name and title letters print): sizing register users sign nobody@city.example "
                                      "--name NAME --title TITLE")
    assert not (tmp_path / "d.pdf").exists()


def test_an_admin_sets_anyone_s_signature_a_user_only_their_own(db, registers):
    reg = registers(db)
    access.add_user(reg.db, "admin@city.example", "admin", by="setup")
    access.add_user(reg.db, "ana@city.example", "inspector", by="admin@city.example")
    access.add_user(reg.db, "ben@city.example", "inspector", by="admin@city.example")
    ana = type(reg)(reg.db, identity="ana@city.example", require_user=True)
    assert set_signature(ana, "ana@city.example", "Ana Ruiz").name == "Ana Ruiz"
    with pytest.raises(NotPermitted, match="may not change the users"):
        set_signature(ana, "ben@city.example", "Not Ben")
    admin = type(reg)(reg.db, identity="admin@city.example", require_user=True)
    assert set_signature(admin, "ben@city.example", "Ben Ito", "FOG Inspector").title == "FOG Inspector"
    with pytest.raises(NotPermitted, match="stranger@city.example is not an active user of this register"):
        set_signature(admin, "stranger@city.example", "X")
    with reg.db.read() as conn:
        assert signer(conn, "BEN@city.example").to_dict() == {"identity": "ben@city.example", "name": "Ben Ito",
                                                              "title": "FOG Inspector", "role": "inspector"}
        assert signer(conn, "ben@city.example") == signer(conn, " ben@city.example ")


def test_a_blank_name_is_one_line(db, capsys, tmp_path):
    noticed(db, capsys, tmp_path)
    code, _, err = run(capsys, "register", "users", "sign", writer(db), "--name", "  ", "--db", db)
    assert (code, err.strip()) == (2, "sizing register: --name: expected the name printed under the signature line "
                                      "(Jane Ortiz), got nothing")
