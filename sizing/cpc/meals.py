"""The legacy meals formula, kept as a cross-check (never the code minimum).
UPC Appendix H (editions before 2006); still published by sewer agencies."""

from __future__ import annotations

import math
from functools import lru_cache

from sizing.io.tables import load_table
from sizing.quantities import number

FORMULA_TEXT = "V = M × W × R × S"


def meals_volume_gal(meals_per_peak_hour: float, waste_flow_gal: float, retention_h: float,
                     storage_factor: float) -> float:
    """Interceptor volume [gal] = meals per peak hour x waste flow [gal/meal] x retention [h] x storage factor.
    UPC Appendix H (pre-2006), meals formula.

    The published example: 133 meals x 2 gal x 2.5 h x 1.5 = 997.5 gal.

    >>> meals_volume_gal(133, 2, 2.5, 1.5)
    997.5
    """
    return meals_per_peak_hour * waste_flow_gal * retention_h * storage_factor


def waste_flow_rate(dishwashing_machine: bool, single_service: bool, disposer: bool) -> tuple[float, str]:
    """Waste flow [gal per meal] and its basis.

    >>> waste_flow_rate(True, False, True)
    (7, 'with dishwashing machine (6) + food waste disposer (1)')
    """
    f = load_table("meals-factors").meta["waste_flow_gal_per_meal"]
    if single_service:
        value, basis = f["single_service"], f"single-service kitchen ({f['single_service']})"
    elif dishwashing_machine:
        value, basis = f["with_dishwashing_machine"], f"with dishwashing machine ({f['with_dishwashing_machine']})"
    else:
        value, basis = f["without_dishwashing_machine"], f"without dishwashing machine ({f['without_dishwashing_machine']})"
    if disposer:
        value += f["food_waste_disposer_add"]
        basis += f" + food waste disposer ({f['food_waste_disposer_add']})"
    return value, basis


def retention_time(single_service: bool) -> tuple[float, str]:
    f = load_table("meals-factors").meta["retention_time_h"]
    if single_service:
        return f["single_service"], "single-service kitchen"
    return f["commercial_kitchen"], "commercial kitchen"


def storage_factor(hours: float | None, single_service: bool) -> tuple[float, str]:
    """Storage factor from hours of operation (up to 8 h: 1, 16 h: 2, 24 h: 3); 1.5 for single service.

    >>> storage_factor(12, False)
    (2, 'up to 16 h of operation')
    """
    f = load_table("meals-factors").meta["storage_factor"]
    if single_service and hours is None:
        return f["single_service"], "single-service kitchen"
    hours = f["default_hours_of_operation"] if hours is None else hours  # never the least conservative
    for step in f["by_hours_of_operation"]:
        if hours <= step["max_hours"] + 1e-9:
            return step["factor"], f"up to {step['max_hours']} h of operation"
    return f["by_hours_of_operation"][-1]["factor"], "24 h of operation"  # pragma: no cover


@lru_cache(maxsize=1)
def equation():
    """The formula as a sympy equation, for display (built from fixed symbols, never from user text)."""
    import sympy

    V, M, W, R, S = sympy.symbols("V M W R S", positive=True)
    return sympy.Eq(V, M * W * R * S), (V, M, W, R, S)


def equation_latex(values: dict[str, float] | None = None) -> str:
    """LaTeX of the formula, optionally with numbers substituted.

    >>> equation_latex()
    'V = M R S W'
    """
    import sympy

    eq, (V, M, W, R, S) = equation()
    if not values:
        return sympy.latex(eq)
    parts = [values[k] for k in ("M", "W", "R", "S")]
    shown = r" \times ".join(_num(p) for p in parts)
    return rf"V = M \times W \times R \times S = {shown} = {_num(math.prod(parts))}\ \mathrm{{gal}}"


def _num(x: float) -> str:
    return number(float(x))
