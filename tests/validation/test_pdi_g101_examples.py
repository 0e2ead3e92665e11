"""PDI G-101 / ASME A112.14.3 Appendix A fixture-capacity method: the published examples.

Source: PDI G-101 sizing example as reproduced by manufacturers — 1 sink 48 x 24 x 12 in: 13,824 in^3 ->
59.8 gal -> 44.9 gal load -> 1-minute 44.9 gpm -> 50 gpm; 2-minute 22.4 gpm -> 25 gpm. Handbook selections
below the computed flow (50.5 -> "50", 21.0 -> "20", 55.5 -> "50") are NOT copied: the code rounds up.
"""

import pytest

from sizing.coded_warnings import codes
from sizing.cpc import hydromechanical as hgi
from sizing.cpc.size import size
from sizing.io.submittal import from_dict


def test_single_sink_48_24_12():
    # the step records the published 13,824 in^3 / 231 = 59.8 gal as the fixture volume
    assert round(hgi.fixture_volume_gal(48, 24, 12), 1) == 59.8
    assert round(hgi.drainage_load_gal(hgi.fixture_volume_gal(48, 24, 12)), 1) == 44.9
    result = size(from_dict({"fixtures": [{"type": "food_prep_sink", "length": "48 in", "width": "24 in",
                                          "depth": "12 in"}]}))
    h = result.hydromechanical
    step = next(st for st in result.steps if st.key == "hgi.volume.fixtures[0]")
    assert (step.value, step.inputs["length_in"] * step.inputs["width_in"] * step.inputs["depth_in"]) == (59.84, 13824)
    assert h["drainage_load_gal"] == pytest.approx(44.88, abs=0.01)
    assert h["one_minute_flow_gpm"] == pytest.approx(44.88, abs=0.01)
    assert h["two_minute_flow_gpm"] == pytest.approx(22.44, abs=0.01)
    assert (h["rated_one_minute_gpm"], h["rated_two_minute_gpm"]) == (50, 25)
    assert (h["grease_capacity_lb"], h["grease_capacity_two_minute_lb"]) == (100, 50)


def test_three_compartment_18_24_12_rounds_up_to_75_and_warns_about_50():
    result = size(from_dict({"fixtures": [{"type": "three_compartment_sink", "compartments": 3,
                                          "length": "18 in", "width": "24 in", "depth": "12 in"}]}))
    h = result.hydromechanical
    assert h["one_minute_flow_gpm"] == pytest.approx(50.49, abs=0.01)
    assert h["rated_one_minute_gpm"] == 75
    (warning,) = [w for w in result.warnings if w.code == "hgi_smaller_unit" and w.detail["minutes"] == 1]
    assert (warning.detail["smaller_gpm"], warning.detail["rating_gpm"]) == (50, 75)
    assert "1.01 min" in warning  # 50.49 gal / 50 gpm = 1.01 min to drain, over the 1-minute period


def test_three_compartment_12_12_15_rounds_up_to_25_and_warns_about_20():
    result = size(from_dict({"fixtures": [{"type": "three_compartment_sink", "compartments": 3,
                                          "length": 12, "width": 12, "depth": 15}]}))
    h = result.hydromechanical
    assert h["one_minute_flow_gpm"] == pytest.approx(21.04, abs=0.01)
    assert h["rated_one_minute_gpm"] == 25
    (warning,) = [w for w in result.warnings if w.code == "hgi_smaller_unit" and w.detail["minutes"] == 1]
    assert (warning.detail["smaller_gpm"], warning.detail["rating_gpm"]) == (20, 25)
    assert "1.05 min" in warning  # 21.04 gal / 20 gpm = 1.05 min


def test_55_5_gpm_is_a_75_gpm_unit_not_50():
    assert hgi.hgi_rating(55.5) == (75, 150)


@pytest.mark.parametrize(("rating", "capacity"), [(20, 40), (50, 100), (100, 200)])
def test_grease_capacity_two_lb_per_gpm(rating, capacity):
    """IPC Table 1003.3.5.1: 20 gpm -> 40 lb, 50 -> 100, 100 -> 200."""
    assert hgi.hgi_rating(rating) == (rating, capacity)


def test_above_100_gpm_has_no_standard_rating():
    result = size(from_dict({"fixtures": [{"type": "three_compartment_sink", "compartments": 3,
                                          "length": 36, "width": 30, "depth": 14}]}))
    assert result.hydromechanical["rated_one_minute_gpm"] is None
    assert "hgi_above_largest" in codes(result.warnings)
