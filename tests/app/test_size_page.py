"""Page 1, Size an interceptor: driven through its widgets by key, values checked as the user sees them."""

from __future__ import annotations

import yaml

from sizing import __version__
from sizing.cpc.size import size
from sizing.io import submittal
from tests.app.conftest import (
    add_fixture,
    downloads,
    edit_fixtures,
    errors,
    metrics,
    open_examples,
    open_tab,
    table,
    texts,
)


def test_first_visit_asks_for_fixtures_and_shows_version_and_edition(app):
    assert errors(app) == []
    assert "Enter the fixture schedule" in texts(app)
    assert f"sizing {__version__}" in texts(app)
    assert "CPC 2025" in texts(app)


def test_code_example_fixtures_typed_in_give_750_gal(app):
    """CPC 1014.3.6 worked example: 1 food-prep sink + 3 floor drains + 1 mop sink = 12 DFU -> 750 gal."""
    add_fixture(app, "food_prep_sink", 1)
    add_fixture(app, "floor_drain", 3)
    add_fixture(app, "mop_sink", 1)
    assert errors(app) == []
    shown = metrics(app)
    assert shown["DFU total"] == "12 DFU"
    assert shown["Gravity interceptor, required"] == "750 gal"
    steps = table(open_tab(app, "Steps"), "step", "clause")
    table_step = steps[steps["step"].str.startswith("Table 1014.3.6")].iloc[0]
    assert table_step["value"] == "750 gal"
    assert table_step["clause"] == "CPC 2025, Section 1014.3.6, Table 1014.3.6"
    assert table_step["provenance"] == "carried (CPC 2022, confirmed there)"


def test_bad_unit_names_the_field_and_keeps_what_was_typed(app):
    add_fixture(app, "food_prep_sink", 1)
    edit_fixtures(app, {0: {"length": "24 kg", "width": "24 in", "depth": "12 in"}})
    label = submittal.fixture_types()["food_prep_sink"].label
    assert errors(app) == [f"fixture 1 ({label}), length: expected a length such as '24 in' or '610 mm', "
                           "got '24 kg'"]
    assert app.metric.len == 0  # the run stopped: no result shown for bad input
    assert app.session_state["fx_current"].loc[0, "length"] == "24 kg"
    app.run()  # another rerun (any widget change) does not reset the editor
    assert app.session_state["fx_current"].loc[0, "length"] == "24 kg"
    assert app.session_state["fx_current"].loc[0, "width"] == "24 in"
    # fixing the cell sizes it again: 24 x 24 x 12 in sink = 29.9 gal, load 22.4 gal -> 25 gpm (1 min)
    edit_fixtures(app, {0: {"length": "610 mm", "width": "24 in", "depth": "12 in"}})
    assert errors(app) == []
    assert metrics(app)["HGI, 1-minute drainage"] == "25 gpm"


def test_bad_inlet_pipe_names_the_field_and_keeps_the_text(app):
    app.text_input(key="in_inlet_pipe").input("4 kg").run()
    assert errors(app) == ["inlet_pipe: expected a length such as '24 in' or '610 mm', got '4 kg'"]
    assert app.text_input(key="in_inlet_pipe").value == "4 kg"
    app.text_input(key="in_inlet_pipe").input("100 mm").run()
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "216 DFU"  # Table 703.2: a 4 in horizontal drain
    assert metrics(app)["Gravity interceptor, required"] == "2,000 gal"


def test_load_restaurant_example_shows_steps_meals_equation_and_provenance(app):
    open_examples(app).selectbox(key="in_example").set_value("restaurant.yaml")
    app.button(key="load_example").click().run()
    assert errors(app) == []
    expected = size(submittal.load(submittal_path("restaurant.yaml")))
    shown = metrics(app)
    assert shown["Gravity interceptor, required"] == f"{expected.required_volume_gal:,.0f} gal" == "1,000 gal"
    assert shown["HGI, 1-minute drainage"] == "100 gpm"
    assert open_tab(app, "Meals cross-check").latex[0].value.strip("$\n") == r"V = M \times W \times R \times S = 120 \times 5 \times 2.5 \times 2 = 3,000\ \mathrm{gal}"
    assert "Not every value used is confirmed" in texts(app)
    prov = table(app, "table", "levels")
    assert set(prov["table"]) >= {"1014.3.6", "702.1", "pdi-ratings"}
    assert "carried" in prov.loc[prov["table"] == "703.2", "levels"].iloc[0]   # CPC 2025: carried from 2022
    assert app.text_input(key="in_project_name").value == "Example Bistro, 100 Main St, Tracy CA"
    assert downloads(app) == ["download_submittal", "download_json", "download_markdown", "download_pdf"]


def test_si_units_toggle_shows_litres(app):
    open_examples(app).selectbox(key="in_example").set_value("cpc-code-example.yaml")
    app.button(key="load_example").click().run()
    app.radio(key="in_units").set_value("SI").run()
    assert metrics(app)["Gravity interceptor, required"] == "2,839 L"


def test_edition_picker_changes_the_edition_shown(app):
    add_fixture(app, "floor_drain", 2)
    app.selectbox(key="in_edition").set_value("2022").run()
    assert "CPC 2022 ·" in texts(app)
    steps = table(open_tab(app, "Steps"), "step", "clause")
    assert steps["clause"].str.startswith("CPC 2022").any()


def test_upload_fixture_csv(app):
    csv = b"type,count,area,length,width,depth,compartments\nthree_compartment_sink,1,cleanup,18 in,24 in,12 in,3\nfloor_drain,2,,,,,\n"
    open_examples(app).file_uploader(key="upload_submittal").set_value(("schedule.csv", csv, "text/csv")).run()
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "7 DFU"
    assert metrics(app)["Gravity interceptor, required"] == "500 gal"


def test_upload_with_unknown_column_is_an_error_and_keeps_the_schedule(app):
    add_fixture(app, "mop_sink", 1)
    open_examples(app).file_uploader(key="upload_submittal").set_value(("s.csv", b"type,cnt\nfloor_drain,2\n", "text/csv")).run()
    assert any("unknown column 'cnt'" in e for e in errors(app))
    assert list(app.session_state["fx_current"]["type"]) == ["mop_sink"]


def test_upload_submittal_json_and_download_round_trips(app):
    raw = submittal_path("restaurant-si.json").read_bytes()
    open_examples(app).file_uploader(key="upload_submittal").set_value(("restaurant-si.json", raw, "application/json")).run()
    assert errors(app) == []
    doc = app.session_state["last_result_doc"]
    assert doc["fixtures"][0]["length"] == "457.2 mm"  # kept as typed
    again = size(submittal.from_dict(yaml.safe_load(yaml.safe_dump(doc))))
    assert metrics(app)["Gravity interceptor, required"] == f"{again.required_volume_gal:,.0f} gal"


def test_inputs_survive_a_trip_to_another_page(app):
    from tests.app.conftest import goto

    add_fixture(app, "floor_drain", 3)
    edit_fixtures(app, {0: {"trap_size": "2 in"}})
    app.text_input(key="in_project_name").input("Corner Cafe").run()
    goto(app, "review")
    goto(app, "size")
    assert app.text_input(key="in_project_name").value == "Corner Cafe"
    assert app.session_state["fx_current"].loc[0, "trap_size"] == "2 in"
    assert metrics(app)["DFU total"] == "6 DFU"


def submittal_path(name: str):
    from app_pages.widgets.examples import examples_dir

    return examples_dir() / name


def test_a_local_size_is_shown_beside_the_cpc_size(app):
    """Under carmel-area-wd (the review rule local_size, its Table IV-1 not read): the code example's 12 DFU is
    750 gal by Table 1014.3.6 (9-21 DFU); the summary shows the CPC size, the District's table as not applied
    (with its citation and level) and the size that governs, the one the plan review checks."""
    app.selectbox(key="in_jurisdiction").set_value("carmel-area-wd").run()
    add_fixture(app, "food_prep_sink", 1)
    add_fixture(app, "floor_drain", 3)
    add_fixture(app, "mop_sink", 1)
    assert errors(app) == []
    assert metrics(app)["Gravity interceptor, required"] == "750 gal"
    rows = {r["quantity"]: r for r in table(app, "quantity", "value", "basis").to_dict("records")}
    assert rows["Gravity interceptor, required volume (CPC)"]["value"] == "750 gal"
    unread = rows["Gravity interceptor, local size not applied"]["basis"]
    assert unread.startswith("CAWD Code 0-0-0-4013 (C), Table IV-1: its values were not read") and "[unconfirmed]" in unread
    assert rows["Gravity interceptor, required (the larger governs)"]["value"] == "750 gal"


def test_a_floor_sink_from_the_picker_waits_for_its_trap_and_keeps_the_result(app):
    """A floor sink is counted by its trap size (Table 702.2(1)): added from the picker without one, its row is
    named in a warning by its number and label and the column to fill, and the 12 DFU / 750 gal of the other rows
    stay; with a 2 in trap (4 DFU) it counts: 16 DFU, still 750 gal (Table 1014.3.6: 750 gal from 9 to 21 DFU)."""
    add_fixture(app, "food_prep_sink", 1)
    add_fixture(app, "floor_drain", 3)
    add_fixture(app, "mop_sink", 1)
    add_fixture(app, "floor_sink", 1)
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "12 DFU" and metrics(app)["Gravity interceptor, required"] == "750 gal"
    warned = [w.value for w in app.warning if w.value.startswith("Incomplete row")]
    assert warned == ["Incomplete row: fixture 4 (Floor sink (indirect waste receptor)): not counted yet — enter its "
                      "trap size under 'Trap' (or its 'Flow' or 'DFU')"]
    assert not any("floor_sink" in w or "trap_size" in w for w in warned)
    edit_fixtures(app, {3: {"trap_size": "2 in"}})
    assert errors(app) == [] and not [w for w in app.warning if w.value.startswith("Incomplete row")]
    assert metrics(app)["DFU total"] == "16 DFU" and metrics(app)["Gravity interceptor, required"] == "750 gal"
