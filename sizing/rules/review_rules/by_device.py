"""Appliances permitted or barred by the type of grease removal device: a jurisdiction may keep dishwashers and
food waste disposers off a grease trap (a hydromechanical interceptor) and let them drain to a gravity
interceptor, or keep them off both. Which types bar which appliance, and the clause, come from the profile
(``dishwasher_barred_from``, ``disposer_barred_from``: lists of interceptor types); what the text calls each type
(a grease trap, a grease interceptor) comes from its ``device_terms``, whose clause the finding cites beside the
bar's."""

from __future__ import annotations

import dataclasses

from sizing.finding import FAIL, PASS, Finding
from sizing.rules.review_rules.connections import _receptor
from sizing.rules.review_rules.context import RuleContext, fixture_names, missing, no_interceptor, no_schedule
from sizing.rules.review_rules.registry import review_rule

RULE = "appliances_by_device"
#: The profile parameter, the fixture-type flag and the name of each appliance the rule checks.
APPLIANCES = (("dishwasher_barred_from", "dishwasher", "dishwasher"),
              ("disposer_barred_from", "food_grinder", "food waste disposer"))
DEVICE_NAMES = {"gravity": "a gravity grease interceptor", "hydromechanical": "a grease trap (hydromechanical)"}
#: The profile's terms (``device_terms``) and how a device it names is called.
TERMS = (("grease_trap", "a grease trap"), ("grease_interceptor", "a grease interceptor"))


def device_named(c: RuleContext, kind: str) -> tuple[str, str | None]:
    """What the jurisdiction's text calls an interceptor of ``kind`` and the clause that says so (None: the
    profile's ``device_terms`` do not name it, and the tool's own name is used)."""
    terms = c.jurisdiction.device_terms
    for key, called in TERMS:
        if kind in (terms.get(key) or ()):
            return f"{called} (a {kind} interceptor, as {terms['citation']} names it)", str(terms["citation"])
    return DEVICE_NAMES[kind], None


def _connected(c: RuleContext, flag: str) -> list:
    """The fixture lines of an appliance (``flag`` of its fixture type) that reach the interceptor, directly or
    through a receptor that is connected."""
    out = []
    for f in c.sizing.fixtures:
        if not f.count or not getattr(c.sub.fixtures[f.index].kind, flag):
            continue
        via = _receptor(c, f)
        if f.connected or (via is not None and via.connected):
            out.append(f)
    return out


@review_rule(RULE)
def rule_appliances_by_device(c: RuleContext) -> list[Finding] | Finding:
    """Dishwashers and food waste disposers only to the device types the jurisdiction permits them on.
    FOG ordinance, a local clause barring dishwashers or food waste disposers from a type of grease removal device."""
    params = [(c.optional_param(key), flag, name) for key, flag, name in APPLIANCES]
    params = [(p, flag, name) for p, flag, name in params if p is not None]
    cite = "; ".join(dict.fromkeys(p["citation"] for p, _, _ in params))
    if c.icp is None:
        return no_interceptor(c, RULE, cite, "Dishwashers and disposers by device type")
    unknown = no_schedule(c, RULE, cite, "Dishwashers and disposers by device type")
    if unknown:
        return unknown
    kind = c.kind
    if kind is None:
        return missing(RULE, cite, "Interceptor type (gravity or hydromechanical)",
                       "State the interceptor type (gravity or hydromechanical)")
    return [_finding(c, kind, p, flag, name) for p, flag, name in params]


def _finding(c: RuleContext, kind: str, p: dict, flag: str, name: str) -> Finding:
    f = _decide(c, kind, p, flag, name)
    if p.get("provenance_note"):  # where the value was read, when not from the code text itself: in the message
        return dataclasses.replace(f, message=f"{f.message} [{p.get('provenance') or 'unconfirmed'}: "
                                              f"{p['provenance_note']}]")
    return f


def _decide(c: RuleContext, kind: str, p: dict, flag: str, name: str) -> Finding:
    barred = list(p["value"] or [])
    device, term_cite = device_named(c, kind)
    if term_cite and term_cite not in p["citation"]:
        p = {**p, "citation": f"{p['citation']}; {term_cite}"}
    lines = _connected(c, flag)
    allowed = f"permitted to {device}" if kind not in barred else f"barred from {device}"
    if lines and kind in barred:
        names = fixture_names(c, lines)
        return Finding(RULE, FAIL, p["citation"], f"A {name} drains to {device}, from which it is barred: {names}",
                       value="connected", limit="not connected", provenance=p.get("provenance"),
                       provenance_note=p.get("provenance_note"), title=f"No {name} on {device}",
                       correction=f"Route the {name} waste away from {device} ({p['citation']}): {names}")
    if lines:
        return Finding(RULE, PASS, p["citation"], f"A {name} drains to {device}, to which it is permitted "
                       f"(barred only from {', '.join(barred) or 'no device'}): {fixture_names(c, lines)}",
                       value="connected", limit=allowed, provenance=p.get("provenance"),
                       provenance_note=p.get("provenance_note"), title=f"{name.capitalize()} by device type")
    return Finding(RULE, PASS, p["citation"], f"No {name} drains to {device} (it is "
                   f"{'barred from' if kind in barred else 'permitted to'} it)",
                   value="none connected", limit=allowed, provenance=p.get("provenance"),
                   provenance_note=p.get("provenance_note"), title=f"{name.capitalize()} by device type")
