"""PDF reports: they open, and their text carries the findings, corrections and provenance."""

import io

from pypdf import PdfReader

from sizing.cli.main import main
from sizing.cpc.size import size
from sizing.io import submittal
from sizing.report.findings import label
from sizing.report.pdf import ReportPDF, provenance_notes, sizing_pdf
from sizing.report.review import review_pdf
from sizing.rules.review import review


def text_of(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_review_pdf_contains_findings_and_corrections(examples):
    r = review(submittal.load(examples / "review-noncompliant.yaml"))
    data = review_pdf(r)
    assert data[:5] == b"%PDF-"
    text = flat(text_of(data))
    for f in r.findings:  # each rule by its name for people, never its id
        assert f"{label(f)} {f.message.split()[0]}" in text and ("_" not in f.rule or f.rule not in text)
    assert "NOT COMPLIANT: 12 fail" in text
    assert "Corrections" in text and "Increase the gravity grease interceptor to at least 750 gal" in text
    assert "2026-07-28" in text                       # the installation deadline
    assert "Provenance note" in text and "carried from CPC 2022" in text
    assert "Calculation steps" in text and "CPC 2025, Table 702.1" in text
    assert "manhole 1 over chamber 1 (23.62 in)" in text


def test_review_pdf_compliant_says_no_corrections(examples):
    text = flat(text_of(review_pdf(review(submittal.load(examples / "review-compliant.yaml")))))
    assert "COMPLIANT: 0 fail" in text
    assert "None: no finding fails." in text


def test_sizing_pdf_has_every_step(examples):
    result = size(submittal.load(examples / "restaurant.yaml"))
    text = flat(text_of(sizing_pdf(result)))
    assert "Grease interceptor sizing — CPC 2025" in text
    assert "1,000 gal" in text
    assert text.count("CPC 2025, Table 702.1") >= 5
    si = flat(text_of(sizing_pdf(result, units="si")))
    assert "3,785 L" in si                              # 1,000 gal


def test_provenance_notes_name_weak_and_carried_tables(examples):
    notes = provenance_notes(size(submittal.load(examples / "restaurant.yaml")))
    assert any(n.startswith("HGI standard flow ratings") and "secondary" in n for n in notes)
    assert any("carried from CPC 2022" in n for n in notes)
    assert any(n.startswith("Values given by the submitter") for n in notes)


def test_primitives_wrap_and_paginate():
    pdf = ReportPDF("Primitives", "subtitle")
    pdf.heading("Key values").key_values([("Long", "word " * 80), ("Skipped", None), ("Degrees", "65 °C ≥ 60 °C")])
    pdf.table(["Col A", "Col B"], [(i, "cell text " * 12) for i in range(60)], widths=(1, 5))
    pdf.bullets(["first", "second " * 40], numbered=True)
    data = pdf.to_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 2
    # the running title and the table headings repeat on the next page
    assert reader.pages[1].extract_text().startswith("Primitives\nCol A Col B")
    text = text_of(data)
    assert "65 °C ≥ 60 °C" in text and "Skipped" not in text
    assert "page 1 of" in text


def test_size_command_pdf(examples, tmp_path):
    out = tmp_path / "calc.pdf"
    assert main(["size", str(examples / "restaurant.yaml"), "--format", "pdf", "-o", str(out)]) == 0
    assert "Calculation steps" in text_of(out.read_bytes())
