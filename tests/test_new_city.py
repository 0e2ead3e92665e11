"""A city is one checked data file: Exampleville, written here as one YAML file in a temporary folder with no code
change, is followed by the review, the waiver command (it has none), the maintenance check and the deadlines; a
rule added to the tool leaves a profile that does not list it unaffected; a profile that breaks the schema or
misses what its rules need is refused at load, naming the file, the key path and what was expected."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from sizing.cli.main import main
from sizing.io.tables import TableError
from sizing.jurisdiction.profile import FOLDER_ENV, get
from sizing.jurisdiction.profile import get as get_jurisdiction

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

EXAMPLEVILLE = textwrap.dedent("""\
    jurisdiction: City of Exampleville
    ordinance: "Ordinance 42 (EMC chapter 9.10)"
    chapter: "EMC ch. 9.10"
    provenance: derived
    source: "A test city"
    texts:
      letterhead: "Exampleville Pretreatment Program"
    holidays:
      country: US
      subdivision: CA
      observed_days: true
      observed: [New Year's Day, Thanksgiving Day, Christmas Day]
      local:
        - {name: Founders' Day, date: "2025-11-14"}
        - {name: Christmas Eve, month: 12, day: 24}
      note: "Working days exclude weekends, three package holidays and the City's own days."
    review_rules: [interceptor_required, volume, compartments, manhole_diameter, discharge_temperature]
    sizing:
      dishwasher_connection: {value: shall_not, citation: "EMC 9.10.040"}
      sanitary_connection: {value: shall_not, citation: "EMC 9.10.050"}
    parameters:
      new_construction_install_before_discharge: {value: true, citation: "EMC 9.10.020(a)"}
      change_of_ownership_remodel_operations_install: {value: true, citation: "EMC 9.10.020(c)"}
      existing_trigger_install_period: {value: 30, unit: working days, citation: "EMC 9.10.020(b)"}
      waiver_validity: {value: none granted, citation: "EMC 9.10.020"}
      min_compartments: {value: 3, unit: count, citation: "EMC 9.10.030(b)"}
      min_manhole_diameter: {value: 762, unit: mm, citation: "EMC 9.10.030(d)"}
      max_discharge_temperature: {value: 60, unit: degC, citation: "EMC 9.10.060"}
      max_accumulation_percent: {value: 20, unit: percent, citation: "EMC 9.10.070(a)"}
      max_service_interval_months: {value: 6, unit: months, citation: "EMC 9.10.070(b)"}
      default_service_interval_months: {value: 3, unit: months, citation: "EMC 9.10.070(c)"}
      service_immediately_when_over_limit: {value: true, citation: "EMC 9.10.070(d)"}
      training_interval_months: {value: 12, unit: months, citation: "EMC 9.10.080"}
      records_retention_years: {value: 3, unit: years, citation: "EMC 9.10.090"}
      maintenance_frequency_min_readings: {value: 3, unit: count, policy: local, citation: "EMC 9.10.070(a)"}
      maintenance_interval_safety_factor: {value: 0.8, unit: fraction, policy: local, citation: "EMC 9.10.070(a)"}
      pump_out_manifests: {value: true, citation: "EMC 9.10.090(b)"}
    """)


@pytest.fixture
def city(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cities"
    folder.mkdir()
    (folder / "exampleville.yaml").write_text(EXAMPLEVILLE, encoding="utf-8")
    monkeypatch.setenv(FOLDER_ENV, str(folder))
    return folder


def run_json(capsys, *argv):
    code = main([str(a) for a in argv] + ["--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_the_review_follows_exampleville(city, capsys):
    """review-noncompliant: 1 compartment < 3; 600 mm manhole < 762 mm (30 in); 65 degC > 60 degC; existing FSE
    notified Mon 2025-11-03, 30 working days with Fri 11-14 (Founders' Day) and Thu 11-27 (Thanksgiving) closed,
    but not Fri 11-28 (the City does not observe it): 2025-12-17."""
    code, d = run_json(capsys, "review", EXAMPLES / "review-noncompliant.yaml", "--jurisdiction", "exampleville")
    assert code == 1 and d["jurisdiction"] == "City of Exampleville"
    by_rule = {f["rule"]: f for f in d["findings"]}
    assert list(by_rule) == ["interceptor_required", "volume", "compartments", "manhole_diameter",
                             "discharge_temperature"]
    assert (by_rule["compartments"]["status"], by_rule["compartments"]["limit"]) == ("fail", 3)
    assert by_rule["manhole_diameter"]["limit"] == 30 and by_rule["manhole_diameter"]["status"] == "fail"
    assert by_rule["manhole_diameter"]["citation"] == "EMC 9.10.030(d)"
    assert by_rule["discharge_temperature"]["status"] == "fail" and by_rule["discharge_temperature"]["limit"] == 140
    install = d["deadline"]
    assert (install["working_days"], install["date"]) == (30, "2025-12-17")
    assert [h["name"] for h in install["holidays_skipped"]] == ["Founders' Day", "Thanksgiving Day"]
    assert "TMC" not in json.dumps(d)


def test_exampleville_has_no_waivers_and_its_own_maintenance_limit(city, capsys):
    """No waiver kinds: the waiver command says so (exit 2). Maintenance: 9 of 48 in = 18.75 % is within 20 %;
    10 of 48 in = 20.83 % is over it (the City's 25 % would pass it)."""
    code = main(["waiver", str(EXAMPLES / "waiver-coffee-bar.yaml"), "--jurisdiction", "exampleville"])
    err = capsys.readouterr().err
    assert code == 2 and "City of Exampleville ('exampleville') has no conditional waivers" in err
    log = city.parent / "log.yaml"
    for fog, status in (("5 in", "pass"), ("6 in", "fail")):
        log.write_text("maintenance: {liquid_depth: 48 in, as_of: 2026-03-02, training: [2026-01-02], "
                       "records_kept_since: 2020-01-01, services: [{date: 2026-01-05, hauler: H, manifest: M1}], "
                       f"measurements: [{{date: 2026-03-01, fog: {fog}, solids: 4 in}}]}}\n")
        _, d = run_json(capsys, "maintenance", log, "--jurisdiction", "exampleville")
        limit = next(f for f in d["findings"] if f["rule"] == "accumulation_limit")
        assert (limit["status"], limit["limit"], limit["citation"]) == (status, 20.0, "EMC 9.10.070(a)")


def test_a_profile_file_anywhere_is_accepted_by_every_command(city, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(FOLDER_ENV)
    path = city / "exampleville.yaml"
    code, d = run_json(capsys, "review", EXAMPLES / "review-compliant.yaml", "--jurisdiction", path)
    assert d["jurisdiction"] == "City of Exampleville"
    assert {f["rule"] for f in d["findings"]} == {"interceptor_required", "volume", "compartments",
                                                 "manhole_diameter", "discharge_temperature"}
    assert code == 1  # two compartments where the City asks for three
    assert main(["jurisdictions", "check", str(path)]) == 0
    assert "OK — City of Exampleville, 5 review rules" in capsys.readouterr().out


def test_jurisdictions_show_resolves_the_profile(city, capsys):
    assert main(["jurisdictions", "show", "exampleville"]) == 0
    out = capsys.readouterr().out
    assert "min_manhole_diameter = 30.0 in (written 762 mm) — EMC 9.10.030(d)" in out
    assert "Founders' Day (2025-11-14)" in out and "Christmas Eve (every December 24)" in out
    assert "not applied: interceptor_type, local_size, hgi_capacity" in out


def test_a_new_rule_leaves_a_profile_that_does_not_list_it_unaffected(city, tmp_path):
    """A sample box downstream, added as a rule: the City's and Exampleville's reviews are as before; a profile
    that lists it without its parameter is refused at load, naming the parameter and the rule."""
    from sizing.finding import PASS, Finding
    from sizing.io import submittal
    from sizing.rules.review import review
    from sizing.rules.review_rules import registry

    def findings(jurisdiction):
        return [(f.rule, f.status) for f in review(submittal.load(EXAMPLES / "review-compliant.yaml",
                                                                  jurisdiction=jurisdiction)).findings]

    before = {jid: findings(get(jid)) for jid in ("tracy", "exampleville")}

    from sizing.jurisdiction import rule_catalogue

    rule_catalogue.add(rule_catalogue.RuleEntry("sample_box", order=175, parameters={"sample_box_downstream": None}))

    @registry.review_rule("sample_box")
    def rule_sample_box(c):
        """A sample box downstream of the interceptor.
        FOG ordinance, Inspection and sampling."""
        return Finding("sample_box", PASS, c.param("sample_box_downstream")["citation"], "shown")

    try:
        assert {jid: findings(get(jid)) for jid in before} == before
        text = EXAMPLEVILLE.replace("discharge_temperature]", "discharge_temperature, sample_box]")
        (city / "samplecity.yaml").write_text(text, encoding="utf-8")
        with pytest.raises(TableError, match=r"samplecity.yaml: parameters.sample_box_downstream: missing; the "
                                             r"review rule sample_box needs it"):
            get("samplecity", city)
        (city / "sampled.yaml").write_text(text + '  sample_box_downstream: {value: true, citation: "EMC 9.10.100"}\n',
                                           encoding="utf-8")
        assert ("sample_box", "pass") in findings(get("sampled", city))
    finally:
        registry.unregister("sample_box")
        rule_catalogue.remove("sample_box")


@pytest.mark.parametrize(("change", "message"), [
    (("letterhead", "leterhead"), r"texts: unknown key 'leterhead'; expected one of: letterhead, waiver_citation"),
    (("min_compartments: {value: 3, unit: count", "min_compartments: {value: three, unit: count"),
     r"parameters.min_compartments.value: expected a number in count \(as read by the review rule "
     r"compartments\), got 'three'"),
    (("unit: mm,", "unit: kg,"), r"parameters.min_manhole_diameter.unit: expected 'in' \(as read by the review rule "
                                 r"manhole_diameter\), got 'kg'"),
    (("  min_compartments: {value: 3, unit: count, citation: \"EMC 9.10.030(b)\"}\n", ""),
     r"parameters.min_compartments: missing; the review rule compartments needs it"),
    (('date: "2025-11-14"', 'date: "2025-11-31"'), r"holidays.local\[0\]"),
    (("review_rules: [", "review_rules: [volumes, "), r"review_rules\[0\]: 'volumes' is not a rule of the review"),
    (("max_accumulation_percent: {value: 20, unit: percent", "max_accumulation_percent: {value: 20, unit: months"),
     r"parameters.max_accumulation_percent.unit: expected 'percent' \(as read by the maintenance rules\)"),
])
def test_a_broken_profile_is_refused_at_load_with_its_key_path(city, capsys, change, message):
    (city / "broken.yaml").write_text(EXAMPLEVILLE.replace(*change), encoding="utf-8")
    with pytest.raises(TableError, match=r"broken.yaml: .*" + message):
        get("broken", city)
    assert main(["jurisdictions", "check", str(city / "broken.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "broken.yaml" in err


def test_a_misspelt_holiday_is_refused_by_the_check_and_by_the_first_deadline(city, capsys):
    """The observed names are read by the calendar only: a command that counts no deadline (a sizing) runs, the
    first deadline and `jurisdictions check` refuse the profile, one line naming the key path."""
    (city / "broken.yaml").write_text(EXAMPLEVILLE.replace("Thanksgiving Day", "Thanksgivng Day"), encoding="utf-8")
    message = r"broken.yaml: holidays.observed\[1\]: 'Thanksgivng Day' is not a holiday .*did you mean 'Thanksgiving Day'"
    assert main(["jurisdictions", "check", str(city / "broken.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and re.search(message, err)
    assert main(["size", str(EXAMPLES / "cpc-code-example.yaml"), "--jurisdiction", str(city / "broken.yaml")]) == 0
    capsys.readouterr()
    assert main(["review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction",
                 str(city / "broken.yaml")]) == 2  # an existing FSE's install deadline counts working days
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and re.search(message, err)


def test_the_review_reads_the_one_jurisdiction_the_submittal_was_read_under():
    """Chosen once at the boundary: the review takes no second jurisdiction that could disagree with the one the
    document (its default connections, its waiver) was read under."""
    import inspect

    from sizing.io import submittal
    from sizing.rules.review import review

    assert list(inspect.signature(review).parameters) == ["sub", "today"]
    sub = submittal.load(EXAMPLES / "review-noncompliant.yaml", jurisdiction=get_jurisdiction("cpc"))
    assert {f.rule for f in review(sub).findings} == {"volume"}  # the CPC profile's rules only (no HGI here)


# --- Rule types a jurisdiction switches on by data: openings per length of interceptor, a grease-trap rating range --

OPENINGS = EXAMPLEVILLE.replace(
    "review_rules: [interceptor_required, volume, compartments, manhole_diameter, discharge_temperature]",
    "review_rules: [interceptor_required, volume, hgi_rating_range, compartments, manhole_diameter, "
    "manhole_spacing, discharge_temperature]\n"
    "design_rules_by_interceptor_type: {manhole_spacing: [gravity], manhole_diameter: [gravity], "
    "compartments: [gravity]}") + (
    '  max_length_per_manhole: {value: 10, unit: ft, citation: "EMC 9.10.030(e)"}\n'
    '  min_manholes: {value: 2, unit: count, citation: "EMC 9.10.030(e)"}\n'
    '  min_hgi_rating: {value: 20, unit: gpm, citation: "EMC 9.10.035"}\n'
    '  max_hgi_rating: {value: 55, unit: gpm, citation: "EMC 9.10.035"}\n')


def test_openings_per_length_and_a_rating_range_are_profile_data(tmp_path):
    """One opening for every 10 ft, at least two: a 25 ft interceptor needs ceil(25 / 10) = 3, an 18 ft one 2.
    Grease traps 20 to 55 gpm: 35 gpm passes, 75 gpm fails."""
    import yaml

    from sizing.io import submittal
    from sizing.rules.review import review

    (tmp_path / "openings.yaml").write_text(OPENINGS, encoding="utf-8")
    city = get("openings", tmp_path)
    base = yaml.safe_load((EXAMPLES / "review-compliant.yaml").read_text())

    def finding(rule, **interceptor):
        doc = {**base, "interceptor": {**base["interceptor"], **interceptor}}
        f = {x.rule: x for x in review(submittal.from_dict(doc, jurisdiction=city)).findings}[rule]
        return f.status, f.value, f.limit, f.citation

    manholes = base["interceptor"]["manholes"][:2]
    assert finding("manhole_spacing", length="25 ft", manholes=manholes) == ("fail", 2, 3, "EMC 9.10.030(e)")
    assert finding("manhole_spacing", length="18 ft", manholes=manholes) == ("pass", 2, 2, "EMC 9.10.030(e)")
    assert finding("manhole_spacing")[0] == "fail"  # the length not shown: asked for
    hgi = {"type": "hydromechanical", "volume": None, "rated_flow": "35 gpm"}
    assert finding("hgi_rating_range", **hgi)[:2] == ("pass", 35)
    assert finding("hgi_rating_range", **{**hgi, "rated_flow": "75 gpm"}) == ("fail", 75, "20-55", "EMC 9.10.035")
    # the City lists neither rule: its review of the same plans has no such finding
    tracy = review(submittal.from_dict({**base, "interceptor": {**base["interceptor"], "length": "25 ft"}}))
    assert not {"manhole_spacing", "hgi_rating_range"} & {f.rule for f in tracy.findings}


def test_a_deadline_in_calendar_days_is_counted_in_calendar_days(city, capsys):
    """A profile whose install period is in "calendar days" (not "working days"): 30 days from Mon 2025-11-03 is
    Wed 2025-12-03 (a working day: not extended), with no holiday skipped, and every text says "calendar days"."""
    (city / "calendar.yaml").write_text(EXAMPLEVILLE.replace(
        "existing_trigger_install_period: {value: 30, unit: working days",
        "existing_trigger_install_period: {value: 30, unit: calendar days"), encoding="utf-8")
    code, d = run_json(capsys, "review", EXAMPLES / "review-noncompliant.yaml", "--jurisdiction", "calendar")
    deadline = d["deadline"]
    assert (deadline["date"], deadline["day_kind"], deadline["holidays_skipped"]) == ("2025-12-03", "calendar days", [])
    required = next(f for f in d["findings"] if f["rule"] == "interceptor_required")
    assert "within 30 calendar days of the notification on 2025-11-03, i.e. by 2025-12-03" in required["message"]
    assert deadline["extended"] is None
    assert main(["review", str(EXAMPLES / "review-noncompliant.yaml"), "--jurisdiction", "calendar"]) == 1
    assert "interceptor_required: 30 calendar days after 2025-11-03" in capsys.readouterr().out
    (city / "weeks.yaml").write_text(EXAMPLEVILLE.replace("unit: working days", "unit: weeks"), encoding="utf-8")
    with pytest.raises(TableError, match=r"weeks.yaml: parameters.existing_trigger_install_period: expected a "
                                         r"number in one of working days, calendar days"):
        get("weeks", city)
