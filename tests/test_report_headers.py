"""Reports as a city files them: the permit header, signature blocks, the reviewer's notes and N/A, the
maintenance report, rows named as the user counts them, and the command line help."""

from __future__ import annotations

import io

import pytest
import yaml
from pypdf import PdfReader

from sizing.cli.main import build_parser, main
from sizing.cpc.size import size
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report import review as render
from sizing.report.maintenance import maintenance_pdf
from sizing.report.pdf import sizing_pdf
from sizing.report.review import review_pdf
from sizing.report.text import name_rows, sizing_markdown
from sizing.rules import maintenance
from sizing.rules.review import review


def text_of(data: bytes) -> str:
    return " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def noncompliant(examples, **extra) -> dict:
    doc = yaml.safe_load((examples / "review-noncompliant.yaml").read_text())
    doc.update(extra)
    return doc


PERMIT = {"name": "Corner Cafe", "permit": "B25-0142", "plan_check": "PC-2025-311", "review_cycle": 2,
          "reviewer": "J. Alvarez", "engineer": "R. Chen, PE", "engineer_license": "C 81234"}


def test_review_report_header_signature_and_letterhead(examples):
    """Permit and plan-check numbers, the review cycle, reviewer name and date, a signature block, and the
    letterhead of the jurisdiction profile head the review report."""
    doc = noncompliant(examples, project=PERMIT, review_date="2026-03-02")
    text = text_of(review_pdf(review(submittal.from_dict(doc))))
    assert text.startswith("City of Tracy — FOG Control Program")  # tables/jurisdictions/tracy.yaml letterhead
    assert "Permit B25-0142" in text
    assert "Plan check PC-2025-311" in text
    assert "Review cycle 2nd submittal" in text
    assert "Reviewed by J. Alvarez, 2026-03-02" in text
    assert "Plan checker: J. Alvarez Date" in text  # the signature block


def test_calculation_report_names_the_engineer_of_record_and_licence(examples):
    doc = yaml.safe_load((examples / "restaurant.yaml").read_text())
    doc["project"] = PERMIT
    text = text_of(sizing_pdf(size(submittal.from_dict(doc))))
    assert "Engineer of record R. Chen, PE" in text
    assert "Licence number C 81234" in text
    assert "Engineer of record: R. Chen, PE, licence C 81234" in text  # signature block


def test_header_fields_are_optional(examples):
    text = text_of(review_pdf(review(submittal.load(examples / "review-noncompliant.yaml"))))
    assert "Plan check PC" not in text and "Review cycle" not in text and "Reviewed by" not in text
    assert "Plan checker Date" in text  # the signature block is there, to sign by hand


@pytest.mark.parametrize(("given", "shown"), [(1, "1st submittal"), ("2", "2nd submittal"), (3, "3rd submittal"),
                                              (11, "11th submittal"), ("resubmittal B", "resubmittal B")])
def test_review_cycle_reads_as_an_ordinal(given, shown):
    assert render.review_cycle(given if isinstance(given, str) else str(given)) == shown


def test_reviewer_note_and_na_are_printed_and_na_never_counts_as_pass(examples):
    """A reviewer's N/A (with its reason) shows as N/A, not as pass; notes are printed beside the finding."""
    notes = {"food_grinder": {"not_applicable": "grinder removed before the inspection, photo 4"},
             "volume": {"note": "unit size confirmed with the engineer by phone"},
             "interceptor_required": {"not_applicable": "ordered by the Director"}}
    doc = noncompliant(examples, review_notes=notes)
    sub = submittal.from_dict(doc)
    r = review(sub)
    parsed = render.reviewer_notes(sub.review_notes, r)
    plain = r.counts()
    shown = render.counts_shown(r, parsed)
    # interceptor_required passed and food_grinder failed: both leave their bucket, neither becomes a pass
    assert shown["pass"] == plain["pass"] - 1
    assert shown["fail"] == plain["fail"] - 1
    assert shown["n/a"] == 2
    line = render.headline(r, parsed)
    assert "2 N/A (reviewer)" in line and "marked failing checks N/A: food grinder" in line
    text = text_of(review_pdf(r, parsed))
    assert "N/A food_grinder" in text
    assert "Reviewer: N/A (grinder removed before the inspection, photo 4); the check gave FAIL" in text
    assert "Reviewer: unit size confirmed with the engineer by phone" in text
    assert len(render.corrections_shown(r, parsed)) == len(r.corrections) - 1


def test_cli_review_reads_the_notes_of_the_file(examples, tmp_path, capsys):
    path = tmp_path / "notes.yaml"
    path.write_text(yaml.safe_dump(noncompliant(examples, review_notes={
        "food_grinder": {"not_applicable": "no grinder on site"}})))
    assert main(["review", str(path)]) == 1  # other findings still fail
    out = capsys.readouterr().out
    assert "[N/A] food_grinder" in out
    assert "reviewer: N/A (no grinder on site); the check gave FAIL" in out


def test_a_note_for_a_rule_not_in_the_review_is_an_error(examples):
    doc = noncompliant(examples, review_notes={"volum": {"note": "x"}})
    sub = submittal.from_dict(doc)
    with pytest.raises(SizingInputError, match=r"review_notes\.volum: no finding .*did you mean 'volume'"):
        render.reviewer_notes(sub.review_notes, review(sub))


def test_na_needs_its_reason(examples):
    """The section's shape is checked when the submittal is read."""
    with pytest.raises(SizingInputError, match=r"review_notes\.volume\.not_applicable: expected the reason"):
        submittal.from_dict(noncompliant(examples, review_notes={"volume": {"not_applicable": " "}}))


def test_maintenance_report_pdf(examples, tmp_path):
    """The maintenance report carries the readings, the chart, the recommendation and the records checks,
    each with its citation."""
    plan = maintenance.plan(maintenance.load(examples / "maintenance-restaurant.yaml"), get_jurisdiction("tracy"))
    data = maintenance_pdf(plan)
    reader = PdfReader(io.BytesIO(data))
    assert any(page.images for page in reader.pages)  # the accumulation chart
    text = text_of(data)
    # worked by hand: since the 2025-04-10 pump-out the readings are 1.75, 3.5 and 5.25 in after 21, 42 and 63 days,
    # 1/12 in a day: 12 in (25 % of 48 in) in 144 days, x 0.8 = 115 days; the approved 90 days come first:
    # 2025-04-10 + 90 days = 2025-07-09
    assert "Recommended interval 115 days" in text
    assert "Next service 2025-07-09" in text
    for day, percent in (("2025-01-10", "18.8 %"), ("2025-05-01", "3.6 %"), ("2025-05-22", "7.3 %"),
                         ("2025-06-12", "10.9 %")):  # (FOG + solids) / 48 in
        assert day in text and percent in text
    for c in plan.records:
        assert c.title in text
    for f in plan.findings:  # every finding, the accumulation limit and the service date too, with its message
        assert f.message in text
    assert "TMC ch. 5.26, Prohibitions (g)" in text
    out = tmp_path / "m.pdf"
    assert main(["maintenance", str(examples / "maintenance-restaurant.yaml"), "--format", "pdf",
                 "-o", str(out)]) == 0
    assert out.read_bytes()[:5] == b"%PDF-"


def test_cli_help_prints_the_maintenance_line():
    """The maintenance help line prints as text (its '%' once printed argparse's internals)."""
    text = build_parser().format_help()
    assert "check a grease interceptor maintenance log: accumulation limit" in " ".join(text.split())
    assert "option_strings" not in text


def test_rows_are_named_as_the_user_counts_them(examples):
    """Reports say 'fixture 1 (Three-compartment sink)', not fixtures[0]; the JSON keeps 0-based paths."""
    assert name_rows("fixtures[0].length: expected a length", ["Three-compartment sink"]) == (
        "fixture 1 (Three-compartment sink), length: expected a length")
    doc = {"fixtures": [{"type": "three_compartment_sink", "length": "18 in", "width": "24 in", "depth": "30 in"}]}
    result = size(submittal.from_dict(doc))
    assert any(w.startswith("fixtures[0]") for w in result.warnings)  # the JSON contract is unchanged
    label = submittal.fixture_types()["three_compartment_sink"].label
    md = sizing_markdown(result)
    assert f"fixture 1 ({label}): a 30 in deep compartment" in md
    assert "fixtures[0]" not in md
    assert f"| 1 | {label} |" in md


def test_maintenance_signature_has_one_date_line(examples):
    """The inspector signs beside one date line (it printed "Date" twice: a second signature line called Date)."""
    plan = maintenance.plan(maintenance.load(examples / "maintenance-restaurant.yaml"), get_jurisdiction("tracy"))
    last = PdfReader(io.BytesIO(maintenance_pdf(plan))).pages[-1].extract_text()
    lines = [line.strip() for line in last.splitlines()]
    signature = [i for i, line in enumerate(lines) if line.startswith("Inspector")]
    assert len(signature) == 1
    assert sum(1 for line in lines if line.endswith("Date") or line == "Date") == 1, lines[-8:]
