"""UPC Table 703.2, horizontal drainage piping, 10 and 12 in rows.

Source: public transcriptions of UPC Table 703.2 (maximum drainage fixture units on a horizontal drain at
1/4 in per ft), which give 4,680 DFU for a 10 in and 8,200 DFU for a 12 in drain. Secondary: the printed
CPC was not read; the edition of the transcriptions is not stated.
"""

import pytest

from sizing.cpc.size import size
from sizing.io.submittal import from_dict
from sizing.io.tables import load_table


@pytest.mark.parametrize("edition", ["2022", "2025"])
def test_rows_as_transcribed(edition):
    t = load_table("703.2", edition)
    rows = {r["pipe_in"]: r["max_dfu"] for r in t.rows}
    assert (rows[10], rows[12]) == (4680, 8200)
    assert t.source_level(t.rows[-1]) == t.source_level(t.rows[-2]) == "secondary"


@pytest.mark.parametrize(("pipe", "dfu"), [("10 in", 4680), ("12 in", 8200)])
def test_both_exceed_the_last_row_of_table_1014_3_6(pipe, dfu):
    """2,640 DFU is the last row of Table 1014.3.6: a 10 or 12 in inlet with unknown DFUs has no table size."""
    r = size(from_dict({"inlet_pipe": pipe}))
    assert r.dfu_total == dfu and r.gravity["required_volume_gal"] is None
    assert r.gravity["message"].startswith("beyond Table 1014.3.6")
