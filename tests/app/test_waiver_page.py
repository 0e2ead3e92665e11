"""Page 3, Conditional waiver: the Director's findings, evidence scores, determination and revocation."""

from __future__ import annotations

import datetime as dt

from sizing import __version__
from sizing.io import submittal
from sizing.rules.waiver import decide
from tests.app.conftest import downloads, errors, goto, metrics, status_colours, table, texts


def load(app, name):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value(name)
    app.button(key="wv_load_example").click().run()
    assert not app.exception
    return app


def findings(app):
    return table(app, "rule", "shown", "evidence score").set_index("rule")


def core(name):
    from app_pages.widgets.examples import examples_dir

    return decide(submittal.load(examples_dir() / name), today=dt.date.today())


def test_without_a_submittal_the_page_asks_for_one(app):
    goto(app, "waiver")
    assert "the waiver needs the FSE's fixtures" in texts(app)
    assert f"sizing {__version__}" in texts(app)


def test_coffee_bar_is_grantable_with_the_evidence_scores(app):
    load(app, "waiver-coffee-bar.yaml")
    expected = core("waiver-coffee-bar.yaml")
    assert expected.grantable
    assert errors(app) == []
    assert metrics(app)["Decision"] == "grantable"
    assert metrics(app)["CPC required volume"] == "500 gal"
    shown = findings(app)
    assert shown.loc["negligible_fog_quantity", "evidence score"] == "7/7 (supports)"
    assert shown.loc["not_significant_contributor", "evidence score"] == "2/2 (supports)"
    assert "DECISION: GRANTABLE" in texts(app)
    assert any("space and plumbing segregation" in m.value for m in app.markdown)  # the (c) standard condition
    assert app.text_input(key="in_wv_water_use").value == "250 gal/day"
    assert "wv_download_pdf" in downloads(app)
    assert "Provenance of the code values used" in [e.label for e in app.expander]


def test_a_finding_not_met_makes_it_not_grantable(app):
    load(app, "waiver-coffee-bar.yaml")
    app.selectbox(key="in_wv_f_new_construction_sewer_lines_condition").set_value("not met").run()
    assert metrics(app)["Decision"] == "not grantable"
    assert any("sewer_lines_condition: finding not met (TMC section 5.26.080(c)(4))" in m.value
               for m in app.markdown)


def test_data_against_a_met_finding_is_a_warning_not_hidden(app):
    load(app, "waiver-coffee-bar.yaml")
    app.text_input(key="in_wv_seats").input("400").run()
    score = findings(app).loc["negligible_fog_quantity", "evidence score"]
    assert score == "6/7 (against)"
    assert any("waiver.findings.negligible_fog_quantity" in w.value for w in app.warning)


def test_bad_water_use_names_the_field_and_keeps_the_text(app):
    load(app, "waiver-coffee-bar.yaml")
    app.text_input(key="in_wv_water_use").input("250 kg").run()
    assert len(errors(app)) == 1 and errors(app)[0].startswith("application.water_use: expected a daily water use")
    assert "got '250 kg'" in errors(app)[0]
    assert app.text_input(key="in_wv_water_use").value == "250 kg"


def test_infeasible_existing_needs_the_fee(app):
    load(app, "waiver-infeasible-existing.yaml")
    assert metrics(app)["Decision"] == "not grantable" == core("waiver-infeasible-existing.yaml").decision
    app.selectbox(key="in_wv_fee").set_value("yes").run()
    assert metrics(app)["Decision"] == "grantable"


def test_the_findings_show_the_core_s_status(app):
    """A finding of a group not met while another carries the grant is a warning; the fee not paid fails."""
    load(app, "waiver-infeasible-existing.yaml")
    shown = table(app, "status", "rule", "shown").set_index("rule")
    expected = {f.rule: (f.status.upper(), f.value) for f in core("waiver-infeasible-existing.yaml").findings}
    assert {k: (shown.loc[k, "status"], shown.loc[k, "shown"]) for k in expected} == expected
    assert shown.loc["mitigation_fee_paid", "status"] == "FAIL" and shown.loc["inadequate_slope", "status"] == "FAIL"
    app.selectbox(key="in_wv_fee").set_value("yes").run()
    shown = table(app, "status", "rule", "shown").set_index("rule")
    assert shown.loc["inadequate_slope", "status"] == "WARN" and shown.loc["other_infeasibility", "shown"] == "not made"
    assert status_colours(app)["WARN"] == "yellow"
    assert metrics(app)["Findings met"] == "3 of 5"


def test_revocation_timeline_and_a_short_notice(app):
    load(app, "waiver-alternative-pretreatment.yaml")
    assert "The revocation may proceed as proposed." in texts(app)
    assert any(c.value.startswith("30 days of notice") or "days of notice" in c.value for c in app.caption)
    mailed = app.date_input(key="in_wv_notice_mailed").value
    app.date_input(key="in_wv_notice_mailed").set_value(mailed + dt.timedelta(days=1)).run()
    assert any("may not proceed" in w.value and "at least 30 days are required" in w.value for w in app.warning)
