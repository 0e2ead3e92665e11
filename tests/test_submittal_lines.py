"""A fixture line read again (an app rerun after one edit) gives what reading it the first time gave."""

from __future__ import annotations

import pytest

from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction


def read(*fixtures, jurisdiction=None):
    return submittal.from_dict({"fixtures": list(fixtures)}, jurisdiction=jurisdiction)


def test_a_line_read_again_gives_the_same_fixture_and_warnings():
    deep = {"type": "three_compartment_sink", "length": "18 in", "width": "24 in", "depth": "30 in"}
    first = read({"type": "floor_drain", "count": 2}, deep)
    again = read({"type": "floor_drain", "count": 2}, deep)
    assert again.fixtures == first.fixtures
    assert again.warnings == first.warnings
    assert any(w.startswith("fixtures[1]: a 30 in deep compartment") for w in again.warnings)
    changed = read({"type": "floor_drain", "count": 3}, deep)
    assert changed.fixtures[0].count == 3 and changed.fixtures[1] == first.fixtures[1]


def test_the_position_and_the_jurisdiction_are_part_of_the_line():
    dishwasher = {"type": "dishwasher"}
    assert read(dishwasher, jurisdiction=get_jurisdiction("tracy")).fixtures[0].connected is False
    assert read(dishwasher, jurisdiction=get_jurisdiction("cpc")).fixtures[0].connected is True
    assert read(dishwasher, jurisdiction=get_jurisdiction("tracy")).fixtures[0].connected is False
    moved = read({"type": "floor_drain"}, {"type": "three_compartment_sink", "depth": "30 in", "length": "1 in",
                                           "width": "1 in"})
    assert moved.fixtures[1].index == 1
    assert any(w.startswith("fixtures[1]:") for w in moved.warnings)


def test_a_value_of_another_type_is_read_again():
    read({"type": "floor_drain", "count": 1})
    with pytest.raises(SizingInputError, match=r"fixtures\[0\]\.count"):
        read({"type": "floor_drain", "count": True})  # True == 1 in Python, but not a count
