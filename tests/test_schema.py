"""The JSON Schema documents the submittal: every example validates, and the schema's fixture types match."""

import json

import jsonschema
import pytest
import yaml

from tests.conftest import EXAMPLES, ROOT

SCHEMA = json.loads((ROOT / "schema" / "submittal.schema.json").read_text())


def _submittals():
    """Example submittals (a maintenance log is its own document, without fixtures)."""
    for path in sorted(EXAMPLES.iterdir()):
        if path.suffix in {".yaml", ".json"}:
            doc = yaml.safe_load(path.read_text())
            if any(k in doc for k in ("fixtures", "inlet_pipe", "meals")):
                yield pytest.param(doc, id=path.name)


def test_there_are_example_submittals():
    assert len(list(_submittals())) >= 8


@pytest.mark.parametrize("doc", list(_submittals()))
def test_examples_validate(doc):
    jsonschema.validate(doc, SCHEMA)


def test_schema_rejects_a_mistyped_field():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"fixtures": [{"type": "floor_drain", "cout": 2}]}, SCHEMA)


def test_schema_lists_every_fixture_type():
    from sizing.io.submittal import fixture_types

    described = SCHEMA["$defs"]["fixture"]["properties"]["type"]["description"]
    for key in fixture_types():
        assert key in described
