"""Page 3, Conditional waiver: the Director's findings, evidence scores, determination and revocation."""

from __future__ import annotations

import datetime as dt

from sizing import __version__
from sizing.io import submittal
from sizing.report.findings import rule_label
from sizing.rules.waiver import decide
from tests.app.conftest import downloads, errors, goto, metrics, status_colours, table, texts


def load(app, name):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value(name)
    app.button(key="wv_load_example").click().run()
    assert not app.exception
    return app


def findings(app):
    """The findings table by each finding's name as shown (never its key)."""
    return table(app, "rule", "shown", "evidence score").set_index("rule")


def name(key):
    return rule_label(key)


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
    assert metrics(app)["Proposed decision"] == "grantable"
    assert metrics(app)["CPC required volume"] == "500 gal"
    shown = findings(app)
    assert shown.loc[name("negligible_fog_quantity"), "evidence score"] == "7/7 (supports)"
    assert shown.loc[name("not_significant_contributor"), "evidence score"] == "2/2 (supports)"
    assert "PROPOSED DECISION: GRANTABLE" in texts(app)
    assert any("space and plumbing segregation" in m.value for m in app.markdown)  # the (c) standard condition
    assert app.text_input(key="in_wv_water_use").value == "250 gal/day"
    assert "wv_download_pdf" in downloads(app)
    assert "Provenance of the code values used" in [e.label for e in app.expander]


def test_a_finding_not_met_makes_it_not_grantable(app):
    load(app, "waiver-coffee-bar.yaml")
    app.selectbox(key="in_wv_f_new_construction_sewer_lines_condition").set_value("not met").run()
    assert metrics(app)["Proposed decision"] == "not grantable"
    assert any("Sewer lines condition: finding not met (TMC section 5.26.080(c)(4))" in m.value
               for m in app.markdown)


def test_data_against_a_met_finding_is_a_warning_not_hidden(app):
    load(app, "waiver-coffee-bar.yaml")
    app.text_input(key="in_wv_seats").input("400").run()
    score = findings(app).loc[name("negligible_fog_quantity"), "evidence score"]
    assert score == "6/7 (against)"
    assert any(w.value.startswith("Negligible FOG quantity: the Director's finding is 'met' but the application data")
               for w in app.warning)
    assert not any("waiver.findings" in w.value for w in app.warning)  # the finding by its name, not its key


def test_bad_water_use_names_the_field_and_keeps_the_text(app):
    load(app, "waiver-coffee-bar.yaml")
    app.text_input(key="in_wv_water_use").input("250 kg").run()
    assert len(errors(app)) == 1 and errors(app)[0].startswith("application.water_use: expected a daily water use")
    assert "got '250 kg'" in errors(app)[0]
    assert app.text_input(key="in_wv_water_use").value == "250 kg"


def test_infeasible_existing_needs_the_fee(app):
    load(app, "waiver-infeasible-existing.yaml")
    assert metrics(app)["Proposed decision"] == "not grantable" == core("waiver-infeasible-existing.yaml").decision
    app.selectbox(key="in_wv_fee").set_value("yes").run()
    assert metrics(app)["Proposed decision"] == "grantable"


def test_the_findings_show_the_core_s_status(app):
    """A finding of a group not met while another carries the grant is a warning; the fee not paid fails."""
    load(app, "waiver-infeasible-existing.yaml")
    shown = table(app, "status", "rule", "shown").set_index("rule")
    expected = {name(f.rule): (f.status.upper(), f.value) for f in core("waiver-infeasible-existing.yaml").findings}
    assert {k: (shown.loc[k, "status"], shown.loc[k, "shown"]) for k in expected} == expected
    assert shown.loc["Mitigation fee paid", "status"] == "FAIL" and shown.loc["Inadequate slope", "status"] == "FAIL"
    app.selectbox(key="in_wv_fee").set_value("yes").run()
    shown = table(app, "status", "rule", "shown").set_index("rule")
    assert shown.loc["Inadequate slope", "status"] == "WARN" and shown.loc["Other infeasibility", "shown"] == "not made"
    assert status_colours(app)["WARN"] == "yellow"
    assert metrics(app)["Findings met"] == "3 of 5"


def test_revocation_timeline_and_a_short_notice(app):
    load(app, "waiver-alternative-pretreatment.yaml")
    assert "The revocation may proceed as proposed." in texts(app)
    assert any(c.value.startswith("30 days of notice") or "days of notice" in c.value for c in app.caption)
    mailed = app.date_input(key="in_wv_notice_mailed").value
    app.date_input(key="in_wv_notice_mailed").set_value(mailed + dt.timedelta(days=1)).run()
    assert any("may not proceed" in w.value and "at least 30 days are required" in w.value for w in app.warning)


def test_until_recorded_the_decision_is_proposed_and_the_findings_met_agree_with_it(app):
    """The coffee bar: every precondition met, three of the Director's findings marked met with no evidence stated
    (warnings, still met): the decision is grantable, so all 7 findings are met; until the Director records it the
    page proposes it (never a green final decision)."""
    load(app, "waiver-coffee-bar.yaml")
    expected = core("waiver-coffee-bar.yaml")
    assert expected.grantable and sum(f.status == "warn" for f in expected.findings) == 3
    assert metrics(app)["Findings met"] == "7 of 7"
    assert metrics(app)["Proposed decision"] == "grantable" and "Decision (recorded)" not in metrics(app)
    proposed = [i.value for i in app.info if "DECISION" in i.value]
    assert proposed and proposed[0].startswith("PROPOSED DECISION: GRANTABLE — every precondition")
    assert not any("DECISION" in s.value for s in app.success)  # green only once a decision is recorded
    app.selectbox(key="in_wv_f_new_construction_sewer_lines_condition").set_value("not met").run()
    assert metrics(app)["Findings met"] == "6 of 7" and metrics(app)["Proposed decision"] == "not grantable"
    assert any(i.value.startswith("PROPOSED DECISION: NOT GRANTABLE — 1 precondition") for i in app.info)
