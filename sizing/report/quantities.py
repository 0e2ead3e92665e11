"""Show a value in US or SI units (presentation only; results stay in US code units)."""

from __future__ import annotations

from sizing.units import convert

#: US code unit -> (SI unit, its label, decimals)
SI = {"gal": ("L", "L", 0), "gpm": ("L/s", "L/s", 2), "in": ("mm", "mm", 0), "lb": ("kg", "kg", 1),
      "degF": ("degC", "°C", 1), "ft": ("m", "m", 2)}
US_DECIMALS = {"gal": 1, "gpm": 2, "in": 2, "lb": 0, "DFU": 1, "degF": 0}


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


#: Decimals shown for each kind of quantity, in every table, report and page (trailing zeros dropped).
PRECISION = {"percent": 1, "length": 2, "volume": 1, "flow": 2, "dfu": 1, "mass": 1, "temperature": 0}
#: The kind of quantity of a unit, and of a field by the end of its name (``required_volume_gal``).
UNIT_QUANTITY = {"in": "length", "mm": "length", "ft": "length", "m": "length", "gal": "volume", "L": "volume",
                 "gpm": "flow", "L/s": "flow", "DFU": "dfu", "%": "percent", "lb": "mass", "kg": "mass",
                 "degF": "temperature", "degC": "temperature"}
SUFFIX_QUANTITY = {"_gal": "volume", "_gpm": "flow", "_in": "length", "_percent": "percent", "dfu": "dfu",
                   "dfu_total": "dfu", "percent_full": "percent"}


def quantity_of(name: str) -> str | None:
    """The kind of quantity of a field by its name (None: not a quantity).

    >>> quantity_of("required_volume_gal"), quantity_of("interceptor.manholes[0].diameter_in"), quantity_of("cycle")
    ('volume', 'length', None)
    """
    for suffix, quantity in SUFFIX_QUANTITY.items():
        if name.endswith(suffix):
            return quantity
    return None


def number(value, quantity: str | None = None) -> str:
    """One value as a table cell: a number to its quantity's precision, yes / no, a dash for nothing.

    >>> number(2.00787, "length"), number(74.49653, "flow"), number(None), number(False), number(1250.0, "volume")
    ('2.01', '74.5', '—', 'no', '1,250')
    """
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return _num(value, PRECISION.get(quantity or "", 2))
    return str(value)
