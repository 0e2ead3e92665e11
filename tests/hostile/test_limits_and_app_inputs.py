"""Stated size limits, and the app's own input paths (upload CSV, fixture grid) as strict as the command line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction
from tests.hostile.conftest import one_line_error

ROOT = Path(__file__).resolve().parents[2]


def test_fixture_count_limit(cli, tmp_path):
    """Item 11: 100,000 fixtures took 18 s and 860 MB in `size`; the stated limit is 2,000 fixture lines."""
    lines = "".join("  - {type: floor_drain}\n" for _ in range(submittal.MAX_FIXTURES + 1))
    (tmp_path / "many.yaml").write_text("fixtures:\n" + lines, encoding="utf-8")
    run = cli("size", "many.yaml")
    one_line_error(run, "size", "fixtures: 2,001 fixture lines; the limit for one submittal is 2,000")
    assert run.seconds < 10


def test_streamlit_upload_size_and_error_details():
    """Item 11: the app accepted 200 MB uploads and showed full tracebacks."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == 10
    assert config["client"]["showErrorDetails"] == "none"


def test_app_fixture_csv_with_an_extra_field_is_refused():
    """Item 9: the app's fixture CSV upload dropped extra fields ('floor_drain,2,300,floor_sink' gave 2
    floor drains)."""
    pytest.importorskip("streamlit")
    from app_pages.widgets.grid import fixtures_from_csv

    with pytest.raises(SizingInputError, match=r"^FILE: s\.csv: line 2 has 4 fields, the header has 2; "):
        fixtures_from_csv("type,count\nfloor_drain,2,300,floor_sink\n", "s.csv")
    with pytest.raises(SizingInputError, match=r"^FILE: s\.csv: line 3 has 3 fields"):
        fixtures_from_csv('type,count\n"floor, drain",2\nfloor_drain,1,x\n', "s.csv")


def test_app_grid_count_of_1e20():
    """Item 5: a count of 1e20 typed in the app's fixture grid was a traceback."""
    pytest.importorskip("streamlit")
    import pandas as pd

    from app_pages.widgets.fixtures import COLUMNS, schedule

    frame = pd.DataFrame([{c: None for c in COLUMNS} | {"type": "floor_drain", "count": 1e20,
                                                         "connected": True}])
    with pytest.raises(SizingInputError, match=r"^fixtures\[0\]\.count: expected a whole number >= 0 and "
                                               r"<= 1,000,000, got 100000000000000000000$"):
        from sizing.cpc.size import size

        size(submittal.from_dict({"fixtures": schedule(frame, get_jurisdiction("tracy")).fixtures}))
