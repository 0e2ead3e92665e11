"""The review form's declarations come from the rule catalogue: the inputs each rule lists, shown for the rules a
profile applies, and the submittal's sections built from (and read back into) the widgets' answers."""

from __future__ import annotations

import datetime as dt

import pytest

from app_pages import declaration_form
from sizing.io.sections.declarations import parse_declarations
from sizing.jurisdiction import rule_catalogue
from sizing.jurisdiction.profile import get
from sizing.jurisdiction.rule_catalogue import FormInput, RuleEntry

#: Every submittal key the review form wrote before it was read from the catalogue, with its widget's kind.
FORM_KEYS = {
    "max_discharge_temperature": "number-with-unit",
    "review_date": "date",
    "existing_fse.caused_blockage": "checkbox",
    "existing_fse.lateral_to_hot_spot": "checkbox",
    "existing_fse.significant_fog": "checkbox",
    "existing_fse.notification_date": "date",
    "food_grinder_approval.approved": "checkbox",
    "food_grinder_approval.by": "text",
    "food_grinder_approval.date": "date",
    "additives_authorization.additives_used": "checkbox",
    "additives_authorization.authorized": "checkbox",
    "additives_authorization.product": "text",
    "additives_authorization.permit": "text",
}
EVERY = declaration_form.bindings()


def answered(**by_path) -> dict:
    """Widget answers keyed as the form keys them, from ``path=value`` (dots as ``__``)."""
    return {declaration_form.PREFIX + path.replace("__", "."): value for path, value in by_path.items()}


def keys(rule_ids=None) -> list[str]:
    return [i.key for i in declaration_form.inputs(rule_ids)]


def test_every_key_the_form_wrote_is_declared_by_a_catalogue_entry():
    declared = {i.key: i.kind for i in declaration_form.inputs()}
    assert {k: declared.get(k) for k in FORM_KEYS} == FORM_KEYS
    assert set(FORM_KEYS) <= {i.key for e in rule_catalogue.entries() for i in e.inputs} | {"review_date"}
    assert [i.key for i in rule_catalogue.review_inputs()] == ["review_date"]
    assert set(keys(get("tracy").review_rules)) == set(FORM_KEYS)  # a profile applying every rule shows them all


def test_the_inputs_are_bound_to_widget_keys_made_from_their_paths_and_grouped_in_catalogue_order():
    bound = declaration_form.bindings(get("tracy").review_rules)
    assert bound["in_rv_existing_fse.caused_blockage"].label == "Caused or contributed to a grease-related blockage"
    assert bound["in_rv_max_discharge_temperature"].placeholder == "a temperature with its unit (degF or degC)"
    assert all(key == "in_rv_" + given.key for key, given in bound.items())
    grouped = declaration_form.groups(bound)
    assert list(grouped) == ["Review", "Existing FSE", "Food grinder", "Operations", "Additives"]
    assert [g.key for g in grouped["Food grinder"].values()] == ["food_grinder_approval.approved",
                                                                 "food_grinder_approval.by",
                                                                 "food_grinder_approval.date"]
    assert declaration_form.sections(bound) == ("review_date", "existing_fse", "food_grinder_approval",
                                                "max_discharge_temperature", "additives_authorization")


def test_the_document_from_every_answer_is_the_one_the_form_wrote():
    given = answered(max_discharge_temperature=" 65 degC ", review_date=dt.date(2026, 1, 15),
                     existing_fse__caused_blockage=True, existing_fse__lateral_to_hot_spot=False,
                     existing_fse__significant_fog=True, existing_fse__notification_date=dt.date(2025, 11, 3),
                     food_grinder_approval__approved=True, food_grinder_approval__by="  J. Ortega ",
                     food_grinder_approval__date=dt.date(2024, 5, 2),
                     additives_authorization__additives_used=True, additives_authorization__authorized=False,
                     additives_authorization__product="BioClear 40", additives_authorization__permit="")
    assert declaration_form.document(given, EVERY) == {
        "review_date": "2026-01-15",
        "existing_fse": {"caused_blockage": True, "lateral_to_hot_spot": False, "significant_fog": True,
                         "notification_date": "2025-11-03"},
        "food_grinder_approval": {"approved": True, "by": "J. Ortega", "date": "2024-05-02"},
        "max_discharge_temperature": "65 degC",
        "additives_authorization": {"additives_used": True, "authorized": False, "product": "BioClear 40"},
    }


@pytest.mark.parametrize(("given", "expected"), [
    ({}, {}),
    (answered(max_discharge_temperature="   ", food_grinder_approval__by=" "), {}),
    (answered(existing_fse__notification_date=dt.date(2025, 11, 3)),
     {"existing_fse": {"caused_blockage": False, "lateral_to_hot_spot": False, "significant_fog": False,
                       "notification_date": "2025-11-03"}}),
    (answered(existing_fse__lateral_to_hot_spot=True),
     {"existing_fse": {"caused_blockage": False, "lateral_to_hot_spot": True, "significant_fog": False}}),
    (answered(food_grinder_approval__by=" Director "), {"food_grinder_approval": {"approved": False,
                                                                                  "by": "Director"}}),
    (answered(food_grinder_approval__date=dt.date(2024, 5, 2)),
     {"food_grinder_approval": {"approved": False, "date": "2024-05-02"}}),
    (answered(additives_authorization__product="BioClear 40", additives_authorization__permit="FOG-17"), {}),
    (answered(additives_authorization__authorized=True, additives_authorization__permit=" FOG-17 "),
     {"additives_authorization": {"additives_used": False, "authorized": True, "permit": "FOG-17"}}),
], ids=["nothing", "blanks", "notification-date-alone", "one-trigger", "approver-alone", "approval-date-alone",
        "additive-details-alone", "authorized-with-permit"])
def test_a_section_is_written_as_the_form_wrote_it(given, expected):
    assert declaration_form.document(given, EVERY) == expected


def test_a_submittal_s_declarations_fill_the_widgets_and_build_the_same_sections_again():
    doc = {"max_discharge_temperature": "65 degC", "review_date": dt.date(2026, 1, 15),
           "existing_fse": {"caused_blockage": "yes", "notification_date": "2025-11-03"},
           "food_grinder_approval": {"approved": True, "by": "J. Ortega"},
           "additives_authorization": {"additives_used": False, "authorized": True, "permit": "FOG-17"}}
    filled = declaration_form.answers(doc, EVERY)
    assert filled == {**declaration_form.defaults(EVERY), **answered(
        max_discharge_temperature="65 degC", review_date=dt.date(2026, 1, 15), existing_fse__caused_blockage=True,
        existing_fse__notification_date=dt.date(2025, 11, 3), food_grinder_approval__approved=True,
        food_grinder_approval__by="J. Ortega", additives_authorization__authorized=True,
        additives_authorization__permit="FOG-17")}
    built = declaration_form.document(filled, EVERY)
    assert built["existing_fse"] == {"caused_blockage": True, "lateral_to_hot_spot": False,
                                     "significant_fog": False, "notification_date": "2025-11-03"}
    dec = parse_declarations(built)  # every path the catalogue's inputs write is one the submittal parser reads
    assert dec.existing_fse.triggers == ("caused_blockage",) and dec.review_date == dt.date(2026, 1, 15)
    assert dec.max_discharge_temperature_degf == pytest.approx(149.0)
    assert declaration_form.answers(built, EVERY) == filled


def test_a_profile_that_does_not_apply_a_rule_does_not_show_its_inputs():
    assert keys(get("cpc").review_rules) == ["review_date"]  # the review's own input only
    placerville = get("placerville").review_rules
    assert "interceptor_required" in placerville and "food_grinder" not in placerville
    assert keys(placerville) == ["review_date", "existing_fse.caused_blockage", "existing_fse.lateral_to_hot_spot",
                                 "existing_fse.significant_fog", "existing_fse.notification_date"]
    without_additives = [r for r in get("tracy").review_rules if r != "additives"]
    assert not [k for k in keys(without_additives) if k.startswith("additives_authorization.")]
    assert "in_rv_additives_authorization.product" not in declaration_form.bindings(without_additives)
    # a declaration two rules read is shown when either is applied
    assert "food_grinder_approval.approved" in keys(["food_grinder_removal"])


@pytest.fixture
def sample_box():
    rule_catalogue.add(RuleEntry("sample_box", order=175, parameters={"sample_box_downstream": None}, inputs=(
        FormInput("sample_box.shown", "checkbox", "Sample box downstream of the interceptor", "Sample box"),
        FormInput("sample_box.sheet", "text", "Sample box sheet", "Sample box", opens=False))))
    yield
    rule_catalogue.remove("sample_box")


def test_a_catalogue_entry_added_with_inputs_appears_on_the_form_of_the_profiles_that_apply_it(sample_box):
    applying = [*get("tracy").review_rules, "sample_box"]
    assert keys(applying)[-2:] == ["sample_box.shown", "sample_box.sheet"]
    assert list(declaration_form.groups(declaration_form.bindings(applying)))[-1] == "Sample box"
    assert "sample_box.shown" not in keys(get("tracy").review_rules)
    bound = declaration_form.bindings(["sample_box"])
    assert declaration_form.document(answered(sample_box__shown=True, sample_box__sheet=" P-5 "), bound) == {
        "sample_box": {"shown": True, "sheet": "P-5"}}
    assert declaration_form.document(answered(sample_box__sheet="P-5"), bound) == {}
