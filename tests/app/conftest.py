"""AppTest helpers: run the real app.py (st.navigation and all) and drive its widgets by key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

streamlit = pytest.importorskip("streamlit", reason="the app extra (streamlit) is not installed")
from streamlit.testing.v1 import AppTest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app.py"
TIMEOUT = 60


def errors(at: AppTest) -> list[str]:
    """The error lines shown, but for a review's NOT COMPLIANT verdict (red too, but not a user's mistake)."""
    return [e.value for e in at.error if not e.value.startswith("NOT COMPLIANT")]


def verdicts(at: AppTest) -> list[tuple[str, str]]:
    """(kind, text) of the review verdict lines: ('error', 'NOT COMPLIANT: ...') or ('success', 'COMPLIANT: ...')."""
    return [(kind, e.value) for kind in ("error", "success", "warning") for e in getattr(at, kind)
            if e.value.startswith(("COMPLIANT", "NOT COMPLIANT"))]


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def texts(at: AppTest) -> str:
    """Every markdown, caption, info, warning and success text on the page, joined."""
    parts = [e.value for kind in ("markdown", "caption", "info", "warning", "success", "error")
             for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


@pytest.fixture
def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.run()
    assert not at.exception, at.exception
    return at


def goto(at: AppTest, page: str) -> AppTest:
    at.switch_page(f"app_pages/pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def add_fixture(at: AppTest, fixture_type: str, count: int) -> AppTest:
    at.selectbox(key="in_add_type").set_value(fixture_type)
    at.number_input(key="in_add_count").set_value(count)
    at.button(key="add_fixture").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def edit_fixtures(at: AppTest, edited_rows: dict[int, dict], added_rows: list[dict] | None = None) -> AppTest:
    """Type into the fixture editor's cells (the editor is keyed; AppTest seeds its edit state)."""
    key = at.session_state["fx_editor_key"]
    at.session_state[key] = {"edited_rows": edited_rows, "added_rows": added_rows or [], "deleted_rows": []}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_examples(at: AppTest) -> AppTest:
    """Open the sizing page's "Start from an example or a file" expander (its widgets are drawn only when
    open), as a click on it does."""
    at.session_state["examples_open"] = True
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_box(at: AppTest, key: str) -> AppTest:
    """Open an expander whose fields are drawn only when open (the review's letter box ``rv_letter_open``, a page's
    register box ``reg_box_open_review``), as a click on it does."""
    at.session_state[key] = True
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_tab(at: AppTest, label: str) -> AppTest:
    """Open a tab of the sizing page's result (only the open tab is drawn), as a click on it does."""
    at.session_state["in_size_tab"] = label
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_program_tab(at: AppTest, label: str) -> AppTest:
    """Open a tab of the Program page (only the open tab is drawn), as a click on it does."""
    at.session_state["in_pg_tab"] = label
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def table(at: AppTest, *columns: str):
    """The first table shown whose columns include ``columns`` (st.dataframe keeps no key without selection)."""
    for frame in [*at.dataframe, *at.table]:
        value = frame.value
        value = getattr(value, "data", value)  # a styled table
        if all(c in value.columns for c in columns):
            return shown(value)
    raise AssertionError(f"no table with columns {columns}")


def findings(at: AppTest, *columns: str):
    """Every findings table shown, as one table in the order shown: those to act on first, then the passed checks
    folded below them (a page with one findings table: that table); ``columns`` besides status and rule."""
    import pandas as pd

    frames = [shown(value) for value in (getattr(f.value, "data", f.value) for f in at.table)
              if all(c in value.columns for c in ("status", "rule", *columns))]
    if not frames:
        raise AssertionError(f"no findings table with columns {columns}")
    return pd.concat(frames, ignore_index=True)


#: A cell shown on a colour (markdown): ``:red-background[FAIL]``.
COLOURED = re.compile(r":(\w+)-background\[(.*)\]", re.DOTALL)


def shown_text(value):
    """A cell's text as the reader sees it (a status on its colour: the status)."""
    match = COLOURED.fullmatch(value) if isinstance(value, str) else None
    return match.group(2) if match else value


def shown(frame):
    """A table's cells as the reader sees their text (a status on its colour: the status)."""
    frame = frame.copy()
    for name in frame.columns:
        if frame[name].dtype == object or str(frame[name].dtype).startswith("str"):  # text columns only
            frame[name] = frame[name].map(shown_text)
    return frame


def table_as_sent(at: AppTest, *columns: str):
    """Like :func:`table`, with the cells as sent: a status with its colour (``:red-background[FAIL]``)."""
    for frame in [*at.dataframe, *at.table]:
        if all(c in frame.value.columns for c in columns):
            return frame.value
    raise AssertionError(f"no table with columns {columns}")


def status_colours(at: AppTest, *columns: str) -> dict[str, str]:
    """The findings table's status colours: status shown -> its colour (``{"FAIL": "red", ...}``)."""
    cells = [c for f in at.table if all(n in f.value.columns for n in ("status", "rule", "finding", *columns))
             for c in f.value["status"]]  # every findings table: the fails first, the passes folded below
    return {m.group(2): m.group(1) for m in (COLOURED.fullmatch(str(c)) for c in cells) if m}


def downloads(at: AppTest) -> list[str]:
    """Keys of the download buttons shown."""
    return [b.key for b in at.get("download_button")]


def logged_register(tmp_path: Path, monkeypatch, fse: str = "FSE-0417") -> Path:
    """The app's register (``SIZING_DB``) holding one maintenance log of ``fse`` (Corner Cafe): 48 in liquid
    depth, serviced 2026-01-01, staff trained 2025-06-01."""
    from sizing.cli.main import main

    path = tmp_path / "program.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    log = tmp_path / "log.yaml"
    log.write_text(f"project: {{fse_id: {fse}, name: Corner Cafe}}\nmaintenance: {{liquid_depth: 48 in, as_of: "
                   "2026-01-01, training: [2025-06-01], services: [2026-01-01]}\n", encoding="utf-8")
    assert main(["register", "add", str(log), "--db", str(path)]) in (0, 1)
    return path
