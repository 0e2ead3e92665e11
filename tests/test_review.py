"""Plan review rules: each passes and fails, with the profile's limits and citations."""

import copy
import datetime as dt

import pytest

from sizing import submittal
from sizing.errors import SizingInputError
from sizing.ordinance.review import NOT_SHOWN, review
from sizing.tables import profile_parameter

# 3 + 2 x 2 + 3 = 10 DFU -> 750 gal (Table 1014.3.6: up to 21 DFU).
BASE = {
    "edition": "2025",
    "construction": "new",
    "project": {"name": "Test Kitchen"},
    "fixtures": [
        {"type": "three_compartment_sink", "area": "cleanup"},
        {"type": "floor_drain", "count": 2, "area": "food_prep"},
        {"type": "mop_sink", "area": "cleanup"},
        {"type": "dishwasher", "area": "cleanup", "connected_to_interceptor": False},
        {"type": "water_closet", "area": "restroom", "connected_to_interceptor": False},
    ],
    "interceptor": {
        "type": "gravity", "volume": "750 gal", "compartments": 2, "sanitary_tees": 2,
        "manholes": [
            {"over": "chamber", "diameter": "24 in", "to_grade": True},
            {"over": "chamber", "diameter": "24 in", "to_grade": True},
            {"over": "sanitary_tee", "diameter": "24 in", "to_grade": True},
            {"over": "sanitary_tee", "diameter": "24 in", "to_grade": True},
        ],
        "grease_retention_fittings": True,
        "accessible": True,
    },
    "max_discharge_temperature": "140 degF",
    "review_date": "2026-03-02",
}


def run(change=None, **top):
    data = copy.deepcopy(BASE)
    data.update(top)
    if change:
        change(data)
    return review(submittal.from_dict(data))


def finding(r, rule):
    matches = [f for f in r.findings if f.rule == rule]
    assert len(matches) == 1, [f.rule for f in r.findings]
    return matches[0]


def icp(**fields):
    def change(data):
        for key, value in fields.items():
            if value is None:
                data["interceptor"].pop(key, None)
            else:
                data["interceptor"][key] = value
    return change


def manhole(i, **fields):
    def change(data):
        data["interceptor"]["manholes"][i].update(fields)
    return change


def fixture(i, **fields):
    def change(data):
        data["fixtures"][i].update(fields)
    return change


def add_fixture(**fields):
    def change(data):
        data["fixtures"].append(fields)
    return change


def test_base_is_compliant_and_every_rule_present():
    r = run()
    assert r.compliant
    assert r.corrections == []
    rules = {f.rule for f in r.findings}
    assert {"interceptor_required", "volume", "compartments", "manhole_diameter", "manhole_count",
            "manholes_to_grade", "retention_fittings", "accessible_location", "dishwasher_connection",
            "prep_fixtures_connected", "sanitary_connection", "food_grinder", "discharge_temperature",
            "additives_authorization"} <= rules
    assert r.sizing.required_volume_gal == 750


# --- volume --------------------------------------------------------------------------------------------

def test_volume_pass_and_fail():
    assert finding(run(), "volume").status == "pass"
    f = finding(run(icp(volume="500 gal")), "volume")
    assert (f.status, f.value, f.limit, f.unit) == ("fail", 500, 750, "gal")
    assert "750 gal" in f.correction


def test_1890_litres_fails_a_750_gal_requirement():
    f = finding(run(icp(volume="1890 L")), "volume")
    assert f.status == "fail"
    assert f.value == pytest.approx(499.29, abs=0.01)
    assert "1890 L (499.3 gal)" in f.message


def test_2839_litres_is_750_gal_rounded_to_the_litre():
    assert finding(run(icp(volume="2839 L")), "volume").status == "pass"
    assert finding(run(icp(volume="2830 L")), "volume").status == "fail"


def test_volume_not_shown_fails():
    f = finding(run(icp(volume=None)), "volume")
    assert f.status == "fail" and NOT_SHOWN in f.message


def test_hydromechanical_one_minute_pass_two_minute_warn_below_fail():
    # One 48 x 24 x 12 in sink: 44.9 gpm for 1-minute drainage, 22.4 gpm for 2-minute (PDI G-101 example).
    def hgi(rating):
        def change(data):
            data["fixtures"] = [{"type": "food_prep_sink", "length": "48 in", "width": "24 in", "depth": "12 in"}]
            data["interceptor"]["type"] = "hydromechanical"
            data["interceptor"].pop("volume")
            data["interceptor"]["rated_flow"] = rating
        return change

    one = finding(run(hgi("50 gpm")), "volume")
    assert one.status == "pass" and one.limit == pytest.approx(44.88, abs=0.01)
    two = finding(run(hgi("25 gpm")), "volume")
    assert two.status == "warn" and "2-minute" in two.message
    low = finding(run(hgi("20 gpm")), "volume")
    assert low.status == "fail" and "at least 44.88 gpm" in low.correction


def test_hydromechanical_by_inlet_pipe_when_no_fixture_dimensions():
    def change(data):
        data["interceptor"].update(type="hydromechanical", rated_flow="100 gpm")
        data["interceptor"].pop("volume")
    f = finding(run(change, inlet_pipe="4 in"), "volume")
    # Table 1014.2.1, 4 in: 150 gpm 1-minute, 75 gpm 2-minute.
    assert (f.status, f.limit) == ("warn", 150)


# --- compartments, manholes -----------------------------------------------------------------------------

def test_compartments():
    assert finding(run(), "compartments").status == "pass"
    f = finding(run(icp(compartments=1)), "compartments")
    assert (f.status, f.value, f.limit) == ("fail", 1, profile_parameter("min_compartments")["value"])
    assert f.citation == "TMC ch. 5.26, Grease interceptor design standards (b)"


def test_610_mm_manhole_passes_600_mm_fails():
    assert finding(run(manhole(1, diameter="610 mm")), "manhole_diameter").status == "pass"
    f = finding(run(manhole(1, diameter="600 mm")), "manhole_diameter")
    assert f.status == "fail"
    assert f.value == pytest.approx(23.622, abs=0.001)
    assert "manholes[1]" in f.correction
    assert f.citation == profile_parameter("min_manhole_diameter")["citation"]


def test_manhole_diameter_missing_is_not_shown():
    def change(data):
        del data["interceptor"]["manholes"][2]["diameter"]
    f = finding(run(change), "manhole_diameter")
    assert f.status == "fail" and "manholes[2]" in f.message and NOT_SHOWN in f.message


def test_manhole_count_one_over_each_chamber_and_tee():
    assert finding(run(), "manhole_count").status == "pass"
    def drop_tee_manhole(data):
        data["interceptor"]["manholes"].pop()
    f = finding(run(drop_tee_manhole), "manhole_count")
    assert (f.status, f.value, f.limit) == ("fail", 3, 4)
    assert "1 over a sanitary tee" in f.correction
    f3 = finding(run(icp(compartments=3)), "manhole_count")
    assert f3.status == "fail" and "1 over a chamber" in f3.correction


def test_manholes_to_grade():
    assert finding(run(), "manholes_to_grade").status == "pass"
    f = finding(run(manhole(0, to_grade=False)), "manholes_to_grade")
    assert f.status == "fail" and "manholes[0]" in f.correction


@pytest.mark.parametrize("rule,field", [("retention_fittings", "grease_retention_fittings"),
                                        ("accessible_location", "accessible")])
def test_flags(rule, field):
    assert finding(run(), rule).status == "pass"
    assert finding(run(icp(**{field: False})), rule).status == "fail"
    missing = finding(run(icp(**{field: None})), rule)
    assert missing.status == "fail" and NOT_SHOWN in missing.message


# --- connections ------------------------------------------------------------------------------------------

def test_dishwasher_connection():
    assert finding(run(), "dishwasher_connection").status == "pass"
    f = finding(run(fixture(3, connected_to_interceptor=True)), "dishwasher_connection")
    assert f.status == "fail" and "fixtures[3]" in f.correction
    assert f.citation == "TMC ch. 5.26, Grease interceptor requirement"


def test_prep_fixtures_connected():
    assert finding(run(), "prep_fixtures_connected").status == "pass"
    f = finding(run(fixture(1, connected_to_interceptor=False)), "prep_fixtures_connected")
    assert f.status == "fail" and "fixtures[1]" in f.message


def test_sanitary_connection():
    assert finding(run(), "sanitary_connection").status == "pass"
    f = finding(run(fixture(4, connected_to_interceptor=True)), "sanitary_connection")
    assert f.status == "fail" and f.citation == "TMC ch. 5.26, Prohibitions (e)"
    urinal = finding(run(add_fixture(type="urinal", connected_to_interceptor=True)), "sanitary_connection")
    assert urinal.status == "fail"


# --- food grinder --------------------------------------------------------------------------------------

def test_food_grinder_new_construction_fails_even_with_approval():
    grinder = add_fixture(type="food_waste_disposer", area="cleanup")
    assert finding(run(grinder), "food_grinder").status == "fail"
    f = finding(run(grinder, food_grinder_approval={"approved": True, "date": "2025-01-10"}), "food_grinder")
    assert f.status == "fail" and "existing FSEs only" in f.message


def test_food_grinder_existing_needs_written_approval():
    grinder = add_fixture(type="food_waste_disposer", area="cleanup")
    existing = {"construction": "existing", "existing_fse": {"caused_blockage": False}}
    r = run(grinder, **existing)
    assert finding(r, "food_grinder").status == "fail"
    removal = finding(r, "food_grinder_removal")
    # 180 working days after the effective date 2019-12-19 (the profile's derived value).
    assert removal.status == "info" and removal.limit == dt.date(2020, 9, 8)
    assert removal.provenance == "derived"
    ok = run(grinder, food_grinder_approval={"approved": True, "date": "2025-01-10"}, **existing)
    assert finding(ok, "food_grinder").status == "pass"
    assert not [f for f in ok.findings if f.rule == "food_grinder_removal"]


# --- temperature ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("temp,status", [("140 degF", "pass"), ("60 degC", "pass"), (140, "pass"),
                                         ("141 degF", "fail"), ("65 degC", "fail")])
def test_discharge_temperature(temp, status):
    f = finding(run(max_discharge_temperature=temp), "discharge_temperature")
    assert f.status == status
    assert f.limit == profile_parameter("max_discharge_temperature")["value"]


def test_discharge_temperature_not_shown_warns():
    f = finding(run(max_discharge_temperature=None), "discharge_temperature")
    assert f.status == "warn" and NOT_SHOWN in f.message


# --- additives -------------------------------------------------------------------------------------------

def test_additives_authorization():
    assert finding(run(), "additives_authorization").status == "info"
    used = {"additives_used": True, "authorized": False}
    assert finding(run(additives_authorization=used), "additives_authorization").status == "fail"
    ok = {"additives_used": True, "authorized": True, "permit": "FOG-12", "date": "2025-06-01"}
    f = finding(run(additives_authorization=ok), "additives_authorization")
    assert f.status == "pass" and "FOG-12" in f.message


# --- interceptor required, deadlines ---------------------------------------------------------------------

def test_new_construction_without_interceptor_fails_and_design_rules_warn():
    r = run(interceptor=None)
    assert not r.compliant
    req = finding(r, "interceptor_required")
    assert req.status == "fail" and NOT_SHOWN in req.message
    assert finding(r, "volume").status == "warn"
    assert finding(r, "manhole_diameter").status == "warn"
    assert len(r.corrections) == 1


@pytest.mark.parametrize("kind", ["remodel", "change_of_ownership", "change_in_operations"])
def test_change_types_require_an_interceptor(kind):
    assert finding(run(construction=kind), "interceptor_required").status == "pass"
    f = finding(run(construction=kind, interceptor=None), "interceptor_required")
    assert f.status == "fail" and f.citation.startswith("TMC ch. 5.26, Grease interceptor requirement (b)(2)")


def test_existing_fse_trigger_deadline_180_working_days():
    # Notified Mon 2025-11-03; 180 working days skipping Veterans Day, Thanksgiving and the day after,
    # Christmas, New Year, MLK, Presidents', Cesar Chavez, Memorial, Juneteenth, July 3 (observed) -> 2026-07-28
    # (see tests/test_calendar.py for the independent count).
    existing = {"caused_blockage": True, "notification_date": "2025-11-03"}
    r = run(construction="existing", existing_fse=existing, interceptor=None)
    f = finding(r, "interceptor_required")
    assert f.status == "fail" and "2026-07-28" in f.correction
    assert r.deadline.date == dt.date(2026, 7, 28)
    assert r.to_dict()["deadline"]["date"] == "2026-07-28"
    shown = run(construction="existing", existing_fse=existing)
    assert finding(shown, "interceptor_required").status == "pass"
    assert shown.deadline.working_days_left == 102


def test_existing_fse_without_trigger_has_no_deadline():
    r = run(construction="existing", existing_fse={"caused_blockage": False}, interceptor=None)
    assert finding(r, "interceptor_required").status == "info"
    assert r.deadline is None


def test_existing_fse_trigger_without_notification_date():
    r = run(construction="existing", existing_fse={"significant_fog": True}, interceptor=None)
    f = finding(r, "interceptor_required")
    assert f.status == "fail" and "notification" in f.message


def test_existing_fse_section_missing_warns():
    f = finding(run(construction="existing"), "interceptor_required")
    assert f.status == "warn" and NOT_SHOWN in f.message


# --- contract and input errors ---------------------------------------------------------------------------

def test_to_dict_contract():
    d = run(icp(compartments=1)).to_dict()
    assert d["compliant"] is False
    assert d["corrections"] == [
        "Provide a grease interceptor with at least 2 compartments; the plans show 1 "
        "[TMC ch. 5.26, Grease interceptor design standards (b)]"]
    f = next(x for x in d["findings"] if x["rule"] == "compartments")
    assert {k: f[k] for k in ("rule", "status", "value", "limit")} == {
        "rule": "compartments", "status": "fail", "value": 1, "limit": 2}
    assert d["sizing"]["gravity"]["required_volume_gal"] == 750
    assert d["deadline"] is None


@pytest.mark.parametrize("change,match", [
    (manhole(1, diameter="24 kg"), r"interceptor\.manholes\[1\]\.diameter: expected a length"),
    (manhole(0, over="lid"), r"interceptor\.manholes\[0\]\.over: expected one of chamber, sanitary_tee"),
    (icp(volume="big"), r"interceptor\.volume: expected a volume"),
    (icp(type="gravty"), r"interceptor\.type: .*did you mean 'gravity'"),
    (icp(colour="green"), r"interceptor\.colour: unknown field"),
    (icp(compartments=1.5), r"interceptor\.compartments: expected a whole number"),
])
def test_input_errors_name_the_field(change, match):
    with pytest.raises(SizingInputError, match=match):
        run(change)


def test_declaration_errors_name_the_field():
    with pytest.raises(SizingInputError, match=r"max_discharge_temperature: expected a temperature"):
        run(max_discharge_temperature="hot")
    with pytest.raises(SizingInputError, match=r"existing_fse\.notification_date: expected a date"):
        run(construction="existing", existing_fse={"caused_blockage": True, "notification_date": "2025-02-30"})
    with pytest.raises(SizingInputError, match=r"food_grinder_approval\.approved: expected true or false"):
        run(food_grinder_approval={"approved": "perhaps"})
