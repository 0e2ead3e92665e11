"""An edit in a fixture grid reruns only what the grid changes (the result, the review), as the browser asks for it:
the rerun request names the grid's fragment and carries the grid's new state; the grid's callback asks for the
other fragment instead. What the grid holds is then read from the rows it was drawn with and the edits sent
(app_pages.grid_edits), the same rows st.data_editor gives; the edits are kept when the grid is not drawn."""

from __future__ import annotations

import contextlib
import json
import math

import pandas as pd
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.testing.v1 import local_script_runner

from app_pages import fixtures, grid_edits
from sizing import submittal
from sizing.jurisdiction import DEFAULT_ID, get
from sizing.size import size
from tests.app.conftest import downloads, errors, goto, metrics, open_box
from tests.app.test_plan_checker import load_example, load_review


@contextlib.contextmanager
def browser_rerun(fragment_id: str, widget_id: str, state: dict):
    """AppTest's next run asks for ``fragment_id`` alone with the grid's ``state`` among the widget states, as
    the browser's request after an edit in the grid (AppTest asks for a whole run and sends no grid state)."""
    original = local_script_runner.RerunData

    def rerun_data(**kwargs):  # AppTest's first request and its run's: both name the fragment
        kwargs["fragment_id_queue"] = [fragment_id]
        if kwargs.get("widget_states") is not None:
            states = WidgetStates()
            states.CopyFrom(kwargs["widget_states"])
            states.widgets.append(WidgetState(id=widget_id, string_value=json.dumps(state)))
            kwargs["widget_states"] = states
        return original(**kwargs)

    local_script_runner.RerunData = rerun_data
    try:
        yield
    finally:
        local_script_runner.RerunData = original


def edit_in_browser(app, prefix: str, fragment_key: str, state: dict) -> None:
    """Send ``state`` as the grid's edit, in a rerun request naming the grid's fragment (after a whole run)."""
    key = app.session_state[f"{prefix}_editor_key"]
    widget_id = next(e.proto.id for e in app.data_editor if e.proto.id.endswith(f"-{key}"))
    (fragment_id,) = app._fragment_storage.resolve_target(fragment_key)
    with browser_rerun(fragment_id, widget_id, state):
        app.run()
    assert not app.exception, [e.value for e in app.exception]


def edit(rows: dict | None = None, added: list | None = None, deleted: list | None = None) -> dict:
    return {"edited_rows": rows or {}, "added_rows": added or [], "deleted_rows": deleted or []}


def test_an_edit_reruns_the_result_with_the_new_count(app):
    load_example(app, "cpc-code-example.yaml")
    runs = app.session_state["downloads_latest"]["run"]
    edit_in_browser(app, "fx", "fx_grid", edit({0: {"count": 7}}))
    doc = app.session_state["last_result_doc"]
    assert doc["fixtures"][0]["count"] == 7
    assert metrics(app)["DFU total"] == f"{size(submittal.from_dict(doc)).dfu_total:g} DFU"
    assert app.session_state["downloads_latest"]["run"] == runs + 1  # one run: the result's fragment
    assert errors(app) == []


def test_edits_made_without_drawing_the_grid_are_kept_across_pages(app):
    load_example(app, "cpc-code-example.yaml")
    n = len(app.session_state["fx_current"])
    edit_in_browser(app, "fx", "fx_grid", edit({0: {"count": 7}}, added=[{"type": "mop_sink", "count": 2}],
                                               deleted=[1]))
    expected = app.session_state["last_result_doc"]["fixtures"]
    goto(app, "waiver")
    goto(app, "size")
    frame = app.session_state["fx_current"]
    assert len(frame) == n  # one deleted, one added
    assert frame["count"].iloc[0] == 7 and frame["type"].iloc[-1] == "mop_sink"
    assert app.session_state["last_result_doc"]["fixtures"] == expected
    assert errors(app) == []


def test_a_bad_cell_sent_by_the_browser_is_the_same_error(app):
    load_example(app, "cpc-code-example.yaml")
    edit_in_browser(app, "fx", "fx_grid", edit({0: {"length": "24 kg", "width": "24 in", "depth": "12 in"}}))
    assert any("fixture 1" in e and "length" in e for e in errors(app)), errors(app)


def test_clear_draws_the_grid_again(app):
    load_example(app, "cpc-code-example.yaml")
    edit_in_browser(app, "fx", "fx_grid", edit({0: {"count": 7}}))
    app.button(key="clear_fixtures").click().run()
    assert app.session_state["fx_current"].empty
    assert not app.exception


def test_review_edit_reruns_the_review_and_is_kept_when_the_box_closes(app):
    load_review(app)
    open_box(app, "rv_fx_open")
    frame = app.session_state["rv_fx_current"]
    drains = int(frame.index[frame["type"] == "floor_drain"][0])
    edit_in_browser(app, "rv_fx", "rv_grid", edit({drains: {"count": 12}}))
    doc = app.session_state["last_review_doc"]
    assert doc["fixtures"][drains]["count"] == 12
    expected = size(submittal.from_dict(doc)).required_volume_gal
    assert metrics(app)["Required volume (CPC)"] == f"{expected:,.0f} gal"
    app.session_state["rv_fx_open"] = False
    app.run()
    assert app.session_state["last_review_doc"]["fixtures"][drains]["count"] == 12
    open_box(app, "rv_fx_open")
    assert app.session_state["rv_fx_current"]["count"].iloc[drains] == 12


def runs(app) -> int:
    return app.session_state["downloads_latest"]["run"]


def test_review_edit_leaves_the_notes_grid_when_its_findings_stay(app):
    load_review(app)
    open_box(app, "rv_fx_open")
    before, shown = runs(app), app.session_state["rv_notes_grid"][2]
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"count": 3}}))
    assert app.session_state["rv_notes_grid"][2] == shown
    assert runs(app) == before + 1  # the review and the rest below the notes grid, not the whole page
    assert app.session_state["last_review_doc"]["fixtures"][0]["count"] == 3


def test_review_edit_that_changes_the_findings_draws_the_notes_grid_again(app):
    """Without the dishwasher, the disposer and the lavatory, three checks pass: the whole page runs and the
    notes grid shows them."""
    load_review(app)
    open_box(app, "rv_fx_open")
    before, shown = runs(app), dict(app.session_state["rv_notes_grid"][2])
    edit_in_browser(app, "rv_fx", "rv_grid", edit(deleted=[4, 5, 6]))
    key, _, now = app.session_state["rv_notes_grid"]
    assert dict(now)["dishwasher_connection"] == "PASS" != shown["dishwasher_connection"]
    assert app.session_state["rv_notes_drawn"] == (key, now)
    assert runs(app) == before + 2  # the whole page: app.py and the rest of the review count their runs
    assert errors(app) == []


def test_review_error_hides_what_follows_it_until_fixed(app):
    load_review(app)
    open_box(app, "rv_fx_open")
    assert "rv_download_pdf" in downloads(app)
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"length": "24 kg", "width": "24 in", "depth": "12 in"}}))
    assert any("fixture 1" in e and "length" in e for e in errors(app)), errors(app)
    assert downloads(app) == [] and app.session_state["rv_failed"]
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"length": "24 in", "width": "24 in", "depth": "12 in"}}))
    assert errors(app) == []
    assert "rv_download_pdf" in downloads(app)


def test_review_note_sent_by_the_browser_counts_as_n_a(app):
    load_review(app)
    before = metrics(app)
    rules = [rule for rule, _ in app.session_state["rv_notes_grid"][2]]
    key = app.session_state["rv_notes_editor_key"]
    widget_id = next(e.proto.id for e in app.data_editor if e.proto.id.endswith(f"-{key}"))
    (fragment_id,) = app._fragment_storage.resolve_target("rv_notes_box")
    with browser_rerun(fragment_id, widget_id, edit({rules.index("food_grinder"): {"not_applicable": "removed"}})):
        app.run()
    assert not app.exception
    assert metrics(app)["N/A (reviewer)"] == "1"
    assert int(metrics(app)["Fail"]) == int(before["Fail"]) - 1
    assert app.session_state["last_review_doc"]["review_notes"]["food_grinder"]["not_applicable"] == "removed"


def test_the_edits_give_the_rows_st_data_editor_gives(app):
    """Cells edited (a count, a text, a tick box, a cell emptied), a row deleted and rows added: the rows read by
    app_pages.grid_edits are those st.data_editor returns for the same edits (a whole run draws the grid)."""
    load_example(app, "cpc-code-example.yaml")
    base = app.session_state["fx_base"]
    state = edit({0: {"count": 3, "label": "FS-1", "connected": False}, 2: {"length": None, "count": None}},
                 added=[{"type": "other", "other_type": "combi oven", "flow": "2 gpm", "count": 1},
                        {"type": "mop_sink"}],
                 deleted=[1])
    app.session_state[app.session_state["fx_editor_key"]] = state
    app.run()
    ours = grid_edits.apply(grid_edits.records(base), grid_edits.column_kinds(base), state)
    theirs = grid_edits.records(app.session_state["fx_current"])
    assert [plain(r) for r in ours] == [plain(r) for r in theirs]
    place = get(DEFAULT_ID)
    assert fixtures.schedule(ours, place) == fixtures.schedule(app.session_state["fx_current"], place)


def test_a_frame_like_the_grid_keeps_its_column_types():
    place = get(DEFAULT_ID)
    base = fixtures.frame([{"type": "floor_sink", "count": 2, "length": "24 in"}], place)
    rows = grid_edits.apply(grid_edits.records(base), grid_edits.column_kinds(base),
                            edit({0: {"count": "4"}}, added=[{"type": "mop_sink", "connected": True}]))
    frame = grid_edits.frame_like(rows, base)
    assert list(frame.columns) == list(base.columns)
    assert frame["count"].dtype == "float64" and frame["count"].tolist()[0] == 4.0 and pd.isna(frame["count"][1])
    assert frame["connected"].dtype == bool
    assert frame["length"].tolist() == ["24 in", None]


def plain(row: dict) -> dict:
    """A row's empty cells (None, NaN) as None, to compare rows made by pandas and by hand."""
    return {k: None if v is None or (isinstance(v, float) and math.isnan(v)) else v for k, v in row.items()}
