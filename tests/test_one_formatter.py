"""A quantity with its unit is printed by sizing.quantities only: no rule, report or page writes its own
f"{x:g} in" or f"{x:.2f} gal" (one reading printed 10.9 %, 10.938 % and 10.94 % before)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A format spec that rounds a number by itself, then a unit of a quantity.
OWN_FORMAT = re.compile(r"\{[^{}]+:(?:g|,g|\.\d+f|,\.\d+f)\} ?(?:in|gal|gpm|%|degF|DFU|ft)(?![\w/])")
#: All the package and the pages, but the frozen migrations (they keep the text the register printed then).
SCANNED = [ROOT / "sizing", ROOT / "app_pages"]
FROZEN = ROOT / "sizing" / "program" / "migrations"


def own_formats(paths) -> list[str]:
    out = []
    for base in paths:
        for path in sorted([base] if base.is_file() else base.rglob("*.py")):
            if path.is_relative_to(FROZEN):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if OWN_FORMAT.search(line):
                    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                    out.append(f"{name}:{n}: {line.strip()}")
    return out


def test_the_scan_finds_a_quantity_formatted_by_hand(tmp_path):
    (tmp_path / "m.py").write_text('a = f"{depth:g} in"\nb = f"{pct:.1f} %"\nc = f"{rate:.4f} in/day"\n'
                                   'd = f"{show(depth, \'in\')}"\n')
    assert [line.split(": ", 1)[1] for line in own_formats([tmp_path])] == ['a = f"{depth:g} in"',
                                                                           'b = f"{pct:.1f} %"']


def test_rules_reports_and_pages_print_quantities_through_the_one_formatter():
    found = own_formats(SCANNED)
    assert not found, "quantities formatted by hand (use sizing.quantities.show / number):\n" + "\n".join(found)
