"""drains_to: an indirect appliance names its receptor line (label or fixture number counted from 1); the review
checks that receptor is connected and counted, and a dishwasher into a connected floor sink is connected."""

from __future__ import annotations

import pytest

from sizing.cli.main import main
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.rules.review import review

BASE = {"construction": "new", "review_date": "2026-04-14",
        "interceptor": {"type": "gravity", "volume": "1500 gal", "compartments": 2}}


def run(fixtures):
    return review(submittal.from_dict({**BASE, "fixtures": fixtures}))


def finding(r, rule):
    return next(f for f in r.findings if f.rule == rule)


def test_a_dishwasher_into_a_connected_floor_sink_is_connected():
    r = run([{"type": "three_compartment_sink"},
             {"type": "floor_sink", "trap_size": "3 in", "label": "FS-1"},
             {"type": "commercial_dishwasher", "drains_to": "FS-1"}])
    f = finding(r, "dishwasher_connection")
    assert f.status == "fail"
    assert f.message == ("Dishwasher connected through its receptor: fixture 3 (Dishwasher, commercial (dish machine)) "
                         "drains to fixture 2 (FS-1), which is connected to the interceptor")
    assert f.value == "connected through its receptor"


def test_a_dishwasher_into_a_floor_sink_off_the_grease_line_passes():
    r = run([{"type": "three_compartment_sink"},
             {"type": "floor_sink", "trap_size": "3 in", "connected_to_interceptor": False},
             {"type": "commercial_dishwasher", "drains_to": 2}])
    f = finding(r, "dishwasher_connection")
    assert f.status == "pass" and f.value == "not connected"


def test_an_appliance_into_a_receptor_off_the_interceptor_fails_prep_connection():
    r = run([{"type": "floor_drain", "count": 2},
             {"type": "floor_sink", "trap_size": "3 in", "label": "FS-2", "connected_to_interceptor": False},
             {"type": "combi_oven", "area": "food_prep", "drains_to": "fs-2"}])
    f = finding(r, "prep_fixtures_connected")
    assert f.status == "fail"
    assert f.message == ("Indirect waste to a receptor off the interceptor: fixture 3 (Combination oven (combi oven)) "
                         "drains to fixture 2 (FS-2), which is not connected to the interceptor")


def test_an_appliance_into_a_receptor_of_count_0_is_not_counted():
    r = run([{"type": "floor_drain", "count": 2},
             {"type": "floor_sink", "count": 0, "trap_size": "3 in", "label": "FS-2"},
             {"type": "combi_oven", "area": "food_prep", "drains_to": "FS-2"}])
    f = finding(r, "prep_fixtures_connected")
    assert f.status == "fail" and f.message.endswith("which is not counted (count 0)")


@pytest.mark.parametrize(("target", "message"), [
    ("FS-9", "fixtures[1].drains_to: expected the label of a floor sink's or floor drain's line, or its fixture "
             "number (1 to 2), got 'FS-9'"),
    ("1", "fixtures[1].drains_to: expected the label of a floor sink's or floor drain's line, or its fixture number "
          "(1 to 2); fixture 1 is a Three-compartment (pot) sink, not a floor sink or floor drain"),
    ("2", "fixtures[1].drains_to: expected the label of a floor sink's or floor drain's line, or its fixture number "
          "(1 to 2); fixture 2 is the appliance itself, not a floor sink or floor drain"),
])
def test_a_receptor_that_is_not_there_is_one_clear_error(target, message):
    with pytest.raises(SizingInputError) as err:
        submittal.from_dict({"fixtures": [{"type": "three_compartment_sink"},
                                          {"type": "ice_machine", "drains_to": target}]})
    assert str(err.value) == message


def test_cli_bad_receptor_exits_2_with_one_line(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("fixtures:\n  - {type: floor_sink, trap_size: 2 in, label: FS-1}\n"
                    "  - {type: ice_machine, drains_to: FS-3}\n")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["sizing review: fixtures[1].drains_to: expected the label of a floor sink's or floor drain's line, "
                   "or its fixture number (1 to 2), got 'FS-3'"]
