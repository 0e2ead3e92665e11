"""The shipped profiles say what their own code texts say. Each expected value is worked from the clause it cites,
as stored on 2026-12-01:

- FMC 12.20.220(F) (codelibrary.amlegal.com fullerton_ca 0-0-0-18563): "Dishwashers and food waste disposal units
  shall not be connected to or discharged into any grease trap." 12.20.220(A): grease traps are installed "in
  lieu of or in addition to" a grease interceptor, in the waste line from drains, sinks and other fixtures; the
  stored page does not show its section number (12.20.220 comes from the chapter's table of contents).
- LBMC 8.46.050(E): the owner "shall not connect a food waste disposal unit or dishwasher to a grease trap";
  8.46.010: a "grease trap" is a device connected directly to the outgoing drains of sinks inside a food facility,
  a "grease interceptor" a large underground tank outside it.
- CAWD Code 0-0-0-4013 (A)(2): an approved interceptor "shall be installed in the waste line leading from
  nondomestic kitchen sinks, floor drains, and other kitchen drainage fixtures".
- TMC ch. 5.26, Grease interceptor requirement: "Dishwashers shall not be connected to the grease interceptor"
  (any type: a hydromechanical interceptor is a grease interceptor of a type the Director accepts); Prohibitions
  (a): no food grinders in new construction.
- CPC 1014.2.1 (adopted by FMC 12.20.210(B)/12.20.220(B) and LBMC 8.46.040(A)/8.46.050(B)): the fixtures'
  capacity into a hydromechanical interceptor is at most 2.5 gal per gpm of its rating.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sizing.io import submittal
from sizing.jurisdiction.profile import available, get
from sizing.rules.review import review

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PROFILES = ROOT / "tables" / "jurisdictions"


def example(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / name).read_text())


def findings(doc: dict, jid: str) -> list:
    return list(review(submittal.from_dict(doc, jurisdiction=get(jid))).findings)


def of_rule(doc: dict, jid: str, rule: str) -> list:
    return [f for f in findings(doc, jid) if f.rule == rule]


def hgi_with(appliance: str) -> dict:
    """The hydromechanical example (a 75 gpm unit) with one appliance connected to it."""
    doc = example("review-hydromechanical.yaml")
    doc["fixtures"] = [f for f in doc["fixtures"] if f["type"] != "dishwasher"]
    doc["fixtures"].append({"type": appliance, "count": 1, "area": "cleanup", "connected_to_interceptor": True})
    return doc


CLAUSES = {"fullerton": "FMC 12.20.220(F)", "long-beach": "LBMC 8.46.050(E)"}
DEFINITIONS = {"fullerton": "FMC 12.20.220(A)", "long-beach": "LBMC 8.46.010"}


@pytest.mark.parametrize("jid", ["fullerton", "long-beach"])
@pytest.mark.parametrize("appliance, name", [("dishwasher", "dishwasher"),
                                             ("food_waste_disposer", "food waste disposer")])
def test_a_dishwasher_or_disposer_on_the_citys_grease_trap_fails_citing_its_clause(jid, appliance, name):
    """Both texts bar both appliances from a grease trap, and both cities' grease trap is the hydromechanical
    unit: the finding fails, cites the clause, and says why the unit is a grease trap there (the definition)."""
    failed = [f for f in of_rule(hgi_with(appliance), jid, "appliances_by_device") if f.failed]
    assert len(failed) == 1, failed
    f = failed[0]
    assert CLAUSES[jid] in f.citation and DEFINITIONS[jid] in f.citation
    assert name in f.message and "grease trap" in f.message


@pytest.mark.parametrize("jid", ["fullerton", "long-beach"])
def test_on_a_gravity_interceptor_the_clause_does_not_bar_a_dishwasher(jid):
    """12.20.220(F) and 8.46.050(E) speak of a grease trap only: a dishwasher on the city's (gravity) grease
    interceptor is not failed by them."""
    doc = example("review-compliant.yaml")
    doc["fixtures"].append({"type": "dishwasher", "count": 1, "area": "cleanup", "connected_to_interceptor": True})
    found = of_rule(doc, jid, "appliances_by_device")
    assert found and not any(f.failed for f in found)


def test_under_tracy_a_dishwasher_on_a_hydromechanical_interceptor_fails_its_own_clause():
    """TMC: "Dishwashers shall not be connected to the grease interceptor", whatever its type; Tracy applies no
    grease-trap rule (the chapter does not define one)."""
    doc = hgi_with("dishwasher")
    f = of_rule(doc, "tracy", "dishwasher_connection")[0]
    assert f.failed and f.citation == "TMC ch. 5.26, Grease interceptor requirement"
    assert not of_rule(doc, "tracy", "appliances_by_device")


def test_under_tracy_a_disposer_in_new_construction_fails_the_food_grinder_prohibition():
    f = of_rule(hgi_with("food_waste_disposer"), "tracy", "food_grinder")[0]
    assert f.failed and "Prohibitions (a)" in f.citation


def test_every_shipped_profile_says_what_a_grease_trap_is_there():
    for jid in available():
        terms = get(jid).device_terms
        assert set(terms["grease_trap"]) <= {"gravity", "hydromechanical"}, jid
        assert terms["citation"] and terms["provenance"], jid
    assert get("fullerton").device_terms["grease_trap"] == ["hydromechanical"]
    assert get("long-beach").device_terms["grease_trap"] == ["hydromechanical"]
    assert get("long-beach").device_terms["grease_interceptor"] == ["gravity"]
    assert get("tracy").device_terms["grease_trap"] == []


def test_carmel_kitchen_floor_drain_off_the_interceptor_fails_4013_a_2():
    """0-0-0-4013 (A)(2): the interceptor is in the waste line from kitchen sinks and floor drains: a kitchen floor
    drain routed around it fails."""
    doc = example("review-compliant.yaml")
    doc["fixtures"].append({"type": "floor_drain", "count": 1, "area": "food_prep", "connected_to_interceptor": False})
    f = of_rule(doc, "carmel-area-wd", "prep_fixtures_connected")[0]
    assert f.failed and "0-0-0-4013 (A)(2)" in f.citation and "Floor drain" in f.message


@pytest.mark.parametrize("jid, adopting", [("fullerton", "FMC 12.20.220(B)"), ("long-beach", "LBMC 8.46.050(B)")])
def test_the_cpc_capacity_check_applies_where_the_city_adopts_the_cpc(jid, adopting):
    """The example's fixtures hold 80.4 gal (3 x 18x18x12 in + 24x24x12 in = 18,576 in3 / 231). A 30 gpm grease
    trap (inside Long Beach's 20-55 gpm) takes at most 2.5 x 30 = 75 gal: 80.4 > 75 fails."""
    doc = example("review-hydromechanical.yaml")
    doc["interceptor"]["rated_flow"] = "30 gpm"
    f = of_rule(doc, jid, "hgi_capacity")[0]
    assert f.failed and "1014.2.1" in f.citation and adopting in f.citation
    assert f.limit == pytest.approx(75.0) and f.value == pytest.approx(18576 / 231, abs=0.01)


def test_fullerton_values_from_the_grease_trap_page_are_derived():
    """The stored 12.20.220 page does not show its section number: no value cited to it is secondary or confirmed
    (each is derived, or unconfirmed where the text it rests on was not read)."""
    raw = yaml.safe_load((PROFILES / "fullerton.yaml").read_text())
    entries = [*raw["parameters"].values(), *raw["sizing"].values(), *raw.get("device_maintenance", []),
               raw["device_terms"]]
    cited = [e for e in entries if "12.20.220" in e["citation"]]
    assert cited and all(e["provenance"] in ("derived", "unconfirmed") for e in cited), cited
    assert [e["provenance"] for e in raw["device_maintenance"]] == ["derived"]


@pytest.mark.parametrize("jid, clauses", [
    ("fullerton", ["12.20.210(D)", "covers", "inflow"]),
    ("long-beach", ["8.46.050(A)", "IAPMO", "8.46.040(F)", "retention time"]),
    ("carmel-area-wd", ["0-0-0-4013 (B)"])])
def test_the_header_names_the_rules_of_the_text_it_does_not_apply(jid, clauses):
    text = (PROFILES / f"{jid}.yaml").read_text()
    header = text[:text.index("\njurisdiction:")]
    not_applied = header[header.index("not applied"):]
    for clause in clauses:
        assert clause in not_applied, clause


def test_an_unmarked_dishwasher_on_a_grease_trap_is_counted_and_fails_under_long_beach():
    """The decision (docs/engineer/decisions.md): an unmarked dishwasher is counted (the size), and on the city's grease trap 8.46.050(E)
    then fails it, so the plans must show it routed off the trap."""
    doc = hgi_with("dishwasher")
    del doc["fixtures"][-1]["connected_to_interceptor"]
    f = next(f for f in of_rule(doc, "long-beach", "appliances_by_device") if "dishwasher" in f.message)
    assert f.failed and "LBMC 8.46.050(E)" in f.citation


def test_a_type_called_both_a_grease_trap_and_a_grease_interceptor_is_refused(tmp_path):
    from sizing.errors import TableError
    from sizing.jurisdiction.profile import load_file

    raw = yaml.safe_load((PROFILES / "long-beach.yaml").read_text())
    raw["device_terms"]["grease_interceptor"] = ["gravity", "hydromechanical"]
    path = tmp_path / "twoterms.yaml"
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(TableError, match=r"twoterms\.yaml: device_terms\.grease_trap: 'hydromechanical' is also under "
                                         r"device_terms\.grease_interceptor"):
        load_file(path)


def test_rewriting_the_comparison_keeps_the_hand_written_reading(tmp_path, monkeypatch, capsys):
    from sizing.report import jurisdictions_doc as doc

    target = tmp_path / "jurisdictions.md"
    target.write_text(f"stale table\n\n{doc.READING}\n\nread by hand\n", encoding="utf-8")
    monkeypatch.setattr(doc, "DOC", target)
    assert doc.main([]) == 0
    assert target.read_text(encoding="utf-8") == doc.render() + f"\n{doc.READING}\n\nread by hand\n"
