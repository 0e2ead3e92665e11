"""Which fixtures drain to the interceptor: no dishwasher, every food preparation and clean-up fixture, and no
sanitary fixture."""

from __future__ import annotations

from sizing.finding import FAIL, PASS, WARN, Finding
from sizing.rules.review_rules.context import (
    NOT_SHOWN,
    RuleContext,
    assumed_connection,
    fixture_names,
    no_schedule,
)
from sizing.rules.review_rules.registry import review_rule


@review_rule("dishwasher_connection")
def rule_dishwasher_connection(c: RuleContext) -> Finding:
    """Dishwashers shall not be connected to the grease interceptor.
    FOG ordinance, Grease interceptor requirement."""
    p = c.param("dishwashers_not_connected")
    unknown = no_schedule(c, "dishwasher_connection", p["citation"], "Dishwashers off the interceptor")
    if unknown:
        return unknown
    dish = [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].kind.dishwasher and f.count]
    via = [f for f in dish if not f.connected and _receptor(c, f) is not None and _receptor(c, f).connected]
    if via:
        names = "; ".join(f"{fixture_names(c, [f])} drains to {fixture_names(c, [_receptor(c, f)])}, which is "
                          "connected to the interceptor" for f in via)
        return Finding("dishwasher_connection", FAIL, p["citation"], f"Dishwasher connected through its receptor: {names}",
                       value="connected through its receptor", limit="not connected",
                       correction=f"Route the dishwasher's waste to a receptor that is not on the grease interceptor "
                                  f"line: {names}")
    bad = [f for f in dish if f.connected]
    if bad:
        names = fixture_names(c, bad)
        return Finding("dishwasher_connection", FAIL, p["citation"], f"Dishwasher connected to the interceptor: {names}",
                       value="connected", limit="not connected",
                       correction=f"Disconnect the dishwasher from the grease interceptor: {names}")
    taken = assumed_connection(c, "dishwasher_connection", p["citation"], [f for f in dish if _receptor(c, f) is None],
                               "No dishwasher is shown connected to the interceptor",
                               "state connected_to_interceptor: false, and its receptor with drains_to where it "
                               "drains indirectly", "not connected", "not connected")
    if taken:
        return taken
    if dish:
        return Finding("dishwasher_connection", PASS, p["citation"],
                       f"{'Dishwashers' if len(dish) > 1 or dish[0].count > 1 else 'Dishwasher'} not connected to "
                       f"the interceptor: {fixture_names(c, dish)}",
                       value="not connected", limit="not connected")
    return Finding("dishwasher_connection", PASS, p["citation"], "No dishwasher is connected to the interceptor",
                   value="none", limit="not connected")


@review_rule("prep_fixtures_connected")
def rule_prep_fixtures_connected(c: RuleContext) -> Finding:
    """Fixtures in the food preparation and clean-up areas connected to the interceptor.
    FOG ordinance, Grease interceptor requirement."""
    p = c.param("prep_and_cleanup_fixtures_connected")
    in_area = [f for f in c.sizing.fixtures if f.area in ("food_prep", "cleanup") and f.count
               and not c.sub.fixtures[f.index].kind.dishwasher and not c.sub.fixtures[f.index].sanitary]
    astray = [(f, _receptor(c, f)) for f in in_area if f.connected and _receptor(c, f) is not None
              and not (_receptor(c, f).connected and _receptor(c, f).count)]
    if astray:
        names = "; ".join(f"{fixture_names(c, [f])} drains to {fixture_names(c, [r])}, which is "
                          + ("not connected to the interceptor" if not r.connected else "not counted (count 0)")
                          for f, r in astray)
        return Finding("prep_fixtures_connected", FAIL, p["citation"],
                       f"Indirect waste to a receptor off the interceptor: {names}",
                       value=f"{len(astray)} receptor{'s' if len(astray) != 1 else ''} not connected",
                       limit="all connected",
                       correction=f"Connect the receptor to the grease interceptor, or route the appliance to a "
                                  f"connected floor sink: {names}")
    bad = [f for f in in_area if not f.connected]
    if bad:
        names = fixture_names(c, bad)
        return Finding("prep_fixtures_connected", FAIL, p["citation"],
                       f"Food preparation / clean-up fixtures not connected: {names}",
                       value=f"{len(bad)} not connected", limit="all connected",
                       correction=f"Connect the fixtures in the food preparation and clean-up areas to the grease "
                                  f"interceptor: {names}")
    if not in_area:
        return Finding("prep_fixtures_connected", WARN, p["citation"],
                       f"No fixture in a food preparation or clean-up area is listed; the fixture schedule is "
                       f"{NOT_SHOWN}" if not c.sub.fixtures else
                       "No fixture is listed in a food preparation or clean-up area: check the fixture areas",
                       value="none listed", limit="all connected")
    taken = assumed_connection(c, "prep_fixtures_connected", p["citation"], in_area,
                               "The food preparation / clean-up fixtures are counted as connected to the interceptor",
                               "state connected_to_interceptor: true for each line on the grease line",
                               "all connected", "all connected")
    if taken:
        return taken
    return Finding("prep_fixtures_connected", PASS, p["citation"],
                   f"All {len(in_area)} food preparation / clean-up fixture lines are connected" if len(in_area) > 1
                   else "The one food preparation / clean-up fixture line is connected",
                   value="all connected", limit="all connected")


@review_rule("sanitary_connection")
def rule_sanitary_connection(c: RuleContext) -> Finding:
    """No toilets, urinals or restroom wash basins on grease lines.
    FOG ordinance, Prohibitions (e)."""
    p = c.param("no_sanitary_on_grease_lines")
    unknown = no_schedule(c, "sanitary_connection", p["citation"], "Sanitary fixtures off the grease line")
    if unknown:
        return unknown
    bad = [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].sanitary and f.connected and f.count]
    if bad:
        names = fixture_names(c, bad)
        return Finding("sanitary_connection", FAIL, p["citation"],
                       f"Sanitary fixtures on the grease interceptor line: {names}", value="connected",
                       limit="not connected",
                       correction=f"Disconnect the toilets, urinals and restroom wash basins from the grease "
                                  f"interceptor line and route them to the sanitary sewer: {names}")
    sanitary = [f for f in c.sizing.fixtures if c.sub.fixtures[f.index].sanitary]
    taken = assumed_connection(c, "sanitary_connection", p["citation"], sanitary,
                               "No toilet, urinal or restroom wash basin is shown on the grease interceptor line",
                               "state connected_to_interceptor: false where a line drains to the sanitary sewer",
                               "none connected", "not connected")
    if taken:
        return taken
    return Finding("sanitary_connection", PASS, p["citation"],
                   "No toilet, urinal or restroom wash basin discharges to the grease interceptor line",
                   value="none connected", limit="not connected")


def _receptor(c: RuleContext, line):
    """The fixture line (of the sizing) an indirect appliance's ``drains_to`` names; None when it names none."""
    index = c.sub.fixtures[line.index].receptor_index
    return None if index is None else next(f for f in c.sizing.fixtures if f.index == index)
