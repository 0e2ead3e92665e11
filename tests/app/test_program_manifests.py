"""The Program page imports hauler manifests as `sizing register import-manifests` does: the same checks, all or
nothing unless asked, one error line per rejected line (at most 20 shown), written under the app's identity; a
full pump-out moves the FSE's next pump-out on the due list.

The example log (FSE-0311) has an approved interval of 90 days; a manifest of a full pump-out on 2025-07-08 makes
the next one due 2025-10-06 (23 days of July, 31 of August, 30 of September, 6 of October)."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa

from sizing.cli.main import main
from tests.app.conftest import errors, goto, open_program_tab, table
from tests.conftest import EXAMPLES

HEADER = "fse_id,date,hauler,manifest,gallons,pump_out,disposal_site\n"
GOOD = "FSE-0311,2025-07-08,Valley Grease Haulers,VG-20250708-04,\"1,000 gal\",full,Stockton Regional WWTP\n"


@pytest.fixture
def register_file(tmp_path, monkeypatch, capsys):
    path = tmp_path / "program.db"
    monkeypatch.setenv("SIZING_DB", str(path))
    assert main(["register", "add", str(EXAMPLES / "register" / "example-bistro-maintenance.yaml")]) == 0
    capsys.readouterr()
    return path


def upload(app, text: str, skip: bool = False):
    goto(app, "program")
    app.get("file_uploader")[1].set_value(("haulers.csv", text.encode(), "text/csv"))
    if skip:
        app.checkbox(key="in_pg_manifests_skip").check()
    app.button(key="pg_manifests").click().run()
    assert not app.exception, [e.value for e in app.exception]


def manifests(path) -> list[str]:
    """Who recorded each manifest row."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return [r[0] for r in conn.exec_driver_sql("SELECT recorded_by FROM hauler_manifests")]
    finally:
        engine.dispose()


def test_rejected_lines_import_nothing_and_each_is_one_error_line(app, register_file):
    bad = "".join(f"FSE-9{k:03d},2025-07-08,Valley Grease Haulers,X-{k},900 gal,full,Stockton\n" for k in range(25))
    upload(app, HEADER + GOOD + bad)
    shown = errors(app)
    assert shown[0] == ("haulers.csv: line 3: fse_id: no FSE 'FSE-9000' in the register; 25 lines rejected, nothing "
                        "imported (fix them, or tick 'Import the other manifests' to import the other manifests)")
    assert shown[1:3] == ["line 3: fse_id: no FSE 'FSE-9000' in the register",
                          "line 4: fse_id: no FSE 'FSE-9001' in the register"]
    assert len(shown) == 1 + 20 + 1 and shown[-1] == "... and 5 more rejected lines"
    assert manifests(register_file) == []


def test_import_the_other_manifests_moves_the_due_date(app, register_file):
    upload(app, HEADER + GOOD + "FSE-0311,2025-07-09,Valley Grease Haulers,VG-2,12 kg,full,Stockton\n", skip=True)
    assert [s.value for s in app.success if s.value.startswith("haulers.csv")] == [
        "haulers.csv: imported 1 manifest (1 full pump-out, 0 partial) for 1 FSE; the maintenance schedule of 1 FSE "
        "updated from every pump-out and log on file; 1 line rejected (line 3), not imported."]
    assert errors(app) == ["line 3: gallons: expected a volume such as '1,000 gal' or '3.8 m3' (a bare number is "
                           "gallons), more than 0, got '12 kg'"]
    from sizing.program.access import os_user

    assert manifests(register_file) == [os_user()]  # without sign-in: the OS user running the app
    app.date_input(key="in_pg_as_of").set_value(dt.date(2025, 7, 10))
    open_program_tab(app, "Due")
    app.number_input(key="in_pg_within").set_value(120).run()
    due = table(app, "date", "status", "what")
    assert list(due[due["what"] == "pump-out"]["date"]) == [dt.date(2025, 10, 6)]
