"""The Program page imports an inventory without a terminal: name, address and owner columns; each FSE's CPC
check (required vs installed, undersized) in the FSE list, the timeline, and the due list as an item to follow
up; a failed import leaves no register file, and its error names the file and no command-line option."""

from __future__ import annotations

import pytest

from tests.app.conftest import errors, goto, open_program_tab, table

CSV = ("submittal_id,name,address,owner,fixture_type,count,installed_volume_gal\n"
       "FSE-0701,Harbor Noodle House,1180 W Grant Line Rd,Lin Family Trust,three_compartment_sink,1,500\n"
       "FSE-0701,,,,floor_drain,6,500\n"
       "FSE-0702,Corner Coffee,12 Central Ave,,hand_sink,2,500\n")


@pytest.fixture
def register_file(tmp_path, monkeypatch):
    path = tmp_path / "program.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    return path


def run_import(app, name: str, text: str, skip: bool = False):
    goto(app, "program")
    app.get("file_uploader")[0].set_value((name, text.encode(), "text/csv"))
    if skip:
        app.checkbox(key="in_pg_import_skip").check()
    app.button(key="pg_import").click().run()
    assert not app.exception, [e.value for e in app.exception]


def test_import_from_the_program_page_shows_each_fse_s_cpc_check(app, register_file):
    run_import(app, "kitchens.csv", CSV)
    assert errors(app) == []
    assert [s.value for s in app.success if s.value.startswith("kitchens.csv")] == [
        "kitchens.csv: imported 2 FSEs (2 new), 2 interceptor records. A new register was created."]
    fses = table(app, "fse_id", "cpc_check").set_index("fse_id")
    assert fses.loc["FSE-0701", "name"] == "Harbor Noodle House"
    assert fses.loc["FSE-0701", "owner"] == "Lin Family Trust"
    # 3-compartment sink (3 DFU) + 6 floor drains (12 DFU) = 15 DFU -> 750 gal (Table 1014.3.6)
    assert fses.loc["FSE-0701", "cpc_check"] == "CPC required 750 gal; installed 500 gal: UNDERSIZED"
    assert fses.loc["FSE-0702", "cpc_check"] == "CPC required 500 gal; installed 500 gal: meets the CPC size"
    open_program_tab(app, "Due")
    app.number_input(key="in_pg_within").set_value(0).run()
    due = table(app, "date", "status", "what")
    follow = due[due["what"] == "undersized interceptor"]
    assert list(follow["fse_id"]) == ["FSE-0701"] and list(follow["status"]) == ["follow up"]
    open_program_tab(app, "Timeline")
    timeline = table(app, "date", "what", "detail")
    assert any("CPC required 750 gal; installed 500 gal: UNDERSIZED" in d for d in timeline["detail"])


def test_a_failed_import_names_the_file_and_leaves_no_register(app, register_file):
    bad = CSV + "FSE-0703,,,,flor_drain,1,500\n"
    run_import(app, "kitchens.csv", bad)
    message = errors(app)
    assert len(message) == 1 and message[0].startswith("kitchens.csv: line 5: ")
    assert "tick 'Import the other submittals'" in message[0]
    assert "--" not in message[0] and "FILE" not in message[0]
    assert not register_file.exists()


def test_import_the_other_submittals_when_asked(app, register_file):
    bad = CSV + "FSE-0703,,,,flor_drain,1,500\n"
    run_import(app, "kitchens.csv", bad, skip=True)
    assert [s.value for s in app.success if s.value.startswith("kitchens.csv")] == [
        "kitchens.csv: imported 2 FSEs (2 new), 2 interceptor records; 1 rows rejected (line 5), not imported: FSE-0703. "
        "A new register was created."]


def test_register_errors_in_the_app_name_no_command_line_option(app, monkeypatch, tmp_path):
    monkeypatch.setenv("SIZING_DB", "postgresql+psycopg://user@host:notaport/db")
    goto(app, "program")
    assert errors(app) and not any("--db" in e for e in errors(app)), errors(app)
    assert errors(app)[0].startswith("The register location ([register] url in the secrets, else SIZING_DB): ")
