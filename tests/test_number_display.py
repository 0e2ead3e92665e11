"""Numbers as a person reads them: one formatter, a precision per quantity, no "None" and no "False"."""

from __future__ import annotations

from sizing.report.quantities import number, quantity_of, show
from sizing.report.register import diff_text


def test_a_flow_just_over_a_rating_shows_why_it_needs_the_next_one():
    assert show(35.04, "gpm") == "35.04 gpm"  # was "35 gpm", which seemed to fit a 35 gpm unit
    assert show(35.0, "gpm") == "35 gpm"


def test_cells_by_quantity():
    assert [number(2.00787, quantity_of("fog_in")), number(74.49653, quantity_of("one_minute_flow_gpm")),
            number(12.345, quantity_of("percent_full")), number(1250.0, quantity_of("required_volume_gal")),
            number(16.0, quantity_of("dfu_total"))] == ["2.01", "74.5", "12.3", "1,250", "16"]
    assert (number(None), number(False), number(True), number(3)) == ("—", "no", "yes", "3")


def test_the_cycle_diff_shows_values_not_python_words():
    d = {"fse_id": "FSE-1", "from": {"cycle": 1, "review_date": "2026-01-05"},
         "to": {"cycle": 2, "review_date": "2026-02-05"}, "compliant": {"from": False, "to": True},
         "fixtures": [], "resolved": [], "new": [], "still_failing": [], "other_status_changes": [],
         "design": [{"value": "interceptor.volume_gal", "from": 499.2937, "to": 1000.0},
                    {"value": "interceptor.grease_retention_fittings", "from": None, "to": False},
                    {"value": "interceptor.manholes[0].diameter_in", "from": 23.622, "to": 24.0}]}
    text = diff_text(d)
    assert text.splitlines()[0].endswith("; compliant no -> yes")
    assert "  interceptor.volume_gal: 499.3 -> 1,000" in text
    assert "  interceptor.grease_retention_fittings: — -> no" in text
    assert "  manhole 1, diameter in: 23.62 -> 24" in text
