"""Legacy meals formula (UPC Appendix H before 2006), the published example.

Source: 133 meals per peak hour x 2 gal x 2.5 h x 1.5 = 997.5 gal.
"""

from sizing.cpc.size import size
from sizing.io.submittal import from_dict


def test_published_example_997_5_gal():
    result = size(from_dict({"meals": {"meals_per_peak_hour": 133, "waste_flow_rate": 2, "retention_time": "2.5 h",
                                       "storage_factor": 1.5}}))
    assert result.meals["volume_gal"] == 997.5
    assert result.gravity["required_volume_gal"] is None  # meals alone never give the CPC size


def test_factors_derived_from_kitchen_descriptors():
    """Seats x meal factor; 6 gal with a dishwashing machine + 1 with a disposer; 2.5 h; 16 h -> factor 2."""
    result = size(from_dict({"meals": {"seats": 90, "meal_factor": "fast_food", "dishwashing_machine": True,
                                       "food_waste_disposer": True, "hours_of_operation": "16 h"}}))
    m = result.meals
    # worked by hand: 90 seats x 1.33 = 119.7 meals per peak hour; x 7 gal x 2.5 h x 2 = 4,189.5 gal
    assert m["meals_per_peak_hour"] == 119.7
    assert (m["waste_flow_rate_gal_per_meal"], m["retention_time_h"], m["storage_factor"]) == (7, 2.5, 2)
    assert m["volume_gal"] == 4189.5


def test_single_service_kitchen():
    result = size(from_dict({"meals": {"meals_per_peak_hour": 133, "single_service": True}}))
    m = result.meals
    assert (m["waste_flow_rate_gal_per_meal"], m["retention_time_h"], m["storage_factor"]) == (2, 1.5, 1.5)
    assert m["volume_gal"] == 598.5
