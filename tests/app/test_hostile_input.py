"""The app under hostile input: each case ends in one st.error line, within a short time, no exception."""

from __future__ import annotations

import time

import pytest

from tests.app.conftest import add_fixture, edit_fixtures, errors, open_examples

#: An input that hangs the parser fails the test instead of freezing the run.
BOUND_S = 20

ALIAS_BOMB = b"""notes:
  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
  e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
  f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
  g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
  h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
  i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
project: {name: *i}
fixtures:
  - {type: floor_drain, count: 3}
"""


@pytest.fixture
def fast(app):
    app.default_timeout = BOUND_S
    return app


def test_alias_bomb_upload_is_one_error(fast):
    """Bad input, alias bomb: YAML aliases expanding to billions of values are refused, not expanded."""
    start = time.monotonic()
    open_examples(fast).file_uploader(key="upload_submittal").set_value(("bomb.yaml", ALIAS_BOMB, "application/yaml")).run()
    assert not fast.exception
    assert errors(fast) == ["bomb.yaml is not valid YAML: aliases (*name) expand to more than 10,000 values; "
                            "write the values out at line 6, column 10"]
    assert time.monotonic() - start < BOUND_S


def test_power_tower_unit_is_one_error(fast):
    """Bad input, unit text is data: '24 in**2**3**4**5' is refused before pint sees it (it never returned)."""
    start = time.monotonic()
    fast.text_input(key="in_inlet_pipe").input("24 in**2**3**4**5").run()
    assert not fast.exception
    assert errors(fast) == ["inlet_pipe: expected a length such as '24 in' or '610 mm', got '24 in**2**3**4**5'"]
    assert time.monotonic() - start < BOUND_S
    fast.text_input(key="in_inlet_pipe").input("24 in*pi").run()
    assert errors(fast) == ["inlet_pipe: expected a length such as '24 in' or '610 mm', got '24 in*pi'"]


def test_huge_count_in_the_grid_is_one_error(fast):
    """Bad input: a count of 1e20 typed in the fixture grid names the cell instead of a traceback."""
    add_fixture(fast, "floor_drain", 1)
    edit_fixtures(fast, {0: {"count": 1e20}})
    assert not fast.exception
    assert errors(fast) == ["fixture 1 (Floor drain), count: expected a whole number >= 0 and <= 1,000,000, got "
                            "100000000000000000000"]


def test_fixture_csv_with_an_extra_field_is_refused(fast):
    """Bad input: an uploaded fixture CSV row with more fields than the header is an error by line, never
    two floor drains with the extra value dropped."""
    add_fixture(fast, "mop_sink", 1)
    csv = b"type,count\nfloor_drain,2,300,floor_sink\n"
    open_examples(fast).file_uploader(key="upload_submittal").set_value(("s.csv", csv, "text/csv")).run()
    assert errors(fast) == ["s.csv: line 2 has 4 fields, the header has 2; quote a value that contains a comma"]
    assert list(fast.session_state["fx_current"]["type"]) == ["mop_sink"]
