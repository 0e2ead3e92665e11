"""The project's one unit registry and the parser for physical values typed by a user.

Parsing happens once, at the boundary: "610 mm" becomes 24.0157 [in], "65 degC" becomes 149 [degF].
The core works in plain floats in the code's own units: [in], [gal], [gpm], [min], [h], [degF], [lb].
"""

from __future__ import annotations

import math
import re
from functools import cache, lru_cache

from sizing.errors import SizingInputError

#: Definitions added to pint's defaults: the project units.
PROJECT_DEFINITIONS = (
    "gpm = gallon / minute",
    "gph = gallon / hour",
    "gpd = gallon / day",
    "lpm = liter / minute",
)


@cache
def pint_registry():
    """The full pint registry (pint's default definitions plus the project units), built on first use.

    Importing pint and parsing its definition files takes longer than the rest of a command line run, so it
    is built only for a unit the project table below does not hold; the registry is then reused for the
    life of the process.
    """
    import pint

    registry = pint.UnitRegistry(autoconvert_offset_to_baseunit=False, on_redefinition="ignore")
    for definition in PROJECT_DEFINITIONS:
        registry.define(definition)
    return registry


# The project's units, exactly as pint defines them: name -> (factor to SI, offset, dimension).
# Dimension exponents: (length [m], mass [kg], time [s], temperature [K]). A value v in a unit is
# (v + offset) * factor in SI units. tests/test_units.py checks every entry against pint.
_LENGTH, _VOLUME, _FLOW, _TIME = (1, 0, 0, 0), (3, 0, 0, 0), (3, 0, -1, 0), (0, 0, 1, 0)
_MASS, _TEMPERATURE, _CONCENTRATION, _NONE = (0, 1, 0, 0), (0, 0, 0, 1), (-3, 1, 0, 0), (0, 0, 0, 0)
_INCH = 0.0254
_GALLON = 231 * _INCH**3
_DAY = 86400.0
_YEAR = 365.25 * _DAY
_UNITS: dict[str, tuple[float, float, tuple[int, int, int, int]]] = {}
for _names, _factor, _dimension in (
    (("m", "meter", "metre", "meters", "metres"), 1.0, _LENGTH),
    (("mm", "millimeter", "millimetre", "millimeters", "millimetres"), 1e-3, _LENGTH),
    (("cm", "centimeter", "centimetre", "centimeters", "centimetres"), 1e-2, _LENGTH),
    (("in", "inch"), _INCH, _LENGTH),
    (("ft", "foot", "feet"), 12 * _INCH, _LENGTH),
    (("L", "liter", "litre", "liters", "litres"), 1e-3, _VOLUME),
    (("mL", "milliliter", "millilitre"), 1e-6, _VOLUME),
    (("gal", "gallon", "gallons"), _GALLON, _VOLUME),
    (("gpm", "gallon / minute", "gal/min"), _GALLON / 60, _FLOW),
    (("gph", "gallon / hour"), _GALLON / 3600, _FLOW),
    (("gpd", "gallon / day", "gal/day", "gal/d"), _GALLON / _DAY, _FLOW),
    (("lpm", "liter / minute", "L/min"), 1e-3 / 60, _FLOW),
    (("liter / second", "L/s"), 1e-3, _FLOW),
    (("liter / day", "L/day", "L/d"), 1e-3 / _DAY, _FLOW),
    (("meter ** 3",), 1.0, _VOLUME),
    (("foot ** 3",), (12 * _INCH) ** 3, _VOLUME),
    (("s", "second", "seconds"), 1.0, _TIME),
    (("min", "minute", "minutes"), 60.0, _TIME),
    (("h", "hour", "hours"), 3600.0, _TIME),
    (("day", "days"), _DAY, _TIME),
    (("week", "weeks"), 7 * _DAY, _TIME),
    (("month", "months"), _YEAR / 12, _TIME),
    (("year", "years"), _YEAR, _TIME),
    (("lb", "pound", "pounds"), 0.45359237, _MASS),
    (("kg", "kilogram", "kilograms"), 1.0, _MASS),
    (("g", "gram", "grams"), 1e-3, _MASS),
    (("milligram",), 1e-6, _MASS),
    (("mg/L", "milligram / liter"), 1e-3, _CONCENTRATION),
    (("percent",), 0.01, _NONE),
):
    for _name in _names:
        _UNITS[_name] = (_factor, 0.0, _dimension)
_UNITS.update({
    "K": (1.0, 0.0, _TEMPERATURE), "kelvin": (1.0, 0.0, _TEMPERATURE),
    "degC": (1.0, 273.15, _TEMPERATURE),
    "degF": (5 / 9, 459.67, _TEMPERATURE),
})


class UnitMismatchError(ValueError):
    """A conversion between units of different dimensions (e.g. kg to in)."""


class _Unit(str):
    """A unit of the project table. It is the text pint reads for the same unit (a ``str``), so pint can
    convert to or from it when the other unit is not in the table."""

    def __new__(cls, name: str):
        unit = super().__new__(cls, name)
        unit.name = name
        unit.factor, unit.offset, unit.dimension = _UNITS[name]
        return unit

    def __repr__(self) -> str:
        return f"<Unit('{self.name}')>"


class _Quantity:
    """A number in a project unit; ``to()`` converts within the table, or through pint for other units."""

    __slots__ = ("magnitude", "units")

    def __init__(self, magnitude: float, units: _Unit):
        self.magnitude = magnitude
        self.units = units

    def to(self, target):
        if not isinstance(target, str) or target not in _UNITS:
            return pint_registry().Quantity(self.magnitude, self.units.name).to(target)
        unit = target if isinstance(target, _Unit) else _Unit(target)
        if unit.dimension != self.units.dimension:
            raise UnitMismatchError(f"cannot convert from {self.units.name!r} to {unit.name!r}")
        si = (self.magnitude + self.units.offset) * self.units.factor
        return _Quantity(si / unit.factor - unit.offset, unit)


class _ProjectRegistry:
    """The project's one unit registry.

    The units the project reads and shows (lengths, volumes, flows, times, temperatures, masses) convert with
    the exact factors of the table above, without importing pint; any other unit a user types goes to the
    full pint registry, built once on first need. Other attributes are pint's.
    """

    def parse_units(self, text: str):
        return _Unit(text) if text in _UNITS else pint_registry().parse_units(text)

    def Quantity(self, value, units):  # noqa: N802 - pint's name
        if isinstance(units, _Unit):
            return _Quantity(value, units)
        if isinstance(units, str) and units in _UNITS:
            return _Quantity(value, _Unit(units))
        return pint_registry().Quantity(value, units)

    def __getattr__(self, name: str):
        return getattr(pint_registry(), name)


ureg = _ProjectRegistry()
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

    A name of the project's own unit table (exact case: ``mg/L``, ``L/s``) is kept, so it converts without pint.

    >>> unit_name("Inches"), unit_name("GPM"), unit_name("degrees F"), unit_name("mg/L"), unit_name("mg per l")
    ('inch', 'gpm', 'degF', 'mg/L', 'milligram / liter')
    >>> unit_name("m3/h")
    '(meter ** 3) / (hour)'
    """
    if text.strip() in _UNITS:
        return text.strip()
    key = " ".join(text.lower().split())
    for candidate in (key, key.replace(" ", "")):
        if candidate in UNIT_ALIASES:
            return UNIT_ALIASES[candidate]
    parts = re.split(r"\s*/\s*|\s+per\s+", text.strip(), flags=re.IGNORECASE)
    if len(parts) == 2:
        top, bottom = _one_unit(parts[0]), _one_unit(parts[1])
        return f"{top} / {bottom}" if f"{top} / {bottom}" in _UNITS else f"({top}) / ({bottom})"
    if len(parts) == 1:
        return _one_unit(parts[0])
    raise ValueError(text)


@lru_cache(maxsize=512)
def _parse_units(text: str):
    return ureg.parse_units(unit_name(text))


@lru_cache(maxsize=4096)  # a log's readings repeat their values ("2 in"): each text is split once
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
