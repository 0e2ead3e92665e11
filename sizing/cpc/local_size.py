"""The size a jurisdiction's own sizing clause requires with the CPC: a minimum volume (``local_min_volume``) and a
table of sizes by drainage fixture units (``local_size_table``: a gravity volume in gallons, or a hydromechanical
rating in gpm). The larger of the CPC size and the local sizes governs.

One function decides it (:func:`local_size`): ``sizing size`` (the sizing report) and the review rule
``local_size`` both call it, so that a plan reads the same required size from either, under any profile. The local
size applies where the profile lists the review rule ``local_size``; each size keeps its citation and provenance,
and a table whose values were not read (provenance ``unconfirmed``, no rows) is named as not applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sizing.jurisdiction.profile import Jurisdiction
from sizing.quantities import show

RULE = "local_size"
#: The unit of a local table's sizes, by interceptor type (the key of its rows is always DFU).
TABLE_UNITS = {"gravity": "gal", "hydromechanical": "gpm"}
_LEVELS = ("unconfirmed", "derived", "secondary", "confirmed")


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


def size_words(value: float, unit: str) -> str:
    return show(value, unit)


@dataclass(frozen=True)
class LocalSize:
    """The CPC size and the local sizes of one interceptor type, and the one that governs."""

    kind: str
    unit: str
    cpc: float | None
    cpc_citation: str
    #: (size, how it was read, citation, provenance) of each local size that applies
    terms: tuple[tuple[float, str, str, str], ...]
    #: the local values that could not be applied (a table not read, a load beyond its last row)
    notes: tuple[str, ...]
    #: the provenance of the least confirmed local value
    level: str | None

    @property
    def governing(self) -> float | None:
        sizes = [s for s in [self.cpc] + [t[0] for t in self.terms] if s is not None]
        return max(sizes) if sizes else None

    @property
    def citation(self) -> str:
        return "; ".join(dict.fromkeys([self.cpc_citation] + [t[2] for t in self.terms]
                                       + [n.split(":")[0] for n in self.notes]))

    @property
    def shown(self) -> str:
        """``'CPC: 1,000 gal (CPC 2025, Table 1014.3.6); local minimum 1,500 gal; the larger governs: 1,500 gal'``."""
        parts = [f"CPC: {size_words(self.cpc, self.unit)} ({self.cpc_citation})" if self.cpc is not None else
                 f"CPC: not determined ({self.cpc_citation})"] + [t[1] for t in self.terms]
        need = self.governing
        return "; ".join(parts) + (f"; the larger governs: {size_words(need, self.unit)}" if need is not None else "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "unit": self.unit, "cpc": self.cpc, "cpc_citation": self.cpc_citation,
                "local": [{"size": s, "basis": w, "citation": c, "provenance": p} for s, w, c, p in self.terms],
                "not_applied": list(self.notes), "governing": self.governing, "provenance": self.level,
                "citation": self.citation, "shown": self.shown}


def cpc_size(gravity: Mapping[str, Any], hydro: Mapping[str, Any], edition: str, kind: str) -> tuple[float | None, str]:
    """The CPC size for ``kind`` (gal or gpm) and its clause, as the sizing computed them."""
    if kind == "gravity":
        return gravity["required_volume_gal"], gravity["citation"]
    one = hydro["one_minute_flow_gpm"] if hydro["one_minute_flow_gpm"] is not None else hydro["by_pipe_one_minute_gpm"]
    return one, f"CPC {edition}, Section 1014.2.1"


def local_size(jurisdiction: Jurisdiction, kind: str, dfu_total: float,
               cpc: tuple[float | None, str]) -> LocalSize | None:
    """The local sizes of ``kind`` under ``jurisdiction`` with the CPC size ``cpc`` (size, clause); None where the
    profile does not apply the rule or has no local size for this type."""
    if RULE not in jurisdiction.review_rules:
        return None
    unit = TABLE_UNITS[kind]
    terms: list[tuple[float, str, str, str]] = []
    notes: list[str] = []
    least = _param(jurisdiction, "local_min_volume")
    if least is not None and kind == "gravity":
        terms.append((float(least["value"]), f"local minimum {size_words(float(least['value']), 'gal')} "
                      f"({least['citation']})", least["citation"], least.get("provenance") or "confirmed"))
    table = _param(jurisdiction, "local_size_table")
    levels = [t[3] for t in terms]
    if table is not None and table.get("unit") == unit:
        levels.append(table.get("provenance") or "confirmed")
        rows = table["value"] or []
        size = table_size(rows, dfu_total) if rows else None
        if not rows:
            notes.append(f"{table['citation']}: its values were not read ({table.get('provenance_note') or 'unconfirmed'})")
        elif size is None:
            notes.append(f"{table['citation']}: {show(dfu_total, 'DFU')} is beyond the table's last row "
                         f"({show(rows[-1][0], 'DFU')})")
        else:
            terms.append((float(size), f"{table['citation']}: {size_words(size, unit)} for {show(dfu_total, 'DFU')}",
                          table["citation"], table.get("provenance") or "confirmed"))
    if not terms and not notes:
        return None
    worst = min(levels, key=_LEVELS.index) if levels else None
    return LocalSize(kind, unit, cpc[0], cpc[1], tuple(terms), tuple(notes), worst)


def _param(jurisdiction: Jurisdiction, key: str) -> dict[str, Any] | None:
    return jurisdiction.parameter(key) if key in jurisdiction.parameters else None
