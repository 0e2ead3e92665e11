"""sizing review: exit codes 0 / 1 / 2, formats, and the one-line error."""

import json

import pytest

from sizing.cli.main import main


def test_compliant_example_exits_0(examples, capsys):
    assert main(["review", str(examples / "review-compliant.yaml")]) == 0
    out = capsys.readouterr().out
    assert "COMPLIANT: 0 fail" in out
    assert "[PASS] manhole_diameter" in out


def test_noncompliant_example_exits_1_with_corrections(examples, capsys):
    assert main(["review", str(examples / "review-noncompliant.yaml"), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["compliant"] is False
    failing = [f["rule"] for f in data["findings"] if f["status"] == "fail"]
    assert len(data["corrections"]) == len(failing) == 12
    assert {"volume", "compartments", "manhole_diameter", "discharge_temperature", "food_grinder"} <= set(failing)
    assert data["deadline"]["date"] == "2026-07-28"
    assert data["sizing"]["gravity"]["required_volume_gal"] == 750


def test_markdown_format(examples, capsys):
    assert main(["review", str(examples / "review-noncompliant.yaml"), "--format", "markdown"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("# Plan review — Corner Cafe")
    assert "| FAIL | volume |" in out
    assert "## Corrections" in out


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("fixtures: [{type: floor_drain}]\n"
                   "interceptor: {type: gravity, manholes: [{over: chamber, diameter: 24 kg}]}\n")
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.strip() == ("sizing review: interceptor.manholes[0].diameter: expected a length such as '24 in' "
                           "or '610 mm', got '24 kg'")


def test_missing_file_exits_2(tmp_path, capsys):
    assert main(["review", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_edition_override(examples, capsys):
    assert main(["review", str(examples / "review-compliant.yaml"), "--edition", "2022", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "2022"


@pytest.mark.parametrize("name,code", [("review-compliant.yaml", 0), ("review-noncompliant.yaml", 1)])
def test_pdf_default_file_name(examples, tmp_path, monkeypatch, capsys, name, code):
    monkeypatch.chdir(tmp_path)
    assert main(["review", str(examples / name), "--format", "pdf"]) == code
    target = tmp_path / name.replace(".yaml", "-review.pdf")
    assert target.read_bytes()[:5] == b"%PDF-"
    assert capsys.readouterr().err.strip() == f"wrote {target.name}"


def test_hydromechanical_example_is_compliant_with_the_acceptance_warning(examples, capsys):
    """An HGI review: the gravity design standards are not applicable, hgi_capacity passes, interceptor_type warns."""
    assert main(["review", str(examples / "review-hydromechanical.yaml"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    status = {f["rule"]: f["status"] for f in data["findings"]}
    assert status["interceptor_type"] == "warn" and status["hgi_capacity"] == "pass" and status["volume"] == "pass"
    assert status["compartments"] == status["manholes_to_grade"] == "info"
    capacity = next(f for f in data["findings"] if f["rule"] == "hgi_capacity")
    # 3 x 18 x 18 x 12 in + 24 x 24 x 12 in = 18,576 in3 = 80.42 gal; 2.5 x 75 gpm = 187.5 gal.
    assert (capacity["value"], capacity["limit"]) == (pytest.approx(80.42, abs=0.01), 187.5)


def test_granted_waiver_example_exits_0_and_lists_the_conditions(examples, capsys):
    assert main(["review", str(examples / "review-waiver-granted.yaml")]) == 0
    out = capsys.readouterr().out
    assert "[INFO] interceptor_required: Grease interceptor requirement waived" in out
    assert "Condition: Keep the pump-out manifests on the premises for three years." in out


def test_granted_waiver_example_fails_after_its_expiration(examples, tmp_path, capsys):
    doc = (examples / "review-waiver-granted.yaml").read_text().replace('review_date: "2026-03-02"',
                                                                        'review_date: "2027-05-17"')
    late = tmp_path / "late.yaml"
    late.write_text(doc)
    assert main(["review", str(late), "--format", "json"]) == 1
    f = next(x for x in json.loads(capsys.readouterr().out)["findings"] if x["rule"] == "interceptor_required")
    assert f["status"] == "fail" and "expired on 2027-05-15" in f["message"]


# --- Every example submittal under the CPC-only profile -------------------------------------------------------

def _strings(node):
    """Every text a document gives (echoed back in the output as given: project names, labels...)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)
    elif isinstance(node, str):
        yield node


def plan_review_submittals():
    """The example documents a plan review reads: YAML/JSON mappings with something to size that are not
    maintenance logs (batch CSVs, folders and maintenance logs are left out, found by their content)."""
    from sizing.io import fields as parse
    from sizing.program.evaluated import detect_kind
    from tests.conftest import EXAMPLES

    for path in sorted(EXAMPLES.rglob("*")):
        if not path.is_file() or path.suffix not in {".yaml", ".yml", ".json"}:
            continue
        doc = parse.load_document(path)
        if not any(doc.get(k) is not None for k in ("fixtures", "inlet_pipe", "meals")):
            continue
        if detect_kind(doc) == "maintenance":
            continue
        yield pytest.param(path, id=path.relative_to(EXAMPLES).as_posix())


def test_the_examples_include_plan_review_submittals():
    names = {p.values[0].name for p in plan_review_submittals()}
    assert {"review-compliant.yaml", "review-noncompliant.yaml", "review-hydromechanical.yaml"} <= names
    assert not any(n.startswith("maintenance-") or n.endswith(".csv") for n in names)


#: A plan checker's notes on the city's own rules (the correction-letter example) are an error under the CPC
#: profile, which does not make those findings.
CITY_NOTES = {"review-correction-letter.yaml"}


@pytest.mark.parametrize("path", [p for p in plan_review_submittals() if p.values[0].name not in CITY_NOTES])
def test_every_example_reviews_under_the_cpc_profile(path, capsys):
    """``--jurisdiction cpc``: exit 0 or 1, valid JSON, and no city text beyond what the file itself says."""
    from sizing.io import fields as parse
    from tests.test_jurisdiction import CITY_TEXT

    code = main(["review", str(path), "--jurisdiction", "cpc", "--format", "json"])
    captured = capsys.readouterr()
    assert code in (0, 1), captured.err
    data = json.loads(captured.out)
    assert data["compliant"] is (code == 0)
    assert {f["rule"] for f in data["findings"]} <= {"volume", "hgi_capacity", "waiver"}
    out = captured.out
    for given in sorted(set(_strings(parse.load_document(path))), key=len, reverse=True):
        out = out.replace(json.dumps(given)[1:-1], "")
    assert CITY_TEXT.findall(out) == []


def test_notes_on_rules_the_cpc_profile_does_not_apply_are_one_error(examples, capsys):
    assert main(["review", str(examples / "review-correction-letter.yaml"), "--jurisdiction", "cpc"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["sizing review: review_notes.food_grinder: no finding with this rule in the review; expected one "
                   "of volume"]
