"""An edit in a fixture grid reruns the fragment that holds the grid and what it changes (the result, the review),
as the browser asks for it: the rerun request names the grid's fragment and carries the grid's new state. The
result is read from what st.data_editor returns in that run; the rows are kept when the grid is not drawn."""

from __future__ import annotations

import contextlib
import json

from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.testing.v1 import local_script_runner

from sizing.cpc.size import size
from sizing.io import submittal
from sizing.rules.review import review
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
    edit_in_browser(app, "fx", "fx_grid", edit({0: {"count": 7}}))
    doc = app.session_state["last_result_doc"]
    assert doc["fixtures"][0]["count"] == 7
    assert metrics(app)["DFU total"] == f"{size(submittal.from_dict(doc)).dfu_total:g} DFU"
    assert errors(app) == []


def test_edits_in_a_fragment_run_are_kept_across_pages(app):
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


def notes_editor(app):
    return next(e.proto.id for e in app.data_editor if "-rv_notes_" in e.proto.id)


def test_review_edit_keeps_the_notes_typed_when_its_findings_stay(app):
    load_review(app)
    open_box(app, "rv_fx_open")
    rules = [f.rule for f in review(submittal.from_dict(app.session_state["last_review_doc"])).findings]
    note = edit({rules.index("food_grinder"): {"note": "grinder removed on sheet P-2"}})
    with browser_rerun(app._fragment_storage.resolve_target("rv_grid")[0], notes_editor(app), note):
        app.run()
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"count": 3}}))
    doc = app.session_state["last_review_doc"]
    assert doc["fixtures"][0]["count"] == 3
    assert doc["review_notes"]["food_grinder"]["note"] == "grinder removed on sheet P-2"


def test_review_edit_that_changes_the_findings_shows_them(app):
    """Without the dishwasher, the disposer and the lavatory, the dishwasher check passes (the findings table
    shows it, and the review the downloads hold)."""
    load_review(app)
    open_box(app, "rv_fx_open")
    edit_in_browser(app, "rv_fx", "rv_grid", edit(deleted=[4, 5, 6]))
    doc = app.session_state["last_review_doc"]
    statuses = {f.rule: f.status for f in review(submittal.from_dict(doc)).findings}
    assert statuses["dishwasher_connection"] == "pass"
    assert errors(app) == []


def test_review_error_hides_what_follows_it_until_fixed(app):
    load_review(app)
    open_box(app, "rv_fx_open")
    assert "rv_download_pdf" in downloads(app)
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"length": "24 kg", "width": "24 in", "depth": "12 in"}}))
    assert any("fixture 1" in e and "length" in e for e in errors(app)), errors(app)
    assert downloads(app) == []
    edit_in_browser(app, "rv_fx", "rv_grid", edit({0: {"length": "24 in", "width": "24 in", "depth": "12 in"}}))
    assert errors(app) == []
    assert "rv_download_pdf" in downloads(app)


def test_review_note_sent_by_the_browser_counts_as_n_a(app):
    load_review(app)
    before = metrics(app)
    rules = [f.rule for f in review(submittal.from_dict(app.session_state["last_review_doc"])).findings]
    (fragment_id,) = app._fragment_storage.resolve_target("rv_grid")
    with browser_rerun(fragment_id, notes_editor(app), edit({rules.index("food_grinder"): {"not_applicable": "removed"}})):
        app.run()
    assert not app.exception
    assert metrics(app)["N/A (reviewer)"] == "1"
    assert int(metrics(app)["Fail"]) == int(before["Fail"]) - 1
    assert app.session_state["last_review_doc"]["review_notes"]["food_grinder"]["not_applicable"] == "removed"
