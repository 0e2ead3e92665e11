"""Madera County: chapter 13.66 of the County Code could not be read (its stored public text was not found on
2026-12-01), so the profile applies no local number: the CPC alone, under the County's name, and it says so in its
letterhead, its ordinance line and its provenance. No submittal differs from the CPC profile under it."""

from __future__ import annotations

from pathlib import Path

import yaml

from sizing.cli.main import main
from sizing.io import submittal
from sizing.jurisdiction.profile import get
from sizing.jurisdiction.profile import get as get_jurisdiction
from sizing.rules.review import review

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_profile_applies_the_cpc_only_and_says_its_chapter_was_not_read(capsys):
    j = get("madera-county")
    assert j.review_rules == ("volume", "hgi_capacity")
    assert j.raw["provenance"] == "unconfirmed"
    assert "not read" in j.ordinance and "not loaded" in j.letterhead
    assert not j.has_maintenance_rules and not j.has_waivers
    for key in ("min_manhole_diameter", "max_length_per_manhole", "min_manholes", "min_hgi_rating",
                "local_size_table", "local_min_volume"):
        assert key not in j.parameters                  # nothing of 13.66.060 is filled in
    assert main(["jurisdictions", "check", str(j.path)]) == 0


def test_a_review_under_madera_county_matches_the_cpc_profile_finding_for_finding():
    """The noncompliant example (499 gal against the CPC's 750 gal) fails the same way under both."""
    doc = yaml.safe_load((EXAMPLES / "review-noncompliant.yaml").read_text())
    madera = review(submittal.from_dict(doc, jurisdiction=get_jurisdiction("madera-county")))
    cpc = review(submittal.from_dict(doc, jurisdiction=get_jurisdiction("cpc")))
    assert [(f.rule, f.status, f.value, f.limit) for f in madera.findings] == \
           [(f.rule, f.status, f.value, f.limit) for f in cpc.findings]
    assert madera.jurisdiction == "County of Madera, California"
    assert "CPC only" in madera.letterhead
