"""The review page's declarations: drawn from the rule catalogue for the rules the chosen profile applies, filled
from a loaded submittal and written back into the submittal the review reads."""

from __future__ import annotations

import datetime as dt

from tests.app.conftest import errors, goto
from tests.app.test_jurisdiction_choice import choose

EXAMPLE = "review-noncompliant.yaml"
#: The noncompliant example's declarations as the page writes them back.
DECLARED = {"max_discharge_temperature": "65 degC", "review_date": "2026-03-02",
            "existing_fse": {"caused_blockage": True, "lateral_to_hot_spot": False, "significant_fog": False,
                             "notification_date": "2025-11-03"},
            "additives_authorization": {"additives_used": True, "authorized": False,
                                        "product": "enzyme drain treatment"}}


def load_example(app):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value(EXAMPLE)
    app.button(key="rv_load_example").click().run()
    assert errors(app) == []


def declarations(app) -> dict:
    doc = app.session_state["last_review_doc"]
    return {k: doc[k] for k in ("max_discharge_temperature", "review_date", "existing_fse",
                                "food_grinder_approval", "additives_authorization") if k in doc}


def widget_keys(app) -> set[str]:
    shown = [*app.checkbox, *app.date_input, *app.text_input]
    return {w.key for w in shown if w.key and w.key.startswith("in_rv_") and w.key[6:].split(".")[0] in (
        "max_discharge_temperature", "review_date", "existing_fse", "food_grinder_approval",
        "additives_authorization")}


def test_the_form_shows_the_declarations_of_every_rule_the_profile_applies_filled_from_the_submittal(app):
    load_example(app)
    assert widget_keys(app) == {
        "in_rv_max_discharge_temperature", "in_rv_review_date", "in_rv_existing_fse.caused_blockage",
        "in_rv_existing_fse.lateral_to_hot_spot", "in_rv_existing_fse.significant_fog",
        "in_rv_existing_fse.notification_date", "in_rv_food_grinder_approval.approved",
        "in_rv_food_grinder_approval.by", "in_rv_food_grinder_approval.date",
        "in_rv_additives_authorization.additives_used", "in_rv_additives_authorization.authorized",
        "in_rv_additives_authorization.product", "in_rv_additives_authorization.permit"}
    assert app.checkbox(key="in_rv_existing_fse.caused_blockage").value is True
    assert app.date_input(key="in_rv_existing_fse.notification_date").value == dt.date(2025, 11, 3)
    assert app.text_input(key="in_rv_additives_authorization.product").value == "enzyme drain treatment"
    assert declarations(app) == DECLARED


def test_answers_on_the_form_are_the_submittal_the_review_reads(app):
    load_example(app)
    app.checkbox(key="in_rv_additives_authorization.authorized").check().run()
    app.text_input(key="in_rv_additives_authorization.permit").input(" FOG-17 ").run()
    app.text_input(key="in_rv_food_grinder_approval.by").input("J. Ortega").run()
    app.checkbox(key="in_rv_existing_fse.caused_blockage").uncheck().run()
    app.date_input(key="in_rv_existing_fse.notification_date").set_value(None).run()
    assert errors(app) == []
    assert declarations(app) == {
        "max_discharge_temperature": "65 degC", "review_date": "2026-03-02",
        "food_grinder_approval": {"approved": False, "by": "J. Ortega"},
        "additives_authorization": {"additives_used": True, "authorized": True,
                                    "product": "enzyme drain treatment", "permit": "FOG-17"}}


def test_a_profile_that_does_not_apply_a_rule_does_not_show_its_inputs_and_keeps_the_submittal_s_answers(app):
    load_example(app)
    choose(app, "cpc")
    assert errors(app) == []
    assert widget_keys(app) == {"in_rv_review_date"}  # the cpc profile applies no rule reading a declaration
    assert declarations(app) == DECLARED  # what the submittal declares is carried, not dropped
    choose(app, "tracy")
    assert app.checkbox(key="in_rv_existing_fse.caused_blockage").value is True
    assert declarations(app) == DECLARED
