"""The accumulation chart stays readable on a 390 px phone screen: drawn about square (so the page's full width
gives it enough height), its legend under the axes rather than over the readings, and no text under 9 pt."""

from __future__ import annotations

from pathlib import Path

from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report.figures import maintenance_figure
from sizing.rules import maintenance

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_chart_is_about_square_with_its_legend_below_and_no_small_text():
    plan = maintenance.plan(maintenance.load(EXAMPLES / "maintenance-restaurant.yaml"), get_jurisdiction("tracy"))
    fig = maintenance_figure(plan)
    width, height = fig.get_size_inches()
    assert width / height <= 1.2
    # at 390 px wide (about 350 px of chart), 9 pt on a 6.4 in figure is 350 / 6.4 / 72 * 9 = 6.8 px high text
    sizes = [t.get_fontsize() for t in fig.findobj(lambda o: hasattr(o, "get_fontsize") and hasattr(o, "get_text"))
             if t.get_text()]
    assert sizes and min(sizes) >= 9
    assert fig.legends and not fig.axes[0].get_legend()  # the figure's legend, outside the axes
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "25 % limit (12 in of 48 in)" in labels and "next service: 2025-07-09" in labels
