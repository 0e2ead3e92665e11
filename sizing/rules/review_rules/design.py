"""The interceptor's design: its size against the CPC (volume or rated flow), the fixture capacity of a
hydromechanical interceptor, its type, its compartments, grease retention fittings and an accessible location."""

from __future__ import annotations

from sizing.finding import FAIL, INFO, PASS, WARN, Finding
from sizing.io.units import convert, split_value, unit_name
from sizing.quantities import number, show, show_against
from sizing.rules.review_rules.context import (
    NOT_SHOWN,
    RuleContext,
    fixture_names,
    gal,
    missing,
    no_interceptor,
    not_checked,
)
from sizing.rules.review_rules.registry import review_rule
from sizing.rules.review_rules.requirement import requires_interceptor

#: A volume typed in whole litres may land a fraction of a gallon under a US size (2839 L = 749.98 gal):
#: compare with half a litre of slack so that rounding to the litre does not fail a design. Only a volume typed in
#: litres (or another metric volume) gets it; one typed in gallons must meet the size as entered.
VOLUME_SLACK_L = 0.5


def _typed_in_litres(typed) -> bool:
    """Whether the volume was typed in a metric unit (L, mL, m3): its rounding to the litre gets the slack.

    >>> _typed_in_litres("2839 L"), _typed_in_litres("999.9 gal"), _typed_in_litres(1000), _typed_in_litres("2.839 m3")
    (True, False, False, True)
    """
    if not isinstance(typed, str):
        return False

    try:
        unit = unit_name(split_value(typed.strip())[1])
    except ValueError:
        return False
    return "gal" not in unit and any(u in unit for u in ("liter", "litre", "meter", "L"))


@review_rule("volume")
def rule_volume(c: RuleContext) -> Finding:
    """Proposed volume (gravity) or rating (hydromechanical) >= the CPC size.
    CPC Section 1014.3.6, Table 1014.3.6 (gravity); Section 1014.2.1, Table 1014.2.1 and PDI G-101 (HGI);
    FOG ordinance, Grease interceptor design standards (b)."""
    local = c.optional_param("sizing_per_cpc")  # a local clause that adopts the CPC size, if any
    tmc = f"; {local['citation']}" if local else ""
    ed = c.sizing.edition
    if c.icp is None:
        return no_interceptor(c, "volume", f"CPC {ed}, Section 1014{tmc}", "Interceptor size")
    if c.kind is None:  # no type stated, and neither a volume alone nor a rated flow alone
        return missing("volume", f"CPC {ed}, Section 1014{tmc}", "Interceptor type (gravity or hydromechanical)",
                       "State the interceptor type (gravity or hydromechanical) and its volume or rated flow")
    return _volume_gravity(c, tmc) if c.kind == "gravity" else _volume_hgi(c, tmc)


def _volume_gravity(c: RuleContext, tmc: str) -> Finding:
    g = c.sizing.gravity
    cite = f"{g['citation']}{tmc}"
    need = g["required_volume_gal"]
    prov = g["provenance"]
    if c.icp.volume_gal is None:
        return missing("volume", cite, "The gravity interceptor's volume is",
                       "Show the gravity grease interceptor's liquid volume (gallons)"
                       + (f"; the code requires at least {gal(need)}" if need else ""),
                       limit=need, unit="gal")
    have = c.icp.volume_gal
    typed = c.icp.given.get("volume")
    metric = _typed_in_litres(typed)
    # as entered, with every digit it was given (999.86 gal is never shown as a rounded 999.9); litres converted
    # to gallons to a volume's precision, never printed as the size they fall short of
    shown = f"{typed} ({show_against(have, need, 'gal')})" if metric and need else \
        f"{typed} ({show(have, 'gal')})" if metric else f"{have:,.6g} gal"
    slack = convert(VOLUME_SLACK_L, "L", "gal") if metric else 0.0
    if need is None:
        return Finding("volume", WARN, cite, f"Proposed volume {shown}; the CPC size could not be determined: "
                       f"{g['message']}", value=have, unit="gal", provenance=prov)
    basis = f"{show(c.sizing.dfu_total, 'DFU')}"
    if g["footnote3_volume_gal"]:
        basis += f" + {gal(g['footnote3_volume_gal'])} (footnote 3)"
    left_out = tuple(g.get("left_out") or ())
    if have + slack >= need and left_out:
        return Finding("volume", WARN, cite, f"Proposed volume {shown} meets the {gal(need)} required for {basis}, but "
                       f"that sum leaves out {_listed(left_out)} (indirect waste with no receptor listed and no flow): "
                       "the size is not checked in full", value=have, limit=need, unit="gal", provenance=prov,
                       missing=left_out,
                       correction=f"List the floor sink or floor drain that receives {_listed(left_out)}, or give "
                                  "its flow, so that its load is counted")
    if have + slack >= need:
        return Finding("volume", PASS, cite, f"Proposed volume {shown} >= required {gal(need)} ({basis})",
                       value=have, limit=need, unit="gal", provenance=prov)
    return Finding("volume", FAIL, cite, f"Proposed volume {shown} is less than the required {gal(need)} ({basis})",
                   value=have, limit=need, unit="gal", provenance=prov,
                   correction=f"Increase the gravity grease interceptor to at least {gal(need)} for {basis}; the "
                              f"plans show {shown}")


def _volume_hgi(c: RuleContext, tmc: str) -> Finding:
    h = c.sizing.hydromechanical
    ed = c.sizing.edition
    if h["one_minute_flow_gpm"] is not None:
        one, two = h["one_minute_flow_gpm"], h["two_minute_flow_gpm"]
        basis = (f"PDI G-101 fixture-capacity method: {show(h['drainage_load_gal'], 'gal')} drainage load"
                 + (f" + {show(h['added_flow_gpm'], 'gpm')} of appliances" if h["added_flow_gpm"] else ""))
        cite = f"CPC {ed}, Section 1014.2.1; PDI G-101{tmc}"
        std = f"; next standard rating {h['rated_one_minute_gpm']} gpm" if h["rated_one_minute_gpm"] else ""
    elif h["by_pipe_one_minute_gpm"] is not None:
        one, two = h["by_pipe_one_minute_gpm"], h["by_pipe_two_minute_gpm"]
        basis = f"Table 1014.2.1 for a {show(h['inlet_pipe_in'], 'in')} grease waste pipe"
        cite = f"CPC {ed}, Section 1014.2.1, Table 1014.2.1{tmc}"
        std = ""
    else:
        return Finding("volume", WARN, f"CPC {ed}, Section 1014.2.1{tmc}",
                       "The HGI requirement could not be computed: give sink dimensions or flows of the connected "
                       "fixtures, or the inlet pipe size" + (f" ({h['message']})" if h["message"] else ""),
                       value=c.icp.rated_flow_gpm, unit="gpm")
    prov = h["provenance"]
    if c.icp.rated_flow_gpm is None:
        return missing("volume", cite, "The hydromechanical interceptor's rated flow is",
                       f"Show the hydromechanical grease interceptor's rated flow; at least {show(one, 'gpm')} is required "
                       f"for 1-minute drainage ({basis})", limit=one, unit="gpm")
    have = c.icp.rated_flow_gpm
    left_out = tuple(h.get("left_out") or ()) if h["one_minute_flow_gpm"] is not None else ()
    partial = (f"; the flow leaves out {_listed(left_out)} (neither dimensions nor a flow given), so it is only a "
               "lower bound: not checked in full") if left_out else ""
    give = (f"Give the length, width and depth (or the flow) of {_listed(left_out)} so that the fixture-capacity "
            "method includes them") if left_out else None
    if have >= one - 1e-9:
        if left_out:
            return Finding("volume", WARN, cite, f"Rated flow {show(have, 'gpm')} >= the 1-minute drainage flow {show(one, 'gpm')} "
                           f"of the fixtures counted ({basis}){partial}", value=have, limit=one, unit="gpm",
                           provenance=prov, missing=left_out, correction=give)
        return Finding("volume", PASS, cite, f"Rated flow {show(have, 'gpm')} >= the 1-minute drainage flow {show(one, 'gpm')} "
                       f"({basis}{std})", value=have, limit=one, unit="gpm", provenance=prov)
    if have >= two - 1e-9:
        return Finding("volume", WARN, cite, f"Rated flow {show(have, 'gpm')} meets only the 2-minute drainage flow "
                       f"{show(two, 'gpm')}, not the 1-minute flow {show(one, 'gpm')} ({basis}); acceptable only where the "
                       f"2-minute drain period is allowed and stated on the plans{partial}", value=have, limit=one,
                       unit="gpm", provenance=prov, missing=left_out, correction=give)
    return Finding("volume", FAIL, cite, f"Rated flow {show(have, 'gpm')} is less than the 2-minute drainage flow {show(two, 'gpm')} "
                   f"and the 1-minute flow {show(one, 'gpm')} ({basis})", value=have, limit=one, unit="gpm", provenance=prov,
                   correction=f"Increase the hydromechanical grease interceptor's rated flow to at least {show(one, 'gpm')} "
                              f"for 1-minute drainage, or {show(two, 'gpm')} where a 2-minute drain period is allowed and "
                              f"stated; the plans show {show(have, 'gpm')}")


@review_rule("hgi_capacity")
def rule_hgi_capacity(c: RuleContext) -> Finding | None:
    """The capacity of the fixtures discharging into a hydromechanical interceptor at most the profile's ratio
    times its rated flow.
    CPC Section 1014.2.1 (wording secondary: check against the printed code)."""
    if c.kind != "hydromechanical":
        return None
    p = c.param("hgi_max_capacity_ratio")
    ratio = float(p["value"])
    cite = str(p["citation"]).format(edition=c.sizing.edition)
    prov, note = p.get("provenance"), p.get("provenance_note")
    rated = c.icp.rated_flow_gpm
    capacity = c.sizing.hydromechanical.get("fixture_volume_gal")
    keys = {s.key.removeprefix("hgi.volume.") for s in c.sizing.steps if s.key.startswith("hgi.volume.")}
    counted = [fixture_names(c, [f]) for f in c.sizing.fixtures if f"fixtures[{f.index}]" in keys]
    if rated is None or not counted:
        what = "the rated flow is" if rated is None else "no connected fixture gives its dimensions (length, width, depth):"
        return Finding("hgi_capacity", WARN, cite,
                       f"Fixture capacity against {ratio:g} x the rated flow: not checked; {what} {NOT_SHOWN}",
                       value=capacity, limit=None, unit="gal", provenance=prov, provenance_note=note)
    limit = ratio * rated
    basis = f"{', '.join(counted)}; {number(ratio)} gal per gpm x {show(rated, 'gpm')}"
    left_out = tuple(c.sizing.hydromechanical.get("left_out") or ())
    if left_out and capacity <= limit + 1e-9:
        return Finding("hgi_capacity", WARN, cite,
                       f"Fixture capacity against {ratio:g} x the rated flow: not checked in full; the {gal(capacity)} "
                       f"of the fixtures counted ({basis}) leaves out {_listed(left_out)}, which give no length, width "
                       f"and depth", value=capacity, limit=limit, unit="gal", provenance=prov, provenance_note=note,
                       missing=left_out,
                       correction=f"Give the length, width and depth of {_listed(left_out)} so that the fixture "
                                  f"capacity can be checked against {gal(limit)}")
    if capacity <= limit + 1e-9:
        return Finding("hgi_capacity", PASS, cite,
                       f"Connected fixture capacity {gal(capacity)} does not exceed {gal(limit)} ({basis})",
                       value=capacity, limit=limit, unit="gal", provenance=prov, provenance_note=note)
    return Finding("hgi_capacity", FAIL, cite,
                   f"Connected fixture capacity {gal(capacity)} exceeds {gal(limit)} ({basis})",
                   value=capacity, limit=limit, unit="gal", provenance=prov, provenance_note=note,
                   correction=f"Provide a hydromechanical interceptor rated at least {show(capacity / ratio, 'gpm')} for "
                              f"the {gal(capacity)} of connected fixtures (at most {number(ratio)} gal per gpm), or "
                              f"connect less fixture capacity to it; the plans show {show(rated, 'gpm')}")


@review_rule("hgi_rating_range")
def rule_hgi_rating_range(c: RuleContext) -> Finding | None:
    """A hydromechanical interceptor (grease trap) rated within the jurisdiction's allowed range; larger flows call
    for a gravity interceptor.
    FOG ordinance, Grease interceptor design standards (grease traps)."""
    if c.kind != "hydromechanical":
        return None
    low, high = c.param("min_hgi_rating"), c.param("max_hgi_rating")
    lo, hi, cite = float(low["value"]), float(high["value"]), low["citation"]
    if high["citation"] != cite:
        cite = f"{cite}; {high['citation']}"
    rated = c.icp.rated_flow_gpm
    if rated is None:
        return missing("hgi_rating_range", cite, "The hydromechanical interceptor's rated flow is",
                       f"Show the rated flow of the grease trap; the jurisdiction allows {number(lo, 'flow')} to {show(hi, 'gpm')}",
                       limit=f"{number(lo, 'flow')}-{number(hi, 'flow')}", unit="gpm")
    if lo - 1e-9 <= rated <= hi + 1e-9:
        return Finding("hgi_rating_range", PASS, cite, f"Rated flow {show(rated, 'gpm')} within the allowed {number(lo, 'flow')} to {show(hi, 'gpm')}",
                       value=rated, limit=f"{number(lo, 'flow')}-{number(hi, 'flow')}", unit="gpm")
    return Finding("hgi_rating_range", FAIL, cite, f"Rated flow {show(rated, 'gpm')} is outside the allowed {number(lo, 'flow')} to {show(hi, 'gpm')}",
                   value=rated, limit=f"{number(lo, 'flow')}-{number(hi, 'flow')}", unit="gpm",
                   correction=f"Use a grease trap rated {number(lo, 'flow')} to {show(hi, 'gpm')}, or a gravity interceptor where the flow "
                              f"needs more; the plans show {show(rated, 'gpm')}")


def _listed(lines: tuple[str, ...]) -> str:
    """``('fixture 2 (3 x Food preparation sink)',)`` as one phrase."""
    return ", ".join(lines)


@review_rule("interceptor_type")
def rule_interceptor_type(c: RuleContext) -> Finding | None:
    """A hydromechanical interceptor where a grease interceptor is required needs the Director's acceptance.
    FOG ordinance, Grease interceptor design standards (a); Conditional waivers and variances (b)."""
    kind = c.kind
    if kind is None:
        return None
    p = c.param("hydromechanical_needs_acceptance")
    if kind == "gravity":
        return Finding("interceptor_type", PASS, p["citation"], "A gravity grease interceptor is proposed",
                       value="gravity", limit="gravity, or a type the Director accepts")
    w = c.waiver
    if c.waived and w["type"] == "alternative_pretreatment":
        return Finding("interceptor_type", INFO, p["citation"],
                       f"A hydromechanical interceptor is proposed under the granted variance ({w['citation']})",
                       value=kind, limit="accepted by the Director")
    required = requires_interceptor(c)
    if required is False:
        return Finding("interceptor_type", INFO, p["citation"],
                       "A hydromechanical interceptor is proposed where no installation trigger "
                       f"({c.param('existing_trigger_install_period')['citation']}) requires a grease "
                       "interceptor", value=kind, limit="gravity, or a type the Director accepts")
    alt = c.jurisdiction.waiver_kinds.get("alternative_pretreatment")
    example = f" (e.g. as alternative pretreatment under {alt['citation']})" if alt else ""
    return Finding("interceptor_type", WARN, p["citation"],
                   "A hydromechanical interceptor is proposed where the chapter requires a grease interceptor: the "
                   f"Director must accept it as an approved type{example}; the plans should show that acceptance",
                   value=kind,
                   limit="gravity, or a type the Director accepts")


@review_rule("compartments")
def rule_compartments(c: RuleContext) -> Finding:
    """At least the profile's number of compartments.
    FOG ordinance, Grease interceptor design standards (b)."""
    p = c.param("min_compartments")
    need = int(p["value"])
    skip = not_checked(c, "compartments", p["citation"], "Compartments")
    if skip is not None:
        return skip
    if c.icp.compartments is None:
        return missing("compartments", p["citation"], "The number of compartments is",
                       f"Show the number of interceptor compartments (at least {need})", limit=need)
    have = c.icp.compartments
    if have >= need:
        return Finding("compartments", PASS, p["citation"], f"{have} compartments >= {need}", value=have, limit=need)
    return Finding("compartments", FAIL, p["citation"], f"{have} compartment{'s' if have != 1 else ''}; at least {need} are required",
                   value=have, limit=need,
                   correction=f"Provide a grease interceptor with at least {need} compartments; the plans show {have}")


@review_rule("retention_fittings")
def rule_retention_fittings(c: RuleContext) -> Finding:
    """Grease retention fittings.
    FOG ordinance, Grease interceptor design standards (e)."""
    return _flag(c, "retention_fittings", "grease_retention_fittings", c.icp and c.icp.grease_retention_fittings,
                 "Grease retention fittings",
                 "Provide grease retention fittings in the interceptor, as designed for proper function")


@review_rule("accessible_location")
def rule_accessible_location(c: RuleContext) -> Finding:
    """Easily accessible location.
    FOG ordinance, Grease interceptor design standards (c)."""
    return _flag(c, "accessible_location", "accessible_location", c.icp and c.icp.accessible,
                 "Easily accessible location",
                 "Locate the grease interceptor where it is at all times easily accessible for inspection, cleaning "
                 "and removal of accumulated grease")


def _flag(c: RuleContext, rule: str, key: str, value: bool | None, what: str, fix: str) -> Finding:
    """A yes/no design requirement: pass when the plans say yes, fail when they say no or do not show it."""
    p = c.param(key)
    skip = not_checked(c, rule, p["citation"], what)
    if skip is not None:
        return skip
    if value is None:
        return missing(rule, p["citation"], f"{what}:", fix)
    if value:
        return Finding(rule, PASS, p["citation"], f"{what}: yes", value=True, limit=True)
    return Finding(rule, FAIL, p["citation"], f"{what}: no", value=False, limit=True, correction=fix)
