"""Meals-formula factors: where they come from.

Source: Jerry's Plumbing & Heating, "Grease Traps" (jerrysplumbingheating.com/grease-traps2.html), a
contractor's page reproducing the formula it attributes to UPC Appendix H: meal factor 1.33 fast food /
cafeteria (45 min a meal), 1.00 restaurant (60 min), 0.67 leisure dining (90 min), 0.50 dinner club (120 min);
6 gal per meal with a dishwashing machine, 5 without. Secondary: UPC Appendix H itself was not read.
"""

import pytest

from sizing.cpc.size import size
from sizing.io.submittal import from_dict
from sizing.io.tables import load_table


def test_meal_factors_as_the_page_lists_them():
    meta = load_table("meals-factors").meta
    assert meta["meal_factors"] == {"fast_food": 1.33, "restaurant": 1.0, "leisure": 0.67, "dinner_club": 0.5}
    assert meta["waste_flow_gal_per_meal"]["with_dishwashing_machine"] == 6
    assert meta["waste_flow_gal_per_meal"]["without_dishwashing_machine"] == 5
    assert "Jerry's Plumbing & Heating" in meta["factor_sources"]["meal_factors"]


@pytest.mark.parametrize(("kind", "meals"), [("fast_food", 133), ("restaurant", 100), ("leisure", 67),
                                             ("dinner_club", 50)])
def test_seats_times_meal_factor(kind, meals):
    """100 seats x the page's factor = meals per peak hour."""
    r = size(from_dict({"meals": {"seats": 100, "meal_factor": kind, "hours_of_operation": "8 h"}}))
    assert r.meals["meals_per_peak_hour"] == pytest.approx(meals)
