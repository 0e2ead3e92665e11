"""Everything a person reads names the parts of the plan as the plan counts them, from 1: no report, finding,
correction, step or warning says ``fixtures[7]``, ``manholes[0]`` or ``services[2]`` (the JSON keeps them)."""

from __future__ import annotations

import re

import pytest

from sizing.cli.main import main
from tests.conftest import EXAMPLES

ZERO_BASED = re.compile(r"\b(fixtures|manholes|services|measurements|training)\[\d+\]")
SUBMITTALS = sorted(p for p in EXAMPLES.glob("*.yaml") if not p.name.startswith(("maintenance-", "waiver-")))
LOGS = sorted(EXAMPLES.glob("maintenance-*.yaml"))


@pytest.mark.parametrize("path", SUBMITTALS, ids=lambda p: p.name)
@pytest.mark.parametrize("command", ["size", "review"])
@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_reports_count_from_one(path, command, fmt, capsys):
    main([command, str(path), "--format", fmt])
    out = capsys.readouterr().out
    assert not ZERO_BASED.findall(out), [m.group(0) for m in ZERO_BASED.finditer(out)]


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_maintenance_counts_from_one(path, capsys):
    main(["maintenance", str(path), "--format", "markdown"])
    out = capsys.readouterr().out
    assert not ZERO_BASED.search(out)


def test_the_pdf_names_submitted_values_by_their_steps(examples):
    from sizing.cpc.size import size
    from sizing.io import submittal
    from sizing.report.pdf import provenance_notes

    note = provenance_notes(size(submittal.load(examples / "restaurant.yaml")))[-1]
    assert note == ("Values given by the submitter (not from a code table): Code edition; DFU of fixture 7: 1 x "
                    "Combination oven (combi oven) (connected); Rated flow of fixture 7 (Combination oven (combi "
                    "oven)) added to the design flow")


def test_noncompliant_review_names_manholes_and_fixtures_as_the_plan_does(capsys):
    main(["review", str(EXAMPLES / "review-noncompliant.yaml")])
    out = capsys.readouterr().out
    assert "[FAIL] manhole_diameter: Manholes under 24 in: manhole 1 over chamber 1 (23.62 in)" in out
    assert "[FAIL] manholes_to_grade: Not extended to finished grade: manhole 2 over sanitary tee 1" in out
    assert "[FAIL] dishwasher_connection: Dishwasher connected to the interceptor: fixture 5 (Dishwasher, domestic)" in out
