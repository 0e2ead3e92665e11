"""Hydromechanical grease interceptors (HGI): CPC Section 1014.2.1, Table 1014.2.1, and the PDI G-101 /
ASME A112.14.3 Appendix A fixture-capacity method."""

from __future__ import annotations

from sizing.cpc import first_at_least, nominal_size
from sizing.io.tables import load_table

#: Published selections below the computed flow happen when the flow is within this fraction above the next
#: smaller rating (50.5 gpm -> "50", 21.0 -> "20", 55.5 -> "50"). The tool then warns and shows that unit's
#: drain-down time; it never selects it.
SMALLER_UNIT_WARNING_FRACTION = 0.15


def _pdi() -> dict:
    return load_table("pdi-ratings").meta


def fixture_volume_gal(length_in: float, width_in: float, depth_in: float, compartments: int = 1) -> float:
    """Fixture volume [gal] = length x width x depth x compartments / 231 in^3 per gal.
    PDI G-101, fixture-capacity method, step 1.

    >>> round(fixture_volume_gal(48, 24, 12), 1)
    59.8
    """
    return length_in * width_in * depth_in * compartments / _pdi()["cubic_inches_per_gallon"]


def drainage_load_gal(volume_gal: float) -> float:
    """Drainage load [gal] = 75 % of the fixture volume (the other 25 % are the wares).
    PDI G-101, fixture-capacity method, step 2.

    >>> round(drainage_load_gal(fixture_volume_gal(48, 24, 12)), 1)
    44.9
    """
    return volume_gal * _pdi()["fill_factor"]


def design_flow_gpm(load_gal: float, drain_minutes: float) -> float:
    """Flow [gpm] = drainage load / drain period (1 minute, or 2 where allowed).
    PDI G-101, fixture-capacity method, step 3.

    >>> round(design_flow_gpm(44.88, 2), 2)
    22.44
    """
    return load_gal / drain_minutes


def hgi_rating(flow_gpm: float) -> tuple[int | None, int | None]:
    """Next LARGER standard rating [gpm] and its grease capacity [lb] (2 lb per gpm); (None, None) above
    the largest rating.
    PDI G-101, fixture-capacity method, step 4; IPC Table 1003.3.5.1 for capacity.

    >>> hgi_rating(44.9), hgi_rating(22.4), hgi_rating(50.5)
    ((50, 100), (25, 50), (75, 150))
    """
    table = load_table("pdi-ratings")
    i = first_at_least(flow_gpm, table.column("rating_gpm"))
    if i is None:
        return None, None
    row = table.rows[i]
    return row["rating_gpm"], row["grease_capacity_lb"]


def next_smaller_rating(flow_gpm: float) -> int | None:
    """The largest standard rating below ``flow_gpm`` (what some handbooks round down to)."""
    smaller = [r for r in load_table("pdi-ratings").column("rating_gpm") if r < flow_gpm - 1e-9]
    return smaller[-1] if smaller else None


def drain_down_minutes(load_gal: float, rating_gpm: float) -> float:
    """Minutes a unit of ``rating_gpm`` takes to pass a drainage load.

    >>> round(drain_down_minutes(50.5, 50), 2)
    1.01
    """
    return load_gal / rating_gpm


def hgi_by_pipe(pipe_in: float, edition: str) -> tuple[dict | None, float | None]:
    """HGI size [gpm] for the grease waste pipe, 1- and 2-minute drainage; (None, None) for a size the
    table does not list.
    CPC Section 1014.2.1, Table 1014.2.1.

    >>> hgi_by_pipe(4, "2025")[0]["one_minute_gpm"], hgi_by_pipe(4, "2025")[0]["two_minute_gpm"]
    (150, 75)
    """
    table = load_table("1014.2.1", edition)
    sizes = table.column("pipe_in")
    size = nominal_size(pipe_in, sizes)
    if size is None:
        return None, None
    return table.rows[sizes.index(size)], size
