import pytest

from sizing.errors import SizingInputError
from sizing.io.units import convert, parse_quantity


@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("24 in", "in", 24.0), ("610 mm", "in", 24.015748), ('24"', "in", 24.0), ("2 ft", "in", 24.0),
    ("1-1/2 in", "in", 1.5), ("1 1/2 in", "in", 1.5), ("3/4 in", "in", 0.75), (4, "in", 4.0),
    ("65 degC", "degF", 149.0), ("60 degC", "degF", 140.0), ("140 degF", "degF", 140.0), ("140 °F", "degF", 140.0),
    ("5 gpm", "gpm", 5.0), ("20 L/min", "gpm", 5.283441), ("1890 L", "gal", 1890 / 3.785411784), ("2.5 h", "h", 2.5),
    ("150 min", "h", 2.5), ("25 %", "percent", 25.0),
])
def test_parse(text, unit, expected):
    assert parse_quantity("f", text, unit) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize(("text", "unit", "message"), [
    ("24 kg", "in", r"^x\.y: expected a length such as '24 in' or '610 mm', got '24 kg'$"),
    ("hot", "degF", r"^x\.y: expected a temperature such as '140 degF' or '60 degC', got 'hot'$"),
    ("5 in", "gpm", r"expected a flow rate"),
    ("nan in", "in", r"got 'nan in'"),
    (True, "in", r"got True"),
    (None, "in", r"got nothing"),
    ("-3 in", "in", r"expected a length such as '24 in' or '610 mm', > 0 in, got '-3 in'"),
])
def test_bad_values_name_the_field(text, unit, message):
    with pytest.raises(SizingInputError, match=message):
        parse_quantity("x.y", text, unit, minimum=0, strict_minimum=True)


def test_convert():
    assert convert(750, "gal", "L") == pytest.approx(2839.06, abs=0.01)


# --- what people type: the alias table, the strict pattern ---------------------------------------------

@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("24 IN", "in", 24.0), ("24 Inch", "in", 24.0), ("24 INCHES", "in", 24.0), ("2 FT", "in", 24.0),
    ("610 MM", "in", 610 / 25.4), ("5 GPM", "gpm", 5.0), ("5 LPM", "gpm", 5 / 3.785411784),
    ("750 GAL", "gal", 750.0), ("1,000 gal", "gal", 1000.0), ("12,500.5 gal", "gal", 12500.5),
    ("2'-0\"", "in", 24.0), ("2' 6\"", "in", 30.0), ("2 ft 6 in", "in", 30.0), ("2 ft-6 1/2 in", "in", 30.5),
    ("1½ in", "in", 1.5), ("½ in", "in", 0.5), ("1 ¾ in", "in", 1.75), ("140 ℉", "degF", 140.0),
    ("60 ℃", "degF", 140.0), ("140 degrees F", "degF", 140.0), ("140 Deg F", "degF", 140.0),
    ("2.839 m3", "gal", 2.839 / 0.003785411784), ("2.839 m³", "gal", 2.839 / 0.003785411784),
    ("2.8 m^3", "gal", 2.8 / 0.003785411784), ("100 ft^3", "gal", 748.0519480519),
    ("100 cu ft", "gal", 748.0519480519), ("5 gallons per minute", "gpm", 5.0), ("0.3 L/s", "gpm", 4.755096944),
    ("250 GAL/DAY", "gpd", 250.0), ("45 mg/L", "mg/L", 45.0), ("12 hrs", "h", 12.0), ("90 Days", "day", 90.0),
    ("24 in.", "in", 24.0), ("25 pct", "percent", 25.0),
])
def test_spellings_people_type(text, unit, expected):
    """Unit spellings people type are read without case through the alias table (24 IN, 5 LPM, 2'-0", 1½ in,
    140 ℉, 2.839 m3, ...)."""
    assert parse_quantity("f", text, unit) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize("text", [
    "24 in**2**3**4**5", "24 in*pi", "24 in!", "24 in$", "24 in # x", "24 in in", "24 (in)", "24 in^2",
    "24 in/s/s", "1,5 in", "24 pi", "in", "24 inch" + " " * 70, "24 in; 25 in", "24 in\n25 in", "1e400 in",
])
def test_anything_else_is_refused_clearly(text):
    """Unit text is data, never an expression: one number and one unit name, or a one-line error naming
    the field (pint's expression evaluator never sees it)."""
    with pytest.raises(SizingInputError, match=r"^fixtures\[0\]\.length: expected a length such as '24 in' or "
                                               r"'610 mm'.*, got "):
        parse_quantity("fixtures[0].length", text, "in", minimum=0, strict_minimum=True)


def test_every_alias_reads_to_its_dimension():
    """Each entry of the alias table names a unit pint knows, of the dimension its group says."""
    from sizing.io.units import UNIT_ALIASES, registry, unit_name

    ureg = registry()  # each alias must name a unit pint knows
    Q_ = ureg.Quantity

    groups = {"[length]": ("inch", "foot", "millimeter", "centimeter", "meter"),
              "[length] ** 3": ("gallon", "liter", "milliliter", "meter ** 3", "foot ** 3"),
              "[length] ** 3 / [time]": ("gpm", "gph", "gpd", "lpm", "liter / second"),
              "[time]": ("second", "minute", "hour", "day", "week", "month", "year"),
              "[temperature]": ("degF", "degC"), "[mass]": ("pound", "kilogram", "gram", "milligram"),
              "": ("percent",)}
    for spelling, name in UNIT_ALIASES.items():
        dimension = next(d for d, names in groups.items() if name in names)
        units = ureg.parse_units(unit_name(spelling.upper()))
        assert str(Q_(1, units).dimensionality) == ("dimensionless" if not dimension else dimension), spelling


def test_a_10_megabyte_value_is_refused_at_once():
    """A value longer than 64 characters is refused before any pattern or pint sees it."""
    import time

    start = time.monotonic()
    with pytest.raises(SizingInputError, match=r"at most 64 characters\), got '24 xxxx"):
        parse_quantity("inlet_pipe", "24 " + "x" * 10_000_000, "in")
    assert time.monotonic() - start < 1
