"""A report's signature never stands alone on its last page: the review PDF keeps its last section (the provenance
note) with the signature lines, on one page (fpdf2's offset rendering measures them first)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sizing.io import submittal
from sizing.report.review import review_pdf
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
REVIEWS = sorted([*EXAMPLES.glob("review-*.yaml"), *(EXAMPLES / "register").glob("corner-cafe-cycle*.yaml")])


@pytest.mark.parametrize("path", REVIEWS, ids=lambda p: p.name)
def test_the_signature_shares_its_page_with_the_last_section(path):
    r = review(submittal.load(path))
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(review_pdf(r))).pages]
    last = pages[-1]
    assert "Plan checker" in last and "Provenance note" in last


def test_a_last_section_that_would_split_from_its_signature_moves_with_it():
    """A review padded with notes until the provenance note would start near a page's foot: the note and the
    signature move to the next page together."""
    import yaml

    doc = yaml.safe_load((EXAMPLES / "review-compliant.yaml").read_text())
    outcomes = set()
    for extra in range(0, 40, 2):  # enough fixture lines to walk the last section down a whole page
        doc["fixtures"] = doc["fixtures"][:10] + [{"type": "floor_drain", "count": 1, "area": "food_prep",
                                                   "label": f"drain {i}"} for i in range(extra)]
        pages = [p.extract_text() for p in PdfReader(io.BytesIO(review_pdf(review(submittal.from_dict(doc))))).pages]
        assert "Plan checker" in pages[-1] and "Provenance note" in pages[-1], extra
        outcomes.add(pages[-1].count("Provenance note"))
    assert outcomes == {1}
