"""Evidence scores for the findings of a waiver for new construction, against local screening thresholds.

FOG ordinance, Conditional waivers and variances (c)(1) and (c)(2). The thresholds are local policy, read from the jurisdiction profile's
``waiver_evidence`` block; a score only shows what the application's data say, the Director's determination
decides each finding.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sizing.io.sections.waiver import WaiverApplication
from sizing.io.tables import load_table
from sizing.quantities import show


def count(n: int, word: str) -> str:
    """'1 inspection', '2 inspections'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _check(name: str, value: Any, limit: Any, ok: bool | None, source: str, unit: str = "") -> dict[str, Any]:
    return {"name": name, "value": value, "limit": limit, "unit": unit, "ok": ok, "source": source}


def _score(checks: list[dict[str, Any]], citation: str) -> dict[str, Any]:
    with_data = [c for c in checks if c["ok"] is not None]
    passed = sum(1 for c in with_data if c["ok"])
    failed = len(with_data) - passed
    reading = "no data" if not with_data else ("against" if failed else "supports")
    parts = [f"{c['name']} {_show(c['value'], c['unit'])} ({'≤' if c['ok'] else '>'} {_show(c['limit'], c['unit'])})"
             if isinstance(c["limit"], (int, float)) and c["ok"] is not None else
             f"{c['name']} {_show(c['value'], c['unit'])} ({'ok' if c['ok'] else 'not ok'})"
             for c in with_data]
    summary = (f"{passed} of {len(with_data)} checks support the finding"
               + (": " + "; ".join(parts) if parts else "") if with_data else "no data in the application")
    return {"passed": passed, "failed": failed, "checked": len(with_data), "no_data": len(checks) - len(with_data),
            "fraction": None if not with_data else round(passed / len(with_data), 3), "reading": reading,
            "summary": summary, "checks": checks, "thresholds": citation}


def _show(value: Any, unit: str) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return show(value, unit)
    return f"{value} {unit}".strip()


def evidence_scores(app: WaiverApplication, sized, ev: Mapping[str, Any], edition: str) -> dict[str, dict[str, Any]]:
    """FOG ordinance, Conditional waivers and variances (c)(1), (c)(2): the application's data scored against the profile's thresholds.

    ``{finding key: score}`` for a waiver for new construction; empty for other kinds or without thresholds.
    """
    if app.type != "new_construction" or not ev:
        return {}
    a = app.application
    out = {}
    q = ev.get("negligible_fog_quantity") or {}
    checks = []
    if q.get("required_volume_at_most_table_minimum"):
        smallest = load_table("1014.3.6", edition).rows[0]["volume_gal"]
        req = sized.gravity["required_volume_gal"]
        checks.append(_check("CPC required gravity volume", req, smallest, None if req is None else req <= smallest,
                             f"sizing: {show(sized.dfu_total, 'DFU')} ({sized.gravity['dfu_basis'] or 'no basis'}), "
                             f"{sized.gravity['citation']}; limit = the smallest Table 1014.3.6 size", "gal"))
    for name, key, value, unit, source in (
            ("seats", "max_seats", a.seats, "", a.seats_source),
            ("meals per day", "max_meals_per_day", a.meals_per_day, "", "application.meals_per_day"),
            ("water use", "max_water_use_gpd", a.water_use_gpd, "gpd", "application.water_use"),
            ("fryers", "max_fryers", a.fryers, "", "application.fryers"),
            ("on-site consumption", "max_on_site_consumption_percent", a.on_site_consumption_percent, "%",
             "application.on_site_consumption")):
        if key in q:
            checks.append(_check(name, value, q[key], None if value is None else value <= q[key], source, unit))
    if "hoods_indicating_negligible_fog" in q:
        hoods = list(q["hoods_indicating_negligible_fog"])
        checks.append(_check("kitchen hood", a.kitchen_hood, ", ".join(hoods),
                             None if a.kitchen_hood is None else a.kitchen_hood in hoods, "application.kitchen_hood"))
    out["negligible_fog_quantity"] = _score(checks, q.get("citation", ""))

    s = ev.get("not_significant_contributor") or {}
    checks = []
    if "max_sampled_fog_mg_l" in s:
        worst = max((fog for _, fog in a.sampling), default=None)
        checks.append(_check("highest sampled FOG", worst, s["max_sampled_fog_mg_l"],
                             None if worst is None else worst <= s["max_sampled_fog_mg_l"],
                             f"application.sampling ({count(len(a.sampling), 'sample')})", "mg/L"))
    if "inspection_visible_fog_allowed" in s:
        seen = [i.date.isoformat() for i in a.inspections if i.visible_fog]
        value = None if not a.inspections else ("visible FOG on " + ", ".join(seen) if seen else "no visible FOG")
        ok = None if not a.inspections else (not seen or bool(s["inspection_visible_fog_allowed"]))
        checks.append(_check("inspection", value, "no visible FOG", ok,
                             f"application.inspections ({count(len(a.inspections), 'inspection')})"))
    out["not_significant_contributor"] = _score(checks, s.get("citation", ""))
    return out
