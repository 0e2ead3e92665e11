"""The app as a plan checker uses it: the same strictness as the command line, a grid that takes any fixture,
a chart that draws, rows named as users count them, report headers, notes and N/A, and page furniture."""

from __future__ import annotations

import io
import json
import tomllib

import pandas as pd
import pyarrow as pa
import pytest
import yaml

from sizing.cli.main import main
from sizing.cpc.size import size
from sizing.io import submittal
from tests.app.conftest import (
    ROOT,
    add_fixture,
    downloads,
    edit_fixtures,
    errors,
    goto,
    metrics,
    open_box,
    open_examples,
    open_tab,
    status_colours,
    table,
    texts,
    verdicts,
)


def label(key: str) -> str:
    return submittal.fixture_types()[key].label


def load_example(app, name: str):
    open_examples(app).selectbox(key="in_example").set_value(name)
    app.button(key="load_example").click().run()
    assert not app.exception
    return app


def upload(app, name: str, raw: bytes, key: str = "upload_submittal"):
    if key == "upload_submittal":  # the sizing page's uploader is in its example expander
        open_examples(app)
    app.file_uploader(key=key).set_value((name, raw, "application/x-yaml")).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def cli_error(tmp_path, capsys, name: str, raw: bytes, command: str = "size") -> str:
    path = tmp_path / name
    path.write_bytes(raw)
    assert main([command, str(path)]) == 2
    line = capsys.readouterr().err.strip()
    prefix = f"sizing {command}: "
    assert line.startswith(prefix)
    return line.removeprefix(prefix).replace(str(path), name)


# --- Item 1: uploads as strict as the command line -------------------------------------------------------

TYPO = b"""fixtures:
  - {type: three_compartment_sink, count: 1}
  - {type: water_closet, count: 2, conected_to_interceptor: false}
"""


def test_upload_with_a_typo_stops_with_the_command_line_error(app, tmp_path, capsys):
    """Item 1: a mistyped field is the CLI's one-line error, not 'Loaded' with the toilets counted."""
    cli = cli_error(tmp_path, capsys, "t8.yaml", TYPO)
    assert "did you mean 'connected_to_interceptor'?" in cli
    upload(app, "t8.yaml", TYPO)
    shown = errors(app)
    assert len(shown) == 1
    assert shown[0].startswith(f"t8.yaml: {cli}")
    assert shown[0].endswith(f"[fixture 2 ({label('water_closet')}) of the file]")
    assert "Loaded t8.yaml." not in texts(app)
    assert app.session_state["fx_current"].empty  # nothing was half-loaded


def test_upload_with_lenght_names_the_mistyped_field(app, tmp_path, capsys):
    """Item 1: 'lenght' is an unknown field with a suggestion, not a misleading 'length ... got nothing'."""
    raw = b"fixtures:\n  - {type: food_prep_sink, lenght: 24 in, width: 24 in, depth: 12 in}\n"
    cli = cli_error(tmp_path, capsys, "s.yaml", raw)
    upload(app, "s.yaml", raw)
    assert errors(app)[0].startswith(f"s.yaml: {cli}")
    assert "fixtures[0].lenght: unknown field (did you mean 'length'?)" in errors(app)[0]


def test_review_and_maintenance_uploads_use_the_same_parsers(app, tmp_path, capsys):
    goto(app, "review")
    upload(app, "t8.yaml", TYPO, key="upload_review")
    assert errors(app)[0].startswith(f"t8.yaml: {cli_error(tmp_path, capsys, 't8.yaml', TYPO, 'review')}")
    goto(app, "maintenance")
    raw = b"liquid_depth: 48 in\nmeasurments: []\n"
    upload(app, "log.yaml", raw, key="upload_maintenance")
    assert errors(app) == [f"log.yaml: {cli_error(tmp_path, capsys, 'log.yaml', raw, 'maintenance')}"]


def test_an_empty_file_says_the_file_is_empty(app, tmp_path, capsys):
    """Item 10: an empty file is 'the file is empty', not 'got NoneType' (app and command line)."""
    assert cli_error(tmp_path, capsys, "empty.yaml", b"# nothing yet\n") == "FILE: empty.yaml: the file is empty"
    upload(app, "empty.yaml", b"")
    assert errors(app) == ["empty.yaml: the file is empty"]


# --- Item 2: the Table 1014.3.6 chart draws ----------------------------------------------------------------

def chart_layers(app):
    """(mark, encoded fields, data frame) of each layer of the Table 1014.3.6 chart."""
    chart = [c for c in app.get("vega_lite_chart") if "1014" in c.proto.spec or "volume" in c.proto.spec][0]
    spec = json.loads(chart.proto.spec)
    data = {d.name: pa.ipc.open_stream(io.BytesIO(d.data.data)).read_pandas() for d in chart.proto.datasets}
    out = []
    for layer in spec["layer"]:
        fields = [enc["field"] for enc in layer["encoding"].values() if "field" in enc]
        mark = layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
        source = layer["data"]  # a named dataset (sent as Arrow) or values inline in the spec
        frame = data[source["name"]] if "name" in source else pd.DataFrame(source["values"])
        out.append((mark, fields, frame))
    return out


def test_table_chart_encodes_columns_that_exist(app):
    """Item 2: every encoded field is a column of its data (no '[', ']' or '.' that Vega-Lite reads as nested
    access), the step line holds every row of Table 1014.3.6 and the marker sits at the project's point."""
    from app_pages.documents import table_rows

    load_example(app, "cpc-code-example.yaml")
    layers = chart_layers(open_tab(app, "Table 1014.3.6"))
    for _, fields, frame in layers:
        for f in fields:
            assert f in frame.columns
            assert not set(f) & set("[].\\"), f
    line = [frame for mark, _, frame in layers if mark == "line"][0]
    rows = table_rows("1014.3.6", "2025")
    assert line["volume_gal"].tolist()[1:] == [r["volume_gal"] for r in rows]
    assert line["volume_gal"].max() > 0
    point = [frame for mark, _, frame in layers if mark == "point"][0]
    assert point[["DFU", "volume_gal"]].values.tolist() == [[12, 750]]  # CPC 1014.3.6 worked example


# --- Items 3 and 4: the grid takes any fixture; partial rows -----------------------------------------------

def editor_proto(app):
    key = app.session_state["fx_editor_key"]
    return [d for d in app.dataframe if d.proto.id and d.proto.form_id == "" and "other_type" in d.proto.columns
            and key][0].proto


def test_grid_takes_an_unlisted_appliance_with_its_flow(app):
    """Item 3: an unlisted appliance (a pasta cooker, directly connected) at 2 gpm adds 2 gpm x 30 min = 60 gal
    (CPC 1014.3.6 footnote 3)."""
    load_example(app, "cpc-code-example.yaml")
    before = metrics(app)["Gravity interceptor, required"]
    assert before == "750 gal"
    n = len(app.session_state["fx_current"])
    edit_fixtures(app, {}, [{"type": "other", "other_type": "pasta_cooker", "flow": "2 gpm"}])
    assert errors(app) == []
    doc = app.session_state["last_result_doc"]
    assert doc["fixtures"][n] == {"type": "pasta_cooker", "flow": "2 gpm"}
    expected = size(submittal.from_dict(doc)).required_volume_gal
    assert expected == 750 + 2 * 30
    assert metrics(app)["Gravity interceptor, required"] == f"{expected:,.0f} gal" == "810 gal"


def test_a_combi_oven_drains_to_the_listed_receptor(app):
    """A combi oven is a listed type that drains indirectly: with the example's floor drains listed, its 2 gpm
    adds no footnote-3 volume (the receptor's DFU carries it), as `sizing size` counts it."""
    load_example(app, "cpc-code-example.yaml")
    n = len(app.session_state["fx_current"])
    edit_fixtures(app, {}, [{"type": "combi_oven", "flow": "2 gpm"}])
    assert errors(app) == []
    doc = app.session_state["last_result_doc"]
    assert doc["fixtures"][n] == {"type": "combi_oven", "flow": "2 gpm"}
    assert size(submittal.from_dict(doc)).required_volume_gal == 750
    assert metrics(app)["Gravity interceptor, required"] == "750 gal"


def test_grid_and_form_show_labels(app):
    """Item 3: the grid's type column shows the same readable labels as the Add form."""
    config = json.loads(editor_proto(app).columns)
    options = config["type"]["type_config"]["options"]
    assert {"value": "food_prep_sink", "label": label("food_prep_sink")} in options
    assert options[-1]["value"] == "other"
    form = app.selectbox(key="in_add_type")
    assert form.format_func("food_prep_sink") == label("food_prep_sink")


def test_an_appliance_waits_for_its_flow_without_an_error(app):
    """Item 3: an unlisted appliance named before its flow is marked, not an error; with the flow it counts."""
    add_fixture(app, "floor_drain", 2)
    edit_fixtures(app, {}, [{"type": "other", "other_type": "pasta cooker", "count": 1}])
    assert errors(app) == []
    assert any("fixture 2 (pasta cooker): 'pasta cooker' is not a listed fixture type; enter its 'Trap', 'Flow' or "
               "'DFU' — not counted yet" in w.value for w in app.warning)  # the columns as the grid heads them
    assert metrics(app)["DFU total"] == "4 DFU"
    edit_fixtures(app, {}, [{"type": "other", "other_type": "pasta cooker", "count": 1, "flow": "2 gpm"}])
    assert metrics(app)["Gravity interceptor, required"] == "560 gal"  # 500 gal (4 DFU) + 2 gpm x 30 min


def test_a_typo_in_other_type_suggests_the_listed_type(app):
    edit_fixtures(app, {}, [{"type": "other", "other_type": "flor drain", "count": 1}])
    assert any(f"'flor drain' is not a listed fixture type (did you mean '{label('floor_drain')}'?)" in w.value
               for w in app.warning)


def test_a_row_being_typed_keeps_the_result_and_is_marked(app):
    """Item 4: a sink with only its length keeps the result for the rest and names the incomplete row."""
    add_fixture(app, "floor_drain", 2)
    add_fixture(app, "food_prep_sink", 1)
    edit_fixtures(app, {1: {"length": "24 in"}})
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "7 DFU"  # its DFU is counted
    warned = [w.value for w in app.warning if w.value.startswith("Incomplete row")]
    assert warned == [f"Incomplete row: fixture 2 ({label('food_prep_sink')}): enter its 'Width' and 'Depth' — its "
                      "volume is not in the hydromechanical size yet (its DFU is counted)"]
    edit_fixtures(app, {1: {"length": "24 in", "width": "24 in", "depth": "12 in"}})
    assert [w.value for w in app.warning if w.value.startswith("Incomplete row")] == []
    assert metrics(app)["HGI, 1-minute drainage"] == "25 gpm"


def test_a_row_without_type_is_marked_not_an_error(app):
    add_fixture(app, "floor_drain", 1)
    edit_fixtures(app, {}, [{"count": 2}])
    assert errors(app) == []
    assert any(w.value.startswith("Incomplete row: fixture 2: choose its 'Type'") for w in app.warning)
    assert metrics(app)["DFU total"] == "2 DFU"


def test_empty_cells_are_blank_and_the_compartments_column_comes_early(app):
    """Item 4: no 'None' in empty cells; compartments sits right after the dimensions (on screen at 1280 px)."""
    add_fixture(app, "three_compartment_sink", 1)
    proto = editor_proto(app)
    assert proto.placeholder == ""
    order = list(proto.column_order)
    assert order.index("compartments") < 7
    assert order[:7] == ["type", "other_type", "count", "length", "width", "depth", "compartments"]


def test_add_form_stays_open_above_the_grid(app):
    """Item 4: the Add form is not in an expander (it no longer collapses after Add)."""
    add_fixture(app, "floor_drain", 1)
    expanders = [e for e in app.expander if any(getattr(c, "key", None) == "add_fixture"
                                                  for c in _descendants(e))]
    assert expanders == []
    assert app.button(key="add_fixture").label == "Add"


def _descendants(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _descendants(child)


# --- Item 5: rows named as users count them ------------------------------------------------------------------

def test_warnings_and_tables_count_rows_from_one(app):
    add_fixture(app, "floor_drain", 1)
    add_fixture(app, "three_compartment_sink", 1)
    edit_fixtures(app, {1: {"length": "18 in", "width": "24 in", "depth": "30 in"}})
    name = f"fixture 2 ({label('three_compartment_sink')})"
    assert any(w.value.startswith(f"{name}: a 30 in deep compartment") for w in app.warning)
    assert table(open_tab(app, "Fixtures"), "#", "fixture")["#"].tolist() == [1, 2]
    assert not any("fixtures[" in s for s in table(open_tab(app, "Steps"), "step", "clause")["step"])


# --- Item 6: a proposed revocation without its dates ----------------------------------------------------------

def test_ticking_revocation_keeps_the_determination(app):
    goto(app, "waiver")
    app.selectbox(key="in_wv_example").set_value("waiver-coffee-bar.yaml")
    app.button(key="wv_load_example").click().run()
    decision = metrics(app)["Proposed decision"]
    app.checkbox(key="in_wv_revocation").check().run()
    assert errors(app) == []
    assert metrics(app)["Proposed decision"] == decision
    assert any(w.value.startswith("Revocation incomplete: enter the date the notice was mailed and the proposed "
                                  "effective date") for w in app.warning)


# --- Item 8: NOT COMPLIANT in red, findings not cut off ----------------------------------------------------

def load_review(app, name="review-noncompliant.yaml"):
    goto(app, "review")
    app.selectbox(key="in_rv_example").set_value(name)
    app.button(key="rv_load_example").click().run()
    assert not app.exception
    return app


def test_not_compliant_is_red_and_findings_wrap(app):
    load_review(app)
    assert [kind for kind, text in verdicts(app)] == ["error"]
    from sizing.rules.review import review
    from tests.conftest import EXAMPLES

    fails = sum(f.status == "fail" for f in review(submittal.load(EXAMPLES / "review-noncompliant.yaml")).findings)
    assert fails > 0 and verdicts(app)[0][1].startswith(f"NOT COMPLIANT: {fails} fail")
    assert any("finding" in t.value.columns for t in app.table)  # a static table: text wraps, never cut
    load_review(app, "review-compliant.yaml")
    assert [kind for kind, _ in verdicts(app)] == ["success"]


# --- Item 11: no Deploy button or developer menu ------------------------------------------------------------

def test_toolbar_is_in_viewer_mode():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["toolbarMode"] == "viewer"


# --- Item 12: the maintenance report in the app -------------------------------------------------------------

def test_maintenance_report_pdf_download(app):
    goto(app, "maintenance")
    app.selectbox(key="in_mt_example").set_value("maintenance-restaurant.yaml")
    app.button(key="mt_load_example").click().run()
    assert "mt_download_pdf" in downloads(app)


# --- Item 13: report headers from the page -------------------------------------------------------------------

def test_permit_and_engineer_fields_go_into_the_submittal(app):
    load_example(app, "cpc-code-example.yaml")
    app.text_input(key="in_engineer").input("R. Chen, PE")
    app.text_input(key="in_engineer_license").input("C 81234").run()
    assert app.session_state["last_result_doc"]["project"]["engineer_license"] == "C 81234"
    goto(app, "review")
    for key, value in (("in_rv_permit", "B25-0142"), ("in_rv_plan_check", "PC-311"), ("in_rv_cycle", "2"),
                       ("in_rv_reviewer", "J. Alvarez")):
        app.text_input(key=key).input(value)
    app.run()
    assert errors(app) == []
    project = app.session_state["last_review_doc"]["project"]
    assert {k: project[k] for k in ("permit", "plan_check", "review_cycle", "reviewer", "engineer")} == {
        "permit": "B25-0142", "plan_check": "PC-311", "review_cycle": "2", "reviewer": "J. Alvarez",
        "engineer": "R. Chen, PE"}


def test_site_address_apn_and_permit_go_into_the_submittal_and_the_review(app):
    """The sizing page's site fields are the submittal's ``project`` fields the calculation report's header prints
    (address, apn, permit); the review page takes the permit number from them."""
    load_example(app, "cpc-code-example.yaml")
    for key, value in (("in_site_address", "455 E Main St, Tracy CA"), ("in_apn", "212-030-12"),
                       ("in_permit", "B26-00318")):
        app.text_input(key=key).input(value)
    app.run()
    assert errors(app) == []
    project = app.session_state["last_result_doc"]["project"]
    assert {k: project[k] for k in ("address", "apn", "permit")} == {
        "address": "455 E Main St, Tracy CA", "apn": "212-030-12", "permit": "B26-00318"}
    goto(app, "review")
    assert app.text_input(key="in_rv_permit").value == "B26-00318"


# --- Item 14: the fixture editor on the review page ---------------------------------------------------------

def test_fixtures_edited_on_the_review_page_change_the_review(app):
    load_review(app)
    before = app.session_state["rv_schedule"].fixtures
    open_box(app, "rv_fx_open")  # the grid is drawn when its box is open; closed, the review sizes the same rows
    assert app.session_state["rv_schedule"].fixtures == before
    key = app.session_state["rv_fx_editor_key"]
    frame = app.session_state["rv_fx_current"]
    drains = frame.index[frame["type"] == "floor_drain"][0]
    app.session_state[key] = {"edited_rows": {int(drains): {"count": 12}}, "added_rows": [], "deleted_rows": []}
    app.run()
    assert errors(app) == []
    doc = app.session_state["last_review_doc"]
    assert doc["fixtures"][drains]["count"] == 12
    expected = size(submittal.from_dict(doc)).required_volume_gal
    assert metrics(app)["Required volume (CPC)"] == f"{expected:,.0f} gal"
    assert expected > 750
    app.session_state["rv_fx_open"] = False  # closed again: the edit is kept and still reviewed
    app.run()
    assert app.session_state["last_review_doc"]["fixtures"][drains]["count"] == 12
    assert metrics(app)["Required volume (CPC)"] == f"{expected:,.0f} gal"
    open_box(app, "rv_fx_open")
    assert app.session_state["rv_fx_current"]["count"].iloc[int(drains)] == 12  # and shown when reopened


# --- Item 15: the reviewer's notes and N/A ------------------------------------------------------------------

def test_reviewer_na_and_note_are_shown_kept_and_never_a_pass(app):
    load_review(app)
    before = metrics(app)
    from sizing.rules.review import review
    from tests.conftest import EXAMPLES

    # the notes grid holds one row per finding, in the review's order (the findings table lists the fails first)
    rules = [f.rule for f in review(submittal.load(EXAMPLES / "review-noncompliant.yaml")).findings]
    key = app.session_state["rv_notes_editor_key"]
    app.session_state[key] = {"edited_rows": {
        rules.index("food_grinder"): {"not_applicable": "grinder removed, photo 4"},
        rules.index("volume"): {"note": "checked with the engineer"}}, "added_rows": [], "deleted_rows": []}
    app.run()
    assert errors(app) == []
    shown = metrics(app)
    assert shown["N/A (reviewer)"] == "1"
    assert int(shown["Fail"]) == int(before["Fail"]) - 1
    assert shown["Pass"] == before["Pass"]  # an N/A never counts as a pass
    row = table(app, "status", "rule", "finding").set_index("rule").loc["Food grinder"]
    assert row["status"] == "N/A"
    assert status_colours(app)["N/A"] == "gray"  # neither the red of a fail nor the green of a pass
    assert row["reviewer's note"] == "N/A (grinder removed, photo 4); the check gave FAIL"
    doc = app.session_state["last_review_doc"]
    assert doc["review_notes"] == {"food_grinder": {"not_applicable": "grinder removed, photo 4"},
                                   "volume": {"note": "checked with the engineer"}}
    # the downloaded submittal reloads with its notes
    raw = yaml.safe_dump(doc).encode()
    goto(app, "size")
    goto(app, "review")
    upload(app, "again.yaml", raw, key="upload_review")
    assert metrics(app)["N/A (reviewer)"] == "1"


@pytest.mark.parametrize("page", ["size", "review", "waiver", "maintenance", "inventory"])
def test_every_page_runs(app, page):
    goto(app, page)
    assert not app.exception
