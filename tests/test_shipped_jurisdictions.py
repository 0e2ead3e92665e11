"""The jurisdictions shipped beside the City's, each from its own code text: their findings cite their own
sections, follow their own rules, and leave out what their text (as read) does not say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from sizing.cli.main import main
from sizing.io import submittal
from sizing.jurisdiction.profile import Jurisdiction, available, get
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def findings(doc: dict, jurisdiction: Jurisdiction) -> dict:
    return {f.rule: f for f in review(submittal.from_dict(doc, jurisdiction=jurisdiction)).findings}


def example(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / name).read_text())


@pytest.mark.parametrize("jid", available())
def test_every_shipped_profile_passes_its_check_and_shows_each_value_with_its_level(jid, capsys):
    assert main(["jurisdictions", "check", str(get(jid).path)]) == 0
    assert main(["jurisdictions", "show", jid]) == 0
    out = capsys.readouterr().out
    for rule in get(jid).review_rules:
        assert f"\n  {rule}" in out
    assert all(line.rstrip().endswith("]") for line in out.splitlines() if line.startswith("    "))


def test_long_beach_bounds_grease_traps_at_20_to_55_gpm():
    """LBMC 8.46.050(C): a 75 gpm grease trap (the City's HGI example, compliant under Tracy) fails; 35 gpm passes."""
    doc = example("review-hydromechanical.yaml")
    tracy, lb = findings(doc, get_jurisdiction("tracy")), findings(doc, get_jurisdiction("long-beach"))
    assert "hgi_rating_range" not in tracy
    f = lb["hgi_rating_range"]
    assert (f.status, f.value, f.limit, f.citation) == ("fail", 75, "20-55", "LBMC 8.46.050(C)")
    doc["interceptor"]["rated_flow"] = "35 gpm"
    assert findings(doc, get_jurisdiction("long-beach"))["hgi_rating_range"].status == "pass"


def test_long_beach_checks_what_its_code_has_and_nothing_it_does_not(capsys):
    """review-noncompliant: one compartment fails LBMC 8.46.040(B); the City's 24 in manholes and 140 degF are not
    Long Beach rules read in its code, so no such finding (the City's review fails both)."""
    doc = example("review-noncompliant.yaml")
    lb, tracy = findings(doc, get_jurisdiction("long-beach")), findings(doc, get_jurisdiction("tracy"))
    assert (lb["compartments"].status, lb["compartments"].citation) == ("fail", "LBMC 8.46.040(B)")
    assert {"manhole_diameter", "discharge_temperature"} <= set(tracy)
    assert not {"manhole_diameter", "discharge_temperature", "interceptor_required"} & set(lb)
    assert main(["review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "long-beach",
                 "--format", "json"]) == 1
    cites = [f["citation"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert all(c.startswith(("LBMC", "CPC")) for c in cites), cites


def test_fullerton_cites_its_own_sections_and_applies_no_deadline_its_text_does_not_settle():
    """FMC 12.20.210(D): 24 in manholes over each chamber and sanitary tee, to grade; 12.20.100(B)(1) gives "180
    days" without saying calendar or working days, so no installation deadline is counted (the City's is)."""
    doc = example("review-noncompliant.yaml")
    fl, tracy = findings(doc, get_jurisdiction("fullerton")), findings(doc, get_jurisdiction("tracy"))
    assert (fl["manhole_diameter"].status, fl["manhole_diameter"].limit, fl["manhole_diameter"].citation) == (
        "fail", 24.0, "FMC 12.20.210(D)")
    assert fl["manholes_to_grade"].citation == "FMC 12.20.210(D)"
    assert "interceptor_required" in tracy and "interceptor_required" not in fl
    assert review(submittal.from_dict(doc, jurisdiction=get_jurisdiction("fullerton"))).deadlines == ()
    assert "discharge_temperature" not in fl  # 12.20.050 was not read: not applied


def test_fullerton_counts_a_dishwasher_with_a_warning_its_text_does_not_settle():
    """12.20.220(F) keeps dishwashers off grease traps; the interceptor rule was not read: the dishwasher is counted
    (2 DFU, Table 702.1) and the sizing says the basis is unconfirmed."""
    from sizing.cpc.size import size

    r = size(submittal.from_dict({"fixtures": [{"type": "dishwasher"}]}, jurisdiction=get_jurisdiction("fullerton")))
    assert r.dfu_total == 2
    assert any("whose basis is unconfirmed (FMC 12.20.220(F)" in w for w in r.warnings)
