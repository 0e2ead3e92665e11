"""The register's one finding shape over the three the core returns (review status, waiver met, check ok)."""

from __future__ import annotations

from sizing import parse, submittal
from sizing.ordinance import maintenance
from sizing.ordinance.review import review
from sizing.ordinance.waiver import decide
from sizing.register.adapter import normalise
from tests.conftest import EXAMPLES


def test_review_findings_keep_rule_status_and_citation():
    r = review(submittal.load(EXAMPLES / "review-noncompliant.yaml")).to_dict()
    got = normalise("review", r)
    assert [(f.rule, f.status) for f in got] == [(f["rule"], f["status"]) for f in r["findings"]]
    volume = next(f for f in got if f.rule == "volume")
    assert volume.status == "fail" and "Table 1014.3.6" in volume.citation and "750 gal" in volume.message


def test_waiver_met_is_pass_and_not_met_is_fail():
    d = decide(submittal.load(EXAMPLES / "waiver-infeasible-existing.yaml")).to_dict()  # fee not paid
    got = {f.rule: f.status for f in normalise("waiver", d)}
    assert d["grantable"] is False
    assert got == {f["rule"]: ("pass" if f["status"] == "pass" else "fail") for f in d["findings"]}


def test_maintenance_check_not_shown_is_warn_and_over_the_limit_fails():
    doc = {"maintenance": {"liquid_depth": "40 in", "as_of": "2025-04-07", "services": ["2025-01-06"],
                           "measurements": [{"date": "2025-04-01", "fog": "6 in", "solids": "5 in"}]}}
    d = maintenance.plan(maintenance.from_dict(doc)).to_dict()
    got = {f.rule: f.status for f in normalise("maintenance", d)}
    assert got["accumulation_limit"] == "fail"  # 11 in of 40 in = 27.5 % > 25 %
    assert got["training"] == "fail"  # no training record: not met
    assert got["records_retention"] == "warn"  # records_kept_since not given: not shown
    assert got["pump_out_interval"] == "pass"


def test_unknown_kind_is_an_error():
    try:
        normalise("inspection", {})
    except ValueError as exc:
        assert "review, waiver, maintenance" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("no error")


def test_parse_document_round_trip_of_the_example_waiver():
    doc = parse.load_document(EXAMPLES / "register" / "corner-coffee-waiver.yaml")
    assert doc["project"]["fse_id"] == "FSE-0520"
