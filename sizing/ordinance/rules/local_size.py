"""A local size that applies with the CPC: a jurisdiction's own minimum volume and its own table of sizes by
drainage fixture units (a gravity volume in gallons, or a hydromechanical rating in gpm). The larger of the CPC
size and the local size governs, and the finding shows both.

The numbers, their citations and their provenance come from the profile (``local_min_volume``,
``local_size_table``); a table whose values could not be read (provenance ``unconfirmed``, no rows) is shown as
such, and the size is then checked against the CPC and the local minimum only, as a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sizing.finding import FAIL, PASS, WARN, Finding
from sizing.ordinance.rules.context import RuleContext, gal, missing, no_interceptor
from sizing.ordinance.rules.registry import review_rule
from sizing.quantities import show

RULE = "local_size"
#: The unit of a local table's sizes, by interceptor type (the key of its rows is always DFU).
TABLE_UNITS = {"gravity": "gal", "hydromechanical": "gpm"}


def table_size(rows: Sequence[Sequence[float]], dfu: float) -> float | None:
    """The size of the first row whose DFU bound is at or above ``dfu``; None beyond the last row.
    Local table by drainage fixture units (rows: [up to DFU, size]).

    >>> table_size([[20, 750], [35, 1000], [90, 1250]], 35), table_size([[20, 750]], 21)
    (1000, None)
    """
    for bound, size in rows:
        if dfu <= bound + 1e-9:
            return size
    return None


def _cpc_size(c: RuleContext, kind: str) -> tuple[float | None, str]:
    """The CPC size for ``kind`` (gal or gpm) and its clause, as the sizing computed them."""
    if kind == "gravity":
        g = c.sizing.gravity
        return g["required_volume_gal"], g["citation"]
    h = c.sizing.hydromechanical
    one = h["one_minute_flow_gpm"] if h["one_minute_flow_gpm"] is not None else h["by_pipe_one_minute_gpm"]
    return one, f"CPC {c.sizing.edition}, Section 1014.2.1"


def _local_terms(c: RuleContext, kind: str) -> tuple[list[tuple[float, str, str]], list[str], str | None]:
    """The local sizes that apply to ``kind``: (size, how it was read, citation); the notes of values not read;
    the provenance of the least confirmed value used."""
    unit = TABLE_UNITS[kind]
    terms: list[tuple[float, str, str]] = []
    notes: list[str] = []
    levels: list[str] = []
    least = c.optional_param("local_min_volume")
    if least is not None and kind == "gravity":
        terms.append((float(least["value"]), f"local minimum {gal(float(least['value']))}", least["citation"]))
        levels.append(least.get("provenance") or "confirmed")
    table = c.optional_param("local_size_table")
    if table is not None and table.get("unit") == unit:
        rows = table["value"] or []
        levels.append(table.get("provenance") or "confirmed")
        if not rows:
            notes.append(f"{table['citation']}: its values were not read ({table.get('provenance_note') or 'unconfirmed'})")
        else:
            size = table_size(rows, c.sizing.dfu_total)
            if size is None:
                notes.append(f"{table['citation']}: {show(c.sizing.dfu_total, 'DFU')} is beyond the table's last row "
                             f"({show(rows[-1][0], 'DFU')})")
            else:
                terms.append((float(size), f"{table['citation']}: {_size(size, unit)} for {show(c.sizing.dfu_total, 'DFU')}",
                              table["citation"]))
    order = ("unconfirmed", "derived", "secondary", "confirmed")
    worst = min(levels, key=order.index) if levels else None
    return terms, notes, worst


def _size(value: float, unit: str) -> str:
    return gal(value) if unit == "gal" else show(value, "gpm")


@review_rule(RULE, order=35, optional={"local_min_volume": "gal", "local_size_table": None})
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
    unit = TABLE_UNITS[kind]
    terms, notes, level = _local_terms(c, kind)
    if not terms and not notes:
        return None  # no local size for this interceptor type
    cpc, cpc_cite = _cpc_size(c, kind)
    have = c.icp.volume_gal if kind == "gravity" else c.icp.rated_flow_gpm
    return _decide(c, kind, unit, have, (cpc, cpc_cite), terms, notes, level)


def _decide(c: RuleContext, kind: str, unit: str, have: float | None, cpc: tuple[float | None, str],
            terms: list[tuple[float, str, str]], notes: list[str], level: str | None) -> Finding:
    cpc_size, cpc_cite = cpc
    shown = [f"CPC: {_size(cpc_size, unit)} ({cpc_cite})" if cpc_size is not None else
             f"CPC: not determined ({cpc_cite})"] + [t[1] for t in terms]
    sizes = [s for s in [cpc_size] + [t[0] for t in terms] if s is not None]
    need = max(sizes) if sizes else None
    cite = "; ".join(dict.fromkeys([cpc_cite] + [t[2] for t in terms]
                                   + [n.split(":")[0] for n in notes]))
    both = "; ".join(shown) + (f"; the larger governs: {_size(need, unit)}" if need is not None else "")
    unread = f"; not applied: {'; '.join(notes)}" if notes else ""
    detail: dict[str, Any] = {"cpc": cpc_size, "local": [t[0] for t in terms], "governing": need, "unit": unit}
    what = "volume" if kind == "gravity" else "rated flow"
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
