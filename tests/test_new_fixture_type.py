"""A fixture type is data: one entry in tables/common/fixture-types.yaml, added here in a copy of the tables folder,
is named by a submittal and counted by its Table 702.1 row with no code change."""

from __future__ import annotations

import shutil

import pytest

import sizing.io.tables as tables
from sizing.cpc.size import size
from sizing.io import submittal
from sizing.io.submittal import from_dict

ENTRY = """  vegetable_prep_sink:    {label: "Vegetable preparation sink", row: sink_commercial_food_waste, counted: row,
                           area: food_prep, aliases: [veg_sink], provenance: derived,
                           source: "Table 702.1 row Sink, commercial, with food waste"}
"""


def _clear() -> None:
    tables._load_table.cache_clear()
    submittal.fixture_types.cache_clear()
    submittal.fixture_aliases.cache_clear()


@pytest.fixture
def added_type(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    shutil.copytree(tables.tables_dir(), folder)
    types = folder / "common" / "fixture-types.yaml"
    text = types.read_text(encoding="utf-8")
    assert text.rstrip().splitlines()[-1].startswith(" ")  # the `types:` mapping is the file's last block
    types.write_text(text.rstrip("\n") + "\n" + ENTRY, encoding="utf-8")
    monkeypatch.setattr(tables, "tables_dir", lambda: folder)
    _clear()
    yield
    monkeypatch.undo()
    _clear()


def test_a_fixture_type_added_as_data_is_counted_by_its_row(added_type):
    """CPC 2025 Table 702.1: a commercial sink with food waste is 3 DFU, a floor drain 2 DFU (the CPC 1014.3.6
    worked example's value). 2 vegetable preparation sinks, 1 more by its alias, and 1 floor drain:
    3 x 3 + 2 = 11 DFU; Table 1014.3.6 gives 500 gal up to 8 DFU and 750 gal up to 21 DFU."""
    result = size(from_dict({"fixtures": [{"type": "vegetable_prep_sink", "count": 2},
                                          {"type": "veg_sink"},  # its alias, from the same entry
                                          {"type": "floor_drain", "connected_to_interceptor": True}]}))
    assert [f.dfu for f in result.fixtures] == [6, 3, 2]
    assert result.dfu_total == 11
    assert result.required_volume_gal == 750


def test_without_the_entry_the_type_is_not_known():
    """The same submittal against the shipped tables: the type is unknown, so it must give flow, trap_size or dfu."""
    with pytest.raises(ValueError, match="vegetable_prep_sink"):
        size(from_dict({"fixtures": [{"type": "vegetable_prep_sink", "count": 2}]}))
