"""Figures drawn from result objects (never recomputed): the maintenance accumulation chart.

Uses matplotlib's object API (``matplotlib.figure.Figure``), not pyplot, so no GUI backend is needed and
the app can show the returned Figure directly (``st.pyplot(fig)``).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from sizing.errors import SizingInputError
from sizing.quantities import show
from sizing.rules.maintenance import MaintenancePlan

if TYPE_CHECKING:
    from matplotlib.figure import Figure
import io

FORMATS = (".png", ".svg", ".pdf")


def maintenance_figure(plan: MaintenancePlan) -> Figure:
    """FOG + solids accumulation [% of liquid depth] against the limit line, with the projection."""
    # matplotlib is imported only when a chart is drawn: it stays off the start of the app pages
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
    from matplotlib.figure import Figure

    # about square, its legend under the axes and its text at 9 pt or more: readable on a 390 px phone screen as on a
    # desktop page or a printed report
    fig = Figure(figsize=(6.4, 5.6), layout="constrained")
    ax = fig.add_subplot()
    limit = plan.limit_percent
    dates = [dt.date.fromisoformat(r["date"]) for r in plan.readings]
    values = [r["percent_full"] for r in plan.readings]
    over = [r["exceeds_limit"] for r in plan.readings]
    ax.axhline(limit, color="tab:red", linewidth=1.5,
               label=f"{show(limit, '%')} limit ({show(plan.limit_depth_in, 'in')} of {show(plan.liquid_depth_in, 'in')})")
    for i, day in enumerate(plan.services):
        ax.axvline(day, color="0.55", linestyle=":", linewidth=1, label="full pump-out" if i == 0 else None)
    if dates:
        for xs, ys in _cycles(plan, dates, values):  # a full pump-out returns the interceptor to 0 %
            ax.plot(xs, ys, color="tab:blue", linewidth=1, alpha=0.5)
        ok = [(d, v) for d, v, o in zip(dates, values, over, strict=True) if not o]
        bad = [(d, v) for d, v, o in zip(dates, values, over, strict=True) if o]
        if ok:
            ax.scatter(*zip(*ok, strict=True), color="tab:blue", zorder=3, label="FOG + solids reading")
        if bad:
            ax.scatter(*zip(*bad, strict=True), color="tab:red", marker="X", s=60, zorder=3, label="over the limit")
    if plan.projection is not None:
        p = plan.projection
        ax.plot([dt.date.fromisoformat(p["origin_date"]), dt.date.fromisoformat(p["end_date"])],
                [p["origin_percent"], p["end_percent"]], color="tab:orange", linestyle="--",
                label=f"projection ({p['rate_percent_per_day']:.3g} %/day)")
    if plan.projected_limit_date is not None:
        ax.scatter([plan.projected_limit_date], [limit], color="tab:orange", marker="D", zorder=4,
                   label=f"reaches {show(limit, '%')}: {plan.projected_limit_date.isoformat()}")
    if plan.next_service_date is not None:
        ax.axvline(plan.next_service_date, color="tab:green", linestyle="--", linewidth=1.2,
                   label=f"next service: {plan.next_service_date.isoformat()}")
    top = max([limit * 1.3] + [v * 1.1 for v in values])
    ax.set_ylim(0, top)
    ax.set_ylabel("FOG + solids [% of liquid depth]", fontsize=10)
    ax.tick_params(labelsize=9)
    locator = AutoDateLocator(maxticks=6)
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))
    title = "Grease interceptor accumulation"
    if plan.project.get("name"):
        title += f"\n{plan.project['name']}"
    ax.set_title(title, fontsize=11)
    ax.grid(True, alpha=0.3)
    fig.legend(loc="outside lower center", ncols=2, fontsize=9, frameon=False)
    return fig


def _cycles(plan: MaintenancePlan, dates: list[dt.date], values: list[float]):
    """Readings split at each pump-out; a cycle after a pump-out starts from 0 % on its date."""
    bounds = list(plan.services)
    for k in range(len(bounds) + 1):
        start = bounds[k - 1] if k else None
        end = bounds[k] if k < len(bounds) else None
        pts = [(d, v) for d, v in zip(dates, values, strict=True)
               if (start is None or d > start) and (end is None or d <= end)]
        if pts and start is not None:
            pts.insert(0, (start, 0.0))
        if len(pts) > 1:
            yield [d for d, _ in pts], [v for _, v in pts]


def figure_bytes(fig: Figure, suffix: str, created: dt.date | None = None, field: str = "--plot") -> bytes:
    """A figure as .png, .svg or .pdf bytes, the same bytes for the same figure: the date in the file is
    ``created`` at 00:00 UTC (or SOURCE_DATE_EPOCH when set, as every PDF), the SVG's element ids are salted
    with a fixed text (not a random one), and no software version is written."""

    import matplotlib

    from sizing.report.pdf import creation_date

    suffix = suffix.lower()
    if suffix not in FORMATS:
        raise SizingInputError(field, suffix, f"a file name ending in {', '.join(FORMATS)}")
    when = creation_date(created)
    metadata: dict[str, object] = {
        ".pdf": {"CreationDate": when, "Creator": "sizing", "Producer": "sizing"},
        ".svg": {"Date": when.date().isoformat(), "Creator": "sizing"},
        ".png": {"Software": "sizing"},
    }[suffix]
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "sizing"}):
        fig.savefig(buffer, format=suffix[1:], dpi=150, metadata=metadata)
    return buffer.getvalue()
