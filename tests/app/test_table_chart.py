"""The Table 1014.3.6 chart labels every row of the table on its DFU axis (it labelled only 0/800/1,600/2,400)."""

from __future__ import annotations

import json

from sizing.io.tables import DEFAULT_EDITION, load_table
from tests.app.conftest import open_examples, open_tab


def test_the_dfu_axis_has_a_tick_at_each_table_row(app):
    open_examples(app).selectbox(key="in_example").set_value("cpc-code-example.yaml")
    app.button(key="load_example").click().run()
    open_tab(app, "Table 1014.3.6")
    charts = [e for e in app.main if getattr(e, "type", "") == "vega_lite_chart"]
    spec = json.loads(charts[0].proto.spec)
    ticks = spec["layer"][0]["encoding"]["x"]["axis"]["values"]
    assert ticks == [0] + [r["max_dfu"] for r in load_table("1014.3.6", DEFAULT_EDITION).rows]
    assert {8, 21, 35, 90, 172, 2640} <= set(ticks)
