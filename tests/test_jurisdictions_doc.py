"""docs/jurisdictions.md is generated from the shipped profiles: the committed file is exactly what the generator
writes (so it cannot drift), each cell carries the value, its citation and its level, and a rule or a parameter a
profile adds appears with no change to the generator."""

from __future__ import annotations

from pathlib import Path

import yaml

from sizing.cli.main import main
from sizing.io.tables import tables_dir
from sizing.jurisdiction.profile import get, load_file
from sizing.report.jurisdictions_doc import DOC, READING, generated_part, render


def row(text: str, label: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.startswith(f"| {label} |"))
    return [c.strip() for c in line.strip("|").split(" | ")]


def test_the_committed_file_is_the_generated_one(capsys):
    assert DOC == Path(__file__).resolve().parent.parent / "docs" / "jurisdictions.md"
    committed = DOC.read_text(encoding="utf-8")
    assert generated_part(committed) == render(), (
        "docs/jurisdictions.md differs from the profiles: run `python -m sizing.report.jurisdictions_doc`")
    assert f"\n{READING}\n" in committed  # the hand-written reading, kept when the file is rewritten
    assert main(["jurisdictions", "doc"]) == 0
    assert capsys.readouterr().out == render()


def test_each_cell_is_the_value_its_citation_and_its_level():
    """The install deadline after a notification: Placerville 180 calendar days (PCC 7-5-8(B)(2)(a), read from a published
    copy: secondary), Tracy 180 working days (TMC ch. 5.26, Grease interceptor requirement (b)(1), the City's text:
    confirmed). Long Beach's grease trap range 20-55 gpm (LBMC 8.46.050(C)). Placerville's unread waiver validity is
    shown, in bold, as unconfirmed."""
    text = render()
    head = row(text, "rule · value")
    cells = dict(zip(head, row(text, "interceptor_required · `existing_trigger_install_period`"), strict=True))
    assert cells["`placerville`"] == "180 calendar days · PCC 7-5-8(B)(2)(a) · *secondary*"
    assert cells["`tracy`"] == "180 working days · TMC ch. 5.26, Grease interceptor requirement (b)(1) · *confirmed*"
    assert cells["`long-beach`"] == "—"
    lb = dict(zip(head, row(text, "hgi_rating_range · `max_hgi_rating`"), strict=True))
    assert lb["`long-beach`"] == "55 gpm · LBMC 8.46.050(C) · *secondary*"
    waiver = dict(zip(head, row(text, "interceptor_required · `waiver_validity`"), strict=True))
    assert waiver["`placerville`"] == "not read · PCC 7-5-13 (not read to the end) · **unconfirmed**"
    profiles = row(text, "`placerville`")
    assert profiles[2:3] == ["PCC title 7 ch. 5"] and profiles[-1] == (
        "14 of 17 values confirmed or secondary; 1 derived, 2 unconfirmed")


def test_a_rule_and_a_value_a_profile_adds_appear_without_changing_the_generator(tmp_path):
    """A copy of the Placerville profile that also applies manhole_spacing (one opening per 10 ft, at least 2) and
    carries a value no rule reads: both get a row, and the shipped profiles a dash."""
    raw = yaml.safe_load((tables_dir() / "jurisdictions" / "placerville.yaml").read_text(encoding="utf-8"))
    raw["review_rules"].append("manhole_spacing")
    raw["parameters"]["max_length_per_manhole"] = {"value": 10, "unit": "ft", "citation": "Test Code 1(a)",
                                                   "provenance": "unconfirmed"}
    raw["parameters"]["min_manholes"] = {"value": 2, "unit": "count", "citation": "Test Code 1(a)"}
    raw["parameters"]["pump_out_days"] = {"value": 90, "unit": "days", "citation": "Test Code 2", "policy": "local"}
    path = tmp_path / "testville.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    text = render([load_file(path), get("tracy")])
    assert row(text, "**manhole_spacing**") == ["**manhole_spacing**", "applied", "—"]
    assert row(text, "manhole_spacing · `max_length_per_manhole`")[1:] == [
        "10 ft · Test Code 1(a) · **unconfirmed**", "—"]
    assert row(text, "manhole_spacing · `min_manholes`")[1] == "2 count · Test Code 1(a) · *secondary*"
    assert row(text, "other · `pump_out_days`")[1:] == ["90 days · Test Code 2 · **local policy**", "—"]


def test_fixed_intervals_by_device_type_are_compared_with_their_clause():
    # FMC 12.20.220(C): grease traps cleaned daily; LBMC 8.46.040(E): the owner inspects the interceptor monthly.
    row = next(line for line in render().splitlines() if line.startswith("| maintenance by device type"))
    assert "hydromechanical: clean every 1 day · FMC 12.20.220(C)" in row
    assert "gravity: inspect every 1 month · LBMC 8.46.040(E)" in row
