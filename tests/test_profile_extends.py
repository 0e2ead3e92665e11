"""A profile that extends another: a city that differs from Tracy by two values is a file of two values plus its
name. The merged profile passes the same check and reviews as the parent would, but for the values it gives."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from sizing.cli.main import main
from sizing.jurisdiction.check import ProfileError
from sizing.jurisdiction.profile import get, load_file

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Two values of its own (three compartments, 30 in manholes written in mm) and its name.
TWOVILLE = textwrap.dedent("""\
    extends: tracy
    jurisdiction: City of Twoville
    ordinance: "Ordinance 7 (TVC chapter 4.2)"
    texts:
      letterhead: "Twoville FOG Program"
    parameters:
      min_compartments: {value: 3, unit: count, citation: "TVC 4.2.030(b)"}
      min_manhole_diameter: {value: 762, unit: mm, citation: "TVC 4.2.030(d)"}
    """)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _findings(capsys, *args: str) -> dict[str, dict]:
    capsys.readouterr()
    main(["review", str(EXAMPLES / "review-compliant.yaml"), "--format", "json", *args])
    return {f["rule"]: f for f in json.loads(capsys.readouterr().out)["findings"]}


def test_a_child_inherits_every_key_it_does_not_give(tmp_path):
    child = load_file(_write(tmp_path, "twoville", TWOVILLE))
    tracy = get("tracy")
    assert child.name == "City of Twoville"
    # a mapping given is laid key by key: its own letterhead, the parent's waiver citations (it keeps its waivers)
    assert child.raw["texts"] == {**get("tracy").raw["texts"], "letterhead": "Twoville FOG Program"}
    assert child.review_rules == tracy.review_rules
    assert child.raw["holidays"] == tracy.raw["holidays"]
    assert child.raw["waivers"] == tracy.raw["waivers"]
    # its two values, in the unit the rules read (762 mm = 30 in), with its own citation and nothing of Tracy's
    assert child.raw["parameters"]["min_compartments"]["value"] == 3
    assert child.raw["parameters"]["min_compartments"]["citation"] == "TVC 4.2.030(b)"
    assert child.raw["parameters"]["min_manhole_diameter"]["value"] == pytest.approx(30.0)
    # every other parameter is Tracy's, as written there
    for key in ("max_discharge_temperature", "max_accumulation_percent", "existing_trigger_install_period"):
        assert child.raw["parameters"][key] == tracy.raw["parameters"][key]


def test_the_child_reviews_as_the_parent_but_for_its_two_values(tmp_path, capsys):
    path = _write(tmp_path, "twoville", TWOVILLE)
    tracy = _findings(capsys)
    child = _findings(capsys, "--jurisdiction", str(path))
    # review-compliant.yaml: 2 compartments, manholes of 24 in and 610 mm. Tracy: 2 and 24 in, both pass;
    # Twoville: 3 compartments and 30 in, both fail, citing Twoville's clauses.
    assert tracy["compartments"]["status"] == "pass" and tracy["manhole_diameter"]["status"] == "pass"
    assert child["compartments"]["status"] == "fail"
    assert "TVC 4.2.030(b)" in child["compartments"]["citation"]
    assert child["manhole_diameter"]["status"] == "fail"
    assert "TVC 4.2.030(d)" in child["manhole_diameter"]["citation"]
    # everything else as under Tracy
    for rule in set(tracy) - {"compartments", "manhole_diameter"}:
        assert child[rule]["status"] == tracy[rule]["status"], rule


def test_null_removes_a_parents_key(tmp_path):
    text = TWOVILLE + "waivers: null\nwaiver_evidence: null\n"
    child = load_file(_write(tmp_path, "nowaivers", text))
    assert not child.has_waivers
    assert get("tracy").has_waivers


@pytest.mark.parametrize("text, message", [
    (TWOVILLE.replace("extends: tracy", "extends: atlantis"), "extends: no jurisdiction profile 'atlantis'"),
    (TWOVILLE.replace("extends: tracy", "extends: 12"), "extends: expected the id of another profile"),
    (TWOVILLE.replace('jurisdiction: City of Twoville\n', ""), "gives its own jurisdiction"),
    (TWOVILLE.replace("min_manhole_diameter: {value: 762,", "min_manhole_diameter: {value: 762 kg,"), "min_manhole_diameter"),
])
def test_a_bad_extending_profile_is_one_line_naming_what_is_wrong(tmp_path, text, message):
    with pytest.raises(ProfileError) as err:
        load_file(_write(tmp_path, "bad", text))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_circle_of_profiles_is_refused(tmp_path):
    _write(tmp_path, "a", TWOVILLE.replace("extends: tracy", "extends: b.yaml"))
    _write(tmp_path, "b", TWOVILLE.replace("extends: tracy", "extends: a.yaml"))
    with pytest.raises(ProfileError, match="a circle"):
        load_file(tmp_path / "a.yaml")


def test_show_says_what_the_profile_extends(tmp_path, capsys):
    path = _write(tmp_path, "twoville", TWOVILLE)
    capsys.readouterr()
    assert main(["jurisdictions", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "extends: tracy (every key this file does not give is tracy's, its citations included)" in out
    assert "min_compartments = 3" in out and "TVC 4.2.030(b)" in out
