"""Bad input: one line naming the field and what was expected."""

import pytest

from sizing.cpc.size import size
from sizing.errors import SizingInputError
from sizing.io.fields import parse_document
from sizing.io.submittal import from_dict


def fx(**kw):
    return {"fixtures": [{"type": "floor_drain"}, {"type": "mop_sink"}, {"type": "floor_drain", **kw}]}


@pytest.mark.parametrize(("doc", "message"), [
    (fx(count=-1), r"^fixtures\[2\]\.count: expected a whole number >= 0, got -1$"),
    (fx(count=1.5), r"^fixtures\[2\]\.count: expected a whole number >= 0, got 1\.5$"),
    (fx(count="many"), r"^fixtures\[2\]\.count: expected a whole number >= 0, got 'many'$"),
    (fx(area="kitchen"), r"^fixtures\[2\]\.area: expected one of food_prep, cleanup, restroom, other, got 'kitchen'$"),
    (fx(connected_to_interceptor="maybe"), r"fixtures\[2\]\.connected_to_interceptor: expected true or false"),
    (fx(trap_size="2 kg"), r"^fixtures\[2\]\.trap_size: expected a length such as '24 in' or '610 mm'"),
    (fx(flow="5 in"), r"^fixtures\[2\]\.flow: expected a flow rate such as '5 gpm'"),
    (fx(length="24 in"), r"^fixtures\[2\]\.width: expected a length"),
    (fx(cout=3), r"^fixtures\[2\]\.cout: unknown field \(did you mean 'count'\?\)"),
    (fx(dfu=-2), r"^fixtures\[2\]\.dfu: expected a number >= 0"),
    ({"fixtures": [{"type": "flor_drain"}]},
     r"^fixtures\[0\]\.type: unknown fixture type 'flor_drain'; did you mean 'floor_drain'\?"),
    ({"fixtures": [{"type": "pasta_cooker"}]},
     r"^fixtures\[0\]\.type: unknown fixture type 'pasta_cooker'; .*any other type needs its own flow, trap_size or dfu"),
    ({"fixtures": [{"count": 2}]}, r"^fixtures\[0\]\.type: expected a fixture type"),
    ({"fixtures": "floor_drain"}, r"^fixtures: expected a list, got 'floor_drain'$"),
    ({"edition": "2019", "fixtures": []}, r"^edition: expected one of '2022', '2025', got '2019'$"),
    ({"construction": "build", "fixtures": [{"type": "floor_drain"}]}, r"^construction: expected one of new"),
    ({"fixturez": []}, r"^fixturez: unknown field \(did you mean 'fixtures'\?\)"),
    ({}, r"^fixtures: nothing to size"),
    ({"inlet_pipe": "4 gpm"}, r"^inlet_pipe: expected a length"),
    ({"meals": {"seats": 40}}, r"^meals\.meal_factor: expected meals_per_peak_hour, or seats and meal_factor"),
    ({"meals": {"seats": 40, "meal_factor": "fast_fod"}}, r"meals\.meal_factor: .*did you mean 'fast_food'"),
])
def test_parse_errors(doc, message):
    with pytest.raises(SizingInputError, match=message) as info:
        from_dict(doc)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("doc", "message"), [
    ({"fixtures": [{"type": "floor_sink"}]}, r"^fixtures\[0\]\.trap_size: floor_sink needs a trap_size"),
    ({"fixtures": [{"type": "floor_sink", "trap_size": "6 in"}]},
     r"^fixtures\[0\]\.trap_size: expected a trap size Table 702\.2\(1\) lists traps up to 4 in, got '6 in'"),
    ({"inlet_pipe": "3.5 in"}, r"^inlet_pipe: expected a nominal pipe size Table 703\.2 lists \(1-1/4 in, .*12 in\)"),
    ({"inlet_pipe": "14 in"}, r"^inlet_pipe: expected a nominal pipe size Table 703\.2 lists"),
])
def test_sizing_errors(doc, message):
    with pytest.raises(SizingInputError, match=message):
        size(from_dict(doc))


def test_yaml_syntax_error_names_the_line():
    with pytest.raises(SizingInputError, match=r"^FILE: s\.yaml is not valid YAML: .* at line 3, column 1$"):
        parse_document("fixtures:\n  - {type: floor_drain\n", "s.yaml")


def test_document_must_be_a_mapping():
    with pytest.raises(SizingInputError, match="must hold a mapping"):
        parse_document("- a\n- b\n", "s.yaml")
