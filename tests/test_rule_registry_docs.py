"""The rule registry is the one description of the review's rules: the docs' table is derived from it, a rule's
docstring cites the model clause and leaves the numbers to the profile, and a finding carries its rule's id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sizing.io import submittal
from sizing.rules.review import review
from sizing.rules.review_rules import registry
from tests.conftest import EXAMPLES

ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md"
#: Numbers as Tracy's profile writes them (2 compartments, 24 in, 140 degF, 2.5 gal per gpm, 180 working days),
#: in figures or words: none belongs in the requirement a rule's docstring states.
NUMBER = re.compile(r"\d|\b(two|three|four|five|six|seven|eight|nine|ten|twelve)\b", re.IGNORECASE)


def test_the_docs_table_is_the_registry_s():
    assert registry.rules_table() in ARCHITECTURE.read_text(encoding="utf-8")


def test_the_table_names_a_rule_s_parameters_with_their_units():
    """The manhole diameter rule reads ``min_manhole_diameter`` in inches (registered in rules/manholes.py)."""
    row = next(line for line in registry.rules_table().splitlines() if line.startswith("| `manhole_diameter` |"))
    assert row == ("| `manhole_diameter` | `min_manhole_diameter` [in] | all | FOG ordinance, Grease interceptor "
                   "design standards (d). |")


@pytest.mark.parametrize("spec", registry.rules(), ids=lambda s: s.id)
def test_a_rule_s_docstring_states_the_requirement_without_a_city_s_numbers(spec):
    lines = [line.strip() for line in (spec.function.__doc__ or "").strip().splitlines() if line.strip()]
    assert len(lines) >= 2, f"{spec.id}: the requirement, then the clause"
    assert not lines[0].startswith(("FOG ordinance", "CPC ")), f"{spec.id}: the requirement comes first"
    assert lines[-1].startswith(("FOG ordinance, ", "CPC ")), f"{spec.id}: the last line cites the clause"
    requirement = lines[0]  # the summary line; the clause may run over the lines after it
    assert not NUMBER.search(requirement), f"{spec.id}: {requirement!r} states a number the profile gives"


@pytest.mark.parametrize("example", ["review-noncompliant.yaml", "review-compliant.yaml",
                                     "review-hydromechanical.yaml"])
def test_every_finding_carries_a_registered_rule_id(example):
    """Each rule's findings carry its registry id (``additives``, not ``additives_authorization``)."""
    r = review(submittal.load(EXAMPLES / example))
    assert all(spec.findings == (spec.id,) for spec in registry.rules())
    assert r.findings and {f.rule for f in r.findings} <= set(registry.ids())


def test_every_list_a_rule_appears_in_comes_from_the_catalogue():
    """The correction letter's rules that cite the interceptor's sheet are the catalogue's ``concerns:
    interceptor`` entries (the rules added after the letter was written among them), and each entry of the
    catalogue has its function, in the module the entry names."""
    from sizing.jurisdiction import rule_catalogue
    from sizing.report import correction
    from sizing.rules.review_rules import registry

    assert {"manhole_spacing", "hgi_rating_range", "local_size", "volume"} <= rule_catalogue.concerning("interceptor")
    assert "interceptor_required" in rule_catalogue.concerning("plan")
    assert "INTERCEPTOR_RULES" not in Path(correction.__file__).read_text(encoding="utf-8")
    assert [s.id for s in registry.rules()] == list(rule_catalogue.ids())
    assert all(s.function.__module__.endswith("." + s.module) for s in registry.rules())


def test_a_rule_without_a_catalogue_entry_is_refused():
    from sizing.rules.review_rules import registry

    with pytest.raises(ValueError, match=r"review rule 'no_such_rule' has no entry in tables/review-rules.yaml"):
        registry.review_rule("no_such_rule")
