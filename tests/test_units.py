import pytest

from sizing.errors import SizingInputError
from sizing.units import convert, parse_quantity


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
