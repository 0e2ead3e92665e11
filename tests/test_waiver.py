"""Conditional waivers and variances (TMC section 5.26.080 (b), (c), (d)) and revocation ((g))."""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import io
import json

import pypdf
import pytest
import yaml

from sizing.cli.main import main
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.report.letter import decision_line, findings_met, waiver_markdown, waiver_pdf
from sizing.rules.revocation import revocation_notice_valid
from sizing.rules.waiver import decide

C_KEYS = ["negligible_fog_quantity", "not_significant_contributor", "bmps_and_compliance", "sewer_lines_condition",
          "no_foreseeable_change", "no_other_condition"]
D_KEYS = ["inadequate_space", "inadequate_slope", "other_infeasibility"]
SMALL = [{"type": "three_compartment_sink", "area": "cleanup"}, {"type": "hand_sink", "area": "food_prep"}]


def doc(kind: str, construction: str, **waiver) -> dict:
    base = {"construction": construction, "project": {"name": "Test FSE", "applicant": "Owner LLC"},
            "fixtures": copy.deepcopy(SMALL),
            "waiver": {"type": kind, "date": "2025-04-01", "expiration": "2027-04-01", **waiver}}
    return base


#: A finding the Director makes, with the evidence it rests on (met with nothing stated is a warning).
MET = {"met": True, "evidence": "site visit and records reviewed 2025-03-03"}


def c_doc(**findings) -> dict:
    f = {k: MET for k in C_KEYS}
    f.update(findings)
    return doc("new_construction", "new", findings={k: v for k, v in f.items() if v is not None})


def d_doc(fee=True, **findings) -> dict:
    return doc("infeasible_existing", "existing", findings=findings, mitigation_fee_paid=fee)


MON = {"start": "2025-01-06", "end": "2025-04-06",
       "inspections": [{"date": "2025-01-06", "visible_fog": False}, {"date": "2025-04-06", "visible_fog": False}]}


def b_doc(monitoring=MON, **findings) -> dict:
    f = {"no_adequate_space": MET, "equivalent_or_better": MET}
    f.update(findings)
    w = {"findings": {k: v for k, v in f.items() if v is not None}, "technology": "AGRD"}
    if monitoring is not None:
        w["monitoring"] = copy.deepcopy(monitoring)
    return doc("alternative_pretreatment", "existing", **w)


def run(d: dict):
    return decide(submittal.from_dict(d))


def finding(decision, key):
    return {f.rule: f for f in decision.findings}[key]


# --- (c) new construction: all six findings --------------------------------------------------------------

def test_new_construction_all_six_findings_grantable():
    d = run(c_doc())
    assert d.grantable is True and d.missing == ()
    assert [f.rule for f in d.findings][1:] == C_KEYS
    assert finding(d, "negligible_fog_quantity").citation == "TMC section 5.26.080(c)(1)"
    texts = [c["text"] for c in d.conditions]
    assert any("space and plumbing segregation for the future installation of a grease interceptor" in t for t in texts)


@pytest.mark.parametrize("key", C_KEYS)
def test_new_construction_each_finding_not_met(key):
    d = run(c_doc(**{key: {"met": False, "evidence": "seen otherwise"}}))
    assert d.grantable is False
    assert finding(d, key).status == "fail" and finding(d, key).evidence.startswith("seen otherwise")
    assert d.missing == (f"{key}: finding not met (TMC section 5.26.080(c)({C_KEYS.index(key) + 1}))",)
    assert len(d.findings) == 7  # a finding that is not met is listed, never hidden


@pytest.mark.parametrize("key", C_KEYS)
def test_new_construction_each_finding_not_made(key):
    d = run(c_doc(**{key: None}))
    assert d.grantable is False
    f = finding(d, key)
    assert f.status == "fail" and f.detail["made"] is False and f.evidence.startswith("not made")
    assert d.missing[0].startswith(f"{key}: finding not made")


def test_remodel_may_use_new_construction_waiver():
    d0 = c_doc()
    d0["construction"] = "remodel"
    assert run(d0).grantable is True


# --- (d) existing structure, not feasible: one of three findings + the fee ------------------------------

@pytest.mark.parametrize("key", D_KEYS)
def test_infeasible_each_finding_alone_with_fee_grantable(key):
    d = run(d_doc(**{key: MET}))
    assert d.grantable is True
    assert finding(d, key).status == "pass"
    assert finding(d, key).detail["required"] == "one of: " + ", ".join(D_KEYS)


@pytest.mark.parametrize("key", D_KEYS)
def test_infeasible_each_finding_false_not_grantable(key):
    d = run(d_doc(**{key: False}))
    assert d.grantable is False
    assert d.missing == ("one of inadequate_space, inadequate_slope, other_infeasibility: none met "
                         "(TMC section 5.26.080(d)(1); TMC section 5.26.080(d)(2); TMC section 5.26.080(d)(3))",)


@pytest.mark.parametrize("fee, evidence", [(False, "not paid"), (None, "not stated")])
def test_infeasible_without_fee_not_grantable(fee, evidence):
    d = run(d_doc(fee=fee, inadequate_space=True))
    assert d.grantable is False
    f = finding(d, "mitigation_fee_paid")
    assert f.status == "fail" and f.evidence == evidence and f.citation == "TMC section 5.26.080(d); section 5.26.190"
    assert d.missing[0].startswith("mitigation_fee_paid:")


# --- (b) alternative pretreatment: space or slope, equivalence, monitoring --------------------------------

@pytest.mark.parametrize("space, slope, ok", [(True, None, True), (None, True, True), (False, False, False),
                                              (None, None, False)])
def test_alternative_space_or_slope(space, slope, ok):
    d = run(b_doc(no_adequate_space=space, no_adequate_slope=slope))
    assert d.grantable is ok
    assert d.kind == "variance"


@pytest.mark.parametrize("value", [False, None])
def test_alternative_equivalent_or_better_required(value):
    d = run(b_doc(equivalent_or_better=value))
    assert d.grantable is False
    assert d.missing[0].startswith("equivalent_or_better: finding not")


def test_monitoring_exactly_three_months_is_enough():
    d = run(b_doc())
    assert finding(d, "downstream_monitoring").status == "pass" and d.grantable is True


@pytest.mark.parametrize("change, problem", [
    ({"end": "2025-04-05", "inspections": [{"date": "2025-01-06", "visible_fog": False},
                                           {"date": "2025-04-05", "visible_fog": False}]},
     "monitoring ran 89 days (2025-01-06 to 2025-04-05); at least 3 months are required (to 2025-04-06)"),
    ({"inspections": [{"date": "2025-01-06", "visible_fog": False}]},
     "1 visual inspection; at least 2 are required"),
    ({"inspections": [{"date": "2025-02-01", "visible_fog": False}, {"date": "2025-04-06", "visible_fog": False}]},
     "no inspection at the beginning of the period (2025-01-06)"),
    ({"inspections": [{"date": "2025-01-06", "visible_fog": False}, {"date": "2025-03-01", "visible_fog": False}]},
     "no inspection at the end of the period (2025-04-06)"),
    ({"inspections": [{"date": "2025-01-06", "visible_fog": False}, {"date": "2025-04-06", "visible_fog": True}]},
     "visible FOG accumulation found on 2025-04-06"),
])
def test_monitoring_shortfalls(change, problem):
    d = run(b_doc(monitoring={**MON, **change}))
    assert d.grantable is False
    assert finding(d, "downstream_monitoring").status == "fail"
    assert problem in d.missing[0]


def test_monitoring_missing():
    d = run(b_doc(monitoring=None))
    assert d.grantable is False and "no downstream monitoring given" in d.missing[0]


def test_monitoring_period_defaults_to_first_and_last_inspection():
    d = run(b_doc(monitoring={"inspections": MON["inspections"]}))
    assert d.grantable is True


# --- Wrong kind for the construction -----------------------------------------------------------------------

@pytest.mark.parametrize("data, hint", [
    (doc("infeasible_existing", "new", findings={"inadequate_space": True}, mitigation_fee_paid=True),
     "; apply as new_construction (TMC section 5.26.080(c))"),
    ({**c_doc(), "construction": "existing"},
     "; apply as infeasible_existing (TMC section 5.26.080(d)) or alternative_pretreatment (TMC section 5.26.080(b))"),
    ({**c_doc(), "construction": "change_in_operations"}, "infeasible_existing"),
])
def test_wrong_waiver_type_for_construction(data, hint):
    d = run(data)
    assert d.grantable is False
    assert finding(d, "applies_to_construction").status == "fail"
    assert d.missing[0].startswith("applies_to_construction:") and hint in d.missing[0]


# --- Revocation (g) ------------------------------------------------------------------------------------------

def revocation(**kw) -> dict:
    d = c_doc()
    d["revocation"] = {"notice_mailed": "2025-06-01", "proposed_effective": "2025-07-01", "grounds": ["i"], **kw}
    return d


def test_thirty_days_notice_is_valid():
    r = run(revocation()).revocation
    assert r["days_of_notice"] == 30 and r["notice_valid"] is True
    assert r["earliest_effective"] == "2025-07-01"
    assert r["may_proceed"] is True


def test_twenty_nine_days_notice_is_not_valid():
    d = run(revocation(notice_mailed="2025-06-02"))
    r = d.revocation
    assert r["notice_valid"] is False and r["earliest_effective"] == "2025-07-02"
    assert "at least 30 days are required" in r["issues"][0]
    assert d.in_order is False


def test_notice_clause_function():
    assert revocation_notice_valid(dt.date(2025, 1, 31), dt.date(2025, 3, 2), 30) is True
    assert revocation_notice_valid(dt.date(2025, 1, 31), dt.date(2025, 3, 1), 30) is False


@pytest.mark.parametrize("grounds, valid, label", [
    (["i"], True, "(g)(3)(i)"), (["(g)(3)(ii)"], True, "(g)(3)(ii)"), ("iii", True, "(g)(3)(iii)"),
    (["failed_terms"], True, "(g)(3)(i)"), (["change in law"], True, "(g)(3)(iii)"),
    (["late payment"], False, None), ([], False, None)])
def test_revocation_grounds(grounds, valid, label):
    r = run(revocation(grounds=grounds)).revocation
    assert r["grounds_valid"] is valid
    if grounds:
        assert r["grounds"][0]["ground"] == label
    assert r["may_proceed"] is valid


def test_written_response_must_be_considered():
    r = run(revocation(response_received="2025-06-20")).revocation
    assert r["response_received"] is True and r["response_date"] == "2025-06-20"
    assert r["may_proceed"] is False and "(g)(2)" in r["issues"][0]
    r = run(revocation(response_received=True, response_considered=True)).revocation
    assert r["may_proceed"] is True and r["response"] == "received; considered"
    r = run(revocation(response_received=False)).revocation
    assert r["may_proceed"] is True and r["response"] == "none received"


# --- Evidence scores for (c)(1) and (c)(2) ---------------------------------------------------------------

def test_evidence_scores_supporting():
    data = c_doc()
    data["application"] = {"seats": 12, "water_use": "250 gpd", "kitchen_hood": "none", "fryers": 0,
                           "sampling": [{"date": "2025-03-01", "fog": "35 mg/L"}],
                           "inspections": [{"date": "2025-03-01", "visible_fog": False}]}
    d = run(data)
    s1 = finding(d, "negligible_fog_quantity").detail["score"]
    assert s1["reading"] == "supports" and s1["passed"] == 5 and s1["no_data"] == 2
    volume = {c["name"]: c for c in s1["checks"]}["CPC required gravity volume"]
    assert volume["value"] == 500 and volume["limit"] == 500 and volume["ok"] is True
    water = {c["name"]: c for c in s1["checks"]}["water use"]
    assert water["value"] == 250 and water["limit"] == 500
    s2 = finding(d, "not_significant_contributor").detail["score"]
    assert s2["reading"] == "supports" and s2["checked"] == 2
    assert d.warnings == ()


def test_evidence_against_a_met_finding_is_a_warning_not_hidden():
    data = c_doc()
    data["fixtures"] = [{"type": "floor_drain", "count": 20}]
    data["meals"] = {"seats": 80, "meal_factor": "restaurant"}
    data["application"] = {"kitchen_hood": "type_i", "sampling": [{"date": "2025-03-01", "fog": 450}]}
    d = run(data)
    s1 = finding(d, "negligible_fog_quantity").detail["score"]
    checks = {c["name"]: c for c in s1["checks"]}
    assert checks["CPC required gravity volume"]["value"] == 1250 and checks["CPC required gravity volume"]["ok"] is False
    assert checks["seats"]["value"] == 80 and checks["seats"]["source"] == "meals.seats"
    assert checks["kitchen hood"]["ok"] is False
    assert s1["reading"] == "against" and s1["failed"] == 3
    assert finding(d, "not_significant_contributor").detail["score"]["reading"] == "against"
    assert d.grantable is True  # the Director's determination decides
    assert any(w.startswith("waiver.findings.negligible_fog_quantity: the Director's finding is 'met' but")
               for w in d.warnings)


def test_no_application_data_is_no_data_not_passed():
    d = run(c_doc())
    s2 = finding(d, "not_significant_contributor").detail["score"]
    assert s2["reading"] == "no data" and s2["checked"] == 0 and s2["fraction"] is None


def test_thresholds_come_from_the_profile():
    from sizing.jurisdiction.profile import get

    ev = get("tracy").raw["waiver_evidence"]
    assert ev["policy"] == "local"
    assert ev["negligible_fog_quantity"]["max_seats"] == 20


def test_no_scores_for_other_kinds():
    d = run(d_doc(inadequate_space=True))
    assert all(f.detail["score"] is None for f in d.findings)


# --- Expiration, conditions --------------------------------------------------------------------------------

def test_expiration_before_determination_not_grantable():
    data = c_doc()
    data["waiver"]["expiration"] = "2025-03-01"
    d = run(data)
    assert d.grantable is False and d.missing[0].startswith("expiration: 2025-03-01 is not after")


def test_terms_become_conditions():
    data = c_doc()
    data["waiver"]["terms"] = ["No fryers."]
    d = run(data)
    assert {"citation": "TMC section 5.26.080(f)", "text": "No fryers."} in [dict(c) for c in d.conditions]
    assert d.conditions[-1]["text"] == "The waiver expires on 2027-04-01."


# --- Bad input ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.pop("waiver"), r"^waiver: missing"),
    (lambda d: d["waiver"].update(type="hardship"), r"^waiver\.type: expected one of new_construction"),
    (lambda d: d["waiver"]["findings"].update(inadequate_space=True),
     r"^waiver\.findings\.inadequate_space: not a finding of waiver type new_construction; it is a finding of infeasible_existing"),
    (lambda d: d["waiver"]["findings"].update(negligible_fog_quantity="maybe"),
     r"^waiver\.findings\.negligible_fog_quantity: expected true, false, or \{met"),
    (lambda d: d["waiver"]["findings"].update(negligible_fog_quantity={"evidence": "x"}),
     r"^waiver\.findings\.negligible_fog_quantity\.met: expected true or false"),
    (lambda d: d["waiver"].update(expiration="2027-02-29"), r"^waiver\.expiration: expected a date that exists"),
    (lambda d: d["waiver"].update(fee=True), r"^waiver\.fee: unknown field"),
    (lambda d: d.update(application={"water_use": "300 gal"}), r"^application\.water_use: expected a daily water use"),
    (lambda d: d.update(application={"sampling": [{"date": "2025-01-01", "fog": "3 in"}]}),
     r"^application\.sampling\[0\]\.fog: expected a FOG concentration"),
    (lambda d: d.update(application={"kitchen_hood": "type 3"}), r"^application\.kitchen_hood: expected one of none"),
    (lambda d: d.update(revocation={"notice_mailed": "2025-06-01"}), r"^revocation\.proposed_effective: expected a date"),
    (lambda d: d.update(revocation={"notice_mailed": "2025-06-31", "proposed_effective": "2025-07-31"}),
     r"^revocation\.notice_mailed: expected a date that exists"),
])
def test_bad_input_names_the_field(mutate, match):
    data = c_doc()
    mutate(data)
    with pytest.raises(SizingInputError, match=match):
        run(data)


def test_monitoring_inspection_outside_period_is_an_error():
    mon = {**MON, "inspections": MON["inspections"] + [{"date": "2025-05-01", "visible_fog": False}]}
    with pytest.raises(SizingInputError, match=r"^waiver\.monitoring\.inspections\[2\]\.date: expected a date within"):
        run(b_doc(monitoring=mon))


def test_inspection_needs_visible_fog():
    mon = {**MON, "inspections": [{"date": "2025-01-06"}]}
    with pytest.raises(SizingInputError, match=r"^waiver\.monitoring\.inspections\[0\]\.visible_fog: expected true"):
        run(b_doc(monitoring=mon))


# --- JSON contract, letter, CLI -----------------------------------------------------------------------------

def test_json_contract():
    out = run(revocation(notice_mailed="2025-06-02")).to_dict()
    assert out["grantable"] is True and out["decision"] == "grantable"
    assert set(out["findings"][1]) >= {"rule", "status", "citation", "evidence", "detail"}
    assert set(out["findings"][1]["detail"]) == {"score", "required", "made"}
    assert out["missing"] == [] and out["conditions"]
    assert out["revocation"]["notice_valid"] is False and out["revocation"]["earliest_effective"] == "2025-07-02"
    json.dumps(out)


def test_letter_markdown_and_pdf_carry_the_decision():
    granted, refused = run(c_doc()), run(d_doc(fee=False, inadequate_space=True))
    assert "**PROPOSED DECISION: GRANTABLE" in waiver_markdown(granted)  # a draft: proposed, not decided
    md = waiver_markdown(refused)
    assert "PROPOSED DECISION: NOT GRANTABLE" in md and "- Mitigation fee paid: the grease disposal" in md
    assert "mitigation_fee_paid" not in md  # a letter names the finding, never its key
    for d, expected in ((granted, "DECISION: GRANTABLE"), (refused, "DECISION: NOT GRANTABLE")):
        data = waiver_pdf(d)
        assert data[:5] == b"%PDF-"
        reader = pypdf.PdfReader(io.BytesIO(data))
        text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
        assert expected in text
        assert "TMC section 5.26.080" in text


def test_cli_exit_codes(examples, tmp_path, capsys):
    assert main(["waiver", str(examples / "waiver-coffee-bar.yaml")]) == 0
    assert "DECISION: GRANTABLE" in capsys.readouterr().out
    assert main(["waiver", str(examples / "waiver-infeasible-existing.yaml"), "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["grantable"] is False and out["missing"][0].startswith("mitigation_fee_paid")
    assert main(["waiver", str(examples / "waiver-alternative-pretreatment.yaml"), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["revocation"]["notice_valid"] is True and out["revocation"]["earliest_effective"] == "2025-10-02"


def test_cli_revocation_short_notice_exit_1(examples, tmp_path, capsys):
    data = yaml.safe_load((examples / "waiver-alternative-pretreatment.yaml").read_text())
    data["revocation"]["notice_mailed"] = "2025-09-03"
    f = tmp_path / "late.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["waiver", str(f)]) == 1
    assert "Revocation: notice NOT valid (29 of 30 days); earliest effective 2025-10-03" in capsys.readouterr().out


def test_cli_letter_files(examples, tmp_path, capsys):
    pdf, md = tmp_path / "letter.pdf", tmp_path / "letter.md"
    assert main(["waiver", str(examples / "waiver-coffee-bar.yaml"), "--letter", str(pdf), "--format", "json"]) == 0
    assert main(["waiver", str(examples / "waiver-coffee-bar.yaml"), "--letter", str(md)]) == 0
    text = pypdf.PdfReader(str(pdf)).pages[0].extract_text()
    assert "DECISION: GRANTABLE" in " ".join(text.split())
    assert md.read_text().startswith("# Draft determination: Conditional waiver for new construction")


def test_cli_bad_input_exit_2(examples, tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text("construction: new\nfixtures: [{type: floor_drain}]\nwaiver: {type: hardship}\n")
    assert main(["waiver", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("sizing waiver: waiver.type: expected one of")
    assert main(["waiver", str(examples / "waiver-coffee-bar.yaml"), "--letter", str(tmp_path / "x.docx")]) == 2
    assert "--letter: expected a file name ending in .md or .pdf" in capsys.readouterr().err


def test_water_use_in_other_units_is_converted():
    data = c_doc()
    data["application"] = {"water_use": "0.25 gpm"}
    checks = {c["name"]: c for c in finding(run(data), "negligible_fog_quantity").detail["score"]["checks"]}
    assert checks["water use"]["value"] == pytest.approx(360.0)
    data["application"] = {"water_use": "1000 L/day"}
    checks = {c["name"]: c for c in finding(run(data), "negligible_fog_quantity").detail["score"]["checks"]}
    assert checks["water use"]["value"] == pytest.approx(264.172, abs=1e-3)


def test_the_revocation_is_a_notice_of_its_own_not_part_of_the_determination(examples):
    from sizing.report.letter import revocation_notice_pdf

    d = decide(submittal.load(examples / "waiver-alternative-pretreatment.yaml"))

    def text(data):
        return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(data)).pages)

    notice = text(revocation_notice_pdf(d))
    assert notice.startswith("City of Tracy") or "Notice of proposed revocation" in notice
    assert "Proposed effective date 2025-10-02" in notice and "(g)(3)(i)" in notice
    assert "Not ready to send" not in notice  # the notice period is met
    grant = text(waiver_pdf(d))
    assert "Proposed effective date" not in grant and "(g)(3)(i)" not in grant


def test_decision_carries_the_cpc_size_and_its_provenance():
    """3-compartment sink (3 DFU) + hand sink (1 DFU) = 4 DFU -> 500 gal; the tables behind it travel with it."""
    d = run(c_doc())
    assert (d.sizing["dfu_total"], d.sizing["required_volume_gal"]) == (4, 500)
    levels = {p["table"]: p["level"] for p in d.sizing["provenance"]}
    assert levels["1014.3.6"] == levels["702.1"] == "carried"   # CPC 2025 values carried from 2022


# --- Remodels of existing structures: (b) or (d), and which paragraph admitted it --------------------------

def test_remodel_of_an_existing_fse_may_apply_under_d():
    """Item 5: 5.26.080(d) covers an existing structure; a remodel of an existing FSE may apply under it (it was
    told to apply as new_construction)."""
    d = run({**d_doc(inadequate_space=True), "construction": "remodel"})
    assert d.grantable and finding(d, "applies_to_construction").passed
    assert d.admitted_under == "TMC section 5.26.080(d)"
    assert "admitted under TMC section 5.26.080(d)" in finding(d, "applies_to_construction").evidence
    assert d.to_dict()["admitted_under"] == "TMC section 5.26.080(d)"


def test_remodel_of_an_existing_fse_may_apply_under_b_and_c_still_covers_remodels():
    """Item 5: (b) for an existing FSE being remodelled; (c) stays for new construction including remodels."""
    b = run({**b_doc(), "construction": "remodel"})
    assert b.grantable and b.admitted_under == "TMC section 5.26.080(b)"
    c = run({**c_doc(), "construction": "remodel"})
    assert c.grantable and c.admitted_under == "TMC section 5.26.080(c)"
    assert "new construction, including remodels" in c.admitted_as
    wrong = run({**c_doc(), "construction": "existing"})
    assert wrong.admitted_under is None


def test_decision_text_and_letter_say_which_paragraph_admitted_it(capsys, tmp_path):
    """Item 5 and item 8: the decision names the paragraph; the not-met count reads as English."""
    from sizing.report.letter import decision_line
    from sizing.report.letter import waiver_text as render_text

    d = run({**d_doc(inadequate_space=True), "construction": "remodel"})
    assert "Construction: remodel; admitted under TMC section 5.26.080(d)" in render_text(d)
    assert "admitted under TMC section 5.26.080(d)" in waiver_markdown(d)
    one = run(d_doc(fee=False, inadequate_space=True))
    assert decision_line(one).endswith("1 precondition for the conditional waiver under TMC section 5.26.080(d) is "
                                       "not met.")
    assert "a infeasible_existing" not in " ".join(run(doc("infeasible_existing", "new")).missing)


def test_granted_waiver_fields_parse_and_unknown_status_is_an_error():
    """Item 6: status, granted_on and conditions are part of the waiver section."""
    from sizing.rules.waiver import parse_waiver

    sub = submittal.from_dict({**d_doc(inadequate_space=True), "waiver": {
        **d_doc(inadequate_space=True)["waiver"], "status": "granted", "granted_on": "2025-04-01",
        "conditions": ["Quarterly inspection"]}})
    app = parse_waiver(sub)
    assert (app.status, app.granted_on, app.conditions) == ("granted", dt.date(2025, 4, 1), ("Quarterly inspection",))
    with pytest.raises(SizingInputError, match=r"waiver\.granted_on: expected a date"):
        run({**d_doc(), "waiver": {**d_doc()["waiver"], "granted_on": "2025-02-30"}})


def test_a_draft_reads_proposed_and_counts_the_findings_met_as_its_decision_does():
    """A draft's decision line is a proposal ("PROPOSED DECISION: GRANTABLE"); the Director's recorded decision is
    not. The findings met are those made and marked met, a finding met with no evidence stated among them."""
    granted, refused = run(c_doc(sewer_lines_condition=True)), run(d_doc(fee=False, inadequate_space=True))
    assert finding(granted, "sewer_lines_condition").status == "warn"  # met, with no evidence stated
    assert decision_line(granted).startswith("PROPOSED DECISION: GRANTABLE — every precondition")
    assert decision_line(refused).startswith("PROPOSED DECISION: NOT GRANTABLE")
    met, total = findings_met(granted)
    assert met == total == len(granted.findings) and granted.grantable
    assert findings_met(refused)[0] < len(refused.findings)
    recorded = dataclasses.replace(granted, status="granted", decided_on=dt.date(2025, 4, 1))
    assert decision_line(recorded).startswith("DECISION: GRANTED on 2025-04-01")
