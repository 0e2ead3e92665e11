"""The Maintenance page under a jurisdiction whose only maintenance rules are intervals fixed by device type
(Fullerton: grease traps cleaned daily, FMC 12.20.220(C); Long Beach: the owner inspects the interceptor monthly,
LBMC 8.46.040(E)): the tasks with their clauses, the dates entered checked as `sizing maintenance` checks them."""

from __future__ import annotations

from tests.app.conftest import errors, goto, texts


def open_page(app, jid: str):
    app.selectbox(key="in_jurisdiction").set_value(jid).run()
    goto(app, "maintenance")
    return app


def check(app, device: str, as_of: str, services: str = "", inspections: str = ""):
    import datetime as dt

    app.selectbox(key="in_dm_device").set_value(device)
    app.date_input(key="in_dm_as_of").set_value(dt.date.fromisoformat(as_of))
    app.text_area(key="in_dm_services").set_value(services)
    app.text_area(key="in_dm_inspections").set_value(inspections).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_the_tasks_are_listed_with_their_clause(app):
    open_page(app, "fullerton")
    table = app.dataframe[0].value
    assert list(table["task"]) == ["cleaning"] and list(table["every"]) == ["1 day"]
    assert list(table["clause"]) == ["FMC 12.20.220(C)"]
    assert "intervals fixed by device type" in texts(app)


def test_a_grease_trap_cleaned_the_day_before_is_in_order_and_two_days_before_overdue(app):
    open_page(app, "fullerton")
    # cleaned 2026-11-30, every 1 day: due by 2026-12-01, so in order on 2026-12-01
    check(app, "hydromechanical", "2026-12-01", services="2026-11-30")
    assert [s.value for s in app.success] == ["In order. Next due by 2026-12-01 (FMC 12.20.220(C))"]
    # cleaned 2026-11-29: due by 2026-11-30, overdue from 2026-12-01
    check(app, "hydromechanical", "2026-12-01", services="2026-11-29")
    assert [e.value for e in app.error] == ["Maintenance overdue: see the checks below."]


def test_long_beach_monthly_inspection_is_counted_in_calendar_months(app):
    open_page(app, "long-beach")
    # inspected 2026-10-31, every 1 month: due by 2026-11-30 (no 31st), overdue on 2026-12-01
    check(app, "gravity", "2026-11-30", inspections="2026-10-31")
    assert [s.value for s in app.success] == ["In order. Next due by 2026-11-30 (LBMC 8.46.040(E))"]
    check(app, "gravity", "2026-12-01", inspections="2026-10-31")
    assert [e.value for e in app.error] == ["Maintenance overdue: see the checks below."]


def test_a_bad_or_future_date_is_one_line_naming_it(app):
    open_page(app, "fullerton")
    check(app, "hydromechanical", "2026-12-01", services="2026-11-30\n2026-13-01")
    # the page numbers the lines from 1, as a user counts them
    assert errors(app) == ["service 2: expected a date that exists, as YYYY-MM-DD, got '2026-13-01'"]
    check(app, "hydromechanical", "2026-12-01", services="2026-12-05")
    assert len(errors(app)) == 1 and errors(app)[0].startswith("service 1: ") and "2026-12-01" in errors(app)[0]
