"""The revocation timeline: no line zig-zagging between the event rows, full labels, dates with their year."""

from __future__ import annotations

import json

from tests.app.conftest import goto


def test_the_revocation_timeline_is_readable(app):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value("waiver-alternative-pretreatment.yaml")
    app.button(key="wv_load_example").click().run()
    charts = [e for e in app.main if getattr(e, "type", "") == "vega_lite_chart"]
    assert len(charts) == 1
    spec = json.loads(charts[0].proto.spec)
    marks = [layer["mark"]["type"] for layer in spec["layer"]]
    assert "line" not in marks and "point" in marks
    point = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "point")
    assert point["encoding"]["x"]["axis"]["format"] == "%Y-%m-%d"
    assert point["encoding"]["y"]["axis"]["labelLimit"] == 0  # labels not cut
