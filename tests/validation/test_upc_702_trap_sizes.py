"""UPC Tables 702.1 and 702.2(1): a listed fixture with a larger trap.

Source: public transcriptions of UPC Table 702.1 (the floor-drain row is for a 2 in trap and points to Section
702.0 for other sizes; special purpose sinks 1-1/2 in: 3, 2 in: 4, 3 in: 6 DFU; service sinks with 2 or 3 in
traps: 3 DFU) and Table 702.2(1) (1-1/4 in: 1, 1-1/2 in: 3, 2 in: 4, 3 in: 6, 4 in: 8 DFU). Secondary.
"""

import pytest

from sizing.cpc.dfu import fixture_dfu_with_trap


@pytest.mark.parametrize(("trap", "dfu"), [(2, 2), (3, 6), (4, 8)])
def test_floor_drain(trap, dfu):
    assert fixture_dfu_with_trap("floor_drain", trap, "2022")["dfu"] == dfu


@pytest.mark.parametrize(("trap", "dfu"), [(1.5, 3), (2, 4), (3, 6)])
def test_special_purpose_sink_rows(trap, dfu):
    rows = {"1.5": "sink_special_purpose_1_5", "2": "sink_special_purpose_2", "3": "sink_special_purpose_3"}
    assert fixture_dfu_with_trap("sink_special_purpose_1_5", trap, "2022", rows)["dfu"] == dfu


@pytest.mark.parametrize("trap", [2, 3])
def test_service_sink_2_or_3_in(trap):
    rows = {"2": "sink_service", "3": "sink_service_3"}
    assert fixture_dfu_with_trap("sink_service", trap, "2022", rows)["dfu"] == 3
