"""Plan review rules: each passes and fails, with the profile's limits and citations."""

import copy
import datetime as dt

import pytest

from sizing.coded_warnings import codes
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review
from sizing.rules.review_rules.context import NOT_SHOWN

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


def run(*changes, **top):
    data = copy.deepcopy(BASE)
    data.update(top)
    for change in changes:
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
            "additives"} <= rules
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
    assert (f.status, f.value, f.limit) == ("fail", 1, get_jurisdiction("tracy").parameter("min_compartments")["value"])
    assert f.citation == "TMC ch. 5.26, Grease interceptor design standards (b)"


def test_610_mm_manhole_passes_600_mm_fails():
    assert finding(run(manhole(1, diameter="610 mm")), "manhole_diameter").status == "pass"
    f = finding(run(manhole(1, diameter="600 mm")), "manhole_diameter")
    assert f.status == "fail"
    assert f.value == pytest.approx(23.622, abs=0.001)
    assert "manhole 2 over chamber 2 (23.62 in)" in f.correction
    assert f.citation == get_jurisdiction("tracy").parameter("min_manhole_diameter")["citation"]


def test_manhole_diameter_missing_is_not_shown():
    def change(data):
        del data["interceptor"]["manholes"][2]["diameter"]
    f = finding(run(change), "manhole_diameter")
    assert f.status == "fail" and "The diameter of manhole 3 over sanitary tee 1 is" in f.message and NOT_SHOWN in f.message


def test_manhole_count_one_over_each_chamber_and_tee():
    assert finding(run(), "manhole_count").status == "pass"
    def drop_tee_manhole(data):
        data["interceptor"]["manholes"].pop()
    f = finding(run(drop_tee_manhole), "manhole_count")
    # Chamber, chamber, sanitary tee: the unnumbered tee takes tee 1; tee 2 has no manhole.
    assert (f.status, f.value, f.limit) == ("fail", "not covered: sanitary tee 2",
                                            "a manhole over each of chambers 1 and 2 and sanitary tees 1 and 2")
    assert f.correction.startswith("Provide an access manhole over sanitary tee 2;")
    # Three chambers: the tees are in chambers 1 and 3, the two chamber manholes cover chamber 2 (one spare).
    assert finding(run(icp(compartments=3)), "manhole_count").status == "pass"


def manholes(*overs):
    def change(data):
        data["interceptor"]["manholes"] = [{"over": o, "diameter": "24 in", "to_grade": True} for o in overs]
    return change


def test_a_manhole_over_each_tee_also_covers_its_chamber():
    """Item 3: two chambers, two tees, a manhole over each tee: each tee's manhole is over its chamber too."""
    f = finding(run(manholes("sanitary_tee", "sanitary_tee")), "manhole_count")
    assert (f.status, f.value) == ("pass", "all covered")
    assert "also serves the chamber" in f.message
    numbered = finding(run(manholes("sanitary_tee_1", ["sanitary_tee_2", "chamber_2"])), "manhole_count")
    assert numbered.status == "pass"


def test_uncovered_positions_are_named():
    """Item 3: the finding names what has no manhole over it."""
    f = finding(run(manholes("sanitary_tee", "sanitary_tee"), icp(compartments=3)), "manhole_count")
    assert (f.status, f.value) == ("fail", "not covered: chamber 2")
    g = finding(run(manholes("chamber_1", "chamber_2")), "manhole_count")
    assert (g.status, g.value) == ("fail", "not covered: sanitary tees 1 and 2")
    assert "sanitary tees 1 and 2" in g.correction
    # Numbered positions are taken as given; an unnumbered one fills the lowest uncovered position of its kind.
    h = finding(run(manholes("sanitary_tee_2", "sanitary_tee")), "manhole_count")
    assert h.status == "pass"


def test_manhole_over_a_position_the_interceptor_does_not_have():
    f = finding(run(manholes("sanitary_tee_1", "sanitary_tee_2", "chamber_3")), "manhole_count")
    assert f.status == "warn" and "manhole 3 is over chamber 3, but the interceptor has 2 chambers" in f.message


def test_old_and_new_manhole_forms_in_json():
    r = run(manholes("chamber", ["sanitary_tee_2", "chamber_2"]))
    assert [m["over"] for m in r.to_dict()["interceptor"]["manholes"]] == ["chamber", ["sanitary_tee_2", "chamber_2"]]


@pytest.mark.parametrize("over,match", [
    ("lid", r"interceptor\.manholes\[0\]\.over: expected one of chamber, sanitary_tee, chamber_N"),
    (["chamber", "tee_1"], r"interceptor\.manholes\[0\]\.over\[1\]: expected one of chamber"),
    ("chamber_0", r"interceptor\.manholes\[0\]\.over: expected"),
    ([], r"interceptor\.manholes\[0\]\.over: expected"),
])
def test_manhole_over_errors_name_the_field(over, match):
    with pytest.raises(SizingInputError, match=match):
        run(manhole(0, over=over))


def test_manholes_to_grade():
    assert finding(run(), "manholes_to_grade").status == "pass"
    f = finding(run(manhole(0, to_grade=False)), "manholes_to_grade")
    assert f.status == "fail" and f.correction.endswith(": manhole 1 over chamber 1")


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
    assert f.status == "fail" and f.correction.endswith(": fixture 4 (Dishwasher, domestic)")
    assert f.citation == "TMC ch. 5.26, Grease interceptor requirement"


def stated(*lines):
    """The kitchen lines ``lines`` (0-based) marked connected_to_interceptor: true, as a plan shows them."""
    def change(data):
        for i in lines:
            data["fixtures"][i]["connected_to_interceptor"] = True
    return change


def test_prep_fixtures_connected():
    assert finding(run(stated(0, 1, 2)), "prep_fixtures_connected").status == "pass"
    f = finding(run(fixture(1, connected_to_interceptor=False)), "prep_fixtures_connected")
    assert f.status == "fail" and f.message.endswith(": fixture 2 (2 x Floor drain)")


def test_a_connection_taken_by_default_is_a_warning_not_a_pass():
    """The three kitchen lines of BASE state no connection: they are counted as connected by default (the sizing
    step), so "all connected" rests on that default: a warning naming them and asking the plan to show it."""
    f = finding(run(), "prep_fixtures_connected")
    assert f.status == "warn" and f.value == "all connected (assumed)"
    assert "fixture 1 (Three-compartment (pot) sink), fixture 2 (2 x Floor drain), fixture 3 (Mop sink" in f.message
    assert "taken as connected by default" in f.message and f.correction.startswith("Show on the plans where fixture 1")
    one = finding(run(stated(0, 2)), "prep_fixtures_connected")
    assert one.status == "warn" and "does not say where fixture 2 (2 x Floor drain) drains:" in one.message


def test_a_restroom_hand_sink_not_said_where_it_drains_is_a_warning():
    """A hand sink in the restroom is a restroom wash basin (TMC ch. 5.26, Prohibitions (e)); the submittal does
    not say where it drains, so "not on the grease line" is the default, not a fact of the plans."""
    f = finding(run(add_fixture(type="hand_sink", area="restroom")), "sanitary_connection")
    assert f.status == "warn" and f.citation == "TMC ch. 5.26, Prohibitions (e)"
    assert "does not say where fixture 6 (" in f.message
    assert ("taken as not connected by default: a sanitary fixture is not on the grease line "
            "(TMC ch. 5.26, Prohibitions (e))") in f.message
    assert f.correction.startswith("Show on the plans where fixture 6 (") and "connected_to_interceptor: false" in f.correction
    shown = finding(run(add_fixture(type="hand_sink", area="restroom", connected_to_interceptor=False)),
                    "sanitary_connection")
    assert shown.status == "pass"
    dish = finding(run(fixture(3, connected_to_interceptor=None)), "dishwasher_connection")
    assert dish.status == "warn" and "does not say where fixture 4 (Dishwasher, domestic) drains" in dish.message


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
    assert f.limit == get_jurisdiction("tracy").parameter("max_discharge_temperature")["value"]


def test_discharge_temperature_not_shown_warns():
    f = finding(run(max_discharge_temperature=None), "discharge_temperature")
    assert f.status == "warn" and NOT_SHOWN in f.message


# --- additives -------------------------------------------------------------------------------------------

def test_additives_authorization():
    assert finding(run(), "additives").status == "info"
    used = {"additives_used": True, "authorized": False}
    assert finding(run(additives_authorization=used), "additives").status == "fail"
    ok = {"additives_used": True, "authorized": True, "permit": "FOG-12", "date": "2025-06-01"}
    f = finding(run(additives_authorization=ok), "additives")
    assert f.status == "pass" and "FOG-12" in f.message


# --- interceptor required, deadlines ---------------------------------------------------------------------

def test_new_construction_without_interceptor_fails_and_design_rules_warn():
    r = run(interceptor=None)
    assert not r.compliant
    req = finding(r, "interceptor_required")
    assert req.status == "fail" and req.message.endswith("; none is shown on the plans")
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


# --- HGI capacity (CPC 1014.2.1), rules by interceptor type ------------------------------------------------

SINK_48 = {"type": "food_prep_sink", "area": "food_prep", "length": "48 in", "width": "24 in", "depth": "12 in"}


def hgi(rating, fixtures=None):
    def change(data):
        data["fixtures"] = copy.deepcopy(fixtures or [SINK_48])
        data["interceptor"] = {"type": "hydromechanical", "rated_flow": rating}
    return change


def test_hgi_capacity_at_most_2_5_gal_per_gpm_of_the_proposed_rating():
    """Item 1: one 48 x 24 x 12 in sink holds 13,824 in3 / 231 = 59.84 gal; 2.5 x 25 gpm = 62.5 gal passes,
    2.5 x 20 gpm = 50 gal fails."""
    ok = finding(run(hgi("25 gpm")), "hgi_capacity")
    assert (ok.status, ok.value, ok.limit, ok.unit) == ("pass", pytest.approx(59.84, abs=0.01), 62.5, "gal")
    assert ok.citation == "CPC 2025, Section 1014.2.1"
    assert ok.provenance == "secondary" and "printed CPC 1014.2.1" in ok.provenance_note
    bad = finding(run(hgi("20 gpm")), "hgi_capacity")
    assert (bad.status, bad.limit) == ("fail", 50.0)
    # 59.84 gal / 2.5 gal per gpm = 23.94 gpm (a flow to its two decimals)
    assert "at least 23.94 gpm" in bad.correction and "the plans show 20 gpm" in bad.correction


def test_hgi_capacity_counts_compartments_and_every_dimensioned_fixture():
    """Item 1: a 3-compartment 18 x 24 x 12 in sink (3 x 22.44 = 67.32 gal) exceeds 2.5 x 25 gpm = 62.5 gal."""
    sink3 = {"type": "three_compartment_sink", "area": "cleanup", "compartments": 3, "length": "18 in",
             "width": "24 in", "depth": "12 in"}
    f = finding(run(hgi("25 gpm", [sink3])), "hgi_capacity")
    assert (f.status, f.value) == ("fail", pytest.approx(67.32, abs=0.01))
    assert finding(run(hgi("35 gpm", [sink3])), "hgi_capacity").status == "pass"  # 87.5 gal


def test_hgi_capacity_not_checked_without_dimensions_and_absent_for_gravity():
    def drains(data):
        data["fixtures"] = [{"type": "floor_drain", "count": 2, "area": "food_prep"}]
        data["interceptor"] = {"type": "hydromechanical", "rated_flow": "50 gpm"}
    f = finding(run(drains), "hgi_capacity")
    assert f.status == "warn" and "not checked" in f.message and NOT_SHOWN in f.message
    assert not [x for x in run().findings if x.rule == "hgi_capacity"]


def test_in_ground_design_rules_do_not_fail_a_hydromechanical_unit():
    """Item 2: a correctly sized 75 gpm HGI passes volume and gets no failures from the gravity design standards."""
    r = run(hgi("75 gpm"))
    assert finding(r, "volume").status == "pass"
    for rule in ("compartments", "manhole_diameter", "manhole_count", "manholes_to_grade", "retention_fittings",
                 "accessible_location"):
        f = finding(r, rule)
        assert f.status == "info" and "Not applicable" in f.message and "gravity" in f.message
    assert r.compliant


def test_hydromechanical_where_an_interceptor_is_required_warns_for_acceptance():
    """Item 2: the Director must accept an HGI where the chapter requires a grease interceptor."""
    f = finding(run(hgi("75 gpm")), "interceptor_type")
    assert f.status == "warn" and "Director must accept" in f.message and "5.26.080(b)" in f.message
    assert f.citation == get_jurisdiction("tracy").parameter("hydromechanical_needs_acceptance")["citation"]
    assert finding(run(), "interceptor_type").status == "pass"
    none_required = run(hgi("75 gpm"), construction="existing", existing_fse={"caused_blockage": False})
    assert finding(none_required, "interceptor_type").status == "info"


def test_hydromechanical_drain_down_warnings_stay_out_of_a_gravity_review():
    """Item 2: a gravity review does not print the HGI drain-down warnings of the sizing (they are listed as
    omitted, with the reason, in the JSON)."""
    def second_sink(data):
        data["fixtures"].append({"type": "food_prep_sink", "area": "food_prep", "length": "24 in", "width": "24 in",
                                 "depth": "12 in"})
    r = run(second_sink)
    assert "hgi_smaller_unit" not in codes(r.sizing.warnings)
    omitted = r.to_dict()["sizing_warnings_omitted"]
    assert "hgi_smaller_unit" in [o["code"] for o in omitted] and all("gravity" in o["reason"] for o in omitted)
    from sizing.report.review import review_text
    assert "gpm unit" not in review_text(r)
    # The same warnings stay in a hydromechanical review.
    def as_hgi(data):
        data["interceptor"] = {"type": "hydromechanical", "rated_flow": "25 gpm"}
    assert "hgi_smaller_unit" in codes(run(second_sink, as_hgi).sizing.warnings)


# --- A granted waiver ---------------------------------------------------------------------------------------

GRANTED = {"type": "infeasible_existing", "status": "granted", "granted_on": "2025-05-15", "expiration": "2027-05-15",
           "findings": {"inadequate_space": True}, "mitigation_fee_paid": True,
           "conditions": ["Pump the under-sink grease trap monthly", "Keep the manifests on site"]}


def test_granted_waiver_makes_the_requirement_waived():
    """Item 6: with a granted waiver the review reports interceptor_required as waived (info), citing the
    paragraph, the date and the expiration, and lists the conditions."""
    existing = {"caused_blockage": True, "notification_date": "2025-11-03"}
    r = run(construction="existing", existing_fse=existing, interceptor=None, waiver=GRANTED)
    f = finding(r, "interceptor_required")
    assert f.status == "info" and f.citation == "TMC section 5.26.080(d)"
    assert "granted on 2025-05-15" in f.message and "in force through 2027-05-15" in f.message
    assert "2 conditions of the waiver are listed below" in f.message
    assert r.compliant and r.deadline is None
    assert r.waiver["conditions"] == GRANTED["conditions"]
    assert r.to_dict()["waiver"]["expiration"] == "2027-05-15"
    assert finding(r, "compartments").status == "info"  # not checked: waived
    from sizing.report.review import review_markdown, review_text
    assert "Pump the under-sink grease trap monthly" in review_text(r)
    assert "Keep the manifests on site" in review_markdown(r)


def test_expired_waiver_fails_and_says_so():
    """Item 6: a waiver that expired before the review date does not waive the requirement."""
    expired = dict(GRANTED, expiration="2026-01-31")
    r = run(construction="existing", existing_fse={"caused_blockage": True, "notification_date": "2025-11-03"},
            interceptor=None, waiver=expired)
    f = finding(r, "interceptor_required")
    assert f.status == "fail" and "expired on 2026-01-31" in f.message
    assert "expired on 2026-01-31" in f.correction
    # With an interceptor shown, the requirement is checked as without a waiver, and the expiry is stated.
    shown = finding(run(construction="existing", existing_fse={"caused_blockage": True,
                                                               "notification_date": "2025-11-03"}, waiver=expired),
                    "interceptor_required")
    assert shown.status == "pass" and shown.message.endswith("expired on 2026-01-31")
    # In force through its expiration date: a review on that day is still waived.
    same_day = run(construction="existing", interceptor=None, waiver=dict(GRANTED, expiration="2026-03-02"))
    assert finding(same_day, "interceptor_required").status == "info"


def test_waiver_not_granted_waives_nothing_and_wrong_kind_warns():
    applied = dict(GRANTED, status="applied")
    r = run(construction="existing", existing_fse={"caused_blockage": True, "notification_date": "2025-11-03"},
            interceptor=None, waiver=applied)
    assert finding(r, "interceptor_required").status == "fail"
    wrong = run(construction="new", interceptor=None, waiver=GRANTED)
    f = finding(wrong, "interceptor_required")
    assert f.status == "warn" and "construction is new" in f.message
    with pytest.raises(SizingInputError, match=r"waiver\.status: expected one of applied, granted"):
        run(waiver=dict(GRANTED, status="approved"))


# --- Messages -----------------------------------------------------------------------------------------------

def test_no_interceptor_message_reads_plainly():
    """Item 8: 'no grease interceptor is not shown' was a double negative."""
    f = finding(run(interceptor=None), "compartments")
    assert f.message == "Compartments: not checked; no grease interceptor is shown on the plans"
    one = finding(run(lambda d: d.update(fixtures=[dict(BASE["fixtures"][0], connected_to_interceptor=True)])),
                  "prep_fixtures_connected")
    assert one.message == "The one food preparation / clean-up fixture line is connected"
    remodel = finding(run(construction="remodel", interceptor=None), "interceptor_required")
    assert remodel.message == "A remodel requires a grease interceptor; none is shown on the plans"
    assert finding(run(), "dishwasher_connection").message.startswith("Dishwasher not connected")
    hot = finding(run(max_discharge_temperature="65 degC"), "discharge_temperature")
    assert hot.correction.endswith("re-routing the hot discharge; the plans show 65 degC (149 degF)")
    for r in (run(interceptor=None), run(construction="existing", interceptor=None)):
        for f in r.findings:
            assert "none is not" not in f.message and "no grease interceptor is not" not in f.message
