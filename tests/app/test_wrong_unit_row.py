"""A sink row with a dimension in a wrong unit and the others not typed yet is told about the unit (it was told
only to enter the missing dimensions)."""

from __future__ import annotations

from tests.app.conftest import add_fixture, edit_fixtures, errors


def test_a_length_in_kg_is_named_before_the_missing_width_and_depth(app):
    add_fixture(app, "three_compartment_sink", 1)
    edit_fixtures(app, {0: {"length": "24 kg"}})
    shown = errors(app)
    assert len(shown) == 1
    assert shown[0].startswith("fixture 1 (Three-compartment (pot) sink), length: expected a length")
    assert shown[0].endswith("got '24 kg'")
