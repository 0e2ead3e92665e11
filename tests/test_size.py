"""Sizing behaviour beyond the published examples."""

import pytest

from sizing.size import size
from sizing.submittal import from_dict, load


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
    assert r.meals["volume_gal"] == 120 * 5 * 2.5 * 2


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
    assert r.meals["ratio_to_cpc"] == round(3000 / 1000, 2)
    assert any("3,000 gal, 3.0 x the CPC minimum of 1,000 gal" in w for w in r.warnings)
