"""Contract: a city is a profile. A third city, built here in a temporary folder with other numbers, other
citations, its own holidays and one rule turned off, is followed by every command's output; the CPC-only
profile reviews every example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from sizing.cli.main import main
from sizing.coded_warnings import codes
from sizing.cpc.size import size
from sizing.io import submittal
from sizing.io.tables import tables_dir
from sizing.jurisdiction import profile as registry
from sizing.jurisdiction.profile import get as get_jurisdiction

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def lodi(tmp_path_factory) -> Path:
    """The City's profile with every citation renamed (TMC ch. 5.26 -> LMC ch. 13.07), other numbers, Christmas
    as its only holiday, dishwashers allowed on the grease line and the compartments rule turned off."""
    text = (tables_dir() / "jurisdictions" / "tracy.yaml").read_text(encoding="utf-8")
    text = text.replace("TMC", "LMC").replace("5.26", "13.07").replace("Tracy", "Lodi")
    raw = yaml.safe_load(text)
    raw["texts"]["letterhead"] = "City of Lodi — Pretreatment Program"
    p = raw["parameters"]
    p["min_manhole_diameter"]["value"] = 30
    p["max_discharge_temperature"]["value"] = 150
    p["existing_trigger_install_period"]["value"] = 90
    p["max_accumulation_percent"]["value"] = 20
    p["training_interval_months"]["value"] = 6
    raw["holidays"]["observed"] = ["Christmas Day"]
    raw["sizing"]["dishwasher_connection"] = {"value": "may", "citation": "LMC ch. 13.07, Connections"}
    raw["review_rules"] = [r for r in raw["review_rules"] if r != "compartments"]
    folder = tmp_path_factory.mktemp("cities")
    (folder / "lodi.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def run_json(capsys, *argv) -> tuple[int, dict]:
    code = main([*argv, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def citations(findings) -> list[str]:
    return [f["citation"] for f in findings]


def test_review_follows_the_third_city(lodi, monkeypatch, capsys):
    monkeypatch.setenv(registry.FOLDER_ENV, str(lodi))
    code, d = run_json(capsys, "review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "lodi")
    assert code == 1 and d["jurisdiction"] == "City of Lodi, California"
    by_rule = {f["rule"]: f for f in d["findings"]}
    assert "compartments" not in by_rule                              # the rule turned off
    assert by_rule["manhole_diameter"]["limit"] == 30                 # 600 mm against 30 in
    assert by_rule["manhole_diameter"]["citation"] == "LMC ch. 13.07, Grease interceptor design standards (d)"
    # 65 degC = 149 degF: over 140 degF in the City, within 150 degF here.
    assert (by_rule["discharge_temperature"]["status"], by_rule["discharge_temperature"]["limit"]) == ("pass", 150)
    # 90 working days from Mon 2025-11-03, only Christmas Day closed: 18 weeks to Mon 2026-03-09, + 1 day.
    install = next(x for x in d["deadlines"] if x["rule"] == "interceptor_required")
    assert (install["working_days"], install["date"]) == (90, "2026-03-10")
    assert install["holidays_skipped"] == [{"date": "2025-12-25", "name": "Christmas Day"}]
    text = json.dumps(d)
    assert "TMC" not in text and "5.26" not in text
    assert all("LMC" in c or c.startswith("CPC") for c in citations(d["findings"]))


def test_review_text_follows_the_third_city(lodi, monkeypatch, capsys):
    monkeypatch.setenv(registry.FOLDER_ENV, str(lodi))
    assert main(["review", str(EXAMPLES / "review-compliant.yaml"), "--jurisdiction", "lodi"]) == 1
    out = capsys.readouterr().out
    assert "City of Lodi" in out and "TMC" not in out and "5.26" not in out
    assert "[FAIL] manhole_diameter" in out                           # 24 in manholes against 30 in


def test_size_follows_the_third_city_connection_rule(lodi, monkeypatch, capsys):
    """Dishwashers may drain to the interceptor here: a connected one is counted without the City's warning."""
    monkeypatch.setenv(registry.FOLDER_ENV, str(lodi))
    _, here = run_json(capsys, "size", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "lodi")
    _, city = run_json(capsys, "size", str(EXAMPLES / "review-noncompliant.yaml"))
    assert here["dfu_total"] == city["dfu_total"] == 16               # connected as given in both
    assert "forbidden_connection" in city["warning_codes"]

    def dishwasher_warned(jid: str) -> bool:  # the warning's code and the rule it names, not words of its text
        result = size(submittal.load(EXAMPLES / "review-noncompliant.yaml", jurisdiction=get_jurisdiction(jid)))
        return any(w.code == "forbidden_connection" and w.detail["rule"] == "dishwasher_connection"
                   for w in result.warnings)

    assert dishwasher_warned("tracy") and not dishwasher_warned("lodi")


def test_waiver_follows_the_third_city(lodi, monkeypatch, capsys):
    monkeypatch.setenv(registry.FOLDER_ENV, str(lodi))
    _, d = run_json(capsys, "waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--jurisdiction", "lodi")
    assert d["letterhead"] == "City of Lodi — Pretreatment Program"
    assert d["revocation_citation"] == "LMC section 13.07.080(g)"
    assert d["citation"] == "LMC section 13.07.080(c)"
    assert all(c["citation"].startswith("LMC") for c in d["conditions"])
    text = json.dumps(d)
    assert "TMC" not in text and "5.26" not in text


def test_maintenance_follows_the_third_city(lodi, monkeypatch, capsys):
    monkeypatch.setenv(registry.FOLDER_ENV, str(lodi))
    _, d = run_json(capsys, "maintenance", str(EXAMPLES / "maintenance-restaurant.yaml"), "--jurisdiction", "lodi")
    assert d["limit_percent"] == 20
    records = {c["rule"]: c for c in d["records"]}
    assert records["training"]["title"] == "Employee BMP training at least every 6 months"
    text = json.dumps(d)
    assert "TMC" not in text and "5.26" not in text


# --- The CPC alone ----------------------------------------------------------------------------------------

#: The correction-letter example carries a plan checker's notes on the city's own rules (food grinder, manholes),
#: which the CPC profile does not apply: a note on a rule a review does not make is an error there.
REVIEWABLE = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".json")
                    and not p.name.startswith("maintenance-") and p.name != "review-correction-letter.yaml")


@pytest.mark.parametrize("path", REVIEWABLE, ids=lambda p: p.name)
def test_cpc_reviews_every_example(path, capsys):
    """The CPC profile applies only the CPC checks, on every example a review reads."""
    code, d = run_json(capsys, "review", str(path), "--jurisdiction", "cpc")
    assert code in (0, 1)
    assert d["jurisdiction"] == "California Plumbing Code (no local FOG ordinance)"
    assert {f["rule"] for f in d["findings"]} <= {"volume", "hgi_capacity", "waiver"}
    assert d["deadlines"] == []
    text = json.dumps(d["findings"])
    assert "TMC" not in text and "5.26" not in text


def test_cpc_maintenance_logs_are_not_reviews(capsys):
    for path in sorted(EXAMPLES.glob("maintenance-*.yaml")):
        assert main(["review", str(path), "--jurisdiction", "cpc"]) == 2
        assert "nothing to size" in capsys.readouterr().err


def test_cpc_review_checks_volume_and_hgi_capacity(capsys):
    _, d = run_json(capsys, "review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "cpc")
    volume = {f["rule"]: f for f in d["findings"]}["volume"]
    assert (volume["status"], volume["limit"]) == ("fail", 750)       # 1890 L = 499 gal against 750 gal
    assert volume["citation"] == "CPC 2025, Section 1014.3.6, Table 1014.3.6"
    assert d["compliant"] is False
    _, h = run_json(capsys, "review", str(EXAMPLES / "review-hydromechanical.yaml"), "--jurisdiction", "cpc")
    assert [f["rule"] for f in h["findings"]] == ["volume", "hgi_capacity"]
    assert {f["rule"]: f for f in h["findings"]}["hgi_capacity"]["citation"] == "CPC 2025, Section 1014.2.1"


def test_cpc_has_no_waivers_exit_2(capsys):
    assert main(["waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--jurisdiction", "cpc"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "California Plumbing Code (no local FOG ordinance) ('cpc') has no conditional waivers" in err


def test_cpc_has_no_maintenance_rules_exit_2(capsys):
    assert main(["maintenance", str(EXAMPLES / "maintenance-restaurant.yaml"), "--jurisdiction", "cpc"]) == 2
    assert "has no maintenance rules" in capsys.readouterr().err


def test_cpc_review_says_the_waiver_section_is_not_read(capsys):
    _, d = run_json(capsys, "review", str(EXAMPLES / "review-waiver-granted.yaml"), "--jurisdiction", "cpc")
    note = {f["rule"]: f for f in d["findings"]}["waiver"]
    assert note["status"] == "info" and "has no waivers" in note["message"]


def test_cpc_connection_defaults_show_their_unconfirmed_basis():
    """The CPC profile's connection defaults rest on code wording this tool has not checked: each default says so."""
    from sizing.io import submittal

    sub = submittal.from_dict({"fixtures": [{"type": "water_closet"}, {"type": "commercial_dishwasher"}]},
                              jurisdiction=get_jurisdiction("cpc"))
    toilet, dishwasher = sub.fixtures
    assert toilet.connected is False and "CPC 1014.1 wording not checked" in toilet.connected_basis
    assert dishwasher.connected is True and "CPC 1014.1 wording not checked" in dishwasher.connected_basis
    city = submittal.from_dict({"fixtures": [{"type": "commercial_dishwasher"}]}, jurisdiction=get_jurisdiction("tracy"))
    assert city.fixtures[0].connected is False


def test_cpc_unconfirmed_connection_defaults_are_warnings():
    from sizing.cpc.size import size
    from sizing.io import submittal

    doc = {"fixtures": [{"type": "three_compartment_sink"}, {"type": "water_closet"}]}
    result = size(submittal.from_dict(doc, jurisdiction=get_jurisdiction("cpc")))
    assert result.dfu_total == 3                                     # the toilet is not counted ...
    assert any(w.startswith("fixtures[1]: 1 x Water closet (toilet) is not counted by the jurisdiction's default, "
                            "whose basis is unconfirmed") for w in result.warnings)   # ... and says why, loudly
    assert "unconfirmed_default" not in codes(size(submittal.from_dict(doc, jurisdiction=get_jurisdiction("tracy"))).warnings)
