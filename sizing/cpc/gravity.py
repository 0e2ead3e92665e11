"""Gravity grease interceptors: CPC Section 1014.3.6, Table 1014.3.6, and Table 703.2 for unknown DFU."""

from __future__ import annotations

from sizing.cpc import first_at_least, fmt_size, nominal_size
from sizing.io.tables import load_table

#: Beyond the last row the table gives no size. Never extrapolate.
BEYOND_TABLE = ("beyond Table 1014.3.6 (over {max} DFU): the table gives no size; an engineered design "
                "or several interceptors are needed")


def gravity_interceptor_volume(dfu_total: float, edition: str) -> tuple[int | None, dict | None]:
    """Minimum gravity interceptor volume [gal] for a DFU total: the first row whose DFU >= the total.
    CPC Section 1014.3.6, Table 1014.3.6.

    Returns (volume, row), or (None, None) above the last row.

    The code's own example: 1 food-prep sink (3) + 3 floor drains (2 each) + 1 mop sink (3) = 12 DFU.

    >>> gravity_interceptor_volume(12, "2025")[0]
    750
    >>> gravity_interceptor_volume(2641, "2025")
    (None, None)
    """
    table = load_table("1014.3.6", edition)
    i = first_at_least(dfu_total, table.column("max_dfu"))
    if i is None:
        return None, None
    row = table.rows[i]
    return row["volume_gal"], row


def footnote_3_volume(flow_gpm: float, edition: str) -> float:
    """Volume [gal] a connected fixture with a known flow and no DFU value adds: gpm x 30 min.
    CPC Section 1014.3.6, Table 1014.3.6, footnote 3.

    >>> footnote_3_volume(5, "2025")
    150.0
    """
    minutes = load_table("1014.3.6", edition).meta["footnote_3_minutes"]
    return float(flow_gpm) * minutes


def pipe_max_dfu(pipe_in: float, edition: str) -> tuple[float, dict, float, str | None]:
    """Maximum DFU on a horizontal drain of a nominal size, for sizing when the DFUs are not known.
    CPC Section 1014.3.6 (unknown DFU), Table 703.2 (horizontal).

    Returns (max DFU, row, nominal size, note); a size the table does not list raises ValueError.

    >>> pipe_max_dfu(4, "2025")[0]
    216
    """
    table = load_table("703.2", edition)
    sizes = table.column("pipe_in")
    size = nominal_size(pipe_in, sizes)
    if size is None:
        listed = ", ".join(fmt_size(s) for s in sizes)
        raise ValueError(f"a nominal pipe size Table 703.2 lists ({listed})")
    row = table.rows[sizes.index(size)]
    note = None if abs(size - pipe_in) < 1e-6 else f"{pipe_in:.3g} in taken as nominal {fmt_size(size)}"
    return row["max_dfu"], row, size, note
