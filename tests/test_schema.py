"""The JSON Schema documents the submittal: every example validates, and the schema's fixture types match."""

import json

import jsonschema
import pytest
import yaml

from tests.conftest import EXAMPLES, ROOT

SCHEMA = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())


@pytest.mark.parametrize("path", sorted(p for p in EXAMPLES.iterdir() if p.suffix in {".yaml", ".json"}),
                         ids=lambda p: p.name)
def test_examples_validate(path):
    doc = yaml.safe_load(path.read_text())
    if not any(k in doc for k in ("fixtures", "inlet_pipe", "meals")):
        pytest.skip("not a sizing submittal")
    jsonschema.validate(doc, SCHEMA)


def test_schema_rejects_a_mistyped_field():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"fixtures": [{"type": "floor_drain", "cout": 2}]}, SCHEMA)


def test_schema_lists_every_fixture_type():
    from sizing.submittal import fixture_types

    described = SCHEMA["$defs"]["fixture"]["properties"]["type"]["description"]
    for key in fixture_types():
        assert key in described
