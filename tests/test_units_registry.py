"""The project's one unit registry (pint with the project's definitions): published conversions, the wrong
dimension refused, any unit pint knows read, and the command line does not import the heavy libraries it does not
need."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sizing.errors import SizingInputError
from sizing.io import units
from sizing.io.units import convert, parse_quantity

ROOT = Path(__file__).resolve().parent.parent


def test_known_values():
    """Item 1: published conversions: 1 gal = 231 in^3 = 3.785411784 L, 60 degC = 140 degF, 3 months = 91.3125 days."""
    assert convert(1, "gal", "L") == pytest.approx(3.785411784, rel=1e-12)
    assert convert(60, "degC", "degF") == pytest.approx(140.0, rel=1e-12)
    assert convert(-40, "degF", "degC") == pytest.approx(-40.0, rel=1e-12)
    assert parse_quantity("approved_interval", "3 months", "day") == pytest.approx(91.3125)
    assert parse_quantity("application.water_use", "250 gal/day", "gpd") == 250.0
    assert parse_quantity("f", "946.352946 L/day", "gpd") == pytest.approx(250.0)


@pytest.mark.parametrize(("text", "unit"), [("24 kg", "in"), ("5 in", "gpm"), ("3 gal", "degF"), ("2 h", "gal"),
                                            ("40 %", "in"), ("35 mg/L", "gpm")])
def test_the_wrong_dimension_is_an_input_error(text, unit):
    """A unit of the wrong dimension is refused: one line naming the field; ``convert`` raises ValueError."""
    with pytest.raises(SizingInputError, match=r"^x: expected "):
        parse_quantity("x", text, unit)
    with pytest.raises(ValueError):
        convert(1.0, text.split(" ", 1)[1].replace("%", "percent"), unit)


@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("2 yd", "in", 72.0), ("1 m^3", "gal", 264.172052), ("0.5 ft^3", "gal", 3.74025974), ("1 fortnight", "day", 14.0),
    ("300 K", "degF", 80.33), ("1 gal/s", "gpm", 60.0), ("1 m3/h", "gpm", 4.40286754),
])
def test_any_unit_pint_knows_converts(text, unit, expected):
    """Units beyond the alias table are read by pint as typed (one word, or word/word)."""
    assert parse_quantity("f", text, unit) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize(("value", "source", "target", "expected"), [
    (1.0, "gal", "m^3", 0.003785411784), (1.0, "m^3", "gal", 264.172052), (1.0, "yd", "in", 36.0),
    (36.0, "in", "yd", 1.0), (300.0, "K", "degC", 26.85), (1.0, "fortnight", "day", 14.0),
])
def test_convert_between_units(value, source, target, expected):
    """``convert`` both ways between a project unit and another unit pint knows."""
    assert convert(value, source, target) == pytest.approx(expected, rel=1e-6)


def test_junk_unit_outside_the_table_is_an_input_error():
    with pytest.raises(SizingInputError, match=r"^f: expected a length"):
        parse_quantity("f", "24 furlongz", "in")


def test_one_registry_with_the_project_units():
    """One registry a process, pint's own, with the project's flow units from ``sizing/io/units.txt``:
    1 gpm = 3.785411784 L/min, 1 gpd = 1/1440 gpm, 1 lpm = 1 L/min."""
    assert units.registry() is units.registry()
    assert convert(1, "gpm", "lpm") == pytest.approx(3.785411784, rel=1e-12)
    assert convert(1440, "gpd", "gpm") == pytest.approx(1.0, rel=1e-12)
    assert convert(60, "gph", "gpm") == pytest.approx(1.0, rel=1e-12)


HEAVY = ("fpdf", "holidays", "matplotlib", "sympy", "pandas", "streamlit")
COMMANDS = [
    ["size", "examples/restaurant.yaml", "--format", "json"],
    ["size", "examples/cpc-code-example.yaml"],
    ["review", "examples/review-compliant.yaml", "--format", "json"],
    ["waiver", "examples/waiver-coffee-bar.yaml", "--format", "json"],
    ["maintenance", "examples/maintenance-restaurant.yaml", "--format", "json"],
]
_PROBE = """
import contextlib, io, json, sys
from sizing.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if m.split(".")[0] in %r)}))
"""


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_command_line_does_not_import_what_it_does_not_use(argv):
    """size, review, waiver and maintenance start without fpdf2, holidays, matplotlib, sympy, pandas or
    streamlit: importing them took longer than the whole calculation."""
    done = subprocess.run([sys.executable, "-c", _PROBE % (HEAVY,), *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert probe["code"] == 0
    assert probe["modules"] == []


def test_pdf_and_deadline_still_load_their_libraries(tmp_path):
    """Item 1: the deferred imports still happen where they are needed (a deadline, a PDF)."""
    pdf = tmp_path / "review.pdf"
    code = ("import sys\nfrom sizing.cli.main import main\n"
            f"code = main(['review', 'examples/review-noncompliant.yaml', '--format', 'pdf', '-o', {str(pdf)!r}])\n"
            "print(code, 'holidays' in sys.modules, 'fpdf' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    assert done.stdout.split() == ["1", "True", "True"]
    assert pdf.read_bytes().startswith(b"%PDF")
