"""No pass rests on a missing value: every review rule, walked with one input field removed at a time.

For each example submittal and each field of it (a section, a mapping key at any depth), the field is removed and
the submittal reviewed again. A removal the parser refuses is loud (one-line error): fine. Otherwise every finding
that passes must pass on the same value against the same limit as with the field given, unless the field has a
documented default that the output states (``DEFAULTED``). A finding that still passes on a changed value rests on
the missing field: that is the silent wrong status this test forbids. Removing a whole fixture line or manhole
gives a different schedule, not a missing value, and is not walked.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from sizing.errors import SizingInputError
from sizing.io.submittal import from_dict
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Fields with a stated default (docs/engineer/submittal.md), each shown in the output when used: the
#: construction (new), a fixture's count (1), area and compartments (the type's), its connection (the type's and
#: jurisdiction's default, stated in the step), indirect (the type's), the edition (the default or by date).
DEFAULTED = {"construction", "count", "area", "compartments", "connected_to_interceptor", "indirect", "edition"}

#: A hydromechanical design with every fixture dimensioned: 3 x 18 x 24 x 12 in / 231 = 67.32 gal +
#: 2 x 24 x 24 x 12 / 231 = 59.84 gal = 127.17 gal (127.169); 1-minute flow 0.75 x 127.17 = 95.4 gpm <= 100 gpm and
#: 127.17 <= 2.5 x 100 = 250 gal.
HGI_FULL = {
    "edition": "2025", "construction": "new", "review_date": "2026-03-02",
    "fixtures": [
        {"type": "three_compartment_sink", "count": 1, "area": "cleanup", "compartments": 3,
         "length": "18 in", "width": "24 in", "depth": "12 in"},
        {"type": "food_prep_sink", "count": 2, "area": "food_prep", "length": "24 in", "width": "24 in",
         "depth": "12 in"},
        {"type": "combi_oven", "count": 1, "area": "food_prep", "flow": "0 gpm"}],
    "interceptor": {"type": "hydromechanical", "rated_flow": "100 gpm", "accessible": True},
    "max_discharge_temperature": "140 degF"}


def documents():
    docs = {name: yaml.safe_load((EXAMPLES / name).read_text()) for name in (
        "review-compliant.yaml", "review-hydromechanical.yaml", "review-waiver-granted.yaml",
        "review-noncompliant.yaml", "cpc-code-example.yaml")}
    docs["register/corner-cafe-cycle2.yaml"] = yaml.safe_load((EXAMPLES / "register" / "corner-cafe-cycle2.yaml")
                                                              .read_text())
    docs["hgi-full"] = HGI_FULL
    return docs


def fields(node, path=()):
    """Every mapping key's path, at any depth (list items are walked into, never removed)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from fields(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from fields(value, (*path, i))


def without(doc, path):
    out = copy.deepcopy(doc)
    cur = out
    for step in path[:-1]:
        cur = cur[step]
    del cur[path[-1]]
    return out


def passes_resting_on_missing(doc) -> list[str]:
    given = {f.rule: f for f in review(from_dict(doc)).findings}
    bad = []
    for path in fields(doc):
        if path[0] == "project" or path[-1] in DEFAULTED:
            continue
        try:
            findings = review(from_dict(without(doc, path))).findings
        except SizingInputError:
            continue  # refused with its one-line error: loud, not silent
        for f in findings:
            before = given.get(f.rule)
            same = before is not None and before.passed and (before.value, before.limit) == (f.value, f.limit)
            if f.passed and not same:
                bad.append(f"{'.'.join(map(str, path))} removed: {f.rule} passes on {f.value!r} against {f.limit!r} "
                           f"(given: {None if before is None else (before.status, before.value, before.limit)})")
    return bad


@pytest.mark.parametrize("name", list(documents()))
def test_no_rule_passes_on_a_value_a_removed_field_changed(name):
    assert passes_resting_on_missing(documents()[name]) == []


def test_the_walk_finds_a_pass_that_rests_on_a_partial_sum():
    """The check itself can fail: the HGI design with every fixture dimensioned passes volume and hgi_capacity;
    removing one sink's length must not leave a pass on the smaller sum (it did: 67.32 gal passed as the capacity)."""
    doc = HGI_FULL
    given = {f.rule: f for f in review(from_dict(doc)).findings}
    assert (given["hgi_capacity"].status, given["hgi_capacity"].value) == ("pass", 127.17)
    with pytest.raises(SizingInputError):  # a length alone cannot be removed: the three dimensions go together
        from_dict(without(doc, ("fixtures", 1, "length")))
    partial = without(without(without(doc, ("fixtures", 1, "length")), ("fixtures", 1, "width")),
                      ("fixtures", 1, "depth"))
    after = {f.rule: f for f in review(from_dict(partial)).findings}
    assert (after["hgi_capacity"].status, after["hgi_capacity"].value) == ("warn", 67.32)
    assert after["hgi_capacity"].missing == ("fixture 2 (2 x Food preparation sink)",)
