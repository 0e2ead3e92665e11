"""Carmel Area Wastewater District, from its own code text (CAWD Code, codelibrary.amlegal.com/codes/
carmelwastewaterca: 0-0-0-4013 (A)-(C), 35.152(B)(1)(a), the restaurant specification 0-0-0-2214 (B)(1); the
District's FAQ for dishwashers), read 2026-12-01. Its Table IV-1 could not be read: the profile marks it
unconfirmed, and every review under it says so instead of passing the size in full."""

from __future__ import annotations

from pathlib import Path

import yaml

from sizing.cli.main import main
from sizing.io import submittal
from sizing.jurisdiction.profile import get
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / name).read_text())


def reviewed(doc: dict, jid: str):
    return review(submittal.from_dict(doc, jurisdiction=get_jurisdiction(jid)))


def by_rule(r) -> dict:
    return {f.rule: f for f in r.findings}


def test_a_plan_complete_under_tracy_is_incomplete_under_carmel_for_want_of_table_iv_1():
    """0-0-0-4013 (C): a gravity interceptor's volume is not less than Table IV-1. The 1,250 gal interceptor of the
    compliant example meets the CPC's 1,000 gal (30 DFU, Table 1014.3.6 row 22-35 DFU) and passes under Tracy; under
    Carmel the District's own minimum cannot be confirmed (Table IV-1 not read), so the size is a warning citing the
    table, marked unconfirmed, and the review is incomplete."""
    doc = example("review-compliant.yaml")
    tracy = reviewed(doc, "tracy")
    assert not tracy.incomplete and not any(f.failed for f in tracy.findings)
    carmel = reviewed(doc, "carmel-area-wd")
    f = by_rule(carmel)["local_size"]
    assert f.status == "warn" and f.provenance == "unconfirmed" and f.incomplete
    assert "CAWD Code 0-0-0-4013 (C), Table IV-1" in f.citation
    assert "CPC: 1,000 gal" in f.message and "Table IV-1 not read" in f.message
    assert carmel.incomplete
    assert "local_size" not in by_rule(tracy)


def test_review_exit_codes_differ_tracy_0_carmel_1(capsys):
    assert main(["review", str(EXAMPLES / "review-compliant.yaml"), "--jurisdiction", "tracy"]) == 0
    assert main(["review", str(EXAMPLES / "review-compliant.yaml"), "--jurisdiction", "carmel-area-wd"]) == 1
    out = capsys.readouterr().out
    assert "Carmel Area Wastewater District" in out and "Table IV-1" in out


def test_a_dishwasher_on_a_grease_trap_fails_citing_the_districts_page():
    """The District's FAQ (www.cawd.org/customer-faqs): dishwashers are not connected to an interceptor or any other
    grease removal device; the finding carries its citation and says it is the District's page, not the code."""
    doc = example("review-hydromechanical.yaml")
    doc["fixtures"].append({"type": "dishwasher", "count": 1, "area": "cleanup", "connected_to_interceptor": True})
    f = by_rule(reviewed(doc, "carmel-area-wd"))["appliances_by_device"]
    assert f.status == "fail" and "www.cawd.org/customer-faqs" in f.citation
    assert f.provenance == "secondary" and "not the code text" in f.provenance_note


def test_sanitary_fixtures_are_kept_off_the_line_by_35_152():
    doc = example("review-compliant.yaml")
    doc["fixtures"][8]["connected_to_interceptor"] = True      # the water closets
    f = by_rule(reviewed(doc, "carmel-area-wd"))["sanitary_connection"]
    assert f.status == "fail" and f.citation == "CAWD Code 35.152(B)(1)(a)"


def test_the_profile_names_its_texts_and_carries_no_number_it_did_not_read(capsys):
    j = get("carmel-area-wd")
    assert j.parameter("local_size_table")["value"] == []
    assert j.parameter("local_size_table")["provenance"] == "unconfirmed"
    assert j.parameter("min_compartments")["citation"] == "CAWD specification 0-0-0-2214 (B)(1)"
    assert not j.has_maintenance_rules and not j.has_waivers
    assert main(["jurisdictions", "show", "carmel-area-wd"]) == 0
    out = capsys.readouterr().out
    assert "local_size" in out and "unconfirmed" in out


def test_the_dishwasher_finding_says_in_its_message_where_the_rule_was_read():
    doc = example("review-hydromechanical.yaml")
    doc["fixtures"].append({"type": "dishwasher", "count": 1, "area": "cleanup", "connected_to_interceptor": True})
    f = by_rule(reviewed(doc, "carmel-area-wd"))["appliances_by_device"]
    assert f.message.endswith("[secondary: the District's published FAQ, not the code text; the code's own clause "
                              "was not read]")
