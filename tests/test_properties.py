"""Properties (hypothesis): monotonic sizing, SI = US, junk never crashes."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from sizing.cpc.gravity import gravity_interceptor_volume
from sizing.cpc.size import size
from sizing.errors import SizingInputError
from sizing.io.submittal import fixture_types, from_dict
from sizing.io.units import parse_quantity

ROW_TYPES = sorted(k for k, t in fixture_types().items() if t.row)


@given(st.floats(min_value=0, max_value=2640), st.floats(min_value=0, max_value=2640), st.sampled_from(["2022", "2025"]))
def test_more_dfu_never_gives_a_smaller_interceptor(a, b, edition):
    lo, hi = sorted((a, b))
    assert gravity_interceptor_volume(lo, edition)[0] <= gravity_interceptor_volume(hi, edition)[0]


schedules = st.lists(st.tuples(st.sampled_from(ROW_TYPES), st.integers(0, 40)), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(schedules, st.sampled_from(ROW_TYPES))
def test_adding_a_fixture_never_shrinks_the_size(schedule, extra):
    fixtures = [{"type": t, "count": n} for t, n in schedule]
    before = size(from_dict({"fixtures": fixtures}))
    after = size(from_dict({"fixtures": fixtures + [{"type": extra}]}))
    assert after.dfu_total >= before.dfu_total
    if after.required_volume_gal is not None:
        assert before.required_volume_gal is not None
        assert after.required_volume_gal >= before.required_volume_gal


@settings(max_examples=60, deadline=None)
@given(st.integers(6, 60), st.integers(6, 40), st.integers(4, 20), st.integers(1, 3), st.floats(0.1, 20),
       st.sampled_from([2, 3, 4, 5, 6]))
def test_si_and_us_input_give_the_same_answer(length, width, depth, comps, flow, pipe):
    us = {"inlet_pipe": f"{pipe} in", "fixtures": [
        {"type": "three_compartment_sink", "compartments": comps, "length": f"{length} in", "width": f"{width} in",
         "depth": f"{depth} in"}, {"type": "combi_oven", "flow": f"{flow} gpm"}]}
    si = {"inlet_pipe": f"{pipe * 25.4} mm", "fixtures": [
        {"type": "three_compartment_sink", "compartments": comps, "length": f"{length * 25.4} mm",
         "width": f"{width * 2.54} cm", "depth": f"{depth * 0.0254} m"},
        {"type": "combi_oven", "flow": f"{flow * 3.785411784} L/min"}]}
    a, b = size(from_dict(us)), size(from_dict(si))
    assert a.dfu_total == b.dfu_total
    assert abs(a.required_volume_gal - b.required_volume_gal) < 1e-6
    for key in ("rated_one_minute_gpm", "rated_two_minute_gpm", "by_pipe_one_minute_gpm"):
        assert a.hydromechanical[key] == b.hydromechanical[key]


junk = st.one_of(st.text(string.printable, max_size=20), st.integers(), st.floats(allow_nan=True),
                 st.booleans(), st.none(), st.lists(st.integers(), max_size=2))


@settings(max_examples=200)
@given(junk, st.sampled_from(["in", "gpm", "gal", "degF", "h"]))
def test_parse_never_crashes(value, unit):
    try:
        result = parse_quantity("field", value, unit)
    except SizingInputError as exc:
        assert str(exc).startswith("field: ") and "\n" not in str(exc)
    else:
        assert isinstance(result, float)


fixture_junk = st.dictionaries(st.sampled_from(["type", "count", "area", "trap_size", "flow", "length", "width",
                                                "depth", "dfu", "compartments", "connected_to_interceptor"]), junk)


@settings(max_examples=200, deadline=None)
@given(st.lists(fixture_junk, max_size=3), junk)
def test_junk_submittals_raise_the_project_error(fixtures, pipe):
    try:
        size(from_dict({"fixtures": fixtures, "inlet_pipe": pipe}))
    except SizingInputError as exc:
        assert "\n" not in str(exc)
