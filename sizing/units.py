"""The project's one unit registry and the parser for physical values typed by a user.

Parsing happens once, at the boundary: "610 mm" becomes 24.0157 [in], "65 degC" becomes 149 [degF].
The core works in plain floats in the code's own units: [in], [gal], [gpm], [min], [h], [degF], [lb].
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

import pint

from sizing.errors import SizingInputError

ureg = pint.UnitRegistry(autoconvert_offset_to_baseunit=False, on_redefinition="ignore")
ureg.define("gpm = gallon / minute")
ureg.define("gph = gallon / hour")
ureg.define("gpd = gallon / day")
ureg.define("lpm = liter / minute")
Q_ = ureg.Quantity

#: What a user may type, per project unit, for the error message.
EXAMPLES = {
    "in": "a length such as '24 in' or '610 mm'",
    "ft": "a length such as '4 ft' or '1.2 m'",
    "gal": "a volume such as '750 gal' or '2839 L'",
    "gpm": "a flow rate such as '5 gpm' or '0.3 L/s'",
    "min": "a time such as '30 min' or '0.5 h'",
    "h": "a time such as '2.5 h' or '150 min'",
    "degF": "a temperature such as '140 degF' or '60 degC'",
    "lb": "a mass such as '40 lb' or '18 kg'",
    "percent": "a percentage such as '25 %' or 25",
}

_NUMBER = re.compile(
    r"""^\s*(?P<num>
        [-+]?\d+\s*[- ]\s*\d+\s*/\s*\d+       # mixed fraction: 1-1/2, 1 1/2
      | [-+]?\d+\s*/\s*\d+                    # plain fraction: 3/4
      | [-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?   # decimal
    )\s*(?P<unit>.*?)\s*$""",
    re.VERBOSE,
)

_UNIT_ALIASES = {
    '"': "inch", "''": "inch", "in.": "inch", "inches": "inch", "'": "foot", "ft.": "foot",
    "°f": "degF", "°c": "degC", "deg f": "degF", "deg c": "degC", "f": "degF", "c": "degC",
    "degf": "degF", "degc": "degC", "%": "percent", "l": "liter", "gal.": "gallon", "lbs": "pound",
    "l/s": "liter / second", "l/min": "liter / minute", "gal/min": "gallon / minute", "hrs": "hour",
    "hr": "hour",
}


def _number(text: str) -> float:
    mixed = re.match(r"^([-+]?)(\d+)\s*[- ]\s*(\d+)\s*/\s*(\d+)$", text)
    if mixed:
        sign, whole, num, den = mixed.groups()
        value = float(whole) + float(num) / float(den)
        return -value if sign == "-" else value
    if "/" in text:
        num, den = text.replace(" ", "").split("/")
        return float(num) / float(den)
    return float(text)


@lru_cache(maxsize=512)
def _parse_units(text: str):
    key = text.strip()
    alias = _UNIT_ALIASES.get(key.lower())
    return ureg.parse_units(alias if alias else key)


def split_value(text: str) -> tuple[float, str]:
    """Split "1-1/2 in" into (1.5, "in"); raise ValueError when there is no leading number.

    >>> split_value("1-1/2 in")
    (1.5, 'in')
    >>> split_value("65 degC")
    (65.0, 'degC')
    """
    match = _NUMBER.match(text)
    if not match:
        raise ValueError(text)
    return _number(match.group("num")), match.group("unit")


def parse_quantity(field: str, value: object, unit: str, *, minimum: float | None = None,
                   maximum: float | None = None, strict_minimum: bool = False,
                   expected: str | None = None) -> float:
    """Parse a user value into a float in ``unit`` [the project unit of the field].

    A bare number is taken in ``unit``; a string carries its own unit. Wrong dimension, junk, NaN and
    values outside [minimum, maximum] raise :class:`SizingInputError` naming ``field``.

    >>> round(parse_quantity("manholes[0].diameter", "610 mm", "in"), 2)
    24.02
    >>> parse_quantity("max_discharge_temperature", "60 degC", "degF")
    140.0
    >>> parse_quantity("inlet_pipe", 4, "in")
    4.0
    """
    want = expected or EXAMPLES.get(unit, f"a value in {unit}")
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise SizingInputError(field, value, want)
    if isinstance(value, (int, float)):
        number = float(value)
        given_unit = ""
    elif isinstance(value, str):
        try:
            number, given_unit = split_value(value)
        except (ValueError, ZeroDivisionError):
            raise SizingInputError(field, value, want) from None
    else:
        raise SizingInputError(field, value, want)
    if not math.isfinite(number):
        raise SizingInputError(field, value, want)
    if given_unit:
        try:
            units = _parse_units(given_unit)
            quantity = Q_(number, units).to(unit)
        except Exception:  # pint raises many types (incl. tokenize errors) for junk unit text: all user input
            raise SizingInputError(field, value, want) from None
        result = float(f"{float(quantity.magnitude):.12g}")  # drop conversion noise: 65 degC -> 149.0
    else:
        result = number
    if not math.isfinite(result):
        raise SizingInputError(field, value, want)
    bound = f" {unit}" if unit not in ("count", "") else ""
    if minimum is not None and (result < minimum or (strict_minimum and result <= minimum)):
        op = ">" if strict_minimum else ">="
        raise SizingInputError(field, value, f"{want}, {op} {_fmt(minimum)}{bound}")
    if maximum is not None and result > maximum:
        raise SizingInputError(field, value, f"{want}, <= {_fmt(maximum)}{bound}")
    return result


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a plain float between units (for presentation in SI).

    >>> round(convert(750, "gal", "L"), 0)
    2839.0
    """
    return float(Q_(value, _parse_units(from_unit)).to(_parse_units(to_unit)).magnitude)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
