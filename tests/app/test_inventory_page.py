"""Page 5, Inventory (batch): an inventory CSV in, counts by size, the undersized list and the rejects out."""

from __future__ import annotations

from sizing import __version__
from sizing.batch import run_batch
from tests.app.conftest import errors, goto, metrics, table, texts


def test_asks_for_an_inventory(app):
    goto(app, "inventory")
    assert "Upload an inventory CSV" in texts(app)
    assert f"sizing {__version__}" in texts(app)


def test_example_inventory_summary_matches_the_core(app):
    goto(app, "inventory")
    app.button(key="inv_example").click().run()
    assert errors(app) == []
    from app_pages.widgets.examples import examples_dir

    expected = run_batch(examples_dir() / "inventory.csv").summary()
    shown = metrics(app)
    assert shown["Submittals"] == str(expected["submittals"]) == "4"
    assert shown["Sized"] == "3"
    assert shown["Rejected rows"] == "1"
    assert shown["Undersized"] == "1"
    counts = table(app, "required volume", "submittals")
    assert list(counts["required volume"]) == ["500 gal", "750 gal", "1,000 gal"]
    under = table(app, "submittal_id", "shortfall_gal")
    assert list(under["submittal_id"]) == ["FSE-0002"] and list(under["shortfall_gal"]) == [250.0]
    rejects = table(app, "line", "reason")
    assert rejects.iloc[0]["line"] == 11 and "flor_drain" in rejects.iloc[0]["reason"]
    assert "FSE-0003" in texts(app)


def test_upload_and_an_unknown_column_is_one_error(app):
    goto(app, "inventory")
    csv = b"submittal_id,fixture_type,count,flow_gmp\nA,floor_drain,3,\n"
    app.file_uploader(key="upload_inventory").set_value(("inv.csv", csv, "text/csv")).run()
    assert len(errors(app)) == 1 and "flow_gmp" in errors(app)[0] and errors(app)[0].startswith("inv.csv: ")
    good = b"submittal_id,fixture_type,count\nA,floor_drain,3\nB,floor_drain,20\n"
    app.file_uploader(key="upload_inventory").set_value(("inv.csv", good, "text/csv")).run()
    assert errors(app) == []
    # A: 6 DFU -> 500 gal; B: 40 DFU -> 1,250 gal (Table 1014.3.6, up to 90 DFU)
    assert list(table(app, "required volume", "submittals")["required volume"]) == ["500 gal", "1,250 gal"]
