"""Show a value in US or SI units (presentation only; results stay in US code units)."""

from __future__ import annotations

from sizing.units import convert

#: US code unit -> (SI unit, its label, decimals)
SI = {"gal": ("L", "L", 0), "gpm": ("L/s", "L/s", 2), "in": ("mm", "mm", 0), "lb": ("kg", "kg", 1),
      "degF": ("degC", "°C", 1), "ft": ("m", "m", 2)}
US_DECIMALS = {"gal": 1, "gpm": 1, "in": 2, "lb": 0, "DFU": 1, "degF": 0}


def show(value: float | None, unit: str, units: str = "us") -> str:
    """'750 gal' or '2,839 L'.

    >>> show(750, "gal"), show(750, "gal", "si"), show(44.88, "gpm", "si")
    ('750 gal', '2,839 L', '2.83 L/s')
    """
    if value is None:
        return "—"
    if units == "si" and unit in SI:
        target, label, decimals = SI[unit]
        value = convert(value, unit, target)
        return f"{_num(value, decimals)} {label}"
    return f"{_num(value, US_DECIMALS.get(unit, 2))} {unit}".rstrip()


def _num(value: float, decimals: int) -> str:
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text
