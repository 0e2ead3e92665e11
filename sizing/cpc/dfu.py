"""Drainage fixture units: CPC Table 702.1 by fixture, Table 702.2(1) by trap size."""

from __future__ import annotations

from sizing.cpc import first_at_least, fmt_size, nominal_size
from sizing.io.tables import load_table


def fixture_dfu(row_id: str, edition: str) -> tuple[float, dict]:
    """DFU of one fixture from its Table 702.1 row (public-use column).
    CPC Section 702.1, Table 702.1.

    >>> fixture_dfu("floor_drain", "2025")[0], fixture_dfu("sink_service", "2025")[0]
    (2, 3)
    """
    table = load_table("702.1", edition)
    for row in table.rows:
        if row["id"] == row_id:
            return row["dfu"], row
    raise KeyError(f"Table 702.1 ({edition}) has no row {row_id!r}")


def trap_dfu(trap_in: float, edition: str) -> tuple[float, dict, float, str | None]:
    """DFU for a fixture not in Table 702.1, by its trap size. Returns (dfu, row, size used, note).
    CPC Section 702.2, Table 702.2(1).

    A metric size is matched to the nominal inch size; a size between listed sizes is rounded up to the
    next listed size (more DFU, never fewer). Above 4 in the table gives no value: ValueError.

    >>> trap_dfu(2, "2025")[0], trap_dfu(1.5, "2025")[0]
    (4, 3)
    >>> trap_dfu(2.5, "2025")[0]
    6
    """
    table = load_table("702.2-1", edition)
    sizes = table.column("trap_in")
    note = None
    size = nominal_size(trap_in, sizes)
    if size is None:
        i = first_at_least(trap_in, sizes)
        if i is None:
            raise ValueError(f"Table 702.2(1) lists traps up to {fmt_size(sizes[-1])}")
        size = sizes[i]
        note = f"a {trap_in:.3g} in trap is not a listed size; rounded up to {fmt_size(size)}"
    elif abs(size - trap_in) > 1e-6:
        note = f"{trap_in:.3g} in taken as nominal {fmt_size(size)}"
    row = table.rows[sizes.index(size)]
    return row["dfu"], row, size, note


def listed_trap_size(trap_in: float, edition: str) -> tuple[float, str | None]:
    """The Table 702.2(1) trap size a given trap is taken as: the nominal size it matches, or the next larger
    listed size (a size between listed sizes rounds up). Above the largest listed trap: ValueError.

    >>> listed_trap_size(50 / 25.4, "2025"), listed_trap_size(2.5, "2025")[0]
    ((2, '1.97 in taken as nominal 2 in'), 3)
    """
    return trap_dfu(trap_in, edition)[2:]


def fixture_dfu_with_trap(row_id: str, trap_in: float | None, edition: str,
                          rows_by_trap: dict[str, str] | None = None) -> dict:
    """DFU of a fixture with a Table 702.1 row, given its trap size.
    CPC Section 702.1, Table 702.1; Section 702.2, Table 702.2(1).

    The row applies to its listed trap (a type may list one row per trap size: ``rows_by_trap``). A trap larger
    than the row's trap takes the Table 702.2(1) value for its trap, a size between listed sizes rounding up.
    Returns ``{dfu, row, by_trap_table, trap_size_in, note}``; ``by_trap_table`` is the Table 702.2(1) row when
    that table gave the value.

    >>> fixture_dfu_with_trap("floor_drain", 3, "2025")["dfu"], fixture_dfu_with_trap("floor_drain", 4, "2025")["dfu"]
    (6, 8)
    >>> fixture_dfu_with_trap("floor_drain", None, "2025")["dfu"], fixture_dfu_with_trap("floor_drain", 2, "2025")["dfu"]
    (2, 2)
    """
    dfu, row = fixture_dfu(row_id, edition)
    out = {"dfu": dfu, "row": row, "by_trap_table": None, "trap_size_in": None, "note": None}
    if trap_in is None:
        return out
    t_dfu, t_row, size, note = trap_dfu(trap_in, edition)
    out.update(trap_size_in=size, note=note)
    chosen = (rows_by_trap or {}).get(f"{size:g}")
    if chosen:
        out["dfu"], out["row"] = fixture_dfu(chosen, edition)
        return out
    if size > row["min_trap_in"] + 1e-9:
        out.update(dfu=t_dfu, by_trap_table=t_row)
    return out
