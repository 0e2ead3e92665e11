"""The project's one unit registry and the parser for physical values typed by a user.

Parsing happens once, at the boundary: "610 mm" becomes 24.0157 [in], "65 degC" becomes 149 [degF].
The core works in plain floats in the code's own units: [in], [gal], [gpm], [min], [h], [degF], [lb].
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sizing.errors import SizingInputError

if TYPE_CHECKING:
    import pint

#: The project's units beside pint's defaults (gpm, gph, gpd, lpm), in pint's definition syntax.
DEFINITIONS = Path(__file__).with_name("units.txt")


class UnitMismatchError(ValueError):
    """A conversion between units of different dimensions (e.g. kg to in)."""


@cache
def registry() -> pint.UnitRegistry:
    """The project's one unit registry: pint's default definitions plus :data:`DEFINITIONS`, built once a process
    on first use, pint imported with it (an inventory of plain numbers, which reads no unit, pays for neither)."""
    import pint

    reg = pint.UnitRegistry(autoconvert_offset_to_baseunit=False)
    reg.load_definitions(DEFINITIONS)
    return reg


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

#: The longest text a physical value may be ("1-1/2 in", "2.839 m3", "140 degrees Fahrenheit" are far shorter).
MAX_QUANTITY_TEXT = 64

_VULGAR = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
           "⅓": 1 / 3, "⅔": 2 / 3}

#: ONE number and ONE unit name: nothing else reaches pint (no operators, no expressions, no comments).
_QUANTITY = re.compile(
    r"""\A\s*(?P<num>
        [-+]?\d+\s*[- ]\s*\d+\s*/\s*\d+             # mixed fraction: 1-1/2, 1 1/2
      | [-+]?\d+\s*/\s*\d+                          # plain fraction: 3/4
      | [-+]?\d*\s?[½¼¾⅛⅜⅝⅞⅓⅔]                      # 1½, ½
      | [-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?           # thousands separators: 1,000 or 12,500.5
      | [-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?   # decimal
    )\s*(?P<unit>
        (?:[^\W\d_]|[°℉℃%"'″′µ])[^\W_]*(?:\^[23])?\.?  # a unit word, symbol or abbreviation (ft., m3, m^3, °F)
        (?:\s+[^\W\d_]+\.?)?                        # a second word: degrees F, cubic feet, US gal
        (?:\s*(?:/|\s+per\s+)\s*[^\W\d_]+\.?)?      # per: L/s, mg/L, gallons per minute
      | ''                                          # two single quotes for inches
    )?\s*\Z""",
    re.VERBOSE,
)

#: Feet and inches in one value: 2'-0", 2' 6", 2 ft 6 in, 2 ft-6 in (-> inches).
_FEET_INCHES = re.compile(
    r"""\A\s*(?P<ft>\d+(?:\.\d+)?)\s*(?:'|′|ft\.?|feet|foot)\s*-?\s*
        (?P<inch>\d+(?:\.\d+)?(?:\s*[- ]\s*\d+\s*/\s*\d+)?|\d+\s*/\s*\d+)\s*(?:"|''|″|in\.?|inch|inches)\s*\Z""",
    re.VERBOSE | re.IGNORECASE,
)

#: The unit spellings people type, matched without case (and with or without inner spaces), -> pint names.
#: A unit not listed here must be ONE word (letters only), optionally "word/word", and is given to pint as
#: typed (case matters there: mL, mg/L).
UNIT_ALIASES = {
    # length
    '"': "inch", "''": "inch", "″": "inch", "in": "inch", "in.": "inch", "inch": "inch", "inches": "inch",
    "'": "foot", "′": "foot", "ft": "foot", "ft.": "foot", "foot": "foot", "feet": "foot",
    "mm": "millimeter", "millimeter": "millimeter", "millimeters": "millimeter", "millimetre": "millimeter",
    "millimetres": "millimeter", "cm": "centimeter", "centimeter": "centimeter", "centimeters": "centimeter",
    "centimetre": "centimeter", "centimetres": "centimeter", "m": "meter", "meter": "meter", "meters": "meter",
    "metre": "meter", "metres": "meter",
    # volume
    "gal": "gallon", "gal.": "gallon", "gals": "gallon", "gallon": "gallon", "gallons": "gallon",
    "us gal": "gallon", "l": "liter", "liter": "liter", "liters": "liter", "litre": "liter", "litres": "liter",
    "ltr": "liter", "ml": "milliliter", "m3": "meter ** 3", "m³": "meter ** 3", "m^3": "meter ** 3", "cubic meter": "meter ** 3",
    "cubic meters": "meter ** 3", "cubic metre": "meter ** 3", "cubic metres": "meter ** 3",
    "cu m": "meter ** 3", "ft3": "foot ** 3", "ft^3": "foot ** 3", "ft³": "foot ** 3", "cu ft": "foot ** 3", "cf": "foot ** 3",
    "cubic foot": "foot ** 3", "cubic feet": "foot ** 3",
    # flow
    "gpm": "gpm", "gal/min": "gpm", "gallons per minute": "gpm", "gallon per minute": "gpm", "gph": "gph",
    "gpd": "gpd", "lpm": "lpm", "l/min": "lpm", "liters per minute": "lpm", "litres per minute": "lpm",
    "lps": "liter / second", "l/s": "liter / second", "liters per second": "liter / second",
    "litres per second": "liter / second",
    # time
    "s": "second", "sec": "second", "secs": "second", "second": "second", "seconds": "second",
    "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute", "h": "hour", "hr": "hour",
    "hrs": "hour", "hour": "hour", "hours": "hour", "d": "day", "day": "day", "days": "day", "wk": "week",
    "week": "week", "weeks": "week", "mo": "month", "month": "month", "months": "month", "yr": "year",
    "year": "year", "years": "year",
    # temperature
    "f": "degF", "°f": "degF", "℉": "degF", "degf": "degF", "deg f": "degF", "deg. f": "degF",
    "degree f": "degF", "degrees f": "degF", "fahrenheit": "degF", "degrees fahrenheit": "degF",
    "c": "degC", "°c": "degC", "℃": "degC", "degc": "degC", "deg c": "degC", "deg. c": "degC",
    "degree c": "degC", "degrees c": "degC", "celsius": "degC", "degrees celsius": "degC",
    # mass
    "lb": "pound", "lbs": "pound", "lb.": "pound", "pound": "pound", "pounds": "pound", "kg": "kilogram",
    "kilogram": "kilogram", "kilograms": "kilogram", "g": "gram", "mg": "milligram",
    # ratio
    "%": "percent", "percent": "percent", "pct": "percent",
}

_UNIT_WORD = re.compile(r"\A[^\W\d_]{1,24}\Z")


def _number(text: str) -> float:
    text = text.strip()
    sign = -1.0 if text.startswith("-") else 1.0
    body = text.lstrip("+-").strip()
    mixed = re.match(r"^(\d+)\s*[- ]\s*(\d+)\s*/\s*(\d+)$", body)
    if mixed:
        whole, num, den = mixed.groups()
        return sign * (float(whole) + float(num) / float(den))
    if "/" in body:
        num, den = body.replace(" ", "").split("/")
        return sign * float(num) / float(den)
    if body and body[-1] in _VULGAR:
        whole = body[:-1].strip()
        return sign * ((float(whole) if whole else 0.0) + _VULGAR[body[-1]])
    return sign * float(body.replace(",", ""))


def _one_unit(word: str) -> str:
    word = word.strip()
    alias = UNIT_ALIASES.get(word.lower())
    if alias:
        return alias
    if _UNIT_WORD.match(word):
        return word  # one word of letters: pint reads it as a name, never as an expression
    raise ValueError(word)


def unit_name(text: str) -> str:
    """The pint name of a unit as typed: the alias table without case, else one word (or word/word) as typed.

    >>> unit_name("Inches"), unit_name("GPM"), unit_name("degrees F"), unit_name("mg/L"), unit_name("mg per l")
    ('inch', 'gpm', 'degF', '(milligram) / (liter)', '(milligram) / (liter)')
    >>> unit_name("m3/h")
    '(meter ** 3) / (hour)'
    """
    key = " ".join(text.lower().split())
    for candidate in (key, key.replace(" ", "")):
        if candidate in UNIT_ALIASES:
            return UNIT_ALIASES[candidate]
    parts = re.split(r"\s*/\s*|\s+per\s+", text.strip(), flags=re.IGNORECASE)
    if len(parts) == 2:
        return f"({_one_unit(parts[0])}) / ({_one_unit(parts[1])})"
    if len(parts) == 1:
        return _one_unit(parts[0])
    raise ValueError(text)


def _parse_units(text: str) -> pint.Unit:
    return registry().parse_units(unit_name(text))


def split_value(text: str) -> tuple[float, str]:
    """Split "1-1/2 in" into (1.5, "in"); raise ValueError unless the text is ONE number and ONE unit name.

    >>> split_value("1-1/2 in")
    (1.5, 'in')
    >>> split_value("65 degC")
    (65.0, 'degC')
    >>> split_value("2 ft 6 in")
    (30.0, 'inch')
    >>> split_value("24 in*pi")
    Traceback (most recent call last):
    ...
    ValueError: 24 in*pi
    """
    if len(text) > MAX_QUANTITY_TEXT:
        raise ValueError(text[:MAX_QUANTITY_TEXT])
    feet = _FEET_INCHES.match(text)
    if feet:
        return float(feet.group("ft")) * 12 + _number(feet.group("inch")), "inch"
    match = _QUANTITY.match(text)
    if not match:
        raise ValueError(text)
    return _number(match.group("num")), (match.group("unit") or "").strip()


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
        try:
            number = float(value)
        except OverflowError:  # an integer of 400 digits
            raise SizingInputError(field, value, want) from None
        given_unit = ""
    elif isinstance(value, str):
        if len(value) > MAX_QUANTITY_TEXT:
            raise SizingInputError(field, value, f"{want} (one number and one unit, at most {MAX_QUANTITY_TEXT} characters)")
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
            quantity = registry().Quantity(number, _parse_units(given_unit)).to(_parse_units(unit))
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
    """Convert a plain float between units, to 12 significant digits (762 mm is 30 in, not 30.000000000000004).

    >>> round(convert(750, "gal", "L"), 0), convert(762, "mm", "in")
    (2839.0, 30.0)
    """
    quantity = registry().Quantity(value, _parse_units(from_unit))
    try:
        return float(f"{float(quantity.to(_parse_units(to_unit)).magnitude):.12g}")  # conversion noise dropped
    except TypeError as exc:  # pint's DimensionalityError is a TypeError
        raise UnitMismatchError(f"cannot convert from {from_unit!r} to {to_unit!r}") from exc


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
