"""The notice letter a City mails, and the staff's copy (on SQLite and PostgreSQL): the letter sent has a named
signer, the City's contact block from the profile, no staff-only caveat, and a due date off weekends and holidays;
its .docx holds the same; the staff's copy says what the letter does not (the period is the program's default, no
clause is named for it, the contact block lacks an e-mail address and office hours).

Expected values by hand: an inspection on Wednesday 2026-12-02 fails drain screens (TMC ch. 5.26, Best management
practices (b)(1)); a notice of violation's 30 calendar days end on Friday 2027-01-01, New Year's Day, so the last
day moves past the weekend to Monday 2027-01-04 (Cal. Code Civ. Proc. §§ 12, 12a). The City's contact block is the
Tracy profile's (its web pages, read 2026-12-03): Utilities Division, Environmental Compliance, 3900 Holly Dr,
Tracy, CA 95304, (209) 831-6000. The letter goes to Ortega Family Foods Inc, 88 Grant Line Rd, Tracy, CA 95304.
"""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES
from tests.register.test_access import me as writer
from tests.register.test_inspections import run, write

pypdf = pytest.importorskip("pypdf")
docx = pytest.importorskip("docx")

SENT_HAS = ("City of Tracy — FOG Control Program", "City of Tracy, Utilities Division, Environmental Compliance",
            "3900 Holly Dr", "Tracy, CA 95304", "Telephone (209) 831-6000", "Ortega Family Foods Inc",
            "88 Grant Line Rd", "TMC ch. 5.26, Best management practices (b)(1)", "2027-01-04",
            "30 days, set by the Director", "The Director requires it corrected within 30 days, that is by 2027-01-04",
            "Ana Ruiz", "FOG Inspector", "for the Director")
#: what belongs on the staff's copy and never on the letter sent
STAFF_ONLY = ("program default", "program's default", "unconfirmed", "placeholder", "STAFF COPY", "For staff")


def pdf_text(path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(path).pages)


def docx_text(path) -> str:
    return " ".join(" ".join(p.text.split()) for p in docx.Document(str(path)).paragraphs)


@pytest.fixture
def noticed(db, capsys, tmp_path):
    """Notice 1 to FSE-0611 (Oak Plaza Taqueria), issued 2026-12-02; Ana Ruiz, an inspector, signs."""
    assert run(capsys, "register", "init", "--db", db)[0] == 0
    assert run(capsys, "register", "property", EXAMPLES / "register" / "property-oak-plaza.yaml", "--db", db)[0] == 0
    text = (EXAMPLES / "register" / "corner-cafe-inspection.yaml").read_text(encoding="utf-8")
    text = text.replace("FSE-0417", "FSE-0611").replace("2026-03-02", "2026-12-02")
    assert run(capsys, "register", "inspect", write(tmp_path, "i.yaml", text), "--db", db)[0] == 1
    assert run(capsys, "register", "users", "add", writer(db), "--role", "admin", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "add", "ana@city.example", "--role", "inspector", "--db", db)[0] == 0
    assert run(capsys, "register", "users", "sign", "ana@city.example", "--name", "Ana Ruiz", "--title",
               "FOG Inspector", "--db", db)[0] == 0
    return db


def letter(capsys, db, path, *extra) -> None:
    code, _, err = run(capsys, "register", "notice", "1", "--db", db, "--signer", "ana@city.example", "-o", path,
                       *extra)
    assert code == 0, err


def test_the_letter_sent_and_its_docx(noticed, capsys, tmp_path):
    letter(capsys, noticed, tmp_path / "n.pdf")
    letter(capsys, noticed, tmp_path / "n.docx")
    for text in (pdf_text(tmp_path / "n.pdf"), docx_text(tmp_path / "n.docx")):
        missing = [x for x in SENT_HAS if x not in text]
        assert not missing, (missing, text)
        caveats = [x for x in STAFF_ONLY if x.lower() in text.lower()]
        assert not caveats, (caveats, text)
    # the due date's move off the holiday and the weekend is stated, with its rule
    assert "Cal. Code Civ. Proc." in pdf_text(tmp_path / "n.pdf")


def test_the_staff_copy_says_what_the_letter_does_not(noticed, capsys, tmp_path):
    letter(capsys, noticed, tmp_path / "s.pdf", "--copy", "staff")
    text = pdf_text(tmp_path / "s.pdf")
    for expected in ("STAFF COPY - NOT FOR MAILING", "30 days (program default; the ordinance sets no period)",
                     "The ordinance sets no compliance period for a notice of violation; 30 days is the program's "
                     "default.", "citing no clause", "lacks the e-mail address, office hours", "2027-01-04"):
        assert expected in text, expected


def test_a_letter_to_another_format_is_refused(noticed, capsys, tmp_path):
    code, _, err = run(capsys, "register", "notice", "1", "--db", noticed, "-o", tmp_path / "n.txt")
    assert code == 2
    assert err.startswith("sizing register: --output: expected a file name ending in .pdf or .docx (or - for a "
                          "PDF on standard output), got '/"), err
    assert len(err.splitlines()) == 1
    assert not (tmp_path / "n.txt").exists()


def test_every_letter_prints_the_city_contact_block(tmp_path, capsys):
    """The waiver determination letter and the correction letter carry the same contact block as the notice."""
    from sizing.cli.main import main

    block = ("City of Tracy, Utilities Division, Environmental Compliance · 3900 Holly Dr · Tracy, CA 95304 · "
             "Telephone (209) 831-6000")
    assert main(["waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--letter", str(tmp_path / "w.md"),
                 "--date", "2026-12-02"]) in (0, 1)
    assert block in (tmp_path / "w.md").read_text(encoding="utf-8").splitlines()
    assert main(["waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--letter", str(tmp_path / "w.pdf"),
                 "--date", "2026-12-02"]) in (0, 1)
    assert block in pdf_text(tmp_path / "w.pdf")
    main(["waiver", str(EXAMPLES / "waiver-alternative-pretreatment.yaml"), "--notice", str(tmp_path / "n.md")])
    assert block in (tmp_path / "n.md").read_text(encoding="utf-8").splitlines()  # the notice of proposed revocation
    assert main(["review", str(EXAMPLES / "review-correction-letter.yaml"), "--letter", str(tmp_path / "c.docx")]) == 1
    assert block in docx_text(tmp_path / "c.docx")
    capsys.readouterr()
