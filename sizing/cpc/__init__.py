"""CPC clause functions: pure, plain numbers in the code's units ([DFU], [gal], [gpm], [in], [min]).

One module per part of the code: ``dfu`` (Tables 702.1, 702.2(1)), ``gravity`` (Tables 1014.3.6, 703.2),
``hydromechanical`` (Table 1014.2.1 and the PDI fixture-capacity method), ``meals`` (the legacy formula).
"""

from __future__ import annotations

from collections.abc import Sequence

from sizing.quantities import show

#: A metric pipe or trap size within this fraction of a nominal inch size is taken as that size
#: (DN80 = 3.15 in -> 3 in, DN40 = 1.57 in -> 1-1/2 in).
NOMINAL_TOLERANCE = 0.06


def nominal_size(value_in: float, sizes_in: Sequence[float], tolerance: float = NOMINAL_TOLERANCE) -> float | None:
    """The listed nominal size nearest to ``value_in`` if within ``tolerance`` of it, else None.

    >>> nominal_size(100 / 25.4, [2, 3, 4, 5])   # 100 mm
    4
    >>> nominal_size(3.5, [2, 3, 4, 5]) is None
    True
    """
    best = min(sizes_in, key=lambda s: abs(s - value_in))
    return best if abs(best - value_in) <= tolerance * best else None


def first_at_least(value: float, keys: Sequence[float]) -> int | None:
    """Index of the first key >= value (tables listed in ascending order), or None past the last.

    >>> first_at_least(12, [8, 21, 35])
    1
    >>> first_at_least(36, [8, 21, 35]) is None
    True
    """
    for i, key in enumerate(keys):
        if key >= value - 1e-9:
            return i
    return None


def fmt_size(inches: float) -> str:
    """1.5 -> '1-1/2 in'.

    >>> fmt_size(1.25), fmt_size(4), fmt_size(2.5)
    ('1-1/4 in', '4 in', '2-1/2 in')
    """
    whole = int(inches)
    frac = inches - whole
    fractions = {0.25: "1/4", 0.5: "1/2", 0.75: "3/4"}
    for f, name in fractions.items():
        if abs(frac - f) < 1e-6:
            return f"{whole}-{name} in" if whole else f"{name} in"

    return show(inches, "in")
