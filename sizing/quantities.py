"""One number formatter: every quantity printed to its precision, the same in rules' messages, reports, the
register and the app (presentation only; results stay in the code's US units)."""

from __future__ import annotations

import functools
import math
from decimal import ROUND_HALF_UP, Decimal

from sizing.io.units import convert

#: Decimals shown for each kind of quantity, everywhere (trailing zeros dropped: 24.0 in is '24 in').
PRECISION = {"percent": 1, "length": 2, "volume": 1, "flow": 2, "dfu": 1, "mass": 1, "temperature": 0}
#: The kind of quantity of a unit, and of a field by the end of its name (``required_volume_gal``).
UNIT_QUANTITY = {"in": "length", "mm": "length", "ft": "length", "m": "length", "gal": "volume", "L": "volume",
                 "gpm": "flow", "L/s": "flow", "DFU": "dfu", "%": "percent", "lb": "mass", "kg": "mass",
                 "degF": "temperature", "degC": "temperature"}
SUFFIX_QUANTITY = {"_gal": "volume", "_gpm": "flow", "_in": "length", "_percent": "percent", "dfu": "dfu",
                   "dfu_total": "dfu", "percent_full": "percent"}
#: US code unit -> (SI unit, its label, decimals)
SI = {"gal": ("L", "L", 0), "gpm": ("L/s", "L/s", 2), "in": ("mm", "mm", 0), "lb": ("kg", "kg", 1),
      "degF": ("degC", "°C", 1), "ft": ("m", "m", 2)}


def show(value: float | None, unit: str, units: str = "us") -> str:
    """A value with its unit, to the precision of its quantity: '750 gal', '10.9 %', '24 in', or in SI '2,839 L'.

    >>> show(750, "gal"), show(750, "gal", "si"), show(44.88, "gpm", "si"), show(10.9375, "%"), show(24.0, "in")
    ('750 gal', '2,839 L', '2.83 L/s', '10.9 %', '24 in')
    """
    if value is None:
        return "—"
    if units == "si" and unit in SI:
        target, label, decimals = SI[unit]
        return f"{_num(convert(value, unit, target), decimals)} {label}"
    return f"{_num(value, PRECISION.get(UNIT_QUANTITY.get(unit, ''), 2))} {unit}".rstrip()


def show_against(value: float, limit: float, unit: str) -> str:
    """A value shown beside its limit: to its quantity's precision, with more decimals where that precision would
    print a value that differs from the limit as the limit itself (25.04 % against 25 % is '25.04 %', not '25 %').

    >>> show_against(25.208, 25, "%"), show_against(25.04, 25, "%"), show_against(23.622, 24, "in")
    ('25.2 %', '25.04 %', '23.62 in')
    """
    decimals = PRECISION.get(UNIT_QUANTITY.get(unit, ""), 2)
    while value != limit and decimals < 6 and _num(value, decimals) == _num(limit, decimals):
        decimals += 1
    return f"{_num(value, decimals)} {unit}".rstrip()


@functools.lru_cache(maxsize=4096)  # a page prints the same values on every rerun; Decimal rounding is the cost
def _num(value: float, decimals: int) -> str:
    """Rounded half up, as by hand (31.25 to one decimal is 31.3), thousands separated, trailing zeros dropped."""
    if not math.isfinite(value):
        return "∞" if value > 0 else "-∞" if value < 0 else "—"
    text = f"{Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP):,f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


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
