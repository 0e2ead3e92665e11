"""The form inputs of the rule catalogue (``tables/review-rules.yaml``): read into each rule's entry, and a
malformed one refused at load with a typed error naming its rule and its key."""

from __future__ import annotations

import pytest

from sizing.errors import TableError
from sizing.io.tables import tables_dir
from sizing.jurisdiction import rule_catalogue
from sizing.jurisdiction.rule_catalogue import FormInput, FormInputError, RuleEntry

CATALOGUE = (tables_dir() / "review-rules.yaml").read_text(encoding="utf-8")
PERMIT = "      - {key: additives_authorization.permit, kind: checkbox, group: Additives, label: Permit, opens: false}\n"


@pytest.fixture
def catalogue(tmp_path, monkeypatch):
    """Write a catalogue into a folder of its own and read it from there (the shipped one read again after)."""
    monkeypatch.setattr(rule_catalogue, "tables_dir", lambda: tmp_path)
    rule_catalogue._read.cache_clear()

    def write(text: str) -> None:
        (tmp_path / "review-rules.yaml").write_text(text, encoding="utf-8")
        rule_catalogue._read.cache_clear()

    yield write
    rule_catalogue._read.cache_clear()


def test_each_rule_s_entry_carries_the_inputs_its_line_lists():
    grinder = rule_catalogue.entry("food_grinder")
    assert grinder.inputs == (
        FormInput("food_grinder_approval.approved", "checkbox", "Food grinder: Director's written approval",
                  "Food grinder"),
        FormInput("food_grinder_approval.by", "text", "Approved by", "Food grinder"),
        FormInput("food_grinder_approval.date", "date", "Approval date", "Food grinder"))
    assert rule_catalogue.entry("food_grinder_removal").inputs == grinder.inputs  # the same declaration read
    assert rule_catalogue.entry("interceptor_type").inputs == rule_catalogue.entry("interceptor_required").inputs
    assert [i.opens for i in rule_catalogue.entry("additives").inputs] == [True, True, False, False]
    assert rule_catalogue.entry("volume").inputs == ()
    assert grinder.inputs[1].path == ("food_grinder_approval", "by")
    assert grinder.inputs[1].section == ("food_grinder_approval",)
    assert rule_catalogue.review_inputs()[0].section == ()


def test_the_shipped_catalogue_reads_again_from_its_text(catalogue):
    catalogue(CATALOGUE)
    assert rule_catalogue.entry("additives").inputs[-1].key == "additives_authorization.permit"


@pytest.mark.parametrize(("change", "rule", "key", "message"), [
    (("kind: number-with-unit", "kind: number"), "discharge_temperature", "max_discharge_temperature",
     r"inputs\[0\]: kind: expected one of checkbox, date, text, number-with-unit, got 'number'"),
    (("group: Additives, label: FOG additives used", "group: Additives"), "additives",
     "additives_authorization.additives_used", r"inputs\[0\]: label: missing or not a text"),
    (("label: Permit, opens: false", "lable: Permit, opens: false"), "additives", "additives_authorization.permit",
     r"inputs\[3\]: unknown field 'lable'"),
    (("key: additives_authorization.permit", "key: Additives authorization.permit"), "additives",
     "Additives authorization.permit", r"inputs\[3\]: key: expected a submittal path"),
    (("label: Permit, opens: false", "label: Permit, opens: no way"), "additives", "additives_authorization.permit",
     r"inputs\[3\]: opens: expected true or false, got 'no way'"),
    (("label: Permit, opens: false}", "label: Permit, opens: false}\n" + PERMIT.rstrip("\n")), "additives",
     "additives_authorization.permit", r"listed twice"),
    (("inputs: *food_grinder_approval", "inputs: [{key: food_grinder_approval.approved, kind: checkbox, "
      "group: Grinder, label: Approved}]"), "food_grinder_removal", "food_grinder_approval.approved",
     r"'food_grinder' lists it with another kind, label, group"),
    (("{key: max_discharge_temperature,", "{key: review_date.max_discharge_temperature,"), "discharge_temperature",
     "review_date.max_discharge_temperature", r"a field of 'review_date', which is an input itself"),
])
def test_a_malformed_input_is_refused_naming_its_rule_and_key(catalogue, change, rule, key, message):
    assert change[0] in CATALOGUE
    catalogue(CATALOGUE.replace(*change, 1))
    with pytest.raises(FormInputError, match=r"tables/review-rules.yaml: rule '" + rule + r"': input .*"
                                             + message) as raised:
        rule_catalogue.entries()
    assert (raised.value.rule, raised.value.key) == (rule, key)
    assert isinstance(raised.value, TableError)  # caught wherever a broken table is


def test_an_input_list_that_is_not_a_list_is_refused(catalogue):
    catalogue(CATALOGUE.replace("    inputs: *existing_fse\n", "    inputs: existing_fse\n", 1))
    with pytest.raises(FormInputError, match=r"rule 'interceptor_type': inputs: expected a list of inputs, got "
                                             r"'existing_fse'") as raised:
        rule_catalogue.entries()
    assert (raised.value.rule, raised.value.key) == ("interceptor_type", None)


def test_the_review_s_own_inputs_are_checked_too(catalogue):
    catalogue(CATALOGUE.replace("kind: date, label: \"Review date", "kind: day, label: \"Review date", 1))
    with pytest.raises(FormInputError, match=r"review_inputs: input 'review_date': inputs\[0\]: kind: expected "
                                             r"one of .*, got 'day'") as raised:
        rule_catalogue.review_inputs()
    assert (raised.value.rule, raised.value.key) == ("review_inputs", "review_date")


def test_a_rule_added_at_run_time_with_a_clashing_input_is_refused():
    clash = RuleEntry("sample_box", order=175, inputs=(FormInput("review_date", "text", "Date", "Review"),))
    with pytest.raises(FormInputError, match=r"rule 'sample_box': input 'review_date': 'review_inputs' lists it"):
        rule_catalogue.add(clash)
    assert "sample_box" not in rule_catalogue.ids()
