"""Sizing behaviour beyond the published examples."""

import pytest

from sizing.cpc.size import size
from sizing.io.submittal import from_dict, load
from sizing.jurisdiction.profile import get as get_jurisdiction


def test_footnote_3_adds_flow_times_30_minutes():
    result = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 4},
                                          {"type": "combi_oven", "flow": "3 gpm", "count": 2, "indirect": False}]}))
    assert result.dfu_total == 8
    g = result.gravity
    assert (g["table_volume_gal"], g["footnote3_volume_gal"], g["required_volume_gal"]) == (500, 180, 680)
    assert any(s.key == "gravity.footnote3" and s.value == 180 for s in result.steps)


def test_unknown_dfu_sizes_from_the_inlet_pipe():
    """CPC 1014.3.6: DFUs not known -> Table 703.2 maximum for the pipe (4 in: 216 DFU) -> 2,000 gal."""
    result = size(from_dict({"inlet_pipe": "4 in"}))
    assert result.dfu_total == 216
    assert result.gravity["dfu_basis"] == "inlet_pipe"
    assert result.required_volume_gal == 2000
    assert (result.hydromechanical["by_pipe_one_minute_gpm"], result.hydromechanical["by_pipe_two_minute_gpm"]) == (150, 75)


@pytest.mark.parametrize(("pipe", "dfu", "gal"), [("2 in", 8, 500), ("3 in", 35, 1000), ("100 mm", 216, 2000),
                                                  ("6 in", 720, 7500), ("8 in", 2640, 15000), ("80 mm", 35, 1000)])
def test_pipe_sizes(pipe, dfu, gal):
    result = size(from_dict({"inlet_pipe": pipe}))
    assert (result.dfu_total, result.required_volume_gal) == (dfu, gal)


def test_explicit_dfu_is_an_override():
    result = size(from_dict({"fixtures": [{"type": "mop_sink", "dfu": 5}, {"type": "floor_drain"}]}))
    assert result.dfu_total == 7
    assert result.fixtures[0].override and result.fixtures[0].provenance == "submitted"
    assert any("dfu 5 given for Mop sink" in w and "Table 702.1 gives 3" in w for w in result.warnings)


def test_trap_size_counts_unlisted_fixtures_and_rounds_up():
    result = size(from_dict({"fixtures": [{"type": "floor_sink", "trap_size": "2 in"},
                                          {"type": "wok_range", "trap_size": "2-1/2 in"},
                                          {"type": "floor_sink", "trap_size": "50 mm"}]}))
    assert [f.dfu for f in result.fixtures] == [4, 6, 4]
    assert "rounded up to 3 in" in result.fixtures[1].basis
    assert "taken as nominal 2 in" in result.fixtures[2].basis


def test_disconnected_fixtures_are_not_counted():
    result = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 2},
                                          {"type": "dishwasher", "connected_to_interceptor": False},
                                          {"type": "water_closet", "count": 3, "connected_to_interceptor": False}]}))
    assert result.dfu_total == 4


def test_pipe_capacity_warning():
    result = size(from_dict({"inlet_pipe": "2 in", "fixtures": [{"type": "floor_drain", "count": 5}]}))
    assert result.required_volume_gal == 750
    assert any("10 DFU exceeds the 8 DFU a 2 in horizontal drain" in w for w in result.warnings)


def test_si_example_equals_us_example(examples):
    us = size(load(examples / "restaurant.yaml")).to_dict()
    si = size(load(examples / "restaurant-si.json")).to_dict()
    for key in ("dfu_total",):
        assert us[key] == si[key]
    assert si["gravity"]["required_volume_gal"] == pytest.approx(us["gravity"]["required_volume_gal"], abs=0.5)
    for key in ("rated_one_minute_gpm", "rated_two_minute_gpm", "grease_capacity_lb", "by_pipe_one_minute_gpm"):
        assert si["hydromechanical"][key] == us["hydromechanical"][key]
    assert si["hydromechanical"]["drainage_load_gal"] == pytest.approx(us["hydromechanical"]["drainage_load_gal"], abs=0.01)
    assert si["meals"]["volume_gal"] == us["meals"]["volume_gal"]


def test_restaurant_example_figures(examples):
    r = size(load(examples / "restaurant.yaml"))
    # 3 + 2x3 + 2x1 + 3 + 4x2 + 2x4 (2 in trap) = 30 DFU -> 1,000 gal; the combi oven drains indirectly to the
    # listed floor sinks, whose DFU carries it: no footnote-3 volume
    assert r.dfu_total == 30
    assert r.required_volume_gal == 1000 and r.gravity["footnote3_volume_gal"] == 0
    # 3-comp 18x24x12 (67.32 gal) + 2 prep sinks 24x24x12 (2 x 29.92 gal) -> 127.2 gal x 0.75 = 95.4 gal
    assert r.hydromechanical["drainage_load_gal"] == pytest.approx(95.38, abs=0.01)
    assert r.hydromechanical["rated_one_minute_gpm"] == 100   # 95.4 + 2 gpm
    # the dishwasher is not connected: 5 gal per meal (without dishwashing machine)
    assert r.meals["volume_gal"] == 3000  # 120 meals x 5 gal x 2.5 h x 2 (16 h) = 3,000 gal, worked by hand


def test_editions_give_the_same_size_with_their_own_citations(examples):
    a = size(load(examples / "cpc-code-example.yaml", edition="2022"))
    b = size(load(examples / "cpc-code-example.yaml", edition="2025"))
    assert a.required_volume_gal == b.required_volume_gal == 750
    assert a.gravity["citation"].startswith("CPC 2022") and b.gravity["citation"].startswith("CPC 2025")
    assert a.gravity["carried_from"] is None and b.gravity["carried_from"] == "2022"


def test_every_step_is_cited():
    r = size(from_dict({"fixtures": [{"type": "food_prep_sink", "length": 24, "width": 24, "depth": 12}],
                        "inlet_pipe": "3 in", "meals": {"meals_per_peak_hour": 50}}))
    assert r.steps
    for s in r.steps:
        assert s.citation and s.provenance, s.key


def test_deep_sink_is_a_warning_not_an_error():
    r = size(from_dict({"fixtures": [{"type": "food_prep_sink", "length": 24, "width": 24, "depth": "30 in"}]}))
    assert any("30 in deep" in w for w in r.warnings)


def test_ice_machine_without_a_receptor_warns():
    r = size(from_dict({"fixtures": [{"type": "ice_machine"}, {"type": "mop_sink"}]}))
    assert r.dfu_total == 3
    assert any("list its receptor" in w for w in r.warnings)


def test_meals_cross_check_compares_with_the_cpc_minimum(examples):
    r = size(load(examples / "restaurant.yaml"))
    assert r.meals["ratio_to_cpc"] == 3.0  # 3,000 gal of the meals formula against the 1,000 gal CPC size
    assert any("3,000 gal, 3.0 x the CPC minimum of 1,000 gal" in w for w in r.warnings)


# --- trap sizes above a listed fixture's row ------------------------------------------------------------

def dfu_of(fixture: dict) -> float:
    return size(from_dict({"fixtures": [fixture]})).dfu_total


@pytest.mark.parametrize(("trap", "dfu"), [(None, 2), ("2 in", 2), ("1-1/2 in", 2), ("3 in", 6), ("4 in", 8),
                                           ("75 mm", 6), ("2.5 in", 6)])
def test_floor_drain_trap_larger_than_its_row_takes_table_702_2_1(trap, dfu):
    """Item 1: the floor-drain row is for its 2 in trap; a 3 in trap takes Table 702.2(1): 6 DFU, 4 in: 8 DFU
    (a size between listed sizes rounds up). A smaller trap keeps the row's value."""
    fixture = {"type": "floor_drain"} | ({"trap_size": trap} if trap else {})
    assert dfu_of(fixture) == dfu


@pytest.mark.parametrize(("trap", "dfu"), [("1-1/2 in", 3), ("50 mm", 4), ("75 mm", 6), ("2.5 in", 6), ("4 in", 8)])
def test_special_purpose_sink_by_trap(trap, dfu):
    """Item 1: special purpose sink: 50 mm is the 2 in row (4 DFU, was 3), 75 mm the 3 in row (6, was 3), 2.5 in
    rounds up to 3 in (6, was 3); 4 in is above every row: Table 702.2(1), 8 DFU."""
    assert dfu_of({"type": "special_purpose_sink", "trap_size": trap}) == dfu


def test_trap_upgrade_step_cites_both_tables():
    """Item 1: the step cites Table 702.1 and Table 702.2(1) and says why."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain", "trap_size": "3 in"}]}))
    step = next(s for s in r.steps if s.key == "dfu.fixtures[0]")
    assert step.citation == "CPC 2025, Table 702.1; Table 702.2(1)"
    assert "listed for a 2 in trap" in step.note and "3 in trap takes Table 702.2(1): 6 DFU" in step.note


def test_trap_above_table_702_2_1_is_an_input_error():
    """Item 1: a 5 in trap on a listed fixture has no Table 702.2(1) value: one-line error naming the field."""
    from sizing.errors import SizingInputError

    with pytest.raises(SizingInputError, match=r"^fixtures\[0\]\.trap_size: expected a trap size Table 702\.2\(1\) "
                                               r"lists traps up to 4 in"):
        size(from_dict({"fixtures": [{"type": "floor_drain", "trap_size": "5 in"}]}))


def test_service_sink_with_3_in_trap_is_its_own_row():
    """Item 7: a service sink with a 3 in trap is Table 702.1's 3 in service-sink row (3 DFU), not 702.2(1)."""
    assert dfu_of({"type": "service_sink"}) == 3
    assert dfu_of({"type": "mop_sink", "trap_size": "3 in"}) == 3
    assert dfu_of({"type": "mop_sink", "trap_size": "4 in"}) == 8


# --- compartments --------------------------------------------------------------------------------------

def test_three_compartment_sink_defaults_to_three_compartments():
    """Item 2: 18 x 24 x 12 in three-compartment sink with no compartments given: 3 x 22.44 gal = 67.3 gal,
    load 50.5 gal -> 75 gpm (1 min) / 35 gpm (2 min), not 20 / 10 gpm; the step says it is the type default."""
    r = size(from_dict({"fixtures": [{"type": "three_compartment_sink", "length": "18 in", "width": "24 in",
                                      "depth": "12 in"}]}))
    h = r.hydromechanical
    assert (h["rated_one_minute_gpm"], h["rated_two_minute_gpm"]) == (75, 35)
    assert h["fixture_volume_gal"] == pytest.approx(67.32, abs=0.01)
    step = next(s for s in r.steps if s.key == "hgi.volume.fixtures[0]")
    assert "3 compartments (type default)" in step.title and step.inputs["compartments"] == 3


def test_two_compartment_sink_and_an_explicit_count():
    """Item 2: two_compartment_sink defaults to 2; an explicit compartments value wins and is not a default."""
    dims = {"length": "18 in", "width": "24 in", "depth": "12 in"}
    two = size(from_dict({"fixtures": [{"type": "two_compartment_sink"} | dims]}))
    assert two.hydromechanical["fixture_volume_gal"] == pytest.approx(44.88, abs=0.01)
    one = size(from_dict({"fixtures": [{"type": "three_compartment_sink", "compartments": 1} | dims]}))
    assert one.hydromechanical["fixture_volume_gal"] == pytest.approx(22.44, abs=0.01)
    assert "type default" not in next(s for s in one.steps if s.key.startswith("hgi.volume")).title


# --- sanitary fixtures and dishwashers --------------------------------------------------------------------

def test_sanitary_fixtures_are_not_on_the_grease_line_by_default():
    """Item 3: floor drains x2 + water closets x2 + lavatories x2: the grease line carries 4 DFU -> 500 gal
    (was 14 DFU -> 750 gal); the steps say why the restroom fixtures are not counted."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 2}, {"type": "water_closet", "count": 2},
                                     {"type": "lavatory", "count": 2}]}))
    assert (r.dfu_total, r.required_volume_gal) == (4, 500)
    assert [f.connected for f in r.fixtures] == [True, False, False]
    step = next(s for s in r.steps if s.key == "dfu.fixtures[1]")
    assert "not connected by default" in step.title and "Prohibitions (e)" in step.title
    assert not any("fixtures[1]" in w for w in r.warnings)


def test_explicitly_connected_toilet_is_counted_with_a_warning():
    """Item 3: a submittal that connects a toilet: counted as shown (4 + 4 = 8 DFU) and a warning names it and
    the prohibition."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 2},
                                     {"type": "toilet", "connected_to_interceptor": True}]}))
    assert r.dfu_total == 8
    assert any(w.startswith("fixtures[1]: 1 x Water closet (toilet) is connected") and "Prohibitions (e)" in w
               for w in r.warnings)


def test_dishwasher_default_comes_from_the_profile():
    """Item 3: Tracy says a dishwasher shall not be connected: default not connected, stated in the step; an
    explicit connection is counted with a warning. The commercial dishwasher never uses the domestic row."""

    assert get_jurisdiction("tracy").sizing_rule("dishwasher_connection")["value"] == "shall_not"
    r = size(from_dict({"fixtures": [{"type": "floor_drain"}, {"type": "dishwasher"}]}))
    assert r.dfu_total == 2 and not r.fixtures[1].connected
    assert "a dishwasher shall not be connected" in next(s for s in r.steps if s.key == "dfu.fixtures[1]").title
    r = size(from_dict({"fixtures": [{"type": "floor_drain"}, {"type": "dishwasher", "connected_to_interceptor": True}]}))
    assert r.dfu_total == 4 and any("a dishwasher shall not be connected" in w for w in r.warnings)
    commercial = size(from_dict({"fixtures": [{"type": "floor_sink", "trap_size": "2 in"},
                                              {"type": "dish_machine", "connected_to_interceptor": True}]}))
    assert commercial.fixtures[1].dfu == 0 and "Table 702.1" not in commercial.fixtures[1].basis.split(":")[0]
    assert commercial.fixtures[1].type == "commercial_dishwasher"


# --- meals cross-check ---------------------------------------------------------------------------------------

def test_meals_factors_only_for_connected_fixtures():
    """Item 4: a dishwasher and a disposer listed but not connected do not raise the waste flow: 5 gal per meal
    (without dishwashing machine), not 6 + 1."""
    r = size(from_dict({"fixtures": [{"type": "floor_drain"}, {"type": "dishwasher"},
                                     {"type": "food_waste_disposer", "connected_to_interceptor": False}],
                        "meals": {"meals_per_peak_hour": 100, "hours_of_operation": "8 h"}}))
    assert r.meals["waste_flow_rate_gal_per_meal"] == 5
    assert r.meals["volume_gal"] == 1250  # 100 meals x 5 gal x 2.5 h x 1 (8 h) = 1,250 gal
    connected = size(from_dict({"fixtures": [{"type": "food_waste_disposer"}],
                                "meals": {"meals_per_peak_hour": 100, "hours_of_operation": "8 h"}}))
    assert connected.meals["waste_flow_rate_gal_per_meal"] == 6   # 5 + 1 with the disposer


def test_meals_default_storage_factor_is_stated_and_not_the_least_conservative():
    """Item 4: no hours of operation: the 16 h storage factor (2), with a warning; never the 8 h factor (1)."""
    r = size(from_dict({"meals": {"meals_per_peak_hour": 100}}))
    assert r.meals["storage_factor"] == 2 and r.meals["volume_gal"] == 2500  # 100 x 5 gal x 2.5 h x 2
    assert "default" in r.meals["basis"]["storage_factor"]
    assert any(w.startswith("meals.hours_of_operation not given") for w in r.warnings)


def test_meals_factors_name_their_source():
    """Item 11: the meal factors name the pages they come from, not UPC Appendix H itself."""
    r = size(from_dict({"meals": {"seats": 10, "meal_factor": "restaurant", "hours_of_operation": "8 h"}}))
    assert "Jerry's Plumbing" in r.meals["sources"]["meal_factors"]
    assert "not found in a UPC text" in r.meals["sources"]["meal_factors"]


# --- PDI left-out fixtures -------------------------------------------------------------------------------------

def test_pdi_names_every_connected_fixture_it_leaves_out(examples):
    """Item 5: in the restaurant example the PDI method leaves out the hand sinks, mop sink, floor drains and floor
    sinks (no dimensions, no flow): one warning names them all and says what to give."""
    r = size(load(examples / "restaurant.yaml"))
    (w,) = [w for w in r.warnings if "fixture-capacity (PDI) method leaves out" in w]
    for name in ("fixture 3 (2 x Hand sink (kitchen))", "fixture 4 (Mop sink", "fixture 5 (4 x Floor drain)",
                 "fixture 6 (2 x Floor sink"):
        assert name in w
    assert "fixtures[0]" not in w and "fixtures[6]" not in w and "length, width and depth" in w


# --- footnote 3 and indirect appliances ---------------------------------------------------------------------

def test_indirect_appliance_draining_to_a_listed_receptor_adds_no_footnote_3():
    """Item 6: a combi oven (indirect by type) with a floor sink listed: the floor sink's DFU carries it, no
    gpm x 30 min; directly connected (indirect: false) it adds 2 gpm x 30 min = 60 gal. The step says which."""
    base = [{"type": "floor_sink", "trap_size": "2 in"}]
    r = size(from_dict({"fixtures": base + [{"type": "combi_oven", "flow": "2 gpm"}]}))
    assert (r.gravity["footnote3_volume_gal"], r.required_volume_gal) == (0, 500)
    assert "applies only to directly connected appliances" in next(s for s in r.steps if s.key == "dfu.fixtures[1]").note
    direct = size(from_dict({"fixtures": base + [{"type": "combi_oven", "flow": "2 gpm", "indirect": False}]}))
    assert (direct.gravity["footnote3_volume_gal"], direct.required_volume_gal) == (60, 560)
    assert "directly connected" in next(s for s in direct.steps if s.key == "dfu.fixtures[1]").note


def test_indirect_appliance_without_a_receptor_is_counted_and_flagged():
    """Item 6: indirect but no receptor listed: footnote 3 applies (nothing else carries it) and a warning asks
    for the receptor."""
    r = size(from_dict({"fixtures": [{"type": "food_prep_sink"}, {"type": "steam_kettle", "flow": "3 gpm"}]}))
    assert r.gravity["footnote3_volume_gal"] == 90
    assert any("no floor sink or floor drain is listed" in w for w in r.warnings)


# --- catalog and unknown types ----------------------------------------------------------------------------

CATALOG = ["pre_rinse_sink", "pot_sink", "two_compartment_sink", "wok_range", "steam_kettle", "tilting_skillet",
           "combi_oven", "dipper_well", "beverage_dispenser", "commercial_dishwasher", "glass_washer", "clothes_washer",
           "kitchen_sink", "laundry_sink", "drinking_fountain", "service_sink"]


def test_catalog_types_say_how_they_are_counted():
    """Item 7: every catalog type is known, says how it is counted and carries its provenance."""
    from sizing.io.submittal import fixture_aliases, fixture_types

    kinds = fixture_types()
    for name in CATALOG:
        key = fixture_aliases().get(name, name)
        kind = kinds[key]
        assert kind.counted in ("row", "trap", "indirect", "flow"), name
        assert kind.source and kind.provenance in ("confirmed", "secondary", "derived"), name
        assert (kind.counted == "row") == (kind.row is not None), name
        assert (kind.counted == "indirect") == kind.indirect, name
        assert kind.counted != "trap" or kind.row is None, name


@pytest.mark.parametrize(("fixture", "dfu"), [
    ({"type": "pre_rinse_sink"}, 3), ({"type": "kitchen_sink"}, 3), ({"type": "laundry_sink"}, 2),
    ({"type": "clothes_washer"}, 3), ({"type": "clothes_washer", "trap_size": "3 in"}, 6),
    ({"type": "drinking_fountain"}, 0.5), ({"type": "wok_range"}, 0), ({"type": "glass_washer"}, 0)])
def test_catalog_dfu(fixture, dfu):
    """Item 7: sinks on the commercial-sink row (3 DFU); laundry tub (2) and domestic clothes washer (3, 2 in
    standpipe) on their UPC Table 702.1 rows, a larger trap by Table 702.2(1) (3 in: 6); indirect appliances at their
    receptor (0)."""
    assert dfu_of(fixture | {"count": 1}) == dfu


def test_laundry_fixtures_are_counted_on_their_table_702_1_rows():
    """UPC Table 702.1 lists a laundry tub (2 DFU) and a domestic clothes washer (2 in standpipe, 3 DFU): they are
    counted on those rows with the row's provenance, not by a trap size with a warning (King County and Wichita
    transcriptions of UPC Table 702.1)."""
    r = size(from_dict({"fixtures": [{"type": "laundry_tub"}, {"type": "washing_machine"}]}))
    assert [(f.dfu, f.basis) for f in r.fixtures] == [
        (2, "Table 702.1: Laundry tub"), (3, "Table 702.1: Clothes washer, domestic (2 in standpipe)")]
    assert r.dfu_total == 5 and r.gravity["required_volume_gal"] == 500
    assert not any("trap_size" in w for w in r.warnings)
    assert {f.provenance for f in r.fixtures} == {"carried (CPC 2022, secondary there)"}


@pytest.mark.parametrize("name", ["pasta_cooker", "grease_trap", "fryer"])
def test_unknown_type_gets_no_unrelated_suggestion(name):
    """Item 7: an unknown type is offered no unrelated name (wok_range once got floor_drain); it is told how to give
    a trap_size, flow or dfu."""
    from sizing.errors import SizingInputError

    with pytest.raises(SizingInputError) as info:
        from_dict({"fixtures": [{"type": name}]})
    message = str(info.value)
    assert "did you mean" not in message
    assert "Table 702.2(1)" in message and "footnote 3" in message and "dfu" in message


def test_typo_still_gets_the_close_name():
    """Item 7: a typo is still offered the type it is close to."""
    from sizing.errors import SizingInputError

    with pytest.raises(SizingInputError, match="did you mean 'floor_drain'"):
        from_dict({"fixtures": [{"type": "flor_drain"}]})
    with pytest.raises(SizingInputError, match="did you mean 'commercial_dishwasher'"):
        from_dict({"fixtures": [{"type": "comercial_dishwasher"}]})


# --- Table 703.2 beyond 8 in ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("pipe", "dfu"), [("10 in", 4680), ("12 in", 8200), ("250 mm", 4680)])
def test_10_and_12_in_pipes_are_beyond_table_1014_3_6(pipe, dfu):
    """Item 8: 10 and 12 in horizontal drains carry 4,680 and 8,200 DFU (Table 703.2, secondary): beyond Table
    1014.3.6's last row, so no size and a message, not an input error."""
    r = size(from_dict({"inlet_pipe": pipe}))
    assert r.dfu_total == dfu and r.required_volume_gal is None
    assert "beyond Table 1014.3.6" in r.gravity["message"]
    assert any("beyond Table 1014.3.6" in w for w in r.warnings)


# --- edition by application date ---------------------------------------------------------------------------

@pytest.mark.parametrize(("date", "edition"), [("2023-01-01", "2022"), ("2025-12-31", "2022"), ("2026-01-01", "2025"),
                                               ("2027-06-30", "2025")])
def test_edition_in_effect_on_the_application_date(date, edition):
    """Item 9: CPC 2022 from 2023-01-01 to 2025-12-31, CPC 2025 from 2026-01-01; the output says which and why."""
    r = size(from_dict({"application_date": date, "fixtures": [{"type": "floor_drain"}]}))
    assert r.edition == edition and r.gravity["citation"].startswith(f"CPC {edition}")
    assert r.edition_basis == f"CPC {edition}: in effect on the application date {date}"
    assert r.to_dict()["edition_basis"] == r.edition_basis
    assert next(s for s in r.steps if s.key == "edition").note == r.edition_basis


def test_application_date_before_the_editions_is_an_error():
    """Item 9: a date before CPC 2022 took effect, with no edition: an error naming the editions this tool has."""
    from sizing.errors import SizingInputError

    with pytest.raises(SizingInputError, match=r"^application_date: no CPC edition this tool has was in effect on "
                                               r"2022-06-01 \(it has CPC 2022 from 2023-01-01 to 2025-12-31; CPC 2025 "
                                               r"from 2026-01-01\)"):
        from_dict({"application_date": "2022-06-01", "fixtures": [{"type": "floor_drain"}]})


def test_edition_flag_overrides_the_application_date():
    """Item 9: --edition still overrides; the output says so and warns that another edition was in effect."""
    sub = from_dict({"application_date": "2026-02-01", "fixtures": [{"type": "floor_drain"}]}, edition="2022")
    r = size(sub)
    assert r.edition == "2022" and r.edition_basis.startswith("CPC 2022: chosen with --edition")
    assert any("CPC 2025 was in effect on the application date 2026-02-01" in w for w in r.warnings)


# --- provenance: carried ------------------------------------------------------------------------------------

def test_cpc_2025_values_are_carried_not_confirmed():
    """Item 10: CPC 2025 values carried from 2022 report `carried` with the edition they came from, in steps,
    fixture lines and the JSON provenance list; CPC 2022 keeps its own levels."""
    doc = {"fixtures": [{"type": "floor_drain", "count": 3}, {"type": "food_prep_sink"}, {"type": "mop_sink"}]}
    r25 = size(from_dict(doc, edition="2025")).to_dict()
    step = next(s for s in r25["steps"] if s["key"] == "gravity.table")
    assert step["provenance"] == "carried (CPC 2022, confirmed there)"
    assert r25["fixtures"][0]["provenance"] == "carried (CPC 2022, confirmed there)"
    p = {x["table"]: x for x in r25["provenance"]}["1014.3.6"]
    assert (p["level"], p["carried_from"], p["source_levels"]) == ("carried", "2022", ["confirmed"])
    assert not any("confirmed" == s["provenance"] for s in r25["steps"])
    r22 = size(from_dict(doc, edition="2022")).to_dict()
    assert next(s for s in r22["steps"] if s["key"] == "gravity.table")["provenance"] == "confirmed"


def test_table_row_names_are_the_codes_own():
    """Item 11: Table 702.1 row names carry no kitchen mapping; the mapping lives in the fixture-type data."""
    from sizing.io.submittal import fixture_types
    from sizing.io.tables import load_table

    names = {r["id"]: r["fixture"] for r in load_table("702.1").rows}
    assert names["sink_commercial_food_waste"] == "Sink, commercial, with food waste"
    assert names["lavatory"] == "Lavatory" and names["floor_drain"] == "Floor drain"
    assert not any("pot" in n.lower() or "hand sink" in n.lower() or "food preparation" in n.lower()
                   for n in names.values())
    assert fixture_types()["three_compartment_sink"].row == "sink_commercial_food_waste"


def test_app_editor_shows_the_connection_default():
    """Item 3: the app's fixture editor shows a toilet and a dishwasher left unmarked as not connected, as sizing
    counts them; a floor drain as connected."""
    from app_pages.widgets.fixtures import frame as fixtures_frame

    frame = fixtures_frame([{"type": "toilet"}, {"type": "dishwasher"}, {"type": "floor_drain"},
                            {"type": "lavatory", "connected_to_interceptor": True}], get_jurisdiction("tracy"))
    assert frame["connected"].tolist() == [False, False, True, True]


def test_app_editor_counts_the_box_as_shown():
    """Item 3: in the app's grid the connected box is what is counted: a ticked toilet is sent as connected
    (sizing counts it and warns), an unticked floor drain as not connected, and a box at the type's default
    is left to that default."""
    import pandas as pd

    from app_pages.widgets.fixtures import COLUMNS, schedule

    rows = [{"type": "water_closet", "connected": True}, {"type": "floor_drain", "connected": False},
            {"type": "water_closet", "connected": False}, {"type": "floor_drain", "connected": True}]
    frame = pd.DataFrame([{c: None for c in COLUMNS} | row for row in rows])
    fixtures = schedule(frame, get_jurisdiction("tracy")).fixtures
    assert [f.get("connected_to_interceptor") for f in fixtures] == [True, False, None, None]
    result = size(from_dict({"fixtures": fixtures}))
    assert result.dfu_total == 4 + 2  # the ticked toilet (Table 702.1, public column: 4) and the floor drain (2)
    assert any("water_closet" in w.lower() or "toilet" in w.lower() for w in result.warnings)
