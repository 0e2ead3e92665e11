"""A local size that applies with the CPC: a jurisdiction's own minimum volume and its own table of sizes by
drainage fixture units (a gravity volume in gallons, or a hydromechanical rating in gpm). The larger of the CPC
size and the local size governs, and the finding shows both.

The numbers, their citations and their provenance come from the profile (``local_min_volume``,
``local_size_table``); a table whose values could not be read (provenance ``unconfirmed``, no rows) is shown as
such, and the size is then checked against the CPC and the local minimum only, as a warning.
"""

from __future__ import annotations

from typing import Any

from sizing.cpc.local_size import RULE, TABLE_UNITS, LocalSize, cpc_size, local_size, size_words, table_size
from sizing.finding import FAIL, PASS, WARN, Finding
from sizing.rules.review_rules.context import RuleContext, missing, no_interceptor
from sizing.rules.review_rules.registry import review_rule

__all__ = ["TABLE_UNITS", "rule_local_size", "table_size"]


@review_rule(RULE)
def rule_local_size(c: RuleContext) -> Finding | None:
    """The proposed size >= the larger of the CPC size and the jurisdiction's own minimum or table size.
    FOG ordinance, a local sizing clause (a minimum volume, a table by fixture units) applied with CPC Section 1014."""
    cite = "; ".join(p["citation"] for p in (c.optional_param("local_min_volume"),
                                             c.optional_param("local_size_table")) if p is not None)
    if c.icp is None:
        return no_interceptor(c, RULE, cite, "Local interceptor size")
    kind = c.kind
    if kind is None:
        return missing(RULE, cite, "Interceptor type (gravity or hydromechanical)",
                       "State the interceptor type (gravity or hydromechanical) and its volume or rated flow")
    found = local_size(c.jurisdiction, kind, c.sizing.dfu_total,
                       cpc_size(c.sizing.gravity, c.sizing.hydromechanical, c.sizing.edition, kind))
    if found is None:
        return None  # no local size for this interceptor type
    have = c.icp.volume_gal if kind == "gravity" else c.icp.rated_flow_gpm
    return _decide(found, have)


def _decide(found: LocalSize, have: float | None) -> Finding:
    unit, need, cite, both, level = found.unit, found.governing, found.citation, found.shown, found.level
    notes = list(found.notes)
    unread = f"; not applied: {'; '.join(notes)}" if notes else ""
    detail: dict[str, Any] = {"cpc": found.cpc, "local": [t[0] for t in found.terms], "governing": need, "unit": unit}
    what = "volume" if found.kind == "gravity" else "rated flow"
    _size = size_words
    if have is None:
        return missing(RULE, cite, f"The interceptor's {what} is",
                       f"Show the interceptor's {what}" + (f"; at least {_size(need, unit)} ({both})" if need else ""),
                       limit=need, unit=unit)
    if need is None:
        return Finding(RULE, WARN, cite, f"Proposed {what} {_size(have, unit)}: no size could be determined "
                       f"({both}{unread})", value=have, unit=unit, provenance=level, detail=detail)
    ok = have >= need - 1e-9
    if ok and notes:
        return Finding(RULE, WARN, cite, f"Proposed {what} {_size(have, unit)} >= {_size(need, unit)} ({both}), but "
                       f"the local size is not checked in full{unread}: confirm with the jurisdiction", value=have,
                       limit=need, unit=unit, provenance=level, provenance_note="; ".join(notes), detail=detail,
                       missing=tuple(notes))
    if ok:
        return Finding(RULE, PASS, cite, f"Proposed {what} {_size(have, unit)} >= {_size(need, unit)} ({both})",
                       value=have, limit=need, unit=unit, provenance=level, detail=detail)
    return Finding(RULE, FAIL, cite, f"Proposed {what} {_size(have, unit)} is less than {_size(need, unit)} "
                   f"({both}){unread}", value=have, limit=need, unit=unit, provenance=level, detail=detail,
                   correction=f"Increase the interceptor's {what} to at least {_size(need, unit)} ({both})")
