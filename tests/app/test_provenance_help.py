"""The provenance levels' glossary is one click from where the widgets show a level: the jurisdiction's
confirmation line in the sidebar (its tooltip), the code values' provenance table (the levels column's tooltip and
a "What the provenance levels mean" button), a maintenance task's level (Fullerton's grease trap cleaning: the
column's tooltip and the button); the same text everywhere (sizing.provenance)."""

from __future__ import annotations

import json

from sizing import provenance
from tests.app.conftest import goto, open_examples

BUTTON = "What the provenance levels mean"


def column_help(at, column: str) -> str | None:
    """The tooltip of ``column`` in the first table that has it."""
    frame = next(f for f in at.dataframe if column in f.value.columns)
    return (json.loads(frame.proto.columns or "{}").get(column) or {}).get("help")


def popovers(at) -> dict[str, str]:
    """Each popover's label and the markdown it holds."""
    out = {}
    for node in at._tree:
        if getattr(node, "type", "") == "popover":
            out[node.proto.popover.label] = "\n".join(m.value for m in node.markdown)
    return out


def test_the_sidebar_s_confirmation_line_explains_its_levels(app):
    line = next(c for c in app.sidebar.caption if "values confirmed or secondary" in c.value)
    assert "35 of 38 values confirmed or secondary; 1 derived, 2 local policy" in line.value  # Tracy's profile
    assert line.proto.help == provenance.glossary_help()
    assert "- **local policy**: the jurisdiction's own policy or the program's default" in line.proto.help


def test_the_code_values_provenance_table_explains_its_levels(app):
    open_examples(app).selectbox(key="in_example").set_value("restaurant.yaml")
    app.button(key="load_example").click().run()
    assert column_help(app, "levels") == provenance.glossary_help()
    assert popovers(app)[BUTTON] == provenance.glossary_markdown()
    assert "- **carried**: copied from an earlier CPC edition" in popovers(app)[BUTTON]


def test_a_maintenance_task_s_level_is_explained(app):
    app.selectbox(key="in_jurisdiction").set_value("fullerton").run()
    goto(app, "maintenance")
    table = app.dataframe[0].value
    assert list(table["task"]) == ["cleaning"] and list(table["level"]) == ["derived"]
    assert column_help(app, "level") == provenance.glossary_help()
    assert popovers(app)[BUTTON] == provenance.glossary_markdown()
