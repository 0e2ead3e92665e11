"""What changed between two review cycles of one FSE: fixtures, design values, findings.

Fixtures are compared by (type, area) with their counts, connection and DFU; design values are the CPC size
(DFU total, required volume and ratings), the construction and edition, and every field of the proposed
interceptor; findings (in the register's one shape) are resolved (failed before, not now), new (fail now,
not before) or still failing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sizing.errors import SizingInputError
from sizing.program import queries
from sizing.program.adapter import FAIL, normalise

if TYPE_CHECKING:
    from sizing.program.store import Register


def _fixtures(result: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for f in result["sizing"].get("fixtures") or []:
        key = f"{f['type']} ({f['area']})"
        e = out.setdefault(key, {"count": 0, "connected": set(), "dfu": 0.0})
        e["count"] += f["count"]
        e["connected"].add("connected" if f["connected"] else "not connected")
        e["dfu"] += f.get("dfu") or 0
    return {k: {"count": v["count"], "connected": " / ".join(sorted(v["connected"])), "dfu": round(v["dfu"], 4)}
            for k, v in out.items()}


def _flat(value: Any, prefix: str) -> dict[str, Any]:
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            out.update(_flat(v, f"{prefix}.{k}"))
        return out
    if isinstance(value, list):
        out = {f"{prefix}.count": len(value)}
        for i, v in enumerate(value):
            out.update(_flat(v, f"{prefix}[{i}]"))
        return out
    return {prefix: value}


def design_values(result: Mapping[str, Any]) -> dict[str, Any]:
    s = result["sizing"]
    hgi = s.get("hydromechanical") or {}
    values = {"construction": result.get("construction"), "edition": result.get("edition"),
              "dfu_total": s.get("dfu_total"), "required_volume_gal": (s.get("gravity") or {}).get("required_volume_gal"),
              "one_minute_flow_gpm": hgi.get("one_minute_flow_gpm"),
              "deadline": (result.get("deadline") or {}).get("date")}
    values.update(_flat(result.get("interceptor") or {}, "interceptor"))
    return values


def diff_results(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The changes from review result ``old`` to ``new`` (both ``Review.to_dict()``, live or stored)."""
    fo, fn = _fixtures(old), _fixtures(new)
    fixtures = [{"fixture": k, "from": fo.get(k), "to": fn.get(k),
                 "change": "added" if k not in fo else "removed" if k not in fn else "changed"}
                for k in sorted(set(fo) | set(fn)) if fo.get(k) != fn.get(k)]
    vo, vn = design_values(old), design_values(new)
    design = [{"value": k, "from": vo.get(k), "to": vn.get(k)} for k in dict.fromkeys([*vo, *vn])
              if vo.get(k) != vn.get(k)]
    a = {f.rule: f for f in normalise("review", old)}
    b = {f.rule: f for f in normalise("review", new)}
    resolved = [{"rule": r, "was": a[r].message, "now": b[r].message if r in b else "no longer checked",
                 "status": b[r].status if r in b else None, "citation": a[r].citation}
                for r in a if a[r].status == FAIL and (r not in b or b[r].status != FAIL)]
    new_fail = [{"rule": r, "was": a[r].message if r in a else "not checked", "now": b[r].message,
                 "status": FAIL, "citation": b[r].citation}
                for r in b if b[r].status == FAIL and (r not in a or a[r].status != FAIL)]
    still = [{"rule": r, "was": a[r].message, "now": b[r].message, "status": FAIL, "citation": b[r].citation}
             for r in b if b[r].status == FAIL and r in a and a[r].status == FAIL]
    changed = [{"rule": r, "from": a[r].status, "to": b[r].status, "now": b[r].message}
               for r in b if r in a and a[r].status != b[r].status and FAIL not in (a[r].status, b[r].status)]
    return {"fixtures": fixtures, "design": design, "resolved": resolved, "new": new_fail,
            "still_failing": still, "other_status_changes": changed,
            "compliant": {"from": old.get("compliant"), "to": new.get("compliant")}}


def diff(reg: Register, fse_id: str, from_cycle: int | None = None, to_cycle: int | None = None) -> dict[str, Any]:
    """The diff of two cycles of ``fse_id``; by default the last two."""
    numbers = queries.cycle_numbers(reg, fse_id)
    if to_cycle is None:
        if not numbers:
            raise SizingInputError("FSE", fse_id, "", message=f"FSE: {fse_id} has no review cycle to compare")
        to_cycle = numbers[-1]
    if from_cycle is None:
        earlier = [n for n in numbers if n < to_cycle]
        if not earlier:
            raise SizingInputError("--from", None, "", message=(
                f"--from: {fse_id} has no review cycle before cycle {to_cycle} to compare with "
                f"(cycles: {', '.join(map(str, numbers)) or 'none'})"))
        from_cycle = earlier[-1]
    a = queries.cycle(reg, fse_id, from_cycle, "--from")
    b = queries.cycle(reg, fse_id, to_cycle, "--to")
    out = diff_results(a["result"], b["result"])
    out.update({"fse_id": fse_id,
                "from": {"cycle": a["cycle"], "review_date": str(a["review_date"]), "reviewer": a["reviewer"],
                         "document": a["document_name"]},
                "to": {"cycle": b["cycle"], "review_date": str(b["review_date"]), "reviewer": b["reviewer"],
                       "document": b["document_name"]}})
    return out
