"""Unit text is data, never an expression: a physical value is ONE number and ONE unit name."""

from __future__ import annotations

import pytest

from tests.hostile.conftest import one_line_error


def submittal(tmp_path, inlet: str, name: str = "s.yaml"):
    (tmp_path / name).write_text(
        "fixtures:\n  - {type: floor_drain, count: 3}\ninlet_pipe: " + inlet + "\n", encoding="utf-8")
    return name


@pytest.mark.parametrize("text", ["24 in**2**3**4**5", "24 in*pi", "24 in!", "24 in$", "24 in # x", "24 (in)"])
def test_unit_expression_is_one_error(cli, tmp_path, text):
    """Item 1: unit text is evaluated as an expression by pint ('24 in**2**3**4**5' never returned and grew
    past 2.8 GB; '24 in*pi' was 75.4 in; '24 in!' and '24 in # x' were 24 in)."""
    name = submittal(tmp_path, repr(text))
    run = cli("size", name, "--format", "json")
    line = one_line_error(run, "size", "inlet_pipe: expected a length such as '24 in' or '610 mm', got ")
    assert line.endswith(repr(text))


def test_very_long_unit_string_names_the_field(cli, tmp_path):
    """Item 1: a very long unit string (pint hung on 10 MB) is refused by its length, naming the field."""
    name = submittal(tmp_path, "'24 " + "in" * 7_000 + "'")
    run = cli("size", name)
    line = one_line_error(run, "size", "inlet_pipe: expected a length such as '24 in' or '610 mm' (one number and "
                                       "one unit, at most 64 characters), got '24 inin")
    assert line.endswith("...'")


def test_ten_megabyte_file_is_refused_by_its_size(cli, tmp_path):
    """Item 1: a 10 MB unit string in a file: the file is over the 1 MB limit and is not parsed at all."""
    name = submittal(tmp_path, "'24 " + "x" * 10_000_000 + "'")
    run = cli("size", name)
    one_line_error(run, "size", "FILE: s.yaml is larger than 1 MB, the limit for a submittal file")
    assert run.seconds < 5


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("project:\n  name", "x" * 3000, "project.name: expected text of at most 2,000 characters, got 'xxx"),
    ("notes", "y" * 30_000, "notes: expected text of at most 20,000 characters, got 'yyy"),
])
def test_every_text_field_is_bounded(cli, tmp_path, field, value, shown):
    """Item 1: the length of every text field is bounded (named fields lower, any text at most 20,000)."""
    (tmp_path / "t.yaml").write_text(f"fixtures: [{{type: floor_drain}}]\n{field}: {value}\n", encoding="utf-8")
    line = one_line_error(cli("size", "t.yaml"), "size", shown)
    assert len(line) < 200


@pytest.mark.parametrize(("text", "inches"), [("24 IN", 24.0), ("24 Inch", 24.0), ("2 FT", 24.0),
                                              ("2'-0\\\"", 24.0), ("2 ft 6 in", 30.0), ("1½ in", 1.5)])
def test_spellings_people_type_are_read(cli, tmp_path, text, inches):
    """Item 10: common spellings are read without case (24 IN, 24 Inch, 2 FT, 2'-0", 2 ft 6 in, 1½ in)."""
    import json

    name = submittal(tmp_path, f'"{text}"')
    run = cli("size", name, "--format", "json")
    assert run.rc == 0, run.err
    assert json.loads(run.out)["hydromechanical"]["inlet_pipe_in"] == inches
