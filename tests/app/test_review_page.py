"""Page 2, Plan review: carries the sizing page's submittal, takes the proposed design, shows the findings."""

from __future__ import annotations

import datetime as dt

from sizing import __version__
from sizing.io import submittal
from sizing.rules.review import review
from tests.app.conftest import (
    add_fixture,
    downloads,
    edit_fixtures,
    errors,
    goto,
    metrics,
    open_examples,
    status_colours,
    table,
    texts,
)


def load_code_example(app):
    open_examples(app).selectbox(key="in_example").set_value("cpc-code-example.yaml")
    app.button(key="load_example").click().run()
    assert metrics(app)["Gravity interceptor, required"] == "750 gal"


def set_manholes(app, rows):
    key = app.session_state["rv_mh_editor_key"]
    app.session_state[key] = {"edited_rows": {}, "added_rows": rows, "deleted_rows": []}
    app.run()
    assert not app.exception


def finding(app, rule):
    findings = table(app, "status", "rule", "citation")
    return findings[findings["rule"] == rule].iloc[0]


def test_nothing_to_review_asks_for_a_submittal(app):
    goto(app, "review")
    assert "Start from the sizing page's submittal" in texts(app)
    assert f"sizing {__version__}" in texts(app)


def test_carries_the_sizing_page_submittal_and_a_20_in_manhole_fails(app):
    load_code_example(app)
    goto(app, "review")
    assert "Loaded the submittal from the sizing page." in texts(app)
    assert metrics(app)["Required volume (CPC)"] == "750 gal"
    app.selectbox(key="in_rv_type").set_value("gravity")
    app.text_input(key="in_rv_volume").input("750 gal")
    app.text_input(key="in_rv_compartments").input("2").run()
    set_manholes(app, [{"over": "chamber", "diameter": "20 in", "to_grade": "yes"},
                       {"over": "chamber", "diameter": "24 in", "to_grade": "yes"}])
    assert errors(app) == []
    row = finding(app, "manhole_diameter")
    assert row["status"] == "FAIL"
    assert row["shown"] == "20 in" and row["required"] == "24 in"
    assert row["citation"] == "TMC ch. 5.26, Grease interceptor design standards (d)"
    assert finding(app, "volume")["status"] == "PASS"
    assert finding(app, "compartments")["status"] == "PASS"
    colours = status_colours(app)  # each status on its colour: fail red, pass green
    assert colours["FAIL"] == "red" and colours["PASS"] == "green"
    assert any("Enlarge the access manholes to at least 24 in diameter" in m.value for m in app.markdown)


def test_bad_manhole_diameter_names_the_field_and_keeps_the_row(app):
    load_code_example(app)
    goto(app, "review")
    set_manholes(app, [{"over": "chamber", "diameter": "24 kg", "to_grade": "yes"}])
    assert errors(app) == ["interceptor.manholes[0].diameter: expected a length such as '24 in' or '610 mm', "
                           "got '24 kg'"]
    assert app.session_state["rv_mh_current"].loc[0, "diameter"] == "24 kg"


def test_noncompliant_example_matches_the_core_review_and_shows_the_deadline(app):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-noncompliant.yaml")
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []
    from app_pages.widgets.examples import examples_dir

    expected = review(submittal.load(examples_dir() / "review-noncompliant.yaml"), today=dt.date.today())
    shown = metrics(app)
    assert shown["Fail"] == str(expected.counts()["fail"]) == "12"
    assert app.text_input(key="in_rv_volume").value == "1890 L"  # kept as typed
    assert app.text_input(key="in_rv_max_discharge_temperature").value == "65 degC"
    deadline = [i.value for i in app.info if "Deadline" in i.value][0]
    assert "2026-07-28" in deadline and "180 working days after 2025-11-03" in deadline
    assert finding(app, "discharge_temperature")["status"] == "FAIL"
    assert finding(app, "volume")["shown"] == "499.3 gal"  # 1890 L / 3.785411784 L per gal = 499.29 gal, to 0.1 gal
    assert "rv_download_pdf" in downloads(app)


def test_fixing_the_temperature_on_the_form_changes_the_finding(app):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-noncompliant.yaml")
    app.button(key="rv_load_example").click().run()
    app.text_input(key="in_rv_max_discharge_temperature").input("60 degC").run()
    assert finding(app, "discharge_temperature")["status"] == "PASS"
    app.text_input(key="in_rv_max_discharge_temperature").input("hot").run()
    assert errors(app) == ["max_discharge_temperature: expected a temperature such as '140 degF' or '60 degC', "
                           "got 'hot'"]
    assert app.text_input(key="in_rv_max_discharge_temperature").value == "hot"


def test_a_changed_sizing_page_is_noticed_and_taken_on_request(app):
    add_fixture(app, "floor_drain", 2)
    goto(app, "review")
    app.text_input(key="in_rv_volume").input("500 gal").run()
    goto(app, "size")
    edit_fixtures(app, {0: {"count": 12}})
    assert metrics(app)["Gravity interceptor, required"] == "1,000 gal"
    goto(app, "review")
    assert "The sizing page has changed" in texts(app)
    app.button(key="rv_from_sizing").click().run()
    assert app.text_input(key="in_rv_volume").value == "500 gal"  # the typed design is kept
    assert metrics(app)["Required volume (CPC)"] == "1,000 gal"


def test_a_review_resting_on_a_partial_sum_is_shown_incomplete_not_compliant(app):
    """The pot sink's 50.49 gal alone against 2.5 x 35 gpm = 87.5 gal: the three prep sinks give no dimensions, so
    the page warns INCOMPLETE (never a green compliant) and the corrections ask for their dimensions."""
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value("review-hgi-incomplete.yaml")
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []
    assert not any(s.value.startswith(("COMPLIANT", "INCOMPLETE")) for s in app.success)
    warned = [w.value for w in app.warning if w.value.startswith("INCOMPLETE")]
    assert warned and "not checked in full for want of data: volume, HGI capacity" in warned[0]
    assert finding(app, "hgi_capacity")["status"] == "WARN"
    assert any("length, width and depth" in m.value for m in app.markdown if m.value.startswith("**Corrections**"))
