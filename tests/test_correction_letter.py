"""The correction letter (sizing review --letter): addressee, project and permit, numbered corrections with their
plan sheets and the reviewer's notes, signature and date; markdown, PDF and Word by the file's extension."""

from __future__ import annotations

import io

import pytest

from sizing.cli.main import main

CORRECTIONS = [
    ("1. Increase the gravity grease interceptor to at least 1,000 gal for 29 DFU; the plans show 750 gal",
     "Sheet P-4. Reference: CPC 2025, Section 1014.3.6"),
    # the manhole's 20 in printed as its 24 in limit is: one length, one way ("20 in", not "20.00 in")
    ("2. Enlarge the access manholes to at least 24 in diameter: manhole 2 (sheet P-4) over sanitary tee 2 (20 in)",
     "Reviewer's note: The outlet manhole cover is called out as 20 in on detail 5."),
    ("3. Route the dishwasher's waste to a receptor that is not on the grease interceptor line: fixture 4 "
     "(Dishwasher, commercial (dish machine), sheet P-2) drains to fixture 3 (2 x FS-1, sheet P-2), which is "
     "connected to the interceptor", "Sheet P-2. Reference: TMC ch. 5.26, Grease interceptor requirement."),
    ("4. Remove the food grinder from the plumbing plans; food grinders are prohibited in new construction: "
     "fixture 6 (Food waste disposer (food grinder), sheet P-2)",
     "Sheet P-2. Reference: TMC ch. 5.26, Prohibitions (a)."),
]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_markdown_letter(examples, tmp_path, capsys):
    out = tmp_path / "corrections.md"
    assert main(["review", str(examples / "review-correction-letter.yaml"), "--letter", str(out)]) == 1
    text = out.read_text()
    lines = text.splitlines()
    assert lines[0] == "**City of Tracy — FOG Control Program**  "
    # the City's contact block under the letterhead (the Tracy profile's contact)
    assert lines[1] == ("City of Tracy, Utilities Division, Environmental Compliance · 3900 Holly Dr · Tracy, CA 95304 · "
                        "Telephone (209) 831-6000")
    assert "Mei Lin, Lin Design Group  " in lines and "455 E Main St Suite 2  " in lines
    assert "Permit: B26-00318  " in lines and "Plan check: PC-2026-0142  " in lines
    assert "Review cycle: 2nd submittal  " in lines
    for first, second in CORRECTIONS:
        assert first + "  " in lines
        assert "   " + second in text
    assert not any(line.startswith("5. ") for line in lines)  # four corrections, numbered from 1
    assert lines[-3:] == ["Dana Ortiz  ", "Plan checker, Utilities Department, City of Tracy, California  ",
                          "Date: ______________"]


def test_word_letter(examples, tmp_path):
    import docx

    out = tmp_path / "corrections.docx"
    assert main(["review", str(examples / "review-correction-letter.yaml"), "--letter", str(out)]) == 1
    doc = docx.Document(io.BytesIO(out.read_bytes()))
    numbered = [p.text for p in doc.paragraphs if p.style.name == "List Number"]
    assert len(numbered) == 4
    for (first, second), item in zip(CORRECTIONS, numbered, strict=True):
        assert item.startswith(first.split(". ", 1)[1])
        assert second in item
    text = "\n".join(p.text for p in doc.paragraphs)
    assert "Re: Grease interceptor plan review corrections — Harbor Noodle House" in text
    assert "Permit: B26-00318" in text and "Dear Mei Lin, Lin Design Group:" in text
    assert "Dana Ortiz\nPlan checker, Utilities Department, City of Tracy, California\nDate: ______________" in text


def test_pdf_letter(examples, tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "corrections.pdf"
    assert main(["review", str(examples / "review-correction-letter.yaml"), "--letter", str(out)]) == 1
    text = flat(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(out.read_bytes())).pages))
    assert "Dear Mei Lin, Lin Design Group:" in text and "B26-00318" in text
    for first, second in CORRECTIONS:
        assert flat(first.split(". ", 1)[1]) in text
        assert flat(second) in text
    assert "Dana Ortiz" in text


@pytest.mark.parametrize("name", ["letter.txt", "letter"])
def test_letter_needs_a_known_extension(examples, tmp_path, capsys, name):
    out = tmp_path / name
    assert main(["review", str(examples / "review-correction-letter.yaml"), "--letter", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--letter" in err[0] and "a file name ending in .pdf, .docx or .md" in err[0]
    assert not out.exists()


def test_compliant_letter_says_no_correction(examples, tmp_path):
    out = tmp_path / "ok.md"
    assert main(["review", str(examples / "review-compliant.yaml"), "--letter", str(out)]) == 0
    text = out.read_text()
    assert "They comply; no correction is required." in text and "## Corrections" not in text


def signature_of_pdf(data: bytes) -> list[str]:
    """The text lines of a letter PDF after "Sincerely," up to the page's footer."""
    from pypdf import PdfReader

    lines = [line.strip() for page in PdfReader(io.BytesIO(data)).pages for line in page.extract_text().splitlines()]
    after = lines[lines.index("Sincerely,") + 1:]
    return [line for line in after if line and not line.startswith("correction letter ")]


def signature_of_docx(data: bytes) -> list[str]:
    import docx

    paragraphs = [p.text for p in docx.Document(io.BytesIO(data)).paragraphs]
    after = paragraphs[paragraphs.index("Sincerely,") + 1:]
    return [line.strip() for p in after for line in p.splitlines() if line.strip()]


def test_the_pdf_and_the_word_letter_sign_with_the_same_lines_in_the_same_order(examples):
    """One signature layout: the line to sign on, the signer, the title, then the date on a line of its own (in the
    PDF the title and the name ran on into "Date" beside them, and the Word letter had them the other way round)."""
    from sizing.io import submittal
    from sizing.report.correction import LetterFields, build, render
    from sizing.rules.review import review

    r = review(submittal.load(examples / "review-correction-letter.yaml"))
    long_title = "Senior plan checker, Environmental Compliance and Source Control Division"
    for fields in (None, LetterFields.from_project(r.project, title=long_title)):
        letter = build(r, fields=fields)
        title = f"{fields.title if fields else 'Plan checker, Utilities Department'}, City of Tracy, California"
        want = ["______________________", "Dana Ortiz", title, "Date: ______________"]
        assert signature_of_docx(render(letter, "docx")) == want
        assert " ".join(signature_of_pdf(render(letter, "pdf"))) == " ".join(want)  # a long title may wrap
        assert render(letter, "markdown").decode().splitlines()[-4:] == [
            "______________________", "Dana Ortiz  ", f"{title}  ", "Date: ______________"]


def test_the_letter_is_addressed_from_the_submittal_by_default():
    """The applicant at the applicant's address; else the FSE's owner, else the project by its name, at the site
    address."""
    from sizing.report.correction import LetterFields

    site = {"name": "Corner Cafe", "address": "25 W 10th St, Tracy CA 95376"}
    assert LetterFields.from_project(site) == LetterFields(addressee="Corner Cafe",
                                                           address="25 W 10th St, Tracy CA 95376")
    assert LetterFields.from_project({**site, "owner": "J. Park"}).addressee == "J. Park"
    given = LetterFields.from_project({**site, "applicant": "Mei Lin", "applicant_address": "455 E Main St"})
    assert (given.addressee, given.address) == ("Mei Lin", "455 E Main St")
    assert LetterFields.from_project(site, addressee="Ana Ruiz").addressee == "Ana Ruiz"  # as the checker typed
