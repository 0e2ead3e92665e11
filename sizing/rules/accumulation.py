"""FOG + solids accumulation: percent full against the profile's limit, the rate over the current cycle, the
projected date of reaching the limit, and the calendar arithmetic of the service intervals.

How the rate is derived (the profile's local-policy parameters, documented there):

* The accumulation rate is a least-squares line through the last full pump-out (0 in, since a pump-out
  removes the full content) and the readings taken after it: rate = sum(t*y) / sum(t*t) [in/day].
  Without a pump-out on record, an ordinary least-squares line through the readings is used.
* A reading taken on the day of a pump-out is taken as the reading before that pump-out.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import Any

from sizing.finding import FAIL, PASS, Finding
from sizing.io.sections.maintenance import MaintenanceRecord, Measurement
from sizing.quantities import show, show_against

# --- Dates ---------------------------------------------------------------------------------------------


# --- The limit -----------------------------------------------------------------------------------------

def percent_full(fog_in: float, solids_in: float, liquid_depth_in: float) -> float:
    """Combined FOG and solids as a percentage of the interceptor liquid depth [%].

    FOG ordinance, Prohibitions (g).

    >>> percent_full(6, 6, 48)
    25.0
    """
    return (fog_in + solids_in) / liquid_depth_in * 100.0


def exceeds_accumulation_limit(percent: float, limit_percent: float) -> bool:
    """True only when the accumulation is *over* the limit: exactly at the limit is not over it.

    FOG ordinance, Prohibitions (g); Grease interceptor maintenance (e)(1).

    >>> exceeds_accumulation_limit(25.0, 25), exceeds_accumulation_limit(25.2, 25)
    (False, True)
    """
    return round(percent, 9) > limit_percent


def limit_finding(reading: dict[str, Any], limit_percent: float, citation: str) -> Finding:
    """Prohibitions (g): the latest FOG + solids reading (a row of :func:`readings`) against the profile's limit.

    >>> f = limit_finding({"percent_full": 27.5, "exceeds_limit": True}, 25, "c")
    >>> f.status, f.message, f.value, f.limit
    ('fail', 'FOG + solids 27.5 % of the liquid depth (over 25 %)', 27.5, 25)
    """
    over = bool(reading["exceeds_limit"])
    return Finding("accumulation_limit", FAIL if over else PASS, citation,
                   f"FOG + solids {show_against(reading['percent_full'], limit_percent, '%')} of the liquid depth ({'over' if over else 'within'} "
                   f"{show(limit_percent, '%')})", value=reading["percent_full"], limit=limit_percent, unit="%",
                   title=f"FOG + solids at most {show(limit_percent, '%')} of the liquid depth")


def readings(rec: MaintenanceRecord, limit_percent: float) -> list[dict[str, Any]]:
    """Each reading as a row: depths, percent full, over the limit, days since the pump-out before it."""
    out = []
    for m in rec.measurements:
        before = [s for s in rec.services if s < m.date]
        since = before[-1] if before else None
        pct = percent_full(m.fog_in, m.solids_in, rec.liquid_depth_in)
        out.append({"index": m.index, "date": m.date.isoformat(), "fog_in": m.fog_in, "solids_in": m.solids_in,
                    "total_in": round(m.total_in, 6), "percent_full": round(pct, 3),
                    "exceeds_limit": exceeds_accumulation_limit(pct, limit_percent),
                    "days_since_service": None if since is None else (m.date - since).days})
    return out


# --- Rates ---------------------------------------------------------------------------------------------

def rate_through_origin(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of y = r t through (0, 0) [depth per day]; None without a point at t > 0.

    >>> rate_through_origin([(10, 1.0), (20, 2.0)])
    0.1
    """
    sxx = sum(t * t for t, _ in points)
    if sxx <= 0:
        return None
    return sum(t * y for t, y in points) / sxx


def least_squares(points: list[tuple[float, float]]) -> tuple[float, float] | None:
    """Ordinary least squares (slope, intercept); None with fewer than two distinct t.

    >>> least_squares([(0, 1.0), (10, 2.0), (20, 3.0)])
    (0.1, 1.0)
    """
    n = len(points)
    if n < 2:
        return None
    mt = sum(t for t, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((t - mt) ** 2 for t, _ in points)
    if sxx <= 0:
        return None
    slope = sum((t - mt) * (y - my) for t, y in points) / sxx
    return slope, my - slope * mt


@dataclass(frozen=True)
class Cycle:
    """The accumulation over the current cycle: the readings after the last pump-out and the line through them.

    ``origin_date`` / ``origin_in`` are where the line starts (the pump-out at 0 in, or the first reading's
    fitted depth without a pump-out on record); ``rate`` is in inches per day (None: no line).
    """

    readings: tuple[Measurement, ...]
    rate: float | None
    origin_date: dt.date | None
    origin_in: float
    method: str | None
    limit_depth_in: float
    liquid_depth_in: float

    @property
    def days_to_limit(self) -> float | None:
        """Days from empty to the limit at the measured rate; None without a positive rate."""
        return self.limit_depth_in / self.rate if self.rate and self.rate > 0 else None

    @property
    def projected_limit_date(self) -> dt.date | None:
        """The day the line reaches the limit (rounded down); None without a positive rate."""
        if not (self.rate and self.rate > 0) or self.origin_date is None:
            return None
        return self.origin_date + dt.timedelta(days=math.floor((self.limit_depth_in - self.origin_in) / self.rate))

    def to_dict(self) -> dict[str, Any]:
        rate, days, depth = self.rate, self.days_to_limit, self.liquid_depth_in
        return {
            "rate_in_per_day": None if rate is None else round(rate, 6),
            "rate_in_per_30_days": None if rate is None else round(rate * 30, 4),
            "rate_percent_per_day": None if rate is None else round(rate / depth * 100, 6),
            "days_from_empty_to_limit": None if days is None else round(days, 1),
            "readings_used": [m.index for m in self.readings] if rate is not None else [],
            "method": self.method,
        }

    def projection(self, end: dt.date) -> dict[str, Any] | None:
        """The line from its origin to ``end`` in percent of the liquid depth (the chart's projection)."""
        if self.rate is None or self.origin_date is None:
            return None
        depth = self.liquid_depth_in
        return {"origin_date": self.origin_date.isoformat(), "origin_percent": round(self.origin_in / depth * 100, 4),
                "end_date": end.isoformat(),
                "end_percent": round((self.origin_in + self.rate * (end - self.origin_date).days) / depth * 100, 4),
                "rate_percent_per_day": round(self.rate / depth * 100, 6)}


def cycle(rec: MaintenanceRecord, limit_depth_in: float) -> Cycle:
    """The readings since the last pump-out and the least-squares line through them (see the module notes)."""
    last_service = rec.services[-1] if rec.services else None
    current = tuple(m for m in rec.measurements if last_service is None or m.date > last_service)
    origin_date, origin_in, rate, method = None, 0.0, None, None
    if last_service is not None and current:
        rate = rate_through_origin([((m.date - last_service).days, m.total_in) for m in current])
        origin_date, method = last_service, "least squares through the last pump-out (0 in) and the readings after it"
    elif last_service is None and len(current) >= 2:
        first = current[0].date
        fit = least_squares([((m.date - first).days, m.total_in) for m in current])
        if fit is not None:
            rate, origin_in = fit
            origin_date, method = first, "least squares through the readings (no pump-out on record)"
    return Cycle(readings=current, rate=rate, origin_date=origin_date, origin_in=origin_in, method=method,
                 limit_depth_in=limit_depth_in, liquid_depth_in=rec.liquid_depth_in)
