"""Page 4, Maintenance: readings in, the 25 % rule, the accumulation plot and the next service date out."""

from __future__ import annotations

from sizing import __version__
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.report.findings import label
from sizing.rules import maintenance
from tests.app.conftest import errors, goto, metrics, status_colours, table, texts


def load(app, name="maintenance-restaurant.yaml"):
    goto(app, "maintenance")
    app.selectbox(key="in_mt_example").set_value(name)
    app.button(key="mt_load_example").click().run()
    assert not app.exception
    return app


def add_reading(app, row):
    key = app.session_state["mt_readings_editor_key"]
    app.session_state[key] = {"edited_rows": {}, "added_rows": [row], "deleted_rows": []}
    app.run()
    assert not app.exception


def test_blank_page_asks_for_the_log(app):
    goto(app, "maintenance")
    assert "Enter the interceptor's liquid depth and the readings" in texts(app)
    assert f"sizing {__version__}" in texts(app)


def test_restaurant_log_matches_the_core_and_draws_the_chart(app):
    load(app)
    from app_pages.widgets.examples import examples_dir

    expected = maintenance.plan(maintenance.load(str(examples_dir() / "maintenance-restaurant.yaml")), get_jurisdiction("tracy"))
    shown = metrics(app)
    assert shown["FOG + solids"] == f"{expected.percent_full:.1f} %" == "10.9 %"
    assert shown["Recommended interval"] == "115 days"
    assert shown["Next service"] == "2025-07-09" == expected.next_service_date.isoformat()
    assert shown["Limit"] == "25 % (12 in)"
    assert len(app.get("image")) == 1  # the accumulation chart (st.pyplot)
    assert errors(app) == []
    assert app.text_input(key="in_mt_depth").value == "48 in"


def test_a_reading_over_25_percent_means_service_now(app):
    load(app)
    add_reading(app, {"date": "2025-06-19", "fog": "8 in", "solids": "152 mm"})  # 13.98 in of 48 in = 29.1 %
    assert metrics(app)["FOG + solids"] == "29.1 %"
    assert len(errors(app)) == 1 and errors(app)[0].startswith("Service now")


def test_bad_layer_unit_names_the_field_and_keeps_the_row(app):
    load(app)
    add_reading(app, {"date": "2025-06-19", "fog": "2 kg", "solids": "1 in"})
    assert errors(app) == ["measurement 5, fog: expected a length such as '2 in' or '50 mm', no deeper "
                           "than the liquid depth (48 in), got '2 kg'"]
    assert list(app.session_state["mt_readings_current"]["fog"])[-1] == "2 kg"


def test_first_readings_use_the_quarterly_default(app):
    load(app, "maintenance-first-readings.yaml")
    assert metrics(app)["Recommended interval"] == "90 days"
    assert any("quarterly default" in c.value for c in app.caption)


def test_findings_table_shows_the_plans_findings(app):
    load(app)
    from app_pages.widgets.examples import examples_dir

    expected = maintenance.plan(maintenance.load(str(examples_dir() / "maintenance-restaurant.yaml")), get_jurisdiction("tracy"))
    shown = table(app, "status", "rule", "finding", "citation")
    assert list(shown["rule"]) == [label(f) for f in expected.findings]  # each by its name, not its key
    assert list(shown["finding"]) == [f.message for f in expected.findings]
    assert set(shown["status"]) == {"PASS"}
    assert status_colours(app) == {"PASS": "green"}
    # the latest reading, (3 + 2.25) in of 48 in = 10.9375 %, as the report and the finding print it
    assert shown["shown"].iloc[0] == "10.9 %" and shown["required"].iloc[0] == "25 %"
