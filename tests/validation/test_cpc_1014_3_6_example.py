"""CPC 1014.3.6 (UPC 1014.3.6), the worked example printed with Table 1014.3.6.

Source: the code's example — 1 food-preparation sink (3 DFU) + 3 floor drains (2 DFU each; one receives the
ice machine's indirect waste) + 1 mop sink (3 DFU) = 12 DFU -> 750 gal (2,839 L; the published "2389 L" is a
digit swap of 2,839).
"""

import pytest

from sizing.cpc.gravity import gravity_interceptor_volume
from sizing.cpc.size import size
from sizing.io.submittal import from_dict, load
from sizing.quantities import show

FIXTURES = [
    {"type": "food_prep_sink", "count": 1},
    {"type": "floor_drain", "count": 3},
    {"type": "mop_sink", "count": 1},
    {"type": "ice_machine", "count": 1},
]


@pytest.mark.parametrize("edition", ["2022", "2025"])
def test_code_example_gives_12_dfu_and_750_gal(edition):
    result = size(from_dict({"edition": edition, "fixtures": FIXTURES}))
    assert result.dfu_total == 12
    assert result.gravity["table_volume_gal"] == 750
    assert result.gravity["required_volume_gal"] == 750
    assert result.gravity["table_row"] == {"max_dfu": 21, "volume_gal": 750}


def test_code_example_litres_are_2839_not_2389():
    assert show(750, "gal", "si") == "2,839 L"


def test_code_example_file(examples):
    result = size(load(examples / "cpc-code-example.yaml"))
    assert (result.dfu_total, result.required_volume_gal) == (12, 750)
    dfu_steps = {s.key: s.value for s in result.steps if s.key.startswith("dfu.fixtures")}
    assert dfu_steps == {"dfu.fixtures[0]": 3, "dfu.fixtures[1]": 6, "dfu.fixtures[2]": 3, "dfu.fixtures[3]": 0}


@pytest.mark.parametrize(("dfu", "gal"), [(0, 500), (8, 500), (9, 750), (21, 750), (22, 1000), (216, 2000),
                                          (217, 2500), (2112, 10000), (2113, 15000), (2640, 15000)])
def test_table_breakpoints(dfu, gal):
    """Table 1014.3.6: the first row whose DFU is >= the total."""
    assert gravity_interceptor_volume(dfu, "2025")[0] == gal


def test_above_2640_dfu_gives_no_size():
    assert gravity_interceptor_volume(2641, "2025") == (None, None)
    result = size(from_dict({"fixtures": [{"type": "floor_drain", "count": 1321}]}))
    assert result.dfu_total == 2642
    assert result.required_volume_gal is None
    assert "no size" in result.gravity["message"]
    assert any("2,642 DFU" in w for w in result.warnings)
