"""The review PDF and the correction letter (PDF) carry the chosen jurisdiction's own title, ordinance and
citations, and its own way of counting days; the values a finding rests on that were not read from the code text
are flagged. Checked on the text of the PDFs, under Placerville, Fullerton and Long Beach."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report.correction import build, letter_pdf
from sizing.report.review import review_pdf
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: jurisdiction -> (letterhead, ordinance, chapter, a citation its findings on review-noncompliant carry), as written
#: in tables/jurisdictions/<id>.yaml from each city's code text.
CITIES = {
    "placerville": ("City of Placerville — FOG Control (PCC title 7 ch. 5)",
                    "Placerville City Code title 7, chapter 5, fats, oils and grease control (Ord. 1646, 2012)",
                    "PCC title 7 ch. 5", "PCC 7-5-10(B)"),
    "fullerton": ("City of Fullerton — FOG Control Program (FMC ch. 12.20)",
                  "Fullerton Municipal Code chapter 12.20, FOG control (Ord. 3051, 2004)",
                  "FMC ch. 12.20", "FMC 12.20.210(D)"),
    "long-beach": ("City of Long Beach — FOG plan review (LBMC ch. 8.46)",
                   "Long Beach Municipal Code chapter 8.46, Disposal of fats, oils, and grease (Ord. 05-0003, 2005)",
                   "LBMC ch. 8.46", "LBMC 8.46.040(B)"),
}


def text_of(data: bytes) -> str:
    """The PDF's text with line breaks and repeated spaces folded (the layout wraps long lines)."""
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def noncompliant(jid: str):
    doc = yaml.safe_load((EXAMPLES / "review-noncompliant.yaml").read_text())
    doc["project"]["name"] = "Corner Cafe"
    doc["project"]["address"] = "25 Main St"
    return review(submittal.from_dict(doc, jurisdiction=get_jurisdiction(jid)))


@pytest.mark.parametrize("jid", sorted(CITIES))
def test_the_review_and_the_letter_carry_the_citys_title_and_citations(jid):
    letterhead, ordinance, chapter, citation = CITIES[jid]
    r = noncompliant(jid)
    report = text_of(review_pdf(r))
    letter = text_of(letter_pdf(build(r)))
    assert report.startswith(letterhead) and letter.startswith(letterhead)
    assert f"Ordinance {ordinance}" in report
    assert citation in report and citation in letter
    assert f"under {r.jurisdiction} ({chapter}) and the California Plumbing Code 2025" in letter
    for text in (report, letter):
        assert not re.search(r"Tracy|TMC|5\.26", text), re.findall(r".{40}(?:Tracy|TMC|5\.26).{40}", text)


def test_the_letter_counts_placervilles_deadline_in_calendar_days():
    """PCC 7-5-8(B)(2)(a): 180 days after the notification of 2025-11-03 = 2026-05-02 (27 days to Nov 30, then 31 +
    31 + 28 + 31 + 30 = 178, + 2), a Saturday: the last day runs to Monday 2026-05-04 (Cal. Code Civ. Proc. §§ 12,
    12a); the City's 180 working days would end 2026-07-28."""
    letter = text_of(letter_pdf(build(noncompliant("placerville"))))
    assert ("Grease interceptor required: 2026-05-04 (180 calendar days after 2025-11-03, the Director's notification; "
            "extended from 2026-05-02 to 2026-05-04, the next day that is not a holiday: 2026-05-02 (Saturday), "
            "2026-05-03 (Sunday) (Cal. Code Civ. Proc. §§ 12, 12a)) [PCC 7-5-8(B)(2)(a)]") in letter
    assert "working days" not in letter
    tracy = text_of(letter_pdf(build(noncompliant("tracy"))))
    assert "2026-07-28 (180 working days after 2025-11-03" in tracy


def test_a_finding_resting_on_a_derived_value_says_so_in_the_report():
    """The manhole count reads 'a manhole over a sanitary tee also serves its chamber', the tool's reading of PCC
    7-5-10(D) (derived, not the code's words): the finding and the report's provenance notes say so; under the
    City, whose text the value is, they do not."""
    r = noncompliant("placerville")
    f = next(f for f in r.findings if f.rule == "manhole_count")
    assert (f.provenance, f.citation) == ("derived", "PCC 7-5-10(D)")
    assert f.provenance_note.startswith("manhole_over_tee_covers_chamber is derived: a manhole over a sanitary tee")
    assert ("Finding 'Manholes over chambers and tees' rests on a derived value of the jurisdiction profile"
            in text_of(review_pdf(r)))  # the PDF names the rule as people read it
    assert next(f for f in noncompliant("tracy").findings if f.rule == "manhole_count").provenance is None


def test_the_text_and_markdown_reviews_name_the_ordinance_and_the_derived_value(capsys):
    from sizing.cli.main import main

    for fmt in ("text", "markdown"):
        assert main(["review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "placerville",
                     "--format", fmt]) == 1
        out = capsys.readouterr().out
        assert "Placerville City Code title 7, chapter 5, fats, oils and grease control (Ord. 1646, 2012)" in out
        assert ("Finding 'manhole_count' rests on a derived value of the jurisdiction profile: "
                "manhole_over_tee_covers_chamber is derived") in out
