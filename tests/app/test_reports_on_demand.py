"""Reports are made when the user asks for them, not on every rerun; tables load once per process."""

from __future__ import annotations

import pytest

from sizing.cpc.size import size
from sizing.io import submittal, tables
from sizing.report import pdf as pdf_module
from sizing.report import text as text_module
from tests.app.conftest import add_fixture, downloads, edit_fixtures, errors, metrics


@pytest.fixture
def report_calls(monkeypatch):
    calls: list[str] = []
    real_pdf, real_markdown = pdf_module.sizing_pdf, text_module.sizing_markdown

    def counted_pdf(*args, **kwargs):
        calls.append("pdf")
        return real_pdf(*args, **kwargs)

    def counted_markdown(*args, **kwargs):
        calls.append("markdown")
        return real_markdown(*args, **kwargs)

    monkeypatch.setattr(pdf_module, "sizing_pdf", counted_pdf)
    monkeypatch.setattr(text_module, "sizing_markdown", counted_markdown)
    return calls


def test_a_cell_edit_does_not_build_the_reports(app, report_calls):
    """Item 2: a rerun after an edit sizes again but builds neither the PDF nor the markdown report (the PDF
    took about nine tenths of each rerun); both download buttons are still offered."""
    add_fixture(app, "floor_drain", 7)
    edit_fixtures(app, {0: {"count": 13}})
    assert errors(app) == []
    assert metrics(app)["DFU total"] == "26 DFU"  # 13 floor drains x 2 DFU (Table 702.1)
    assert report_calls == []
    assert {"download_markdown", "download_pdf"} <= set(downloads(app))


def test_the_reports_made_on_click_are_those_of_the_page(app, report_calls):
    """Item 2: what the download buttons make when clicked is the report of the submittal on the page."""
    from app_pages import evaluate, on_demand
    from sizing.jurisdiction.profile import DEFAULT_ID, get

    add_fixture(app, "floor_drain", 3)
    assert errors(app) == []
    doc = app.session_state["last_result_doc"]
    data = on_demand.on_click(evaluate.sizing_pdf_bytes, doc, get(DEFAULT_ID))()
    assert data.startswith(b"%PDF")
    markdown = on_demand.on_click(evaluate.sizing_markdown_text, doc, "si", get(DEFAULT_ID))()
    expected = text_module.sizing_markdown(size(submittal.from_dict(doc)), units="si")
    assert markdown == expected
    assert "L" in markdown
    assert report_calls.count("pdf") == 1


def test_tables_and_editions_are_read_once(monkeypatch):
    """Item 2: a table is read once per process whether or not the edition is spelled out, and the list of
    editions does not go back to the disk on each rerun."""
    first = tables.load_table("1014.3.6", tables.DEFAULT_EDITION)
    assert tables.load_table("1014.3.6") is first
    tables.editions()

    def no_disk(*args, **kwargs):
        raise AssertionError("read the tables folder again")

    monkeypatch.setattr(tables, "_read", no_disk)
    monkeypatch.setattr(tables.Path, "glob", no_disk)
    assert tables.editions() == ["2022", "2025"]
    assert tables.load_table("1014.3.6").rows[1]["volume_gal"] == 750
