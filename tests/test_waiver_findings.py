"""The waiver decision's findings as the one Finding type, the revocation as a finding, the parsed sections."""

from __future__ import annotations

import inspect
import io
import json
from pathlib import Path

import pypdf
import pytest

from sizing.cli.main import main
from sizing.finding import Finding
from sizing.io import submittal
from sizing.io.sections import waiver as sections
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report.letter import waiver_markdown, waiver_pdf, waiver_text
from sizing.rules import revocation as revocation_module
from sizing.rules import waiver, waiver_evidence
from tests.conftest import ROOT
from tests.test_waiver import D_KEYS, MET, b_doc, c_doc, d_doc, revocation, run

GROUP = "one of: " + ", ".join(D_KEYS)


def statuses(d) -> dict[str, str]:
    return {f.rule: f.status for f in d.findings}


def test_findings_are_the_one_finding_type_with_the_director_s_finding_shown():
    d = run(d_doc(inadequate_space=MET, inadequate_slope=False))
    assert all(isinstance(f, Finding) for f in d.findings)
    space, slope, other = (next(f for f in d.findings if f.rule == k) for k in D_KEYS)
    assert (space.status, space.value, space.limit) == ("pass", "met", f"met ({GROUP})")
    assert (slope.value, slope.evidence, slope.detail["made"]) == ("not met", "no evidence stated", True)
    assert (other.value, other.evidence, other.detail["made"]) == ("not made", "not made", False)
    assert space.detail == {"score": None, "required": GROUP, "made": True}
    assert space.title == space.message == "There is inadequate space for installation and/or maintenance of a grease interceptor."
    fee = next(f for f in d.findings if f.rule == "mitigation_fee_paid")
    assert (fee.status, fee.value, fee.limit, fee.detail["required"]) == ("pass", "met", "met", "all")


def test_a_finding_of_a_group_not_met_is_a_warning_while_another_carries_the_grant():
    d = run(d_doc(inadequate_space=MET))
    assert d.grantable
    assert statuses(d) == {"applies_to_construction": "pass", "inadequate_space": "pass", "inadequate_slope": "warn",
                           "other_infeasibility": "warn", "mitigation_fee_paid": "pass"}


def test_a_finding_of_a_group_not_met_fails_when_the_waiver_is_not_grantable():
    unpaid = run(d_doc(fee=False, inadequate_space=MET))  # the group is met, the fee is not: nothing is carried
    assert not unpaid.grantable
    assert statuses(unpaid)["inadequate_slope"] == statuses(unpaid)["mitigation_fee_paid"] == "fail"
    none = run(d_doc(inadequate_space=False, inadequate_slope=False))
    assert [statuses(none)[k] for k in D_KEYS] == ["fail", "fail", "fail"]


def test_every_finding_required_is_pass_or_fail_never_a_warning():
    d = run(c_doc(sewer_lines_condition=False))
    assert statuses(d)["sewer_lines_condition"] == "fail"
    assert sorted(set(statuses(d).values())) == ["fail", "pass"]
    b = run(b_doc(no_adequate_space=None, no_adequate_slope=MET))
    assert b.grantable and statuses(b)["no_adequate_space"] == "warn"


def test_to_dict_findings_are_finding_dicts():
    d = run(c_doc())
    out = d.to_dict()
    assert out["findings"] == [json.loads(json.dumps(f.to_dict())) for f in d.findings]
    score = out["findings"][1]["detail"]["score"]
    assert out["findings"][1]["rule"] == "negligible_fog_quantity" and score["reading"] == "supports"
    assert out["revocation_finding"] is None and d.revocation_finding is None


def test_the_revocation_is_a_finding_beside_the_findings_of_the_grant():
    ok = run(revocation())
    f = ok.revocation_finding
    assert (f.rule, f.status, f.citation) == ("revocation", "pass", "TMC section 5.26.080(g)(1)")
    assert (f.value, f.limit, f.unit) == (30, 30, "days")
    assert f.message == "revocation effective 2025-07-01: notice, grounds and response in order"
    assert "revocation" not in statuses(ok) and ok.all_findings[-1] is f and ok.in_order
    late = run(revocation(notice_mailed="2025-06-02"))
    f = late.revocation_finding
    assert f.status == "fail" and (f.value, f.limit) == (29, 30) and late.grantable and not late.in_order
    assert f.message.startswith("revocation effective 2025-07-01: notice mailed 2025-06-02 is 29 days before")
    assert late.to_dict()["revocation_finding"]["status"] == "fail"
    bad = run(revocation(grounds=["late payment"])).revocation_finding
    assert bad.status == "fail" and "ground 'late payment' is not one of (g)(3)(i)" in bad.message


def test_letter_lists_the_findings_through_the_findings_renderer():
    md = waiver_markdown(run(d_doc(inadequate_space=MET)))
    assert "| Status | Rule | Finding | Shown | Required | Citation |" in md
    assert "| WARN | Inadequate slope | There is inadequate slope" in md  # by its name, not its key
    assert f"| not made | met ({GROUP}) | TMC section 5.26.080(d)(2) |" in md
    refused = run(d_doc(fee=False, inadequate_space=MET))
    text = " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(waiver_pdf(refused))).pages)
    assert "Rule and finding" in text and "FAIL Mitigation fee paid" in text


def test_text_output_lists_the_findings_through_the_findings_renderer(tmp_path, capsys):
    d = run(d_doc(fee=False, inadequate_space=MET))
    text = waiver_text(d)
    assert ("  [FAIL] mitigation_fee_paid: The grease disposal mitigation fee has been paid (evidence: not paid)\n"
            "         value not met; limit met; TMC section 5.26.080(d); section 5.26.190\n") in text
    f = tmp_path / "w.yaml"
    f.write_text(json.dumps(d_doc(fee=False, inadequate_space=MET)))
    assert main(["waiver", str(f), "--jurisdiction", "tracy"]) == 1
    assert capsys.readouterr().out == text


def test_cli_jurisdiction_without_waivers_is_an_error(tmp_path, capsys):
    f = tmp_path / "w.yaml"
    f.write_text(json.dumps(c_doc()))
    assert main(["waiver", str(f), "--jurisdiction", "cpc"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "jurisdiction:" in err and "has no conditional waivers" in err


def test_waiver_types_takes_the_jurisdiction_explicitly():
    assert inspect.signature(waiver.waiver_types).parameters["jurisdiction"].default is inspect.Parameter.empty
    assert list(waiver.waiver_types(get_jurisdiction("tracy"))) == ["new_construction", "infeasible_existing", "alternative_pretreatment"]
    assert waiver.waiver_types(get_jurisdiction("cpc")) == {}


def test_the_sections_are_parsed_once_into_typed_objects():
    app = waiver.parse_waiver(submittal.from_dict({**b_doc(), "revocation": revocation()["revocation"]}))
    assert isinstance(app, sections.WaiverApplication) and isinstance(app.monitoring, sections.Monitoring)
    assert isinstance(app.findings["no_adequate_space"], sections.DirectorFinding)
    assert isinstance(app.revocation, sections.Revocation) and app.revocation.grounds == ("i",)
    assert [i.date.isoformat() for i in app.monitoring.inspections] == ["2025-01-06", "2025-04-06"]


def test_the_schema_lists_exactly_the_fields_the_parser_accepts():
    schema = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())
    props, defs = schema["properties"], schema["$defs"]
    shown = {
        "waiver": props["waiver"]["properties"],
        "finding": next(o for o in defs["finding"]["oneOf"] if o.get("type") == "object")["properties"],
        "monitoring": props["waiver"]["properties"]["monitoring"]["properties"],
        "inspection": defs["inspection"]["properties"],
        "application": props["application"]["properties"],
        "sample": props["application"]["properties"]["sampling"]["items"]["properties"],
        "revocation": props["revocation"]["properties"],
    }
    assert {k: sorted(v) for k, v in shown.items()} == {k: sorted(v) for k, v in sections.FIELDS.items()}
    assert props["application"]["properties"]["kitchen_hood"]["enum"] == list(sections.HOODS)
    assert props["waiver"]["properties"]["status"]["enum"] == list(sections.WAIVER_STATUSES)


RULES = [waiver.monitoring_complete, waiver.construction_finding, waiver.director_findings, waiver.carried,
         waiver.fee_finding, waiver.monitoring_finding, waiver.expiration_checks, waiver.conditions_of,
         revocation_module.revocation_notice_valid, revocation_module.grounds_of, revocation_module.assess,
         revocation_module.revocation_finding, waiver_evidence.evidence_scores]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_each_rule_names_its_clause_on_its_docstring_s_first_line(rule):
    first = rule.__doc__.strip().splitlines()[0]
    assert first.startswith("FOG ordinance, Conditional waivers and variances (") and ": " in first


@pytest.mark.parametrize("module", [waiver, sections, revocation_module, waiver_evidence])
def test_the_waiver_modules_are_small(module):
    assert len(Path(module.__file__).read_text().splitlines()) <= 400


def test_a_finding_marked_met_with_no_evidence_is_a_warning_not_a_silent_pass():
    d = run(c_doc(sewer_lines_condition=True, no_other_condition={"met": True, "evidence": "  "}))
    s = statuses(d)
    assert (s["sewer_lines_condition"], s["no_other_condition"], s["bmps_and_compliance"]) == ("warn", "warn", "pass")
    assert d.grantable  # the Director's finding stands; the warning asks for what it rests on
    assert ("waiver.findings.sewer_lines_condition: marked met with no evidence stated; state what the finding "
            "rests on") in d.warnings
