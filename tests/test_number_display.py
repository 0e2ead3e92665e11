"""Numbers as a person reads them: one formatter, a precision per quantity, no "None" and no "False"."""

from __future__ import annotations

from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.program.report import diff_text
from sizing.quantities import number, quantity_of, show


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


# --- One quantity, one way: a rule's message, the report and the page print the same text ---------------------

def test_a_percentage_prints_one_way():
    """5.25 in of FOG + solids in a 48 in liquid depth is 5.25 / 48 = 10.9375 %: one decimal, everywhere."""
    from sizing.rules.accumulation import limit_finding

    assert show(10.9375, "%") == "10.9 %"
    assert number(10.9375, quantity_of("percent_full")) == "10.9"
    f = limit_finding({"percent_full": 10.9375, "exceeds_limit": False}, 25.0, "c")
    assert f.message == "FOG + solids 10.9 % of the liquid depth (within 25 %)"


def test_a_value_beside_its_limit_is_never_printed_as_the_limit():
    """12.02 in of 48 in is 25.0417 %: over the 25 % limit, so not '25 %' but '25.04 %'."""
    from sizing.quantities import show_against
    from sizing.rules.accumulation import limit_finding

    assert show_against(25.0417, 25.0, "%") == "25.04 %"
    assert show_against(25.0, 25.0, "%") == "25 %"
    f = limit_finding({"percent_full": 25.0417, "exceeds_limit": True}, 25.0, "c")
    assert f.message == "FOG + solids 25.04 % of the liquid depth (over 25 %)"


def test_a_manhole_and_its_limit_print_alike():
    """A 600 mm manhole is 600 / 25.4 = 23.622 in; 24.0 in prints as the 24 in limit does, not '24.00 in'."""
    assert (show(24.0, "in"), show(23.622, "in"), show(30.0, "in")) == ("24 in", "23.62 in", "30 in")


def test_a_volume_prints_to_one_decimal():
    """PDI G-101: one 48 x 24 x 12 in sink holds 13,824 in3 / 231 in3 per gal = 59.844 gal -> '59.8 gal';
    1890 L / 3.785411784 L per gal = 499.29 gal -> '499.3 gal'."""
    from sizing.rules.review_rules.context import gal

    assert (show(13824 / 231, "gal"), gal(13824 / 231), show(1890 / 3.785411784, "gal")) == \
        ("59.8 gal", "59.8 gal", "499.3 gal")


def test_the_maintenance_report_prints_the_rule_s_percentage():
    """The example restaurant log's latest reading, 3 in + 2.25 in = 5.25 in of 48 in = 10.9375 %, prints as
    10.9 % in the report's reading line, its table and its findings alike."""
    from sizing.report.maintenance import maintenance_text
    from sizing.rules import maintenance as m

    text = maintenance_text(m.plan(m.load("examples/maintenance-restaurant.yaml"), get_jurisdiction("tracy")))
    assert "10.9375" not in text and "10.938" not in text and "10.94 %" not in text
    assert "= 10.9 %" in text and "FOG + solids 10.9 % of the liquid depth" in text


def test_rounding_is_half_up_as_by_hand():
    """(9 + 6) in / 48 in = 31.25 %: to one decimal by hand, 31.3 % (a float's own formatting gives 31.2)."""
    assert show(31.25, "%") == "31.3 %"
    assert number(2.675, "length") == "2.68"  # 2.675 in to two decimals, half up


def test_the_letter_prints_an_evidence_value_to_its_unit_s_precision():
    """The determination letter's evidence checks: 40.25 % on-site consumption to a percentage's one decimal,
    1,500 gal a day as a person writes it."""
    from sizing.report.letter import number_text

    assert (number_text(40.25, "%"), number_text(1500.0, "gal"), number_text(None, "%")) == ("40.3", "1,500", "—")
