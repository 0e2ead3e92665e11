"""Submittals compliant under the City of Tracy's profile that another jurisdiction's own rule makes not compliant,
with that jurisdiction's clause in the finding (Placerville's are in tests/test_profile_placerville.py).

Hand computations: CPC Table 702.1 (tables/cpc-2025): floor drain 2 DFU, dishwasher (domestic) 2 DFU; CPC Table
1014.3.6: up to 8 DFU 500 gal, 9 to 21 DFU 750 gal. PDI G-101 fixture-capacity method as the tool applies it under
CPC 1014.2.1: a 12 x 12 x 10 in bar sink holds 1440 / 231 = 6.23 gal, 75 % of it drains in one minute: 4.68 gpm."""

from __future__ import annotations

from sizing.io import submittal
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review

INTERCEPTOR_500 = {"type": "gravity", "volume": "500 gal", "compartments": 2, "sanitary_tees": 2,
                   "manholes": [{"over": "sanitary_tee", "diameter": "24 in", "to_grade": True},
                                {"over": "sanitary_tee", "diameter": "24 in", "to_grade": True}],
                   "grease_retention_fittings": True, "accessible": True}


def reviewed(doc: dict, jid: str):
    r = review(submittal.from_dict(doc, jurisdiction=get_jurisdiction(jid)))
    return r, {f.rule: f for f in r.findings}


def test_fullerton_counts_an_unmarked_dishwasher_so_a_500_gal_interceptor_is_too_small():
    """Four floor drains (8 DFU) and a dishwasher the schedule does not mark. Tracy: a dishwasher shall not be
    connected, so 8 DFU and 500 gal: compliant. Fullerton: 12.20.220(F) bars dishwashers from grease traps only, so
    the dishwasher is counted (the profile flags the basis unconfirmed): 10 DFU, 750 gal, and 500 gal fails."""
    doc = {"edition": "2025", "construction": "new", "project": {"name": "Cafe"}, "review_date": "2026-03-02",
           "fixtures": [{"type": "floor_drain", "count": 4, "area": "food_prep"},
                        {"type": "dishwasher", "count": 1, "area": "cleanup"}],
           "interceptor": INTERCEPTOR_500, "max_discharge_temperature": "120 degF"}
    tracy, tf = reviewed(doc, "tracy")
    fullerton, ff = reviewed(doc, "fullerton")
    assert tracy.compliant and (tf["volume"].status, tf["volume"].limit) == ("pass", 500)
    assert tracy.sizing.dfu_total == 8
    assert not fullerton.compliant and fullerton.sizing.dfu_total == 10
    assert (ff["volume"].status, ff["volume"].value, ff["volume"].limit) == ("fail", 500, 750)
    assert ff["volume"].citation.endswith("FMC 12.20.210(B)")
    assert any("whose basis is unconfirmed (FMC 12.20.220(F)" in w for w in fullerton.sizing.warnings)


def test_long_beach_refuses_a_grease_trap_rated_under_20_gpm():
    """A 15 gpm grease trap for one 12 x 12 x 10 in bar sink: the CPC needs 4.68 gpm, so Tracy's review passes the
    size (compliant, the Director's acceptance of the type a warning); LBMC 8.46.050(C) allows 20 to 55 gpm: fail."""
    doc = {"edition": "2025", "construction": "new", "project": {"name": "Bar"}, "review_date": "2026-03-02",
           "fixtures": [{"type": "bar_sink", "count": 1, "area": "cleanup", "length": "12 in", "width": "12 in",
                         "depth": "10 in"}],
           "interceptor": {"type": "hydromechanical", "rated_flow": "15 gpm", "accessible": True}}
    tracy, tf = reviewed(doc, "tracy")
    lb, lf = reviewed(doc, "long-beach")
    assert tracy.compliant and tf["volume"].status == "pass" and round(tf["volume"].limit, 2) == 4.68
    assert "hgi_rating_range" not in tf
    assert not lb.compliant
    f = lf["hgi_rating_range"]
    assert (f.status, f.value, f.limit, f.citation) == ("fail", 15, "20-55", "LBMC 8.46.050(C)")
    assert lb.corrections == ["Use a grease trap rated 20 to 55 gpm, or a gravity interceptor where the flow needs "
                              "more; the plans show 15 gpm [LBMC 8.46.050(C)]"]
