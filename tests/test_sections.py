"""The submittal's review sections: parsed once when the document is read (sizing.io.sections), each field list
in one place and the same as the JSON Schema's, and never read again from the raw document downstream."""

import json
import re

import pytest

from sizing.cli.main import main
from sizing.errors import SizingInputError
from sizing.io import submittal
from sizing.io.sections import declarations, interceptor, review_notes
from sizing.jurisdiction.profile import get as get_jurisdiction
from tests.conftest import EXAMPLES, ROOT

SCHEMA = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())
PROPS = SCHEMA["properties"]

#: Every section with a field list in the code, and the schema object that must list exactly those properties.
SECTIONS = [
    ("top level", submittal.TOP_LEVEL, SCHEMA),
    ("project", submittal.PROJECT_FIELDS, PROPS["project"]),
    ("fixtures[]", submittal.FIXTURE_FIELDS, SCHEMA["$defs"]["fixture"]),
    ("meals", submittal.MEALS_FIELDS, PROPS["meals"]),
    ("interceptor", interceptor.INTERCEPTOR_FIELDS, PROPS["interceptor"]),
    ("interceptor.manholes[]", interceptor.MANHOLE_FIELDS, PROPS["interceptor"]["properties"]["manholes"]["items"]),
    ("food_grinder_approval", declarations.APPROVAL_FIELDS, PROPS["food_grinder_approval"]),
    ("additives_authorization", declarations.ADDITIVES_FIELDS, PROPS["additives_authorization"]),
    ("existing_fse", declarations.EXISTING_FSE_FIELDS, PROPS["existing_fse"]),
    ("review_notes.<rule>", review_notes.NOTE_FIELDS, PROPS["review_notes"]["additionalProperties"]),
]


def schema_difference(name: str, fields, node: dict) -> str:
    """'' when the schema object lists exactly ``fields`` and refuses any other; else what differs."""
    listed = set(node.get("properties", {}))
    problems = []
    if set(fields) - listed:
        problems.append(f"in the code, not in the schema: {sorted(set(fields) - listed)}")
    if listed - set(fields):
        problems.append(f"in the schema, not in the code: {sorted(listed - set(fields))}")
    if node.get("additionalProperties") is not False:
        problems.append("the schema does not set additionalProperties: false")
    return f"{name}: " + "; ".join(problems) if problems else ""


@pytest.mark.parametrize(("name", "fields", "node"), SECTIONS, ids=[s[0] for s in SECTIONS])
def test_the_schema_lists_exactly_the_fields_of_each_section(name, fields, node):
    assert schema_difference(name, fields, node) == ""


def test_the_schema_check_names_the_difference():
    node = {"additionalProperties": False, "properties": {"type": {}, "volum": {}}}
    assert schema_difference("interceptor", ("type", "volume"), node) == (
        "interceptor: in the code, not in the schema: ['volume']; in the schema, not in the code: ['volum']")
    assert "additionalProperties" in schema_difference("x", ("a",), {"properties": {"a": {}}})


def test_the_declaration_keys_are_top_level_fields_in_document_order():
    top = list(submittal.TOP_LEVEL)
    positions = [top.index(k) for k in declarations.SECTIONS]
    assert positions == sorted(positions) and positions == list(range(positions[0], positions[0] + 5))
    assert interceptor.SECTION in top and review_notes.SECTION in top


# --- Parsed once, at the boundary ---------------------------------------------------------------------------

def test_the_submittal_carries_its_parsed_sections():
    sub = submittal.load(EXAMPLES / "review-noncompliant.yaml")
    icp = sub.interceptor
    assert icp.type == "gravity" and icp.volume_gal == pytest.approx(499.28, abs=0.01)
    assert icp.given["volume"] == "1890 L" and icp.compartments == 1
    assert [m.diameter_in for m in icp.manholes] == [pytest.approx(600 / 25.4), 24.0]
    assert [m.over for m in icp.manholes] == [("chamber",), ("sanitary_tee",)]
    assert [m.to_grade for m in icp.manholes] == [True, False] and icp.manholes[0].given["diameter"] == "600 mm"
    dec = sub.declarations
    assert dec.max_discharge_temperature_given == "65 degC"
    assert dec.max_discharge_temperature_degf == pytest.approx(149.0)
    assert dec.existing_fse.triggers == ("caused_blockage",)
    assert dec.existing_fse.notification_date.isoformat() == "2025-11-03"
    assert dec.additives.additives_used is True and dec.additives.authorized is False
    assert dec.food_grinder_approval is None and dec.review_date.isoformat() == "2026-03-02"
    assert sub.review_notes == {}


def test_declarations_and_notes_are_typed():
    doc = {"fixtures": [{"type": "floor_drain"}], "construction": "existing",
           "existing_fse": {"caused_blockage": "yes", "notification_date": "2026-01-05"},
           "food_grinder_approval": {"approved": True, "date": "2025-02-03", "by": " J. Doe "},
           "additives_authorization": {"additives_used": True, "permit": "FOG-12"},
           "review_notes": {"volume": {"note": " checked "}, "compartments": {"note": ""}}}
    sub = submittal.from_dict(doc)
    e = sub.declarations.existing_fse
    assert e.triggers == ("caused_blockage",) and e.notification_date.isoformat() == "2026-01-05"
    a = sub.declarations.food_grinder_approval
    assert (a.approved, a.date.isoformat(), a.by) == (True, "2025-02-03", "J. Doe")
    add = sub.declarations.additives
    assert (add.additives_used, add.authorized, add.permit) == (True, False, "FOG-12")
    assert sub.review_notes == {"volume": review_notes.ReviewerNote(note="checked"),
                                "compartments": review_notes.ReviewerNote()}
    assert review_notes.as_dict(sub.review_notes) == {"volume": {"note": "checked"}}


@pytest.mark.parametrize(("section", "value", "message"), [
    ("interceptor", {"volume": "lots"}, r"^interceptor\.volume: expected a volume"),
    ("interceptor", {"manholes": [{"over": "lid"}]}, r"^interceptor\.manholes\[0\]\.over: expected one of chamber"),
    ("existing_fse", {"notification_date": "soon"}, r"^existing_fse\.notification_date: "),
    ("food_grinder_approval", {"aproved": True}, r"^food_grinder_approval\.aproved: unknown field \(did you mean "),
    ("additives_authorization", {"authorized": "perhaps"}, r"^additives_authorization\.authorized: "),
    ("max_discharge_temperature", "hot", r"^max_discharge_temperature: "),
    ("review_notes", {"volume": "fine"}, r"^review_notes\.volume: expected a mapping"),
])
def test_a_bad_section_is_a_one_line_error_when_the_document_is_read(section, value, message):
    with pytest.raises(SizingInputError, match=message) as err:
        submittal.from_dict({"fixtures": [{"type": "floor_drain"}], section: value})
    assert "\n" not in str(err.value)


def test_a_bad_interceptor_section_fails_sizing_too(tmp_path, capsys):
    """An invalid document is refused by every command that reads it, sizing included (exit 2, one line)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("fixtures: [{type: floor_drain}]\ninterceptor: {volume: lots}\n")
    assert main(["size", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("sizing size: interceptor.volume: expected a volume") and "\n" not in err


def test_the_waiver_sections_are_parsed_when_the_document_is_read(tmp_path, capsys):
    """Under a jurisdiction that grants waivers, the waiver, application and revocation sections are parsed with
    the rest of the document (a bad one fails sizing too); under one without waivers they are not read."""
    from sizing.io.sections.waiver import WaiverApplication

    doc = {"fixtures": [{"type": "floor_drain"}], "review_date": "2025-05-01",
           "waiver": {"type": "new_construction", "findings": {"negligible_fog_quantity": True}}}
    sub = submittal.from_dict(doc, jurisdiction=get_jurisdiction("tracy"))
    assert isinstance(sub.waiver, WaiverApplication) and sub.waiver.type == "new_construction"
    assert sub.waiver.date is None or sub.waiver.date.isoformat() == "2025-05-01"
    assert submittal.from_dict(doc, jurisdiction=get_jurisdiction("cpc")).waiver is None
    bad = tmp_path / "bad.yaml"
    bad.write_text("fixtures: [{type: floor_drain}]\nwaiver: {type: new_construction, expiration: soon}\n")
    assert main(["size", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("sizing size: waiver.expiration: expected a date") and "\n" not in err
    assert main(["size", str(bad), "--jurisdiction", "cpc", "--format", "json"]) == 0


# --- Never read again from the raw document ------------------------------------------------------------------

#: The top-level keys the typed sections own.
OWNED = (interceptor.SECTION, *declarations.SECTIONS, review_notes.SECTION, "waiver", "application", "revocation")
RAW_READ = re.compile(r"\.raw\s*(?:\[|\.get\()\s*['\"](" + "|".join(map(re.escape, OWNED)) + r")['\"]")
DOWNSTREAM = ("sizing/rules", "sizing/report", "sizing/cli", "app_pages")


def raw_reads(folders=DOWNSTREAM, root=ROOT) -> list[str]:
    """``path:line: text`` of every read of a typed section from a ``.raw`` document under ``folders``."""
    hits = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if RAW_READ.search(line):
                    hits.append(f"{path.relative_to(root).as_posix()}:{n}: {line.strip()}")
    return hits


def test_downstream_code_never_reads_the_typed_sections_from_the_raw_document():
    assert raw_reads() == []


def test_the_raw_read_scan_finds_a_read(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text('a = sub.raw.get("interceptor")\nb = sub.raw["review_notes"]\n'
                                           'c = sub.raw.get("x_note")\nd = sub.interceptor\n', encoding="utf-8")
    assert raw_reads(("pkg",), tmp_path) == ['pkg/m.py:1: a = sub.raw.get("interceptor")',
                                             'pkg/m.py:2: b = sub.raw["review_notes"]']


# --- The rules registry -------------------------------------------------------------------------------------

def test_the_rules_registry_is_the_jurisdiction_rule_list_in_order():
    """The registry is the one list: its report order is the order the City's profile lists the rules in."""
    from sizing.jurisdiction.profile import get
    from sizing.rules.review_rules import registry

    assert registry.ids() == (
        "interceptor_required", "interceptor_type", "volume", "local_size", "hgi_capacity", "hgi_rating_range",
        "compartments", "manhole_diameter", "manhole_count", "manhole_spacing", "manholes_to_grade",
        "retention_fittings", "accessible_location", "dishwasher_connection", "appliances_by_device",
        "prep_fixtures_connected", "sanitary_connection", "food_grinder", "food_grinder_removal",
        "discharge_temperature", "additives")
    # the City applies every rule but the four its ordinance does not have
    assert get("tracy").review_rules == tuple(r for r in registry.ids() if r not in (
        "local_size", "hgi_rating_range", "manhole_spacing", "appliances_by_device"))
    assert all(spec.findings == (spec.id,) for spec in registry.rules())  # finding ids are the rule ids


def test_each_rule_lives_in_a_rules_module_with_its_clause_on_its_docstring():
    from sizing.rules.review_rules import registry

    for rule in (spec.function for spec in registry.rules()):
        assert rule.__module__.startswith("sizing.rules.review_rules."), rule.__name__
        lines = [line.strip() for line in (rule.__doc__ or "").strip().splitlines()]
        assert len(lines) >= 2 and re.search(r"CPC|FOG ordinance", " ".join(lines[1:])), rule.__name__


def test_the_review_modules_are_small():
    paths = [ROOT / "sizing/rules/review.py", *sorted((ROOT / "sizing/rules/rules").glob("*.py")),
             *sorted((ROOT / "sizing/io/sections").glob("*.py"))]
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in paths}
    assert {k: n for k, n in sizes.items() if n > 400} == {}
